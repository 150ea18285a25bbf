import DocKit
import DocScript
import DocTestSupport
import Foundation
import Synchronization
import Testing

extension UTType {
  fileprivate static let project: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.project", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["project"]], description: "project")
    ])
    return UTType(exportedAs: "org.docrepl.test.project")
  }()

  fileprivate static let shuffle: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.shuffle", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["shuffle"]], description: "shuffle")
    ])
    return UTType(exportedAs: "org.docrepl.test.shuffle")
  }()
}

/// A package document as apps write one: it writes `project.json` and
/// `schema.json` and keeps every other file of the package it read through
/// `configuration.existingFile`.
private final class Project: ReferenceFileDocument {
  static let readableContentTypes: [UTType] = [.project]
  let title: Mutex<String>

  init(title: String = "Untitled") { self.title = Mutex(title) }

  init(configuration: ReadConfiguration) throws {
    let data = configuration.file.fileWrappers?["project.json"]?.regularFileContents ?? Data()
    title = Mutex(String(decoding: data, as: UTF8.self))
  }

  func snapshot(contentType: UTType) throws -> String { title.withLock { $0 } }

  func fileWrapper(snapshot: String, configuration: WriteConfiguration) throws -> FileWrapper {
    let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    for name in ["project.json", "schema.json"] {
      if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
    }
    package.addRegularFile(withContents: Data(snapshot.utf8), preferredFilename: "project.json")
    package.addRegularFile(withContents: Data("v2".utf8), preferredFilename: "schema.json")
    return package
  }
}

/// A document whose encoding changes from one call to the next, as a
/// dictionary's keys do through `JSONEncoder` without `.sortedKeys`.
private struct Shuffle: FileDocument {
  static var readableContentTypes: [UTType] { [.shuffle] }
  static let encodings = Mutex(0)

  init() {}
  init(configuration: ReadConfiguration) throws {}

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let odd = Self.encodings.withLock { count in
      count += 1
      return count.isMultiple(of: 2)
    }
    return FileWrapper(
      regularFileWithContents: Data((odd ? "{\"a\":1,\"b\":2}" : "{\"b\":2,\"a\":1}").utf8))
  }
}

@MainActor
@Suite("show, snapshot and diff of what a save writes")
struct PackageShowTests {
  let temporary: TemporaryDirectory
  let output = CapturedOutput()
  let interpreter: Interpreter

