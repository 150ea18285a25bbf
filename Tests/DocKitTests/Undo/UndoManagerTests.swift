import DocKit
import Foundation
import Testing

/// A small document whose edits register their own inverses, as Apple's
/// Undo Architecture guide describes.
@MainActor
final class Counter {
  let undoManager: UndoManager
  private(set) var value = 0

  init(_ undoManager: UndoManager) {
    self.undoManager = undoManager
  }

  func set(_ newValue: Int, name: String? = nil) {
    let old = value
    value = newValue
    undoManager.registerUndo(withTarget: self) { $0.set(old) }
    if let name { undoManager.setActionName(name) }
  }
}

@MainActor
@Suite("UndoManager: stacks, groups and levels")
struct UndoManagerTests {
  @Test("Undo reverts a group; redo reapplies it, because the handler re-registers")
  func undoRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.markEventBoundary()
    counter.set(2)
    manager.markEventBoundary()
    #expect(manager.undoCount == 2)
    #expect(manager.canUndo)
    #expect(!manager.canRedo)
    manager.undo()
    #expect(counter.value == 1)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 1)
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
    #expect(manager.redoCount == 2)
    manager.redo()
    #expect(counter.value == 1)
    manager.redo()
    #expect(counter.value == 2)
    #expect(!manager.canRedo)
    #expect(manager.undoCount == 2)
    // Nothing to undo or redo is a no-op.
    manager.redo()
    #expect(counter.value == 2)
  }

  @Test("Registering while undoing goes to the redo stack, while redoing to the undo stack")
  func registrationDuringUndoAndRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(5)
    manager.markEventBoundary()
    manager.undo()
    #expect(manager.undoCount == 0)
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 0)
  }

  @Test("A normal registration clears the redo stack")
  func registrationClearsRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.markEventBoundary()
    manager.undo()
    #expect(manager.canRedo)
    counter.set(7)
    #expect(!manager.canRedo)
    #expect(manager.redoCount == 0)
  }

  @Test("Everything registered in one event undoes as one unit")
  func eventGroups() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    counter.set(2)
    counter.set(3)
    #expect(manager.groupingLevel == 1)
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(counter.value == 0)
    manager.redo()
    #expect(counter.value == 3)
  }

  @Test("undo() closes an open top-level group first")
  func undoClosesOpenGroup() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(4)
    #expect(manager.groupingLevel == 1)
    #expect(manager.canUndo)
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(counter.value == 0)
    #expect(manager.groupingLevel == 0)
  }

  @Test("Nested groups undo with their parent, innermost actions last to first")
  func nestedGroups() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    var log: [String] = []
    let target = Counter(manager)
    manager.beginUndoGrouping()
    manager.registerUndo(withTarget: target) { _ in log.append("outer 1") }
    manager.beginUndoGrouping()
    #expect(manager.groupingLevel == 2)
    manager.registerUndo(withTarget: target) { _ in log.append("inner 1") }
    manager.registerUndo(withTarget: target) { _ in log.append("inner 2") }
    manager.endUndoGrouping()
    manager.registerUndo(withTarget: target) { _ in log.append("outer 2") }
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(log == ["outer 2", "inner 2", "inner 1", "outer 1"])
  }

  @Test(
    "An explicit group in which nothing was registered stays on the stack, named, until undone",
    arguments: [true, false])
  func emptyGroup(groupsByEvent: Bool) {
    let manager = UndoManager()
    manager.groupsByEvent = groupsByEvent
    manager.beginUndoGrouping()
    manager.setActionName("Nothing")
    manager.endUndoGrouping()
    #expect(manager.canUndo)
    #expect(manager.undoActionName == "Nothing")
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
    #expect(manager.undoMenuItemTitle == "Undo Nothing")
    manager.undo()
    #expect(!manager.canUndo)
  }

  @Test("An event that registered nothing, or whose actions were all removed, leaves nothing")
  func emptyEvent() {
    let manager = UndoManager()
    manager.markEventBoundary()
    #expect(!manager.canUndo)
    let counter = Counter(manager)
    counter.set(1)
    #expect(manager.canUndo)
    manager.removeAllActions(withTarget: counter)
    #expect(!manager.canUndo)
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 0)
  }

  @Test("removeAllActions(withTarget:) drops the groups it empties and keeps those empty already")
  func removeKeepsEmptyGroups() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.undoCount == 2)
    manager.removeAllActions(withTarget: counter)
    #expect(manager.undoCount == 1)
    #expect(manager.canUndo)
  }

  @Test("levelsOfUndo keeps the newest top-level groups, and trims at once when lowered")
  func levels() {
    let manager = UndoManager()
    let counter = Counter(manager)
    for value in 1...5 {
      counter.set(value)
      manager.markEventBoundary()
    }
    #expect(manager.undoCount == 5)
    manager.levelsOfUndo = 3
    #expect(manager.undoCount == 3)
    counter.set(6)
    manager.markEventBoundary()
    #expect(manager.undoCount == 3)
    while manager.canUndo { manager.undo() }
    #expect(counter.value == 3)
  }

  @Test("Actions whose target is gone are skipped")
  func weakTargets() {
    let manager = UndoManager()
    let kept = Counter(manager)
    var ran: [String] = []
    do {
      let gone = Counter(manager)
      manager.registerUndo(withTarget: gone) { _ in ran.append("gone") }
    }
    manager.registerUndo(withTarget: kept) { _ in ran.append("kept") }
    manager.markEventBoundary()
    manager.undo()
    #expect(ran == ["kept"])
  }

  @Test("The undo stack does not keep its targets alive")
  func targetsAreNotRetained() {
    let manager = UndoManager()
    weak var weakCounter: Counter?
    do {
      let counter = Counter(manager)
      weakCounter = counter
      for value in 1...100 { counter.set(value) }
      manager.markEventBoundary()
    }
    #expect(weakCounter == nil)
    #expect(manager.canUndo)
  }

  @Test("Disabling registration is counted; removeAllActions re-enables it")
  func enableAndDisable() {
    let manager = UndoManager()
    let counter = Counter(manager)
    manager.disableUndoRegistration()
    manager.disableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    counter.set(1)
    manager.markEventBoundary()
    #expect(!manager.canUndo)
    manager.enableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    manager.enableUndoRegistration()
    #expect(manager.isUndoRegistrationEnabled)
    manager.disableUndoRegistration()
    counter.set(2)
    manager.removeAllActions()
    #expect(manager.isUndoRegistrationEnabled)
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
  }

  @Test("removeAllActions(withTarget:) removes that target's actions only")
  func removeByTarget() {
    let manager = UndoManager()
    let a = Counter(manager)
    let b = Counter(manager)
    a.set(1)
    manager.markEventBoundary()
    b.set(1)
    a.set(2)
    manager.markEventBoundary()
    manager.removeAllActions(withTarget: a)
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(a.value == 2)
    #expect(b.value == 0)
    #expect(manager.isUndoRegistrationEnabled)
  }

  @Test("Action names follow their group to the redo stack and back, with menu titles")
  func names() {
    let manager = UndoManager()
    let counter = Counter(manager)
    #expect(manager.undoActionName == "")
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoMenuItemTitle == "Redo")
    counter.set(1, name: "Increment")
    manager.markEventBoundary()
    #expect(manager.undoActionName == "Increment")
    #expect(manager.undoMenuItemTitle == "Undo Increment")
    manager.undo()
    #expect(manager.redoActionName == "Increment")
    #expect(manager.redoMenuItemTitle == "Redo Increment")
    #expect(manager.undoActionName == "")
    manager.redo()
    #expect(manager.undoActionName == "Increment")
    manager.setActionName("")
    #expect(manager.undoActionName == "")
    #expect(manager.undoMenuTitle(forUndoActionName: "Typing") == "Undo Typing")
    #expect(manager.redoMenuTitle(forUndoActionName: "") == "Redo")
  }

  @Test("Discardable flags and user info travel with their group")
  func flagsAndUserInfo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    let key = UndoManager.UserInfoKey("cursor")
    counter.set(1)
    manager.setActionIsDiscardable(true)
    manager.setActionUserInfoValue(42, forKey: key)
    manager.markEventBoundary()
    #expect(manager.undoActionIsDiscardable)
    #expect(manager.undoActionUserInfoValue(forKey: key) as? Int == 42)
    #expect(manager.undoActionUserInfoValue(forKey: UndoManager.UserInfoKey("other")) == nil)
    manager.undo()
    #expect(manager.redoActionIsDiscardable)
    #expect(manager.redoActionUserInfoValue(forKey: key) as? Int == 42)
    #expect(!manager.undoActionIsDiscardable)
  }

  @Test("isUndoing and isRedoing are true only inside the handlers")
  func inProgressFlags() {
    let manager = UndoManager()
    var seen: [(Bool, Bool)] = []
    let target = Counter(manager)
    func register() {
      manager.registerUndo(withTarget: target) { _ in
        seen.append((manager.isUndoing, manager.isRedoing))
        register()
      }
    }
    register()
    manager.markEventBoundary()
    manager.undo()
    manager.redo()
    #expect(seen.map(\.0) == [true, false])
    #expect(seen.map(\.1) == [false, true])
    #expect(!manager.isUndoing && !manager.isRedoing)
  }

  @Test("markEventBoundary closes the event's group with the groups still open in it")
  func boundaryClosesNestedGroups() {
    let manager = UndoManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(1)
    #expect(manager.groupingLevel == 3)
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(counter.value == 0)
  }

  @Test("markEventBoundary leaves a group opened while groupsByEvent was false")
  func boundaryLeavesExplicitTopLevelGroup() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    manager.beginUndoGrouping()
    manager.groupsByEvent = true
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 1)
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1)
  }
}

