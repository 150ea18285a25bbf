import DocKit
import DocTestSupport
import Foundation
import Testing

/// How the session counts changes now that explicit undo groups nest in
/// the event's group and are kept when empty.
@MainActor
@Suite("Document session: change counting with explicit and empty undo groups")
struct UndoGroupChangeCountTests {
  func makeSession() throws -> (DocumentSession<TextMemo>, TemporaryDirectory) {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "a\n"), environment: testEnvironment(temporary))
    return (session, temporary)
  }

  @Test(
    "An explicit group in which nothing was registered is a change, as NSDocument counts it; undoing it takes it back",
    arguments: [true, false])
  func emptyGroupIsAChange(groupsByEvent: Bool) async throws {
    let (session, _) = try makeSession()
    session.undoManager.groupsByEvent = groupsByEvent
    session.undoManager.beginUndoGrouping()
    session.undoManager.setActionName("Nothing")
    session.undoManager.endUndoGrouping()
    try await session.endEvent()
    #expect(session.isDirty)
    #expect(session.changeCount == 1)
    #expect(session.undoManager.undoMenuItemTitle == "Undo Nothing")
    session.undoManager.undo()
    #expect(!session.isDirty)
    #expect(session.changeCount == 0)
    #expect(session.document.text == "a\n")
  }

  @Test("An event that registered nothing is no change")
  func emptyEventIsNoChange() async throws {
    let (session, _) = try makeSession()
    try await session.endEvent()
    #expect(!session.isDirty)
    #expect(!session.undoManager.canUndo)
  }

  @Test("Several explicit groups in one event are one change, undone at once", arguments: [1, 3])
  func groupsInOneEvent(groups: Int) async throws {
    let (session, _) = try makeSession()
    for index in 0..<groups {
      session.undoManager.beginUndoGrouping()
      try session.perform { try $0.insert(["line \(index)"], at: 1 + index) }
      session.undoManager.endUndoGrouping()
    }
    try await session.endEvent()
    #expect(session.changeCount == 1)
    session.undoManager.undo()
    #expect(!session.isDirty)
    #expect(session.document.text == "a\n")
  }

  @Test("Undoing a discardable empty group does not take back a real change before it")
  func discardableEmptyGroupAfterChange() async throws {
    let (session, _) = try makeSession()
    try session.perform { try $0.insert(["b"], at: 1) }
    try await session.endEvent()
    session.undoManager.beginUndoGrouping()
    session.undoManager.setActionIsDiscardable(true)
    session.undoManager.endUndoGrouping()
    try await session.endEvent()
    #expect(session.changeCount == 1)
    session.undoManager.undo()  // the empty discardable group
    #expect(session.changeCount == 1)
    #expect(session.isDirty)
    #expect(session.document.text == "a\nb\n")
  }

  @Test("A change redone into an open event counts once, when the event closes")
  func redoIntoOpenEvent() async throws {
    let (session, _) = try makeSession()
    try session.perform { try $0.insert(["b"], at: 1) }
    try await session.endEvent()
    session.undoManager.undo()
    #expect(!session.isDirty)
    // Open the event's group without registering (which would clear the
    // redo stack), then redo into it.
    session.undoManager.beginUndoGrouping()
    session.undoManager.endUndoGrouping()
    session.undoManager.redo()
    #expect(session.changeCount == 0)
    try await session.endEvent()
    #expect(session.changeCount == 1)
    #expect(session.isDirty)
    #expect(session.document.text == "a\nb\n")
    session.undoManager.undo()
    #expect(!session.isDirty)
    #expect(session.document.text == "a\n")
  }

  @Test("A change redone into an event marked discardable still counts")
  func redoIntoDiscardableEvent() async throws {
    let (session, _) = try makeSession()
    try session.perform { try $0.insert(["b"], at: 1) }
    try await session.endEvent()
    session.undoManager.undo()
    session.undoManager.beginUndoGrouping()
    session.undoManager.setActionIsDiscardable(true)
    session.undoManager.endUndoGrouping()
    session.undoManager.redo()
    try await session.endEvent()
    #expect(session.isDirty)
    #expect(session.document.text == "a\nb\n")
  }

  @Test("A group undone inside the open event was never counted, and is not taken back")
  func nestedUndoInOpenEvent() async throws {
    let (session, _) = try makeSession()
    session.undoManager.beginUndoGrouping()
    try session.perform { try $0.insert(["b"], at: 1) }
    session.undoManager.endUndoGrouping()
    session.undoManager.beginUndoGrouping()
    try session.perform { try $0.insert(["c"], at: 2) }
    session.undoManager.endUndoGrouping()
    session.undoManager.undoNestedGroup()
    #expect(session.changeCount == 0)
    try await session.endEvent()
    #expect(session.changeCount == 1)
    #expect(session.isDirty)
    #expect(session.document.text == "a\nb\n")
    session.undoManager.undo()
    #expect(!session.isDirty)
    #expect(session.document.text == "a\n")
  }
}
