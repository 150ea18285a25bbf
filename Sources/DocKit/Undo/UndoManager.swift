import Foundation

/// A general-purpose recorder of operations, for undo and redo, with the
/// semantics of Foundation's `UndoManager`.
///
///     undoManager.registerUndo(withTarget: document) { document in
///       document.restore(oldText)
///     }
///     undoManager.setActionName("Typing")
///     undoManager.markEventBoundary()   // what a run loop pass does on Apple platforms
///     undoManager.undo()
///
/// Actions are recorded in groups, and undo and redo work on whole
/// top-level groups. A handler that runs during undo registers its inverse
/// on the redo stack; during redo, on the undo stack. Any other
/// registration clears the redo stack. Targets are held weakly, and the
/// actions of a target that is gone are skipped.
///
/// With ``groupsByEvent`` (the default), the first registration opens a
/// group and ``markEventBoundary()`` closes it. Linux programs have no run
/// loop to do this; a host calls it at the end of each user action (the
/// interpreter, after each command).
///
/// Misuse that Apple's class raises for traps with a message:
/// ``endUndoGrouping()`` with no open group, ``undo()`` with more than one
/// group open, ``redo()`` while undoing, an unbalanced
/// ``enableUndoRegistration()``. Check ``groupingLevel``, ``isUndoing`` and
/// ``isUndoRegistrationEnabled`` first to turn a user's mistake into an
/// error.
///
/// Notifications go to `NotificationCenter.default` under Apple's names,
/// with the undo manager as the object.
@MainActor
open class UndoManager {
  private var undoStack: [UndoGroup] = []
  private var redoStack: [UndoGroup] = []
  /// Open groups, outermost first. While undoing or redoing, the first is
  /// the group collecting the inverse actions.
  private var openGroups: [UndoGroup] = []
  private var disableCount = 0
  /// Whether the group whose closing was just announced went onto the undo
  /// stack as a top-level group (it was top-level and not empty). The
  /// document host reads it on `NSUndoManagerDidCloseUndoGroup`.
  private(set) var closedGroupWasRecorded = false

  /// Whether the open groups hold a change not yet on the undo stack: an
  /// open group has actions and none is discardable, so closing them will
  /// record a change. False while undoing or redoing. The document host
  /// counts it in `isDirty`, so an edit is unsaved before its group closes.
  final var openGroupsHoldChange: Bool {
    guard !(isUndoing || isRedoing) else { return false }
    return openGroups.contains { !$0.entries.isEmpty } && !openGroups.contains { $0.isDiscardable }
  }

  /// Creates an undo manager with empty stacks.
  public init() {}

  /// Whether the first registration outside a group opens one, to be
  /// closed by ``markEventBoundary()``. Default `true`.
  open var groupsByEvent = true

  /// The most top-level groups kept on each stack; 0, the default, means
  /// no limit. Lowering it drops the oldest groups at once.
  open var levelsOfUndo = 0 {
    didSet { trimToLevels() }
  }

  /// Whether an undo is being performed.
  open private(set) var isUndoing = false
  /// Whether a redo is being performed.
  open private(set) var isRedoing = false

  /// How many groups are open: 0 when none is.
  open var groupingLevel: Int {
    isUndoing || isRedoing ? openGroups.count - 1 : openGroups.count
  }

  // MARK: - Registering

