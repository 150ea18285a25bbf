import DocScript
import Testing

/// Which commands are checks is said twice: by
/// `Interpreter.checkCommandNames` (what a failed check is, what `test
/// --update` keeps) and by the `.checking` topic of the commands' specs
/// (what `help` lists under it). They must name the same commands.
@Suite("Check commands")
struct CheckCommandNamesTests {
  @Test("The built-in commands of the checking topic are exactly the check commands")
  @MainActor
  func checkingTopicIsTheCheckCommands() {
    let builtIn = Interpreter.commandReference(for: DocumentTypeRegistry())
      .filter { $0.types.isEmpty }
    let checking = Set(builtIn.filter { $0.spec.topic == .checking }.map(\.spec.name))
    #expect(!checking.isEmpty)
    #expect(checking == Interpreter.checkCommandNames)
  }
}