  init() throws {
    temporary = try TemporaryDirectory()
    let registry = DocumentTypeRegistry()
    registry.register(.unscripted(newDocument: { Project() }), kind: .reference)
    registry.register(.unscripted(name: "itinerary", newDocument: { Project() }), kind: .reference)
    registry.register(.unscripted(newDocument: { Shuffle() }), kind: .fileDocument)
    interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let package = temporary("trip.project")
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("entries"), withIntermediateDirectories: true)
    try Data("Trip".utf8).write(to: package.appendingPathComponent("project.json"))
    try Data([0x89, 0x50, 0x4e, 0x47]).write(to: package.appendingPathComponent("cover.png"))
    try Data("Lyon\n".utf8).write(to: package.appendingPathComponent("entries/day1.txt"))
    try Data("{}".utf8).write(to: package.appendingPathComponent("x.json"))
  }

  private func run(_ text: String) async -> Interpreter.Result {
    await interpreter.run(ScriptSource(name: "t.docscript", text: text))
  }

  @Test("show lists the files a package document keeps from the disk, as tree does")
  func showSeesReusedFiles() async throws {
    let result = await run(
      """
      open trip.project
      tree
      show
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        trip.project/  (directory, reused)
        ├── cover.png  (file, 4 bytes, reused)
        ├── entries/  (directory, reused)
        │   └── day1.txt  (file, 5 bytes, reused)
        ├── project.json  (file, 4 bytes, new)
        ├── schema.json  (file, 2 bytes, new)
        └── x.json  (file, 2 bytes, reused)
        == cover.png ==
        00000000  89 50 4e 47                                       |.PNG|
        00000004
        == entries/day1.txt ==
        Lyon
        == project.json ==
        Trip
        == schema.json ==
        v2
        == x.json ==
        {}

        """)
  }

  @Test("tree escapes a line break in a name, so that the name cannot forge a line of the tree")
  func treeEscapesNames() async throws {
    try Data("x".utf8).write(
      to: temporary("trip.project").appendingPathComponent("evil\n└── forged\\"))
    let result = await run("open trip.project\ntree")
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        trip.project/  (directory, reused)
        ├── cover.png  (file, 4 bytes, reused)
        ├── entries/  (directory, reused)
        │   └── day1.txt  (file, 5 bytes, reused)
        ├── evil\\n└── forged\\\\  (file, 1 bytes, reused)
        ├── project.json  (file, 4 bytes, new)
        ├── schema.json  (file, 2 bytes, new)
        └── x.json  (file, 2 bytes, reused)

        """)
  }

  @Test("A change to a file the save keeps appears in diff")
  func diffSeesReusedFiles() async throws {
    var result = await run(
      """
      open trip.project
      snapshot before
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    try Data("Turin\n".utf8).write(to: temporary("trip.project/entries/day1.txt"))
    result = await run(
      """
      revert
      diff before
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        before
        --- before
        +++ trip (current)
        @@ -2,7 +2,7 @@
         00000000  89 50 4e 47                                       |.PNG|
         00000004
         == entries/day1.txt ==
        -Lyon
        +Turin
         == project.json ==
         Trip
         == schema.json ==

        """)
    #expect(output.diagnostics.isEmpty)
  }

  @Test("The restore error gives the type its article: an itinerary")
  func restoreMessage() async throws {
    let result = await run(
      """
      new itinerary
      snapshot s
      restore s
      """)
    #expect(!result.succeeded)
    #expect(
      output.diagnostics.map(\.message) == [
        "an itinerary snapshot cannot be restored: the type does not adopt ScriptableReferenceDocument"
      ])
  }

  @Test("diff says when the document's own encoding is not deterministic, and names the file")
  func nondeterministicEncoding() async throws {
    try Data().write(to: temporary("keys.shuffle"))
    let result = await run(
      """
      open keys.shuffle
      snapshot a
      diff a
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(output.text.contains("+++ keys (current)"))
    #expect(
      output.renderedDiagnostics == [
        """
        t.docscript:3:1: warning: the document's own encoding is not deterministic: two encodings of keys.shuffle, with nothing changed, differ
        diff a
        ^~~~
        note: the diff may show changes nobody made; a JSONEncoder needs outputFormatting .sortedKeys for a stable key order
        """
      ])
  }

  @Test("A package's warning names the files whose encoding moved")
  func nondeterministicFilesOfAPackage() {
    let old = "== a.json ==\n{\"a\":1,\"b\":2}\n== b.txt ==\nsame"
    let new = "== a.json ==\n{\"b\":2,\"a\":1}\n== b.txt ==\nsame"
    #expect(Interpreter.filesThatDiffer(old, new) == ["a.json"])
    #expect(Interpreter.filesThatDiffer("{}", "[]") == [])
  }

  @Test("A deterministic document diffs to nothing, without a warning")
  func deterministicEncoding() async throws {
    let result = await run(
      """
      open trip.project
      snapshot a
      diff a
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(output.text == "a\n")
    #expect(output.diagnostics.isEmpty)
  }
}

@Suite("Articles in messages built from a type's name")
struct IndefiniteArticleTests {
  @Test(
    "Each name gets the article it is said with",
    arguments: [
      ("itinerary", "an itinerary"), ("text", "a text"), ("json", "a json"),
      ("notes", "a notes"), ("album", "an album"), ("unicode", "a unicode"),
      ("user", "a user"), ("md", "an md"), ("pdf", "a pdf"), ("svg", "an svg"),
      ("xml", "an xml"), ("html", "an html"), ("ogg", "an ogg"), ("Emoji", "an Emoji"),
    ])
  func article(name: String, expected: String) {
    #expect(IndefiniteArticle.before(name) == expected)
  }
}
