import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

/// The scripts under `examples/`: each passes as a transcript wherever it
/// runs, and writes nothing where it runs.
@Suite("The examples")
struct ExamplesTests {
  static let scripts = ["binary", "json", "markdown", "notes", "plist", "text", "tour"]

  @Test("Every script in examples/ is checked here")
  func listed() throws {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent("examples").path
    ).filter { $0.hasSuffix(".docscript") }.sorted()
    #expect(names == Self.scripts.map { "\($0).docscript" })
  }

  @Test(
    "Each passes `docrepl test` in a folder of its own, with another TZ and LANG, and leaves it empty",
    arguments: scripts)
  func passes(_ name: String) throws {
    let folder = try TemporaryDirectory("example")
    let script = packageRoot.appendingPathComponent("examples/\(name).docscript").path
    let result = try runProgram(
      docreplExecutable, ["test", script], in: folder.url,
      environment: ["TZ": "Pacific/Kiritimati", "LANG": "pt_PT.UTF-8"])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
    #expect(try folder.names() == [])
  }

  /// The text of every `docrepl -c '…'` example in the README, the docs
  /// and `--help`.
  static func commandLineExamples() throws -> [String] {
    var texts: [String] = []
    for path in ["README.md", "docs/repl.md", "docs/docscript.md"] {
      texts.append(
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
    }
    texts.append(try runDocrepl(["--help"]).output)
    let pattern = /docrepl -c '([^']*)'/
    // `docrepl -c 'commands'` in a synopsis is a placeholder.
    return texts.flatMap { $0.matches(of: pattern).map { String($0.output.1) } }
      .filter { $0 != "commands" }
  }

  @Test("Every `-c` example in the README, the docs and --help runs cleanly: no warning, exit 0")
  func commandLineExamplesRunCleanly() throws {
    let examples = try Self.commandLineExamples()
    #expect(examples.count >= 2, "\(examples)")
    for commands in examples {
      let folder = try TemporaryDirectory("example")
      let result = try runDocrepl(["-c", commands], in: folder.url)
      #expect(result.status == 0, "\(commands): \(result.errors)")
      #expect(result.errors == "", "\(commands)")
      #expect(!result.output.isEmpty, "\(commands)")
    }
  }

  @Test("`scratch` works in a new folder, prints paths relative to it, and removes it at exit")
  func scratch() throws {
    let folder = try TemporaryDirectory("scratch")
    try folder.write(
      """
      scratch
      print $PWD
      new text t
      append kept
      save t.txt
      expect file t.txt "kept\\n"
      docs
      """, to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    try #require(lines.count == 2)
    #expect(lines[0].contains("docrepl-scratch-"))
    #expect(lines[1] == "> t  public.plain-text  t.txt")
    #expect(!FileManager.default.fileExists(atPath: lines[0]))
    #expect(try folder.names() == ["s.docscript"])
  }
}

private struct Postcard: FileDocument {
  static var readableContentTypes: [UTType] { [.plainText] }
  var text = "Greetings\n"

  init() {}
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

@MainActor
@Suite("Your own REPL")
struct CustomReplTests {
  @Test(
    "A plain FileDocument, before the built-in types, wins `open` of its type and gets the built-in commands"
  )
  func plainFileDocument() async throws {
    let folder = try TemporaryDirectory("custom")
    try folder.write("Hello\n", to: "card.txt")
    try folder.write(
      """
      open $SCRIPT_DIR/card.txt
      show
      #> Hello
      types
      #> readable: public.plain-text
      #> writable: public.plain-text
      new postcard
      show
      #> Greetings
      expect-error "has no command 'append'" append x
      new json j
      set /a 1
      get /a
      #> 1
      """, to: "s.docscript")
    let registry = DocumentTypeRegistry(
      documentTypes: [
        DocumentType(
          .unscripted(name: "postcard", newDocument: { Postcard() }), kind: .fileDocument)
      ]
        + DocumentType.builtIn)
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: ["test", folder("s.docscript").path], registry: registry, environment: [:],
      output: &output, errors: &errors)
    #expect(status == .success, "\(errors)")
    #expect(output.hasSuffix("1 passed, 0 failed\n"), "\(output)")
    #expect(
      registry.typeNames == [
        "binary", "json", "jsonc", "markdown", "notes", "plist", "postcard", "text",
      ])
  }

  @Test("Only the types given are offered")
  func onlyTheTypesGiven() {
    let registry = DocumentTypeRegistry(
      documentTypes: [
        DocumentType(
          .unscripted(name: "postcard", newDocument: { Postcard() }), kind: .fileDocument)
      ])
    #expect(registry.typeNames == ["postcard"])
  }
}
