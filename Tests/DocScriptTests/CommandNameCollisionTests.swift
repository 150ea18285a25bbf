import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let tally: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.collision-tally", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["ctally"]], description: "tally")
    ])
    return UTType(exportedAs: "org.docrepl.test.collision-tally")
  }()
}

/// A count whose one command is named by `Name`: a third party's `status`,
/// a `set` that declares it extends the built-in or does not, and so on.
private protocol NamedTally: FileDocument, ScriptableFileDocument {
  var count: Int { get }
  init(count: Int)
  static var commandName: String { get }
  static var extendsBuiltin: Bool { get }
}

extension NamedTally {
  static var readableContentTypes: [UTType] { [.tally] }
  init(configuration: ReadConfiguration) throws { self.init(count: 0) }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("tally", .tally)] }
  static func makeUntitled(contentType: UTType) -> Self { Self(count: 0) }
  var scriptDescription: String { "count: \(count)\n" }
  @MainActor static var scriptCommands: [DocumentCommand<Self>] {
    let count = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec(
          commandName, [count], summary: "sets the count", example: "\(commandName) 1",
          topic: .document, extendsBuiltin: extendsBuiltin)
      ) { context in
        let value = Int(context.arguments[count].text) ?? -1
        context.session.setDocument(Self(count: value), actionName: "Set")
      }
    ]
  }
}

private struct StatusTally: NamedTally {
  var count: Int
  static let commandName = "status"
  static let extendsBuiltin = false
}

private struct UndeclaredSetTally: NamedTally {
  var count: Int
  static let commandName = "set"
  static let extendsBuiltin = false
}

private struct DeclaredSetTally: NamedTally {
  var count: Int
  static let commandName = "set"
  static let extendsBuiltin = true
}

private struct DeclaredStatusTally: NamedTally {
  var count: Int
  static let commandName = "status"
  static let extendsBuiltin = true
}

/// A type's command may not take a built-in command's name: the type is
/// refused when it registers, with an error that names the built-in. The
/// one declared exception is a `set` that extends the built-in `set`.
@Suite("A command named as a built-in is refused at registration")
@MainActor
struct CommandNameCollisionTests {
  @Test(
    "A third party's command named as a built-in refuses the type, naming the built-in",
    arguments: [
      ("status", "status", false), ("undeclared-set", "set", false),
      ("declared-status", "status", true),
    ])
  func refused(type: String, command: String, declared: Bool) throws {
    let registry = DocumentTypeRegistry()
    func register<T: NamedTally>(_ type: T.Type) {
      registry.register(.scripted(type), kind: .fileDocument)
    }
    switch type {
    case "status": register(StatusTally.self)
    case "undeclared-set": register(UndeclaredSetTally.self)
    default: register(DeclaredStatusTally.self)
    }
    let refused = try #require(registry.refusedRegistrations.first)
    #expect(registry.refusedRegistrations.count == 1)
    #expect(refused.typeName == "tally")
    #expect(refused.command == command)
    #expect(refused.declaredExtension == declared)
    #expect(refused.builtinUsage.hasPrefix(command + " ") || refused.builtinUsage == command)
    #expect(refused.description.contains("'\(refused.builtinUsage)'"))
    #expect(registry.typeNames.isEmpty)
    #expect(throws: refused) { try registry.checkRegistrations() }
  }

  @Test("A set that declares it extends the built-in is registered and runs by the declared rule")
  func declaredSet() async throws {
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(DeclaredSetTally.self), kind: .fileDocument)
    #expect(registry.refusedRegistrations.isEmpty)
    try registry.checkRegistrations()
    let temporary = try TemporaryDirectory()
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let result = await interpreter.run(
      ScriptSource(
        name: "t.docscript",
        text: """
          new tally
          set 5
          set echo on
          show
          """))
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    // `set 5` is the type's (the count is 5); `set echo on` the
    // setting's (the type's `set` takes one argument, and would fail).
    #expect(output.text.contains("count: 5"))
  }
}
