import DocKit
import Foundation
import Testing

/// The package's facility for rolling back a failed user action (the
/// interpreter's): what it registered is taken back, and the redo stack
/// the registration emptied is put back.
/// A text in a file, the least a session needs.
private struct Note: FileDocument {
  static var readableContentTypes: [UTType] { [.plainText] }
  var text = ""
  init(text: String = "") { self.text = text }
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

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
    let redo = manager.setAsideRedoSteps()
    if nestedGroupLeftOpen { manager.beginUndoGrouping() }
    counter.set(9, name: "Failed")
    #expect(manager.redoCount == 0)  // a registration empties it, as Apple's does
    #expect(manager.rollBackOpenEvent())
    manager.restoreRedoSteps(redo)
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
    let session = DocumentSession(new: Note())
    for line in ["a", "b"] {
      session.setDocument(Note(text: session.document.text + line))
      try await session.endEvent()
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rollback-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await session.save(as: folder.appendingPathComponent("a.txt"))
    session.undoManager.undo()
    #expect(session.isDirty)
    let redo = session.undoManager.setAsideRedoSteps()
    session.setDocument(Note(text: "failed"))
    #expect(session.undoManager.rollBackOpenEvent())
    session.undoManager.restoreRedoSteps(redo)
    #expect(session.document.text == "a")
    #expect(session.changeCount == 1)
    session.undoManager.redo()
    #expect(session.document.text == "ab")
    #expect(!session.isDirty)
  }

  @Test("A redo stack that an undo refilled since is not replaced")
  func undoneSince() {
    let (manager, counter) = undoneTwice()
    let redo = manager.setAsideRedoSteps()
    counter.set(9, name: "Kept")
    manager.markEventBoundary()
    manager.undo()
    manager.restoreRedoSteps(redo)
    #expect(manager.redoCount == 1)
    #expect(manager.redoMenuItemTitle == "Redo Kept")
  }

  @Test("With no event open there is nothing to roll back")
  func nothingOpen() {
    let (manager, counter) = undoneTwice()
    #expect(!manager.rollBackOpenEvent())
    #expect(counter.value == 1)
    #expect(manager.redoCount == 2)
  }
}
