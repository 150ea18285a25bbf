import DocKit
import Testing

/// Facts that public NSUndoManager test suites assert, several of them
/// run against Apple's Foundation (WinObjC's, which its build also runs on
/// macOS; bitswift's Proton specs). Each test restates the fact in its own
/// terms; none copies a suite's code.
@MainActor
@Suite("UndoManager: facts from public NSUndoManager suites")
struct UndoManagerPublicSuiteTests {
  @Test("With groupsByEvent, explicit single-step groups each undo alone inside the open event")
  func singleStepsInOneEvent() {
    let manager = UndoManager()
    let counter = Counter(manager)
    for value in 1...4 { UndoStep.step(value).run(on: manager, counter) }
    manager.undoNestedGroup()
    #expect(counter.value == 3)
    manager.undoNestedGroup()
    #expect(counter.value == 2)
    manager.redo()
    #expect(counter.value == 3)
    manager.redo()
    #expect(counter.value == 4)
    manager.undoNestedGroup()
    manager.undoNestedGroup()
    manager.undoNestedGroup()
    #expect(counter.value == 1)
  }

  @Test("Without groupsByEvent, each explicit group is one undo")
  func singleStepsWithoutEvents() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    for value in 1...4 { UndoStep.step(value).run(on: manager, counter) }
    manager.undo()
    #expect(counter.value == 3)
    manager.undo()
    #expect(counter.value == 2)
  }

  @Test("Groups nested without groupsByEvent undo with their top-level group")
  func nestedWithoutEvents() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    UndoStep.step(1).run(on: manager, counter)
    manager.beginUndoGrouping()
    UndoStep.step(2).run(on: manager, counter)
    counter.set(3)
    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 1)
    manager.undo()
    #expect(counter.value == 0)
  }

  @Test("Three targets on one manager: nested undo, redo and removal by target in one event")
  func sharedManager() {
    let manager = UndoManager()
    let first = Counter(manager)
    let second = Counter(manager)
    let third = Counter(manager)
    func step(_ counter: Counter, _ value: Int) {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    step(first, 1)
    step(second, 1)
    step(first, 2)
    manager.undoNestedGroup()
    #expect([first.value, second.value, third.value] == [1, 1, 0])
    step(third, 1)
    manager.beginUndoGrouping()
    step(first, 3)
    step(second, 3)
    step(third, 3)
    manager.endUndoGrouping()
    manager.undoNestedGroup()
    #expect([first.value, second.value, third.value] == [1, 1, 1])
    manager.redo()
    #expect([first.value, second.value, third.value] == [3, 3, 3])
    manager.removeAllActions(withTarget: second)
    manager.undoNestedGroup()
    #expect([first.value, second.value, third.value] == [1, 3, 1])
    manager.undoNestedGroup()
    #expect([first.value, second.value, third.value] == [1, 3, 0])
    manager.undo()
    #expect([first.value, second.value, third.value] == [0, 3, 0])
  }

  @Test("Removing a target drops the groups it empties, so canUndo stays truthful")
  func removingOneTarget() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let first = Counter(manager)
    let second = Counter(manager)
    UndoStep.step(1).run(on: manager, second)
    UndoStep.step(2).run(on: manager, second)
    manager.beginUndoGrouping()
    UndoStep.step(1).run(on: manager, first)
    manager.endUndoGrouping()
    UndoStep.step(2).run(on: manager, first)
    manager.removeAllActions(withTarget: first)
    manager.undo()
    #expect([first.value, second.value] == [2, 1])
    #expect(manager.canUndo)
    manager.undo()
    #expect(second.value == 0)
    #expect(!manager.canUndo)
    manager.undo()  // nothing left: a no-op
    #expect(second.value == 0)
  }

  @Test("levelsOfUndo keeps the newest groups; undo past them does nothing")
  func levelsOfUndo() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.levelsOfUndo = 3
    let counter = Counter(manager)
    for value in 2...5 { UndoStep.step(value).run(on: manager, counter) }
    for _ in 0..<3 {
      #expect(manager.canUndo)
      manager.undo()
    }
    #expect(!manager.canUndo)
    manager.undo()
    #expect(counter.value == 2)
  }

  @Test("An empty group, undone with registration disabled, leaves neither undo nor redo")
  func emptyGroupUndoneWithoutRedo() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.canUndo)
    #expect(!manager.canRedo)
    manager.disableUndoRegistration()
    manager.undoNestedGroup()
    manager.enableUndoRegistration()
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
  }

  @Test("An empty group after a real one takes an undo of its own")
  func emptyGroupTakesAnUndo() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    UndoStep.step(1).run(on: manager, counter)
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 1)
    manager.undo()
    #expect(counter.value == 0)
  }

  @Test(
    "Undo runs the handler; redo runs what the handler registered, and what that registers undoes it"
  )
  func redoRegistration() {
    let manager = UndoManager()
    var x = 5
    let target = Counter(manager)
    manager.registerUndo(withTarget: target) { _ in x = 4 }
    manager.undo()
    manager.redo()
    #expect(x == 4)
    func register() {
      manager.registerUndo(withTarget: target) { _ in
        x = 4
        manager.registerUndo(withTarget: target) { _ in
          x = 6
          register()
        }
      }
    }
    register()
    manager.undo()
    manager.redo()
    #expect(x == 6)
    #expect(manager.canUndo)
    manager.undo()
    #expect(x == 4)
  }

  @Test("A name set while undoing names the redo")
  func nameWhileUndoing() {
    let manager = UndoManager()
    let target = Counter(manager)
    manager.registerUndo(withTarget: target) { _ in
      manager.registerUndo(withTarget: target) { _ in }
      manager.setActionName("Set to 6")
    }
    manager.setActionName("Set to 4")
    #expect(manager.undoActionName == "Set to 4")
    manager.undo()
    #expect(manager.redoActionName == "Set to 6")
  }
}
