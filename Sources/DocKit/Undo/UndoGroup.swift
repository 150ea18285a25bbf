/// One undo group: the actions registered between a begin and an end, in
/// order, with nested groups in place, and the group's name and flags.
@MainActor
final class UndoGroup {
  /// One registered action, or a nested group.
  enum Entry {
    case action(UndoAction)
    case group(UndoGroup)
  }

  var entries: [Entry] = []
  var actionName = ""
  var isDiscardable = false
  var userInfo: [UndoManager.UserInfoKey: Any] = [:]

  init() {}

  /// A group for the inverse of `other`: its name, flags and user info.
  init(inverseOf other: UndoGroup) {
    actionName = other.actionName
    isDiscardable = other.isDiscardable
    userInfo = other.userInfo
  }

  /// Removes every action whose target is `target`, and every nested group
  /// left empty; returns whether this group is now empty.
  func removeActions(withTarget target: AnyObject) -> Bool {
    var pending: [UndoGroup] = [self]
    var visited: [UndoGroup] = []
    while let group = pending.popLast() {
      visited.append(group)
      group.entries.removeAll {
        if case .action(let action) = $0 { return action.target === target || action.target == nil }
        return false
      }
      for case .group(let nested) in group.entries { pending.append(nested) }
    }
    // Drop emptied nested groups, innermost first.
    for group in visited.reversed() {
      group.entries.removeAll {
        if case .group(let nested) = $0 { return nested.entries.isEmpty }
        return false
      }
    }
    return entries.isEmpty
  }
}

/// A registered undo handler and the object it acts on, held weakly.
@MainActor
struct UndoAction {
  weak var target: AnyObject?
  let perform: @MainActor (AnyObject) -> Void
}
