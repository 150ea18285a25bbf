import DocKit
import Foundation
import Testing

// The package's one rollback (`rollbackPoint()`, `rollBack(to:)`), which
// takes back a failed user action (the interpreter's) and what
// `expect-error` ran: what it registered is taken back, the redo stack the
// registration emptied is put back, and steps an undo or redo took are
// taken again the other way.

@MainActor
@Suite("UndoManager: rolling back a failed action keeps both stacks")
struct UndoManagerRollbackTests {
  /// Three named steps, two of them undone.
  private func undoneTwice() -> (UndoManager, Counter) {
    let manager = UndoManager()
    let counter = Counter(manager)
    for value in 1...3 {
      counter.set(value, name: "Set \(value)")
      manager.markEventBoundary()
    }
    manager.undo()
    manager.undo()
    return (manager, counter)
  }

  @Test(
    "A rolled-back event leaves the value, both stacks and their titles as they were",
    arguments: [false, true])
  func rollBack(nestedGroupLeftOpen: Bool) {
    let (manager, counter) = undoneTwice()
    let point = manager.rollbackPoint()
    if nestedGroupLeftOpen { manager.beginUndoGrouping() }
    counter.set(9, name: "Failed")
    #expect(manager.redoCount == 0)  // a registration empties it, as Apple's does
    manager.rollBack(to: point)
    #expect(counter.value == 1)
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
    #expect(manager.undoMenuItemTitle == "Undo Set 1")
    #expect(manager.redoCount == 2)
    #expect(manager.canRedo)
    #expect(manager.redoMenuItemTitle == "Redo Set 2")
    manager.redo()
    #expect(manager.redoMenuItemTitle == "Redo Set 3")
    manager.redo()
    #expect(counter.value == 3)
    #expect(!manager.canRedo)
  }

  @Test("The rollback records no step and counts no change: a session's saved point survives")
  func sessionSavedPoint() async throws {
    let session = DocumentSession(new: TextMemo())
    for line in ["a", "b"] {
      session.setDocument(TextMemo(text: session.document.text + line))
      try await session.endEvent()
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rollback-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await session.save(as: folder.appendingPathComponent("a.txt"))
    session.undoManager.undo()
    #expect(session.isDirty)
    let point = session.undoManager.rollbackPoint()
    session.setDocument(TextMemo(text: "failed"))
    session.undoManager.rollBack(to: point)
    #expect(session.document.text == "a")
    #expect(session.changeCount == 1)
    session.undoManager.redo()
    #expect(session.document.text == "ab")
    #expect(!session.isDirty)
  }

  @Test("A redo stack that an undo refilled since is not replaced")
  func undoneSince() {
    let (manager, counter) = undoneTwice()
    let point = manager.rollbackPoint()
    counter.set(9, name: "Kept")
    manager.markEventBoundary()
    manager.undo()
    manager.rollBack(to: point)
    #expect(manager.redoCount == 1)
    #expect(manager.redoMenuItemTitle == "Redo Kept")
  }

  @Test("With nothing done since the point there is nothing to roll back")
  func nothingDone() {
    let (manager, counter) = undoneTwice()
    let point = manager.rollbackPoint()
    manager.rollBack(to: point)
    #expect(counter.value == 1)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 2)
  }

  @Test("A point inside an open event takes back only what came after it")
  func insideOpenEvent() {
    let (manager, counter) = undoneTwice()
    counter.set(5, name: "Kept")
    let point = manager.rollbackPoint()
    counter.set(9)
    manager.beginUndoGrouping()
    counter.set(10)
    manager.rollBack(to: point)
    #expect(counter.value == 5)
    #expect(manager.groupingLevel == 1)
    manager.markEventBoundary()
    #expect(manager.undoCount == 2)
    #expect(manager.undoMenuItemTitle == "Undo Kept")
    manager.undo()
    #expect(counter.value == 1)
  }

  @Test("Steps an undo or redo took since the point are taken the other way", arguments: [1, 2])
  func stepsTaken(count: Int) {
    let (manager, counter) = undoneTwice()
    let point = manager.rollbackPoint()
    for _ in 0..<count { manager.redo() }
    manager.rollBack(to: point)
    #expect(counter.value == 1)
    #expect((manager.undoCount, manager.redoCount) == (1, 2))
    #expect(manager.redoMenuItemTitle == "Redo Set 2")
    let again = manager.rollbackPoint()
    manager.undo()
    manager.rollBack(to: again)
    #expect(counter.value == 1)
    #expect((manager.undoCount, manager.redoCount) == (1, 2))
    #expect(manager.undoMenuItemTitle == "Undo Set 1")
  }
}
