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
  /// Whether ``UndoManager/groupsByEvent`` opened this group for the
  /// current event, rather than a call to `beginUndoGrouping()`. Such a
  /// group is dropped when it closes empty; a group the program opened is
  /// kept even when empty, as Apple's are.
  let isEventGroup: Bool

  init(isEventGroup: Bool = false) {
    self.isEventGroup = isEventGroup
  }

  /// A group for the inverse of `other`: its name, flags and user info.
  init(inverseOf other: UndoGroup) {
    isEventGroup = false
    actionName = other.actionName
    isDiscardable = other.isDiscardable
    userInfo = other.userInfo
  }

  /// Removes every action whose target is `target` (or is gone), and every
  /// nested group that this removal left empty; returns whether it left
  /// this group empty. A group that was empty before (an explicit group in
  /// which nothing was registered) is kept: it is an undo step of its own.
  func removeActions(withTarget target: AnyObject) -> Bool {
    var pending: [UndoGroup] = [self]
    var visited: [(group: UndoGroup, wasEmpty: Bool)] = []
    while let group = pending.popLast() {
      visited.append((group, group.entries.isEmpty))
      group.entries.removeAll {
        if case .action(let action) = $0 { return action.target === target || action.target == nil }
        return false
      }
      for case .group(let nested) in group.entries { pending.append(nested) }
    }
    // Drop the nested groups this removal emptied, innermost first.
    var emptied = Set<ObjectIdentifier>()
    for (group, wasEmpty) in visited.reversed() {
      group.entries.removeAll {
        if case .group(let nested) = $0 { return emptied.contains(ObjectIdentifier(nested)) }
        return false
      }
      if group.entries.isEmpty && !wasEmpty { emptied.insert(ObjectIdentifier(group)) }
    }
    return emptied.contains(ObjectIdentifier(self))
  }
}

/// A registered undo handler and the object it acts on, held weakly.
@MainActor
struct UndoAction {
  weak var target: AnyObject?
  let perform: @MainActor (AnyObject) -> Void
}
