import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

/// The listings of the DocC article "Porting a SwiftUI document model to
/// Linux", run as written (with a temporary folder for paths), so the
/// article cannot drift from the API. The models are in PortingArticle.swift.
@MainActor
@Suite("The porting article's listings")
struct PortingArticleTests {
  @Test("A FileDocument: new, edit, undo, save, reopen")
  func fileDocument() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url

    // --- article: host a FileDocument ---
    let session = DocumentSession(new: TextFile(initialText: "Milk\n"))
    session.setDocument(TextFile(initialText: "Milk\nEggs\n"), actionName: "Add Eggs")
    #expect(session.isDirty)
    #expect(session.undoManager.undoMenuItemTitle == "Undo Add Eggs")
    try await session.save(as: folder.appendingPathComponent("List.txt"))
    #expect(!session.isDirty)

    let reopened = try await DocumentSession<TextFile>.open(
      folder.appendingPathComponent("List.txt"))
    #expect(reopened.document.text == "Milk\nEggs\n")
    // --- end ---

    session.undoManager.undo()
    #expect(session.document.text == "Milk\n")
    #expect(session.isDirty)
  }

  @Test("A ReferenceFileDocument: open, save a copy")
  func referenceDocument() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url
    let original = folder.appendingPathComponent("Report.pdf")
    try Data("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8).write(to: original)

    // --- article: host a ReferenceFileDocument ---
    let session = try await DocumentSession<PDFDocument>.open(original)
    try await session.save(to: folder.appendingPathComponent("Copy.pdf"))
    #expect(!session.isDirty)  // save(to:) leaves the document's own file alone
    // --- end ---

    #expect(
      try Data(contentsOf: folder.appendingPathComponent("Copy.pdf"))
        == Data(contentsOf: original))
  }

  /// The article's script, for the article's program.
  static let script = """
    new textfile list
    save list.txt
    expect file list.txt ""
    new pdf report
    show
    #> %PDF-1.7
    #> %%EOF
    save-as report.pdf
    expect clean

    """

  /// Runs `script` through `docrepl test` over `documentTypes`, and
  /// checks that it passed.
  static func expectPasses(_ script: String, with documentTypes: [DocumentType]) async throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(script, to: "article.docscript")
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: ["test", file.path],
      registry: DocumentTypeRegistry(documentTypes: documentTypes),
      environment: [:], output: &output, errors: &errors)
    #expect(errors == "")
    #expect(output.hasSuffix("1 passed, 0 failed\n"), "\(output)")
    #expect(status == .success)
  }

  @Test("The article's .docscript passes under the article's program")
  func script() async throws {
    // --- article: main.swift ---
    let documentTypes = [
      DocumentType(.unscripted(name: "textfile", newDocument: { TextFile() }), kind: .fileDocument),
      DocumentType(.unscripted(name: "pdf", newDocument: { PDFDocument() }), kind: .reference),
    ]
    // --- end ---
    // The article's main.swift passes them to Docrepl.main, which would
    // run with this process's arguments; here, it only has to compile.
    let main: @MainActor () async -> Void = {
      exit(await Docrepl.main(documentTypes: documentTypes))
    }
    _ = main
    // DocShell.md's main.swift that runs the main loop; it too only has
    // to compile here.
    let mainLoop: @MainActor () -> Never = {
      Docrepl.runMainLoop {
        exit(await Docrepl.main(documentTypes: documentTypes))
      }
    }
    _ = mainLoop
    try await Self.expectPasses(Self.script, with: documentTypes)
  }
}

extension PortingArticleTests {
  /// The DocScript article's script, for `DocumentType(.scripted(TextFile.self), kind: .fileDocument)`.
  static let scriptedScript = """
    new textfile list
    add Milk
    add Eggs
    show
    #> Milk
    #> Eggs
    undo
    #> Undo Add Eggs
    save list.txt
    expect file list.txt "Milk\\n"

    """

  @Test("The DocScript article's commands work in a script")
  func scriptedScript() async throws {
    try await Self.expectPasses(
      Self.scriptedScript, with: [DocumentType(.scripted(TextFile.self), kind: .fileDocument)])
  }

  @Test("DocScript's landing page runs a script in an interpreter")
  func interpreter() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url
    // --- DocScript.md ---
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(TextFile.self), kind: .fileDocument)  // a ScriptableFileDocument
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: folder), output: output)
    let result = await interpreter.run(
      ScriptSource(name: "list.docscript", text: "new textfile list\nadd Milk\nshow\n"))
    #expect(result.succeeded)
    #expect(output.text == "Milk\n")
    // --- end ---
  }

  @Test("Every line of the articles' Swift listings is in these mirrors")
  func listingsAreMirrored() throws {
    let mirrors = try ["PortingArticle.swift", "PortingArticleTests.swift"].map {
      try String(
        contentsOf: packageRoot.appendingPathComponent("Tests/DocShellTests/" + $0),
        encoding: .utf8)
    }.joined()
    // A line's code: what is before a comment, without the indentation.
    func code(_ line: Substring) -> String {
      let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
      return code.trimmingCharacters(in: .whitespaces)
    }
    let mirrored = Set(mirrors.split(separator: "\n").map(code))
    let pages = ["DocKit", "DocScript", "DocShell"].flatMap { catalog in
      ["PortingASwiftUIDocumentModel.md", "\(catalog).md"].map {
        "Sources/\(catalog)/\(catalog).docc/" + $0
      }
    }
    // The scripts, verbatim in their articles' plain code blocks.
    for (catalog, script) in [("DocKit", Self.script), ("DocScript", Self.scriptedScript)] {
      let article = try String(
        contentsOf: packageRoot.appendingPathComponent(
          "Sources/\(catalog)/\(catalog).docc/PortingASwiftUIDocumentModel.md"),
        encoding: .utf8)
      #expect(article.contains("```\n" + script + "```\n"), "\(catalog)")
    }
    for page in pages {
      let catalog = page
      let article = try String(
        contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
      for block in article.matches(of: /```swift\n((?:.|\n)*?)```/) {
        for line in block.1.split(separator: "\n") {
          // Comments (on the imports: what they replace) may differ.
          let trimmed = code(line)
          guard !trimmed.isEmpty else { continue }
          let isMirrored = mirrored.contains(trimmed)
          #expect(isMirrored, "\(catalog): \(line)")
        }
      }
    }
  }
}

// --- article: a test of a document type, verbatim ---
@MainActor
@Test func addingAnItemCanBeUndone() async throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  let session = DocumentSession(new: TextFile(initialText: "Milk\n"))
  session.setDocument(TextFile(initialText: "Milk\nEggs\n"), actionName: "Add Eggs")
  try await session.save(as: folder.appendingPathComponent("List.txt"))
  session.undoManager.undo()
  #expect(session.document.text == "Milk\n")
  #expect(session.isDirty)
}
