import DocKit
import Foundation
import Testing

/// Records the undo notifications one undo manager posts.
@MainActor
final class NotificationRecorder {
  private(set) var names: [String] = []
  /// The names, each checkpoint with the grouping level it was posted at
  /// ("Checkpoint@1"): a checkpoint lets observers register into the
  /// group in effect, so its level says which group that is.
  private(set) var leveled: [String] = []
  private(set) var discardableFlags: [Bool] = []
  private var observers: [any NSObjectProtocol] = []

  init(_ manager: UndoManager) {
    let names: [Notification.Name] = [
      .NSUndoManagerCheckpoint, .NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange,
      .NSUndoManagerWillRedoChange, .NSUndoManagerDidRedoChange, .NSUndoManagerDidOpenUndoGroup,
      .NSUndoManagerWillCloseUndoGroup, .NSUndoManagerDidCloseUndoGroup,
    ]
    for name in names {
      observers.append(
        NotificationCenter.default.addObserver(forName: name, object: manager, queue: nil) {
          [weak self] note in
          let short = note.name.rawValue.replacingOccurrences(of: "NSUndoManager", with: "")
            .replacingOccurrences(of: "Notification", with: "")
          let discardable = note.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool
          MainActor.assumeIsolated {
            self?.names.append(short)
            self?.leveled.append(
              short == "Checkpoint" ? "\(short)@\(manager.groupingLevel)" : short)
            if let discardable { self?.discardableFlags.append(discardable) }
          }
        })
    }
  }

  func clear() {
    names = []
    leveled = []
  }

  func stop() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }
}

@MainActor
@Suite("UndoManager: Apple's notifications, in order")
struct UndoManagerNotificationTests {
  @Test("Opening and closing the event's group; no checkpoint when it opens")
  func grouping() {
    let manager = UndoManager()
    let recorder = NotificationRecorder(manager)
    defer { recorder.stop() }
    let counter = Counter(manager)
    counter.set(1)  // opens the event's group
    manager.setActionIsDiscardable(true)
    manager.markEventBoundary()
    #expect(
      recorder.names == [
        "DidOpenUndoGroup", "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
      ])
    #expect(recorder.discardableFlags == [true])
  }

  @Test(
    "The order of notifications, with the level of each checkpoint",
    arguments: NotificationScript.all)
  func order(_ script: NotificationScript) {
    let manager = UndoManager()
    let counter = Counter(manager)
    for step in script.before { step.run(on: manager, counter) }
    let recorder = NotificationRecorder(manager)
    defer { recorder.stop() }
    for step in script.steps { step.run(on: manager, counter) }
    #expect(recorder.leveled == script.expected)
  }

  @Test("Undo and redo")
  func undoAndRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.markEventBoundary()
    let recorder = NotificationRecorder(manager)
    defer { recorder.stop() }
    manager.undo()
    #expect(recorder.names == ["Checkpoint", "WillUndoChange", "DidUndoChange"])
    recorder.clear()
    manager.redo()
    #expect(recorder.names == ["Checkpoint", "WillRedoChange", "DidRedoChange"])
    recorder.clear()
    _ = manager.canRedo
    #expect(recorder.names == ["Checkpoint"])
  }

  @Test("Notifications of other undo managers are not mixed in")
  func scopedToObject() {
    let manager = UndoManager()
    let other = UndoManager()
    let recorder = NotificationRecorder(manager)
    defer { recorder.stop() }
    other.beginUndoGrouping()
    other.endUndoGrouping()
    #expect(recorder.names.isEmpty)
  }
}

/// Calls made before recording starts, the calls recorded, and the
/// notifications they must post.
struct NotificationScript: Sendable, CustomTestStringConvertible {
  let testDescription: String
  var before: [UndoStep] = []
  let steps: [UndoStep]
  let expected: [String]

  static let all: [NotificationScript] = [
    NotificationScript(
      testDescription: "the first registration opens the event's group without a checkpoint",
      steps: [.set(1)], expected: ["DidOpenUndoGroup"]),
    NotificationScript(
      testDescription: "the first begin opens the event's group, then its own at level 2",
      steps: [.begin],
      expected: ["DidOpenUndoGroup", "Checkpoint@1", "DidOpenUndoGroup"]),
    NotificationScript(
      testDescription: "a later begin in the same event opens one group",
      before: [.begin, .end], steps: [.begin],
      expected: ["Checkpoint@1", "DidOpenUndoGroup"]),
    NotificationScript(
      testDescription: "ending the explicit group leaves the event's group open",
      before: [.begin], steps: [.end],
      expected: ["Checkpoint@2", "WillCloseUndoGroup", "DidCloseUndoGroup"]),
    NotificationScript(
      testDescription: "the boundary closes the open groups innermost first",
      before: [.begin, .begin], steps: [.boundary],
      expected: [
        "Checkpoint@3", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "Checkpoint@2", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "Checkpoint@1", "WillCloseUndoGroup", "DidCloseUndoGroup",
      ]),
    NotificationScript(
      testDescription: "undo closes the event's group, then undoes it",
      before: [.step(1)], steps: [.undo],
      expected: [
        "Checkpoint@1", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "Checkpoint@0", "WillUndoChange", "DidUndoChange",
      ]),
    NotificationScript(
      testDescription: "an event that registered nothing posts nothing at its boundary",
      steps: [.boundary], expected: []),
  ]
}
