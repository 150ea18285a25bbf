import Foundation

// Change tracking: the change count follows the undo manager, and a user
// action (an event) ends by closing its undo group.

extension DocumentSession {
  /// Follows the undo manager's notifications through its host observer,
  /// called as each is posted: the same notifications, without a
  /// `NotificationCenter` lookup and block call for each.
  func observeUndoManager() {
    undoManager.hostObserver = { [weak self] name, discardable in
      self?.undoManagerPosted(name, discardable: discardable)
    }
  }

  func undoManagerPosted(_ name: Notification.Name, discardable: Bool?) {
    switch name {
    case .NSUndoManagerWillCloseUndoGroup:
      closingGroupIsDiscardable = discardable ?? false
    case .NSUndoManagerDidCloseUndoGroup:
      // Only a top-level group that reached the undo stack is a change,
      // as NSDocument counts one per top-level group closed. An explicit
      // group in which nothing was registered is one: it is an undo step.
      guard undoManager.closedGroupWasRecorded, !closingGroupIsDiscardable else { return }
      if let saved = savedChangeCount, changeCount < saved {
        savedChangeCount = nil  // the saved state was undone and is now unreachable
      }
      if let saving = savingFromChangeCount, changeCount < saving {
        savedStateDiverged = true  // the state being saved was undone, then changed
      }
      changeCount += 1
      changesSinceAutosave += 1
    case .NSUndoManagerDidUndoChange:
      // Read from the group undone itself: its inverse, which the redo
      // stack's top would describe, is dropped when it registered nothing.
      if undoManager.replayedGroupCountsAsChange { changeCount -= 1 }
      changesSinceAutosave += 1
    case .NSUndoManagerDidRedoChange:
      if undoManager.replayedGroupCountsAsChange { changeCount += 1 }
      changesSinceAutosave += 1
    default:
      break
    }
  }

  /// Ends one user action: closes the undo group it opened, then autosaves
  /// if the policy says so. The interpreter calls this after each command.
  ///
  /// It is not needed before saving or closing: every operation that
  /// writes, reverts or closes ends the open event first.
  ///
  /// - Returns: Whether an autosave happened.
  @discardableResult
  public func endEvent() async throws -> Bool {
    endEventGroup()
    return try await autosaveIfNeeded()
  }

  /// Closes the undo group the current event opened, so that its change
  /// is counted before a write, a revert or a close: what
  /// ``endEvent()`` does, without autosaving. Groups the program opened
  /// itself stay open (their changes keep the document dirty).
  func endEventGroup() {
    // Groups the program opened are nested in the event's group; closing
    // them here would unbalance the program's own `endUndoGrouping()`
    // calls, so while one is open the event stays open too, and the
    // document stays dirty until they close.
    guard undoManager.groupingLevel == 1 else { return }
    undoManager.markEventBoundary()
  }

  /// What edits have happened, as far as the undo manager tells.
  struct EditState: Equatable {
    var changeCount: Int
    var openGroupsHoldChange: Bool
    var reverts: Int
  }

  var editState: EditState {
    EditState(
      changeCount: changeCount, openGroupsHoldChange: undoManager.openGroupsHoldChange,
      reverts: revertCount)
  }
}
