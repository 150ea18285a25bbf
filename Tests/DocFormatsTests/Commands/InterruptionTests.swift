import DocScript
import Testing

/// Ctrl-C while a command runs: the interpreter asks
/// `isInterruptRequested` at safe points, and an interrupted command is
/// rolled back like any failed one.
@MainActor
@Suite("Interruption")
struct InterruptionTests {
  /// A check that answers yes from its `after`-th call on.
  private final class Trigger {
    var calls = 0
    let after: Int
    init(after: Int) { self.after = after }
    func check() -> Bool {
      calls += 1
      return calls >= after
    }
  }

  @Test("Between statements: the rest of the input does not run")
  func betweenStatements() async throws {
    let harness = try ScriptHarness()
    await harness.run("new text t")
    let trigger = Trigger(after: 3)
    harness.interpreter.isInterruptRequested = trigger.check
    let step = await harness.run("append a\nappend b\nappend c\nappend d")
    #expect(step.failures == 1)
    #expect(step.diagnostics.hasPrefix("t:3:1: error: interrupted\n"))
    #expect(step.diagnostics.contains("note: the rest of the input did not run"))
    #expect(harness.interpreter.currentResult.wasInterrupted)
    harness.interpreter.isInterruptRequested = { false }
    // The next run is not interrupted, and sees what the first two did.
    #expect(await harness.run("show").output == "a\nb\n")
    #expect(!harness.interpreter.currentResult.wasInterrupted)
  }

  @Test("Inside a group: the whole group is rolled back", arguments: [1, 2, 3, 4])
  func insideGroup(_ after: Int) async throws {
    let harness = try ScriptHarness()
    await harness.run("new text t\nappend kept")
    let trigger = Trigger(after: after)
    harness.interpreter.isInterruptRequested = trigger.check
    let step = await harness.run("group g {\nappend a\nappend b\nappend c\n}")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("error: interrupted"))
    harness.interpreter.isInterruptRequested = { false }
    #expect(await harness.run("show").output == "kept\n")
    // The group left no step: undo takes back 'append kept'.
    let undone = await harness.run("undo\nshow")
    #expect(undone.failures == 0)
    #expect(!undone.output.contains("kept"))
  }

  @Test("Inside undo N: the steps taken are put back")
  func insideUndo() async throws {
    let harness = try ScriptHarness()
    await harness.run("new text t\nappend a\nappend b\nappend c")
    // Call 1 is before the statement; 2, 3 are before steps 1 and 2.
    let trigger = Trigger(after: 4)
    harness.interpreter.isInterruptRequested = trigger.check
    let step = await harness.run("undo 3")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("error: interrupted"))
    harness.interpreter.isInterruptRequested = { false }
    #expect(await harness.run("show").output == "a\nb\nc\n")
    #expect(await harness.run("expect no-redo").failures == 0)
  }

  @Test("expect-error does not take an interruption for the failure it expects")
  func expectError() async throws {
    let harness = try ScriptHarness()
    await harness.run("new text t\nappend a\nappend b")
    let trigger = Trigger(after: 3)
    harness.interpreter.isInterruptRequested = trigger.check
    let step = await harness.run("expect-error interrupted undo 2")
    #expect(step.failures == 1)
    #expect(harness.interpreter.currentResult.wasInterrupted)
    harness.interpreter.isInterruptRequested = { false }
    #expect(await harness.run("show").output == "a\nb\n")
  }
}
