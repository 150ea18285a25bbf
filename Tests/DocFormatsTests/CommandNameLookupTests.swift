import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// A type whose second command has a built-in's name (`status`), so that
/// its registration is refused.
private struct ClashingTally: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.data] }
  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data())
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("clash", .data)] }
  static func makeUntitled(contentType: UTType) -> Self { Self() }
  var scriptDescription: String { "" }
  @MainActor static var scriptCommands: [DocumentCommand<Self>] {
    ["only-here", "status"].map { name in
      DocumentCommand(
        CommandSpec(name, [], summary: "does nothing", example: name, topic: .document)
      ) { _ in }
    }
  }
}

/// The registry keeps its types' command names as one set, so that the
/// lookup each command makes costs a hash, not a walk of every type's
/// commands; these check that the set says what the walk would.
@MainActor
@Suite("Command names are looked up in the registry's one set")
struct CommandNameLookupTests {
  @Test("The set holds every registered type's command names, and nothing else")
  func setMatchesEntries() {
    let registry = DocFormats.makeRegistry()
    let walked = Set(registry.entries.flatMap { $0.commandSpecs.map(\.name) })
    #expect(registry.commandNames == walked)
    #expect(registry.commandNames.contains("convert"))
    #expect(registry.commandNames.contains("set-line"))
    #expect(!registry.commandNames.contains("show"), "a built-in is not a type's command")
  }

  @Test("A type's commands join the set when it registers, and only then")
  func growsWithRegistrations() {
    let registry = DocumentTypeRegistry()
    #expect(registry.commandNames.isEmpty)
    registry.register(.scripted(PlainTextDocument.self), kind: .fileDocument)
    #expect(registry.commandNames.contains("set-line"))
    #expect(!registry.commandNames.contains("convert"))
    registry.register(.scripted(PropertyListDocument.self), kind: .fileDocument)
    #expect(registry.commandNames.contains("convert"))
  }

  @Test("A refused registration adds none of its names")
  func refusedRegistrationAddsNothing() {
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(ClashingTally.self), kind: .fileDocument)
    #expect(registry.refusedRegistrations.map(\.command) == ["status"])
    #expect(registry.commandNames.isEmpty)
  }

  @Test(
    "A script's commands are known or unknown as the registered types say",
    arguments: [
      ("new plist p\nconvert binary\nprint done", true),
      ("new plist p\nconvrt binary\nprint done", false),
      ("new text t\nset-line 1 x\nprint done", true),
    ])
  func scriptLookup(script: String, runs: Bool) async throws {
    let temporary = try TemporaryDirectory()
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let result = await interpreter.run(ScriptSource(name: "t.docscript", text: script))
    #expect(result.isMalformed == !runs, "\(output.text)")
    if runs {
      #expect(output.text.contains("done"))
    } else {
      let reported = output.renderedDiagnostics.joined(separator: "\n")
      #expect(reported.contains("t.docscript:2:1: error: unknown command 'convrt'"))
      #expect(reported.contains("did you mean 'convert'?"))
      #expect(!output.text.contains("done"))
    }
  }
}
