import DocKit
import Testing

/// A scripted use of an undo manager and the grouping levels its `.level`
/// steps must record, in order.
struct LevelScript: Sendable, CustomTestStringConvertible {
  let testDescription: String
  var groupsByEvent = true
  let steps: [UndoStep]
  let levels: [Int]
  /// The counter's value at the end.
  let value: Int

  static let all: [LevelScript] = [
    LevelScript(
      testDescription:
        "explicit groups nested in the event's group, then undo, redo and three begins",
      steps: [
        .begin, .level, .set(1), .end, .level, .step(2), .step(3), .level, .undo, .level,
        .begin, .step(1), .begin, .step(2), .begin, .step(3), .level, .end, .level, .end, .level,
        .begin, .level, .end, .end, .undo, .level, .redo, .level, .begin, .begin, .begin, .level,
      ],
      levels: [2, 1, 1, 0, 4, 3, 2, 3, 0, 0, 4], value: 3),
    LevelScript(
      testDescription: "registrations open the event's group; undo and redo leave none open",
      steps: [.level, .set(1), .set(2), .set(3), .level, .undo, .redo, .level, .undo, .level],
      levels: [0, 1, 0, 0], value: 0),
    LevelScript(
      testDescription: "ending the explicit group leaves the event's group, which ends too",
      steps: [.begin, .level, .end, .level, .end, .level], levels: [2, 1, 0], value: 0),
    LevelScript(
      testDescription: "without groupsByEvent a begin opens one group", groupsByEvent: false,
      steps: [.begin, .level, .set(1), .end, .level], levels: [1, 0], value: 1),
    LevelScript(
      testDescription: "the boundary closes everything the event left open",
      steps: [.begin, .begin, .set(1), .level, .boundary, .level], levels: [3, 0], value: 1),
  ]
}

@MainActor
@Suite("UndoManager: explicit groups nest in the event's group")
struct UndoManagerEventGroupTests {
  @Test("groupingLevel follows the script", arguments: LevelScript.all)
  func levels(_ script: LevelScript) {
    let manager = UndoManager()
    manager.groupsByEvent = script.groupsByEvent
    let counter = Counter(manager)
    var levels: [Int] = []
    for step in script.steps {
      step.run(on: manager, counter)
      if case .level = step { levels.append(manager.groupingLevel) }
    }
    #expect(levels == script.levels)
    #expect(counter.value == script.value)
  }

  @Test(
    "Everything one event did is one undo step, however many groups it opened",
    arguments: [1, 2, 3, 5], [false, true])
  func oneUndoPerEvent(groups: Int, boundaryFirst: Bool) {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.markEventBoundary()
    counter.set(2)  // a registration outside any explicit group, in the same event
    for value in 3..<(3 + groups) {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    #expect(manager.groupingLevel == 1)
    #expect(manager.undoCount == 2)
    if boundaryFirst { manager.markEventBoundary() }
    manager.undo()
    #expect(counter.value == 1)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(counter.value == 2 + groups)
    manager.undo()
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
  }

  @Test(
    "An open group in which nothing is registered yet can be undone, under its name",
    arguments: [true, false])
  func openEmptyGroup(groupsByEvent: Bool) {
    let manager = UndoManager()
    manager.groupsByEvent = groupsByEvent
    #expect(!manager.canUndo)
    manager.beginUndoGrouping()
    manager.setActionName("Rename")
    #expect(manager.canUndo)
    #expect(manager.undoCount == 1)
    #expect(manager.undoActionName == "Rename")
    #expect(manager.undoMenuItemTitle == "Undo Rename")
  }

  @Test("Several empty groups in one event are one undo step; in separate events, one each")
  func emptyGroupsPerEvent() {
    let manager = UndoManager()
    for _ in 0..<3 {
      manager.beginUndoGrouping()
      manager.endUndoGrouping()
    }
    manager.markEventBoundary()
    #expect(manager.undoCount == 1)
    for _ in 0..<3 {
      manager.beginUndoGrouping()
      manager.endUndoGrouping()
      manager.markEventBoundary()
    }
    #expect(manager.undoCount == 4)
  }

  @Test("undoNestedGroup in the open event undoes its last group; redo puts the change back in it")
  func nestedUndoInOpenEvent() {
    let manager = UndoManager()
    let counter = Counter(manager)
    for step in [UndoStep.step(1), .step(2), .step(3), .step(4)] { step.run(on: manager, counter) }
    #expect(manager.groupingLevel == 1)
    manager.undoNestedGroup()
    #expect(counter.value == 3)
    manager.undoNestedGroup()
    #expect(counter.value == 2)
    #expect(manager.redoCount == 2)
    #expect(manager.groupingLevel == 1)
    manager.redo()
    #expect(counter.value == 3)
    #expect(manager.groupingLevel == 1)
    #expect(manager.redoCount == 1)
    manager.undoNestedGroup()
    #expect(counter.value == 2)
    // The event holds steps 1 and 2 (the redone 3 was undone again): one
    // undo takes back both.
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canUndo)
  }

  @Test("Explicitly ending the event's group closes it like the boundary")
  func endEventGroupExplicitly() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    counter.set(2)
    #expect(manager.groupingLevel == 1)
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 0)
    manager.undoNestedGroup()
    #expect(counter.value == 0)
  }

  @Test("A change redone into a discardable event makes it a lasting one")
  func redoneChangeClearsDiscardable() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.markEventBoundary()
    manager.undo()
    manager.beginUndoGrouping()
    manager.setActionIsDiscardable(true)
    manager.endUndoGrouping()
    #expect(manager.undoActionIsDiscardable)
    manager.redo()
    #expect(counter.value == 1)
    #expect(!manager.undoActionIsDiscardable)
    manager.markEventBoundary()
    #expect(!manager.undoActionIsDiscardable)
  }
}
