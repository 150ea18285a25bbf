/// One step on an undo manager's undo or redo stack: a closed top-level
/// group.
///
/// Most steps are a group of one action and nothing else (one edit, one
/// event), and there is one step an edit. Such a step is kept as its
/// action with the group's name and flag, inline in the stack, without a
/// group object around it: about 30 bytes less a step. It becomes a group
/// again when it is replayed, or when user info is attached to it.
@MainActor
enum UndoStackItem {
  case group(UndoGroup)
  /// A group of this one action, with this name and flag, and no user info.
  case action(UndoAction, actionName: String, isDiscardable: Bool)

  /// The step for `group`: compact when it holds one action and no user
  /// info.
  init(_ group: UndoGroup) {
    if group.userInfo.isEmpty, group.entries.count == 1, case .action(let action) = group.entries[0]
    {
      self = .action(action, actionName: group.actionName, isDiscardable: group.isDiscardable)
    } else {
      self = .group(group)
    }
  }

  /// The step as a group: its own, or a new one for a compact step.
  var group: UndoGroup {
    switch self {
    case .group(let group):
      return group
    case .action(let action, let actionName, let isDiscardable):
      let group = UndoGroup()
      group.entries.append(.action(action))
      group.actionName = actionName
      group.isDiscardable = isDiscardable
      return group
    }
  }

  var actionName: String {
    get {
      switch self {
      case .group(let group): group.actionName
      case .action(_, let actionName, _): actionName
      }
    }
    set {
      switch self {
      case .group(let group): group.actionName = newValue
      case .action(let action, _, let isDiscardable):
        self = .action(action, actionName: newValue, isDiscardable: isDiscardable)
      }
    }
  }

  var isDiscardable: Bool {
    get {
      switch self {
      case .group(let group): group.isDiscardable
      case .action(_, _, let isDiscardable): isDiscardable
      }
    }
    set {
      switch self {
      case .group(let group): group.isDiscardable = newValue
      case .action(let action, let actionName, _):
        self = .action(action, actionName: actionName, isDiscardable: newValue)
      }
    }
  }

  func userInfoValue(forKey key: UndoManager.UserInfoKey) -> Any? {
    if case .group(let group) = self { group.userInfo[key] } else { nil }
  }

  /// Attaches user info, making a compact step a group first.
  mutating func setUserInfoValue(_ info: Any?, forKey key: UndoManager.UserInfoKey) {
    if case .action = self {
      guard info != nil else { return }
      self = .group(group)
    }
    if case .group(let group) = self { group.userInfo[key] = info }
  }

  /// Removes every action whose target is `target` (or is gone); returns
  /// whether this left the step empty, as ``UndoGroup/removeActions(withTarget:)``.
  func removeActions(withTarget target: AnyObject) -> Bool {
    switch self {
    case .group(let group): group.removeActions(withTarget: target)
    case .action(let action, _, _): action.target === target || action.target == nil
    }
  }
}