  /// Registers `handler` to undo the latest change to `target`.
  ///
  /// The target is held weakly: if it is gone when the action is undone,
  /// the action is skipped. Registration is ignored while disabled.
  ///
  /// - Precondition: a group is open, or ``groupsByEvent`` is true.
  open func registerUndo<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void
  ) {
    guard isUndoRegistrationEnabled else { return }
    let action = UndoAction(target: target) { object in
      if let target = object as? TargetType { handler(target) }
    }
    if !(isUndoing || isRedoing) {
      if openGroups.isEmpty {
        precondition(
          groupsByEvent,
          "UndoManager.registerUndo(withTarget:handler:): no undo group is open and groupsByEvent is false"
        )
        beginUndoGrouping()
      }
      redoStack.removeAll()
    }
    openGroups[openGroups.count - 1].entries.append(.action(action))
  }

  // MARK: - Groups

  /// Opens a group, nested in any group already open.
  ///
  /// Posts `NSUndoManagerCheckpoint` (unless an undo or redo is in
  /// progress), then `NSUndoManagerDidOpenUndoGroup`.
  open func beginUndoGrouping() {
    if !(isUndoing || isRedoing) { post(.NSUndoManagerCheckpoint) }
    openGroups.append(UndoGroup())
    post(.NSUndoManagerDidOpenUndoGroup)
  }

  /// Closes the innermost open group. Closing a top-level group puts it on
  /// the undo stack, unless it is empty.
  ///
  /// Posts `NSUndoManagerCheckpoint`, `NSUndoManagerWillCloseUndoGroup`
  /// (with ``NSUndoManagerGroupIsDiscardableKey``) and
  /// `NSUndoManagerDidCloseUndoGroup`.
  ///
  /// - Precondition: ``groupingLevel`` > 0.
  open func endUndoGrouping() {
    precondition(
      groupingLevel > 0,
      "UndoManager.endUndoGrouping(): called with no matching beginUndoGrouping()")
    post(.NSUndoManagerCheckpoint)
    let group = openGroups[openGroups.count - 1]
    post(
      .NSUndoManagerWillCloseUndoGroup,
      userInfo: [NSUndoManagerGroupIsDiscardableKey: group.isDiscardable])
    openGroups.removeLast()
    closedGroupWasRecorded = !group.entries.isEmpty && openGroups.isEmpty
    if !group.entries.isEmpty {
      if openGroups.isEmpty {
        undoStack.append(group)
        trimToLevels()
      } else {
        let parent = openGroups[openGroups.count - 1]
        parent.entries.append(.group(group))
        // A nested group's name, flag and user info name its parent too,
        // as long as the parent has none of its own.
        if parent.actionName.isEmpty { parent.actionName = group.actionName }
        parent.isDiscardable = parent.isDiscardable || group.isDiscardable
        parent.userInfo.merge(group.userInfo) { current, _ in current }
      }
    }
    post(.NSUndoManagerDidCloseUndoGroup)
  }

  /// Marks the end of an event (one user action): if ``groupsByEvent`` is
  /// true and exactly one group is open, closes it. This is what the end
  /// of a run-loop pass does on Apple platforms; Linux has no run loop.
  ///
  /// Groups the program opened itself and left open are left alone when
  /// more than one is open.
  open func markEventBoundary() {
    if groupsByEvent && groupingLevel == 1 && !(isUndoing || isRedoing) {
      endUndoGrouping()
    }
  }

  // MARK: - Undo and redo

  /// Closes the open top-level group, if one is open, then undoes the last
  /// group, recording its inverse on the redo stack as one group.
  ///
  /// - Precondition: not undoing or redoing; at most one group open.
  open func undo() {
    precondition(!(isUndoing || isRedoing), "UndoManager.undo(): called while undoing or redoing")
    if groupingLevel == 1 { endUndoGrouping() }
    precondition(
      groupingLevel == 0,
      "UndoManager.undo(): \(groupingLevel) undo groups are open; close all but one first")
    undoNestedGroup()
  }

  /// Undoes the last top-level group on the undo stack.
  ///
  /// Posts `NSUndoManagerCheckpoint`, `NSUndoManagerWillUndoChange` and
  /// `NSUndoManagerDidUndoChange`.
  ///
  /// - Precondition: no group is open and no undo or redo is in progress.
  ///   (Apple can undo a nested group inside an open one; DocKit requires
  ///   groups to be closed.)
  open func undoNestedGroup() {
    precondition(
      !(isUndoing || isRedoing), "UndoManager.undoNestedGroup(): called while undoing or redoing")
    precondition(
      groupingLevel == 0, "UndoManager.undoNestedGroup(): close the open undo groups first")
    replayTopGroup(undoing: true)
  }

  /// Redoes the last undone group, recording its inverse on the undo stack
  /// as one group.
  ///
  /// Posts `NSUndoManagerCheckpoint`, `NSUndoManagerWillRedoChange` and
  /// `NSUndoManagerDidRedoChange`.
  ///
  /// - Precondition: not undoing or redoing; at most one group open.
  open func redo() {
    precondition(!isUndoing, "UndoManager.redo(): called while undoing")
    precondition(!isRedoing, "UndoManager.redo(): called while redoing")
    if groupingLevel == 1 { endUndoGrouping() }
    precondition(groupingLevel == 0, "UndoManager.redo(): \(groupingLevel) undo groups are open")
    replayTopGroup(undoing: false)
  }

  /// Pops the top group of the undo (or redo) stack, performs it, and
  /// pushes what it registered onto the other stack, with the
  /// notifications around it.
  private func replayTopGroup(undoing: Bool) {
    post(.NSUndoManagerCheckpoint)
    guard let group = undoing ? undoStack.popLast() : redoStack.popLast() else { return }
    post(undoing ? .NSUndoManagerWillUndoChange : .NSUndoManagerWillRedoChange)
    if undoing { isUndoing = true } else { isRedoing = true }
    let inverse = perform(group)
    isUndoing = false
    isRedoing = false
    if !inverse.entries.isEmpty {
      if undoing { redoStack.append(inverse) } else { undoStack.append(inverse) }
      trimToLevels()
    }
    post(undoing ? .NSUndoManagerDidUndoChange : .NSUndoManagerDidRedoChange)
  }

  /// Runs a group's actions last to first, nested groups included, while
  /// a new group collects what they register. Returns that group.
  private func perform(_ group: UndoGroup) -> UndoGroup {
    let inverse = UndoGroup(inverseOf: group)
    openGroups = [inverse]
    var pending = group.entries
    while let entry = pending.popLast() {
      switch entry {
      case .action(let action):
        if let target = action.target { action.perform(target) }
      case .group(let nested):
        pending += nested.entries
      }
    }
    // Fold groups a handler opened and left open into the inverse.
    while openGroups.count > 1 {
      let nested = openGroups.removeLast()
      if !nested.entries.isEmpty { openGroups[openGroups.count - 1].entries.append(.group(nested)) }
    }
    openGroups = []
    return inverse
  }

  // MARK: - State

  /// The group ``undo()`` would undo: the open top-level group if it has
  /// actions, else the top of the undo stack.
  private var nextUndoGroup: UndoGroup? {
    if !(isUndoing || isRedoing), let open = openGroups.first, !open.entries.isEmpty { return open }
    return undoStack.last
  }

  /// Whether there is anything to undo. True does not mean ``undo()`` is
  /// safe to call: check ``groupingLevel`` too.
  open var canUndo: Bool { nextUndoGroup != nil }

  /// Whether there is anything to redo. Posts `NSUndoManagerCheckpoint`
  /// first, as Apple's does.
  open var canRedo: Bool {
    post(.NSUndoManagerCheckpoint)
    return !redoStack.isEmpty
  }

  /// How many top-level groups ``undo()`` can undo, one after another.
  open var undoCount: Int {
    undoStack.count + (nextUndoGroup != nil && nextUndoGroup !== undoStack.last ? 1 : 0)
  }

  /// How many top-level groups ``redo()`` can redo.
  open var redoCount: Int { redoStack.count }

  // MARK: - Enabling and clearing

  /// Stops registration until a balancing ``enableUndoRegistration()``.
  /// Calls nest.
  open func disableUndoRegistration() {
    disableCount += 1
  }

  /// Balances one ``disableUndoRegistration()``.
  ///
  /// - Precondition: registration is disabled.
  open func enableUndoRegistration() {
    precondition(
      disableCount > 0,
      "UndoManager.enableUndoRegistration(): not balanced by a disableUndoRegistration()")
    disableCount -= 1
  }

  /// Whether registrations are recorded.
  open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

  /// Empties both stacks and re-enables registration. Open groups stay
  /// open, emptied.
  open func removeAllActions() {
    undoStack.removeAll()
    redoStack.removeAll()
    for group in openGroups { group.entries.removeAll() }
    disableCount = 0
  }

  /// Removes every action whose target is `target` from both stacks and
  /// the open groups, dropping groups left empty. Registration stays as
  /// it is.
  open func removeAllActions(withTarget target: Any) {
    let object = target as AnyObject
    undoStack.removeAll { $0.removeActions(withTarget: object) }
    redoStack.removeAll { $0.removeActions(withTarget: object) }
    for group in openGroups { _ = group.removeActions(withTarget: object) }
  }

  private func trimToLevels() {
    guard levelsOfUndo > 0 else { return }
    if undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    if redoStack.count > levelsOfUndo { redoStack.removeFirst(redoStack.count - levelsOfUndo) }
  }

  // MARK: - Names, flags and user info

  /// The group that names, flags and user info apply to: the open
  /// top-level group (during undo or redo, the one collecting inverses), or
  /// else the last group on the undo stack.
  private var currentGroup: UndoGroup? {
    openGroups.first ?? undoStack.last
  }

  /// Names the current action, for menu titles. `""` removes the name.
  open func setActionName(_ actionName: String) {
    currentGroup?.actionName = actionName
  }

  /// The name of the action ``undo()`` would undo, or `""`.
  open var undoActionName: String { nextUndoGroup?.actionName ?? "" }

  /// The name of the action ``redo()`` would redo, or `""`.
  open var redoActionName: String { redoStack.last?.actionName ?? "" }

  /// "Undo <name>", or "Undo" when the action has no name.
  open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

  /// "Redo <name>", or "Redo" when the action has no name.
  open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

  /// "Undo <actionName>", or "Undo" for an empty name. Override to localize.
  open func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Undo" : "Undo \(actionName)"
  }

  /// "Redo <actionName>", or "Redo" for an empty name. Override to localize.
  open func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Redo" : "Redo \(actionName)"
  }

  /// Marks the current action as not changing persistent state, so a
  /// document does not count it as a change.
  open func setActionIsDiscardable(_ discardable: Bool) {
    currentGroup?.isDiscardable = discardable
  }

  /// Whether the action ``undo()`` would undo is discardable.
  open var undoActionIsDiscardable: Bool { nextUndoGroup?.isDiscardable ?? false }

  /// Whether the action ``redo()`` would redo is discardable.
  open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }

  /// Attaches a value to the current action; nil removes it.
  open func setActionUserInfoValue(_ info: Any?, forKey key: UserInfoKey) {
    currentGroup?.userInfo[key] = info
  }

  /// A value attached to the action ``undo()`` would undo.
  open func undoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    nextUndoGroup?.userInfo[key]
  }

  /// A value attached to the action ``redo()`` would redo.
  open func redoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    redoStack.last?.userInfo[key]
  }

  private func post(_ name: Notification.Name, userInfo: [String: Any]? = nil) {
    NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
  }
}