@Suite("UndoManager: misuse traps as Apple's raises")
struct UndoManagerMisuseTests {
  @Test("endUndoGrouping without a begin traps")
  func unbalancedEnd() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run { UndoManager().endUndoGrouping() }
    }
  }

  @Test("undo straight after beginUndoGrouping traps: the event's group and the new one are open")
  func undoAfterBegin() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let manager = UndoManager()
        manager.beginUndoGrouping()
        manager.undo()
      }
    }
  }

  @Test("redo with two groups open traps")
  func redoWithNestedGroupsOpen() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let manager = UndoManager()
        manager.beginUndoGrouping()
        manager.redo()
      }
    }
  }

  @Test("undoNestedGroup traps when the open group ends with an action, not a closed group")
  func undoNestedGroupAfterAction() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let manager = UndoManager()
        Counter(manager).set(1)
        manager.undoNestedGroup()
      }
    }
  }

  @Test("undo with two groups open traps")
  func undoWithNestedGroupsOpen() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let manager = UndoManager()
        manager.beginUndoGrouping()
        manager.beginUndoGrouping()
        manager.undo()
      }
    }
  }

  @Test("redo while undoing traps")
  func redoWhileUndoing() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let manager = UndoManager()
        let counter = Counter(manager)
        manager.registerUndo(withTarget: counter) { _ in manager.redo() }
        manager.markEventBoundary()
        manager.undo()
      }
    }
  }

  @Test("An unbalanced enableUndoRegistration traps")
  func unbalancedEnable() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run { UndoManager().enableUndoRegistration() }
    }
  }

  @MainActor
  @Test("The state a caller checks first says when each call would trap")
  func checkFirst() {
    let manager = UndoManager()
    #expect(manager.groupingLevel == 0)  // endUndoGrouping would trap
    manager.beginUndoGrouping()
    #expect(manager.groupingLevel == 2)  // undo, redo and undoNestedGroup would trap
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 1)  // undo would close the event's group first
    manager.markEventBoundary()
    #expect(manager.groupingLevel == 0)
    #expect(manager.isUndoRegistrationEnabled)  // enable would trap
  }
}
