import Foundation

// The package's own tools on an undo manager, none of them Apple API: the
// steps on the stacks, for the language's `history`, and the one way to
// take back an action that failed (or that `expect-error` ran only to see
// it fail).

extension UndoManager {
  /// The steps on the undo stack, oldest first: each one's action name and
  /// whether it is discardable. For this package's own tools (the
  /// language's `history`); not Apple API.
  public var undoSteps: [(actionName: String, isDiscardable: Bool)] {
    undoStack.map { ($0.actionName, $0.isDiscardable) }
  }

  /// The steps on the redo stack, the one ``redo()`` would redo last.
  public var redoSteps: [(actionName: String, isDiscardable: Bool)] {
    redoStack.map { ($0.actionName, $0.isDiscardable) }
  }

  // MARK: - Rolling back

  /// Where an undo manager stood before an action that may have to be
  /// taken back: the groups open then, how much the innermost held, and
  /// both stacks. Made by ``rollbackPoint()``, used by
  /// ``rollBack(to:)``. Not Apple API.
  public struct RollbackPoint {
    /// The innermost group open at the point, if any, and how many
    /// entries it held then.
    fileprivate let innermost: (group: UndoGroup, entryCount: Int)?
    fileprivate let depth: Int
    fileprivate let undoStackCount: Int
    fileprivate let redoItems: [UndoStackItem]
  }

  /// Marks where the undo manager stands now, for ``rollBack(to:)``. An
  /// event or group may be open; the point may be inside it.
  ///
  /// - Precondition: not undoing or redoing.
  public func rollbackPoint() -> RollbackPoint {
    precondition(
      !(isUndoing || isRedoing), "UndoManager.rollbackPoint(): called while undoing or redoing")
    return RollbackPoint(
      innermost: openGroups.last.map { ($0, $0.entries.count) }, depth: openGroups.count,
      undoStackCount: undoStack.count, redoItems: redoStack)
  }

  /// Takes the undo manager back to `point`, as the rollback of a user
  /// action that failed, so that the action leaves no trace in the
  /// document or in either stack:
  ///
  /// - What was registered since the point is undone with registration
  ///   disabled: the groups opened since are closed without recording a
  ///   step, their actions performed last to first, and nothing goes onto
  ///   the redo stack. What was registered before the point, even in the
  ///   same open event, stays. An event opened since closes again, so no
  ///   empty step is left.
  /// - The redo stack those registrations emptied (as Apple's do) is put
  ///   back; a redo stack an undo has refilled since keeps its steps.
  /// - Steps ``undo()`` or ``redo()`` took since (the action was an undo
  ///   or a redo) are redone or undone again, when no group is open and
  ///   the stacks show exactly that many moved from one to the other.
  ///
  /// A change that was taken back is not counted as one: the notifications
  /// are those of groups that close with nothing recorded and of an undo
  /// that counts no change, so a document host's change count and saved
  /// point are as they were, and observers see the content change back.
  /// A group the program opened since with ``groupsByEvent`` false is
  /// closed and undone as a step. If a group open at the point was closed
  /// since (a program marked an event boundary inside the action), what
  /// was registered in it is not taken back.
  ///
  /// - Precondition: not undoing or redoing.
  public func rollBack(to point: RollbackPoint) {
    precondition(
      !(isUndoing || isRedoing), "UndoManager.rollBack(to:): called while undoing or redoing")
    if takeBackRegistrations(since: point), redoStack.isEmpty {
      redoStack = point.redoItems
      trimToLevels()
    }
    guard groupingLevel == 0 else { return }
    let undone = redoStack.count - point.redoItems.count
    if undone > 0, point.undoStackCount - undoStack.count == undone {
      for _ in 0..<undone { redo() }
    } else if undone < 0, undoStack.count - point.undoStackCount == -undone {
      for _ in 0..<(-undone) { undo() }
    }
  }

  /// Undoes what was registered since `point`, leaving no step; returns
  /// whether anything was open to take back.
  private func takeBackRegistrations(since point: RollbackPoint) -> Bool {
    guard openGroups.count > point.depth || point.innermost.map(hasGrown) == true else {
      return false
    }
    guard let (group, entryCount) = point.innermost else {
      return rollBackOpenEvent()
    }
    // The point is inside an open group: take only what came after it.
    guard openGroups.count >= point.depth, openGroups[point.depth - 1] === group else {
      return false
    }
    while openGroups.count > point.depth { endUndoGrouping() }
    let taken = UndoGroup()
    taken.entries = Array(group.entries[entryCount...])
    group.entries.removeSubrange(entryCount...)
    performWithoutRegistering(taken)
    return true
  }

  /// Whether the group open at a point holds more now than it did then.
  private func hasGrown(_ innermost: (group: UndoGroup, entryCount: Int)) -> Bool {
    innermost.group.entries.count > innermost.entryCount
  }

  /// Takes back everything the open event registered: closes the groups
  /// open in it without recording a step (so a document host counts no
  /// change), then performs its actions without registering. Returns
  /// false, doing nothing, when no event is open; a group the program
  /// opened with ``groupsByEvent`` false is closed and undone as a step.
  private func rollBackOpenEvent() -> Bool {
    guard let event = openGroups.first else { return false }
    guard event.isEventGroup else {
      let undoCountBefore = undoStack.count
      while openGroups.count > 1 { endUndoGrouping() }
      endUndoGrouping()
      guard undoStack.count > undoCountBefore else { return true }
      disableUndoRegistration()
      undo()
      enableUndoRegistration()
      return true
    }
    while openGroups.count > 1 { endUndoGrouping() }
    post(.NSUndoManagerCheckpoint)
    post(.NSUndoManagerWillCloseUndoGroup, discardable: event.isDiscardable)
    openGroups.removeAll()
    closedGroupWasRecorded = false
    post(.NSUndoManagerDidCloseUndoGroup)
    performWithoutRegistering(event)
    return true
  }

  /// Performs `group`'s actions last to first with registration disabled,
  /// announced as an undo that counts as no change; nothing for an empty
  /// group.
  private func performWithoutRegistering(_ group: UndoGroup) {
    guard !group.entries.isEmpty else { return }
    post(.NSUndoManagerCheckpoint)
    post(.NSUndoManagerWillUndoChange)
    disableCount += 1
    isUndoing = true
    _ = perform(group)
    isUndoing = false
    disableCount -= 1
    replayedGroupCountsAsChange = false
    post(.NSUndoManagerDidUndoChange)
  }
}
