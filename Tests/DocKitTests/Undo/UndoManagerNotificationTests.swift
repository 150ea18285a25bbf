import DocKit
import Foundation
import Testing

/// Records the undo notifications one undo manager posts.
@MainActor
final class NotificationRecorder {
  private(set) var names: [String] = []
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
            if let discardable { self?.discardableFlags.append(discardable) }
          }
        })
    }
  }

  func clear() { names = [] }

  func stop() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }
}

@MainActor
@Suite("UndoManager: Apple's notifications, in order")
struct UndoManagerNotificationTests {
  @Test("Opening and closing a group")
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
        "Checkpoint", "DidOpenUndoGroup", "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
      ])
    #expect(recorder.discardableFlags == [true])
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
