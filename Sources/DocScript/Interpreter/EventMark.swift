import DocKit
import Foundation

/// Where a document's undo history stood before a command (or a group)
/// that may fail: what a failure rolls back to, through the undo
/// manager's one rollback (``UndoManager/rollBack(to:)``).
@MainActor
struct EventMark {
  let handle: any DocumentHandle
  private let point: UndoManager.RollbackPoint

  /// Marks `handle`'s history now. An event an earlier command left open
  /// is that command's, so it is closed first: a rollback must never
  /// reach into it.
  init(_ handle: any DocumentHandle) {
    self.handle = handle
    let undoManager = handle.session.undoManager
    if undoManager.groupingLevel > 0 { undoManager.markEventBoundary() }
    point = handle.session.rollbackPoint()
  }

  /// Takes back what the command did to the document's contents and both
  /// undo stacks since the mark, leaving no step and no counted change.
  func rollBack() {
    handle.session.rollBack(to: point)
  }
}
