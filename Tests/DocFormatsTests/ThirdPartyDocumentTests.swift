import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let counter: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.counter", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["counter"]], description: "Counter")
    ])
    return UTType(exportedAs: "org.docrepl.test.counter")
  }()
}

/// A user-defined `FileDocument`, scripted through the same extension
/// point as the built-in types: docs/docscript.md's example.
private struct Counter: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.counter] }
  var count = 0

  init(count: Int = 0) { self.count = count }
  init(configuration: ReadConfiguration) throws {
    count =
      Int(String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)) ?? 0
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("counter", .counter)] }
  static func makeUntitled(contentType: UTType) -> Counter { Counter() }
  var scriptDescription: String { "count: \(count)" }

  /// Adds `n`; its inverse adds `-n`. Both are named for what the user did.
  static func adding(_ n: Int, name: String) -> DocumentEdit<Counter> {
    DocumentEdit(actionName: name) { counter in
      counter.count += n
      return adding(-n, name: name)
    }
  }

  @MainActor static var scriptCommands: [DocumentCommand<Counter>] {
    let amount = CommandParameter.optional("N")
    return [
      DocumentCommand(
        CommandSpec(
          "add", [amount], summary: "adds N (1 by default) to the count",
          example: "add 2", topic: .document)
      ) { context in
        let n = try context.arguments[amount]?.integer("N") ?? 1
        guard n != 13 else {
          throw ScriptError("13 is unlucky", at: context.arguments[amount]?.range)
        }
        context.session.perform { adding(n, name: "Add \(n)").apply(to: &$0) }
      }
    ]
  }
}

extension Counter {
  /// Tab offers a few counts for `add N`.
  @MainActor static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<Counter>
  ) -> [CompletionCandidate] {
    argument == "N" ? ["1", "10", "100"].map { CompletionCandidate($0) } : []
  }
}

@MainActor
@Suite("A third party's document type")
struct ThirdPartyDocumentTests {
  @Test("Tab completes its type name, its commands, and its arguments through its own hook")
  func completion() async throws {
    let temporary = try TemporaryDirectory()
    let registry = DocFormats.makeRegistry()
    registry.register(.scripted(Counter.self), kind: .fileDocument)
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: CapturedOutput())
    #expect(interpreter.completions(for: "new cou").values == ["counter"])
    #expect(interpreter.completions(for: "add ").values == [])
    await interpreter.run(ScriptSource(name: "setup", text: "new counter c"))
    #expect(interpreter.completions(for: "ad").values == ["add"])
    #expect(interpreter.completions(for: "add ").values == ["1", "10", "100"])
    #expect(interpreter.completions(for: "add 1").values == ["1", "10", "100"])
    #expect(interpreter.completions(for: "add 10").values == ["10", "100"])
    #expect(interpreter.completions(for: "add --").values == ["--doc"])
    #expect(interpreter.completions(for: "add --doc ").values == ["c"])
  }

  @Test("Registered beside the built-in types, it is created, edited, undone, saved and reopened")
  func counter() async throws {
    let temporary = try TemporaryDirectory()
    let registry = DocFormats.makeRegistry()
    registry.register(.scripted(Counter.self), kind: .fileDocument)
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let script = """
      new counter c
      add 2
      add
      show
      undo
      show
      add 13
      show
      save tally.counter
      close
      open tally.counter
      show
      help add
      """
    let result = await interpreter.run(ScriptSource(name: "c.docscript", text: script))
    #expect(result.failures == 1)
    #expect(output.diagnostics.map(\.description) == ["c.docscript:7:5: error: 13 is unlucky"])
    #expect(
      output.text == """
        count: 3
        Undo Add 1
        count: 2
        count: 2
        count: 2
        usage: add [N] [--doc NAME]
        adds N (1 by default) to the count
        for: counter documents
        example: add 2

        """)
    #expect(try String(contentsOf: temporary("tally.counter"), encoding: .utf8) == "2")
  }
}
