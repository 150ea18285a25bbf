import DocKit
import Foundation
import Testing

/// A step of one action (one registration in one event, the usual undo
/// step) is stored without a group around it. These check that such a step
/// behaves as any group does when it is named, flagged, given user info
/// or removed after it closed, and through undo and redo.
@MainActor
@Suite("UndoManager: steps of one action")
struct UndoManagerOneActionStepTests {
  @Test(
    "A closed step of one action takes a name, a flag and user info, and keeps them through undo and redo",
    arguments: [1, 2, 5])
  func attributesAfterClosing(steps: Int) {
    let manager = UndoManager()
    let counter = Counter(manager)
    let key = UndoManager.UserInfoKey("cursor")
    for value in 1...steps {
      counter.set(value)
      manager.markEventBoundary()
    }
    manager.setActionName("Set \(steps)")
    manager.setActionIsDiscardable(true)
    manager.setActionUserInfoValue(steps * 10, forKey: key)
    #expect(manager.undoActionName == "Set \(steps)")
    #expect(manager.undoActionIsDiscardable)
    #expect(manager.undoActionUserInfoValue(forKey: key) as? Int == steps * 10)
    #expect(manager.undoCount == steps)

    manager.undo()
    #expect(counter.value == steps - 1)
    #expect(manager.redoActionName == "Set \(steps)")
    #expect(manager.redoActionIsDiscardable)
    #expect(manager.redoActionUserInfoValue(forKey: key) as? Int == steps * 10)
    // The step below it kept its own (empty) attributes.
    #expect(manager.undoActionName == "")
    #expect(!manager.undoActionIsDiscardable)
    #expect(manager.undoActionUserInfoValue(forKey: key) == nil)

    manager.redo()
    #expect(counter.value == steps)
    #expect(manager.undoActionName == "Set \(steps)")
    #expect(manager.undoActionIsDiscardable)
    #expect(manager.undoActionUserInfoValue(forKey: key) as? Int == steps * 10)
  }

  @Test("Removing user info that a closed step of one action lacks changes nothing")
  func removingAbsentUserInfo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    let key = UndoManager.UserInfoKey("cursor")
    counter.set(1, name: "One")
    manager.markEventBoundary()
    manager.setActionUserInfoValue(nil, forKey: key)
    #expect(manager.undoActionUserInfoValue(forKey: key) == nil)
    #expect(manager.undoActionName == "One")
    manager.setActionUserInfoValue(3, forKey: key)
    manager.setActionUserInfoValue(nil, forKey: key)
    #expect(manager.undoActionUserInfoValue(forKey: key) == nil)
    manager.undo()
    #expect(counter.value == 0)
    #expect(manager.redoActionName == "One")
  }

  @Test("A name set after the event closed names the top step only")
  func renamingTheTop() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1, name: "First")
    manager.markEventBoundary()
    counter.set(2, name: "Second")
    manager.markEventBoundary()
    manager.setActionName("Renamed")
    #expect(manager.undoMenuItemTitle == "Undo Renamed")
    manager.undo()
    #expect(manager.undoMenuItemTitle == "Undo First")
    #expect(manager.redoMenuItemTitle == "Redo Renamed")
  }

  @Test(
    "removeAllActions(withTarget:) drops that target's steps of one action and keeps the others")
  func removalByTarget() {
    let manager = UndoManager()
    let first = Counter(manager)
    let second = Counter(manager)
    first.set(1, name: "a1")
    manager.markEventBoundary()
    second.set(2, name: "b2")
    manager.markEventBoundary()
    first.set(3, name: "a3")
    manager.markEventBoundary()
    second.set(4, name: "b4")
    manager.markEventBoundary()
    manager.undo()
    #expect(second.value == 2)
    #expect(manager.redoActionName == "b4")

    manager.removeAllActions(withTarget: first)
    #expect(manager.undoCount == 1)
    #expect(manager.undoActionName == "b2")
    #expect(manager.redoCount == 1)
    manager.undo()
    #expect(second.value == 0)
    #expect(first.value == 3)
    #expect(!manager.canUndo)

    manager.removeAllActions(withTarget: second)
    #expect(!manager.canRedo)
  }

  @Test("Many steps of one action undo and redo in order", arguments: [1, 3, 100])
  func manySteps(count: Int) {
    let manager = UndoManager()
    let counter = Counter(manager)
    for value in 1...count {
      counter.set(value, name: "Set \(value)")
      manager.markEventBoundary()
    }
    #expect(manager.undoCount == count)
    for value in stride(from: count, through: 1, by: -1) {
      #expect(manager.undoActionName == "Set \(value)")
      manager.undo()
      #expect(counter.value == value - 1)
    }
    #expect(!manager.canUndo)
    #expect(manager.redoCount == count)
    for value in 1...count {
      #expect(manager.redoActionName == "Set \(value)")
      manager.redo()
      #expect(counter.value == value)
    }
    #expect(!manager.canRedo)
    #expect(manager.undoCount == count)
  }

  @Test("A step of one action and a step of two, side by side, each undo as one unit")
  func mixedSteps() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1, name: "One")
    manager.markEventBoundary()
    counter.set(2)
    counter.set(3, name: "Two and three")
    manager.markEventBoundary()
    #expect(manager.undoCount == 2)
    manager.undo()
    #expect(counter.value == 1)
    #expect(manager.undoActionName == "One")
    manager.undo()
    #expect(counter.value == 0)
    manager.redo()
    manager.redo()
    #expect(counter.value == 3)
    #expect(manager.undoActionName == "Two and three")
  }
}
