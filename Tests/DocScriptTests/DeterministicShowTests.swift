import DocKit
import DocScript
import DocTestSupport
import Foundation
import Synchronization
import Testing

extension UTType {
  fileprivate static let counter: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.counter", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["counter"]], description: "counter")
    ])
    return UTType(exportedAs: "org.docrepl.test.counter")
  }()
}

/// How many times each kind of counter's `show` text was made.
private let descriptions = Mutex<[String: Int]>([:])

/// A counter whose `show` text is `count: N`, or, when `shuffles`, one
/// of two spellings in turn, as an encoder with an unstable key order
/// writes; `Declared` says its text is deterministic, `Undeclared` does
/// not.
private protocol Counter: FileDocument, ScriptableFileDocument {
  var count: Int { get set }
  init(count: Int)
  static var name: String { get }
  static var shuffles: Bool { get }
}

extension Counter {
  static var readableContentTypes: [UTType] { [.counter] }
  init(configuration: ReadConfiguration) throws { self.init(count: 0) }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName(name, .counter)] }
  static func makeUntitled(contentType: UTType) -> Self { Self(count: 0) }
  var scriptDescription: String {
    let calls = descriptions.withLock { counts in
      counts[Self.name, default: 0] += 1
      return counts[Self.name, default: 0]
    }
    return Self.shuffles && calls.isMultiple(of: 2) ? "count:  \(count)\n" : "count: \(count)\n"
  }
  @MainActor static var scriptCommands: [DocumentCommand<Self>] {
    [
      DocumentCommand(
        CommandSpec("bump", summary: "adds one", example: "bump", topic: .document)
      ) { context in
        let count = context.session.document.count
        context.session.setDocument(Self(count: count + 1), actionName: "Bump")
      }
    ]
  }
}

private struct Declared: Counter {
  var count: Int
  static let name = "declared"
  static let shuffles = false
  static var scriptDescriptionIsDeterministic: Bool { true }
}

private struct Undeclared: Counter {
  var count: Int
  static let name = "undeclared"
  static let shuffles = false
}

private struct UndeclaredShuffle: Counter {
  var count: Int
  static let name = "undeclared-shuffle"
  static let shuffles = true
}

/// `diff` encodes the current document again to warn of a nondeterministic
/// encoding, unless the type declares its `show` text deterministic.
@MainActor
@Suite("diff's encoding check, and types that declare their show text deterministic")
struct DeterministicShowTests {
  let output = CapturedOutput()

  private func run(_ type: String) async throws -> (Interpreter.Result, calls: Int) {
    let temporary = try TemporaryDirectory()
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(Declared.self), kind: .fileDocument)
    registry.register(.scripted(Undeclared.self), kind: .fileDocument)
    registry.register(.scripted(UndeclaredShuffle.self), kind: .fileDocument)
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let setup = await interpreter.run(
      ScriptSource(name: "setup.docscript", text: "new \(type)\nsnapshot s\nbump\n"))
    #expect(setup.succeeded, "\(output.renderedDiagnostics)")
    let before = descriptions.withLock { $0[type, default: 0] }
    let result = await interpreter.run(ScriptSource(name: "t.docscript", text: "diff s\n"))
    return (result, descriptions.withLock { $0[type, default: 0] } - before)
  }

  @Test("A type that declares it is not encoded again: diff makes each side's text once")
  func declaredIsNotEncodedAgain() async throws {
    let (result, calls) = try await run("declared")
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(output.text.contains("-count: 0\n+count: 1"))
    #expect(calls == 2)
    #expect(output.diagnostics.isEmpty)
  }

  @Test("A type that does not declare it is encoded twice more, and warns of nothing when stable")
  func undeclaredIsChecked() async throws {
    let (result, calls) = try await run("undeclared")
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(calls == 4)
    #expect(output.diagnostics.isEmpty)
  }

  @Test("A type that does not declare it, and whose text moves, still gets the warning")
  func undeclaredShuffleWarns() async throws {
    let (result, _) = try await run("undeclared-shuffle")
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.diagnostics.map(\.message) == [
        "the document's own encoding is not deterministic: two encodings of the document, with nothing changed, differ"
      ])
  }
}
