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
/// With ``groupsByEvent`` (the default), each event has one top-level
/// group. The first registration opens it, and so does the first
/// ``beginUndoGrouping()``, whose own group is then nested in it (so
/// ``groupingLevel`` is 2). ``markEventBoundary()`` closes it, with
/// everything nested in it, and ``undo()`` undoes it as one step. Linux
/// programs have no run loop to do this; a host calls
/// ``markEventBoundary()`` at the end of each user action (the
/// interpreter, after each command). An event that registered nothing
/// leaves nothing to undo; a group the program opened and closed is kept
/// even when nothing was registered in it, as Apple's are.
///
/// Misuse that Apple's class raises for traps with a message:
/// ``endUndoGrouping()`` with no open group, ``undo()`` or ``redo()`` with
/// more than one group open (so ``undo()`` straight after
/// ``beginUndoGrouping()`` with ``groupsByEvent``), ``redo()`` while
/// undoing, an unbalanced ``enableUndoRegistration()``. Check
/// ``groupingLevel``, ``isUndoing`` and ``isUndoRegistrationEnabled`` first
/// to turn a user's mistake into an error.
///
/// Notifications go to `NotificationCenter.default` under Apple's names,
/// with the undo manager as the object.
///
/// Isolation is Apple's: the class is `@MainActor`, and every member is
/// `@MainActor @preconcurrency`, as Foundation's are (its Objective-C
/// members are imported that way, its Swift overlay declares
/// ``registerUndo(withTarget:handler:)`` so). Code in Swift 5 language mode
/// may therefore call them from a nonisolated method, as most existing
/// apps do; in Swift 6 mode such a call is diagnosed as a warning, not an
/// error, as against Apple's SDK.
@preconcurrency @MainActor
open class UndoManager {
  // Internal, not private, for the rollback in UndoManager+Rollback.swift.
  var undoStack: [UndoStackItem] = []
  var redoStack: [UndoStackItem] = []

  /// Open groups, outermost first. While undoing or redoing, the first is
  /// the group collecting the inverse actions (the groups open before are
  /// set aside until it is done).
  var openGroups: [UndoGroup] = []
  var disableCount = 0
  /// The document host's own observer: called with each notification's
  /// name (and, for `NSUndoManagerWillCloseUndoGroup`, whether the group
  /// is discardable) just before it is posted to `NotificationCenter`,
  /// which every observer still gets. A session observes this way rather
  /// than through the center, whose matching, notification and block call
  /// cost a large share of a small edit.
  final var hostObserver: (@MainActor (Notification.Name, _ groupIsDiscardable: Bool?) -> Void)?

  /// Whether the group whose closing was just announced went onto the undo
  /// stack as a top-level group: it was top-level, and not an event group
  /// that closed empty. The document host reads it on
  /// `NSUndoManagerDidCloseUndoGroup`.
  var closedGroupWasRecorded = false
  /// Whether the group whose undo or redo was just announced was a
  /// top-level group of the stacks and not discardable, so that undoing or
  /// redoing it takes back or redoes one counted change. (A group undone
  /// inside an open group, or redone into one, was never counted: it is
  /// counted with the open group when that closes.) The document host
  /// reads it on `NSUndoManagerDidUndoChange` and
  /// `NSUndoManagerDidRedoChange`.
  var replayedGroupCountsAsChange = false

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

  /// Whether each event gets one top-level group, opened by the first
  /// registration or ``beginUndoGrouping()`` outside a group and closed by
  /// ``markEventBoundary()``. Default `true`.
  open var groupsByEvent = true

  /// The most top-level groups kept on each stack; 0, the default, means
  /// no limit. Lowering it drops the oldest groups at once.
  open var levelsOfUndo = 0 {
    didSet { trimToLevels() }
  }

  /// Whether an undo is being performed.
  open internal(set) var isUndoing = false
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
    register(
      UndoAction(target: target) { object in
        if let target = object as? TargetType { handler(target) }
      })
  }

  /// Registers `handler` to undo the latest change to `target`, which it
  /// is passed as it is: ``registerUndo(withTarget:handler:)`` without the
  /// closure around the handler that casts the target back to its type,
  /// for a host that registers one undo step an edit and knows its target's
  /// type (`DocumentSession`), so that a step costs one closure, not two.
  final func registerUndo(
    withObject target: AnyObject, handler: @escaping @MainActor (AnyObject) -> Void
  ) {
    guard isUndoRegistrationEnabled else { return }
    register(UndoAction(target: target, perform: handler))
  }

  private func register(_ action: UndoAction) {
    if !(isUndoing || isRedoing) {
      if openGroups.isEmpty {
        precondition(
          groupsByEvent,
          "UndoManager.registerUndo(withTarget:handler:): no undo group is open and groupsByEvent is false"
        )
        openEventGroup()
      }
      redoStack.removeAll()
    }
    openGroups[openGroups.count - 1].entries.append(.action(action))
  }

  // MARK: - Groups

  /// Opens a group, nested in any group already open. With
  /// ``groupsByEvent`` and no group open, first opens the event's group,
  /// so the new group is nested in it and ``groupingLevel`` becomes 2.
  ///
  /// Opening the event's group posts `NSUndoManagerDidOpenUndoGroup` only.
  /// Then `NSUndoManagerCheckpoint` is posted (unless an undo or redo is in
  /// progress), and `NSUndoManagerDidOpenUndoGroup` for the new group.
  open func beginUndoGrouping() {
    if openGroups.isEmpty && groupsByEvent { openEventGroup() }
    if !(isUndoing || isRedoing) { post(.NSUndoManagerCheckpoint) }
    openGroups.append(UndoGroup())
    post(.NSUndoManagerDidOpenUndoGroup)
  }

  /// Opens the top-level group of the current event. Apple's class posts
  /// no checkpoint when it opens a top-level group of its own.
  private func openEventGroup() {
    openGroups.append(UndoGroup(isEventGroup: true))
    post(.NSUndoManagerDidOpenUndoGroup)
  }

  /// Closes the innermost open group. A top-level group goes onto the undo
  /// stack, even if nothing was registered in it, unless it is the event's
  /// group and empty. A nested group, empty or not, becomes part of its
  /// parent.
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
    post(.NSUndoManagerWillCloseUndoGroup, discardable: group.isDiscardable)
    openGroups.removeLast()
    if openGroups.isEmpty {
      closedGroupWasRecorded = !(group.isEventGroup && group.entries.isEmpty)
      if closedGroupWasRecorded {
        undoStack.append(UndoStackItem(group))
        trimToLevels()
      }
    } else {
      closedGroupWasRecorded = false
      nest(group, in: openGroups[openGroups.count - 1])
    }
    post(.NSUndoManagerDidCloseUndoGroup)
  }

  /// Appends a closed group to an open one. A nested group's name and
  /// user info name its parent too, as long as the parent has none of its
  /// own. The parent is discardable as a whole only while everything
  /// nested in it is: it takes the flag of its first entry, and a nested
  /// group that is not discardable clears it, so a real change is never
  /// hidden behind a discardable one.
  private func nest(_ group: UndoGroup, in parent: UndoGroup) {
    parent.isDiscardable =
      parent.entries.isEmpty
      ? parent.isDiscardable || group.isDiscardable : parent.isDiscardable && group.isDiscardable
    parent.entries.append(.group(group))
    if parent.actionName.isEmpty { parent.actionName = group.actionName }
    parent.userInfo.merge(group.userInfo) { current, _ in current }
  }

  /// Marks the end of an event (one user action): if the outermost open
  /// group is the one ``groupsByEvent`` opened for this event, closes it
  /// and every group still open inside it, innermost first. This is what
  /// the end of a run-loop pass does on Apple platforms; Linux has no run
  /// loop.
  ///
  /// Does nothing while undoing or redoing, or when the outermost open
  /// group was opened with ``beginUndoGrouping()`` while ``groupsByEvent``
  /// was false.
  open func markEventBoundary() {
    guard !(isUndoing || isRedoing), openGroups.first?.isEventGroup == true else { return }
    while !openGroups.isEmpty { endUndoGrouping() }
  }

  // MARK: - Undo and redo

  /// Closes the open top-level group, if one is open, then undoes the last
  /// group, recording its inverse on the redo stack as one group. With
  /// ``groupsByEvent``, that is everything the last event did, however
  /// many groups it opened and closed inside it.
  ///
  /// - Precondition: not undoing or redoing; at most one group open.
  open func undo() {
    precondition(!(isUndoing || isRedoing), "UndoManager.undo(): called while undoing or redoing")
    precondition(
      groupingLevel <= 1,
      "UndoManager.undo(): \(groupingLevel) undo groups are open; close all but the top-level one first"
    )
    if groupingLevel == 1 { endUndoGrouping() }
    undoNestedGroup()
  }

  /// Undoes the last group: with no group open, the last top-level group
  /// on the undo stack; with one group open, the last group closed inside
  /// it, which is taken out of it. Records the inverse on the redo stack as
  /// one group.
  ///
  /// Posts `NSUndoManagerCheckpoint`, `NSUndoManagerWillUndoChange` and
  /// `NSUndoManagerDidUndoChange`.
  ///
  /// - Precondition: no undo or redo is in progress; at most one group is
  ///   open, and if one is, the last thing in it is a closed group (not an
  ///   action registered directly in it).
  open func undoNestedGroup() {
    precondition(
      !(isUndoing || isRedoing), "UndoManager.undoNestedGroup(): called while undoing or redoing")
    precondition(
      groupingLevel <= 1,
      "UndoManager.undoNestedGroup(): \(groupingLevel) undo groups are open; close the nested ones first"
    )
    guard let open = openGroups.first else {
      replay(undoing: true)
      return
    }
    guard case .group? = open.entries.last else {
      preconditionFailure(
        "UndoManager.undoNestedGroup(): the open undo group does not end with a closed group; close it and call undo()"
      )
    }
    replay(undoing: true, nestedIn: open)
  }

  /// Redoes the last undone group, recording its inverse on the undo stack
  /// as one group; with one group open, the inverse is nested in it, as
  /// part of the current event.
  ///
  /// Posts `NSUndoManagerCheckpoint`, `NSUndoManagerWillRedoChange` and
  /// `NSUndoManagerDidRedoChange`.
  ///
  /// - Precondition: not undoing or redoing; at most one group open.
  open func redo() {
    precondition(!isUndoing, "UndoManager.redo(): called while undoing")
    precondition(!isRedoing, "UndoManager.redo(): called while redoing")
    precondition(
      groupingLevel <= 1,
      "UndoManager.redo(): \(groupingLevel) undo groups are open; close all but the top-level one first"
    )
    replay(undoing: false, nestedIn: openGroups.first)
  }

  /// Performs the top group of the undo (or redo) stack, or the last group
  /// nested in `open` when undoing inside an open group, and records what
  /// it registered on the other side, with the notifications around it.
  private func replay(undoing: Bool, nestedIn open: UndoGroup? = nil) {
    post(.NSUndoManagerCheckpoint)
    let next: UndoGroup?
    if undoing, let open, case .group(let nested)? = open.entries.last {
      next = nested
    } else {
      next = (undoing ? undoStack.last : redoStack.last)?.group
    }
    guard let group = next else { return }
    post(undoing ? .NSUndoManagerWillUndoChange : .NSUndoManagerWillRedoChange)
    if undoing, let open {
      open.entries.removeLast()
    } else if undoing {
      undoStack.removeLast()
    } else {
      redoStack.removeLast()
    }
    if undoing { isUndoing = true } else { isRedoing = true }
    let inverse = perform(group)
    isUndoing = false
    isRedoing = false
    replayedGroupCountsAsChange = open == nil && !group.isDiscardable
    if !inverse.entries.isEmpty {
      if undoing {
        redoStack.append(UndoStackItem(inverse))
      } else if let open {
        nest(inverse, in: open)
      } else {
        undoStack.append(UndoStackItem(inverse))
      }
      trimToLevels()
    }
    post(undoing ? .NSUndoManagerDidUndoChange : .NSUndoManagerDidRedoChange)
  }

  /// Runs a group's actions last to first, nested groups included, while
  /// a new group collects what they register. Returns that group. Groups
  /// open before are set aside meanwhile and restored after.
  func perform(_ group: UndoGroup) -> UndoGroup {
    let inverse = UndoGroup(inverseOf: group)
    let outer = openGroups
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
    openGroups = outer
    return inverse
  }

  // MARK: - State

  /// The open top-level group when ``undo()`` would undo it: closing it
  /// would keep it (it is not the event's group, or something was
  /// registered or opened in it). Otherwise ``undo()`` undoes the top of
  /// the undo stack.
  private var openUndoGroup: UndoGroup? {
    if !(isUndoing || isRedoing), let open = openGroups.first,
      !open.isEventGroup || !open.entries.isEmpty || openGroups.count > 1
    {
      return open
    }
    return nil
  }

  /// Whether there is anything to undo, counting an open group the program
  /// opened, even one still empty. True does not mean ``undo()`` is safe
  /// to call: check ``groupingLevel`` too.
  open var canUndo: Bool { openUndoGroup != nil || !undoStack.isEmpty }

  /// Whether there is anything to redo. Posts `NSUndoManagerCheckpoint`
  /// first, as Apple's does.
  open var canRedo: Bool {
    post(.NSUndoManagerCheckpoint)
    return !redoStack.isEmpty
  }

  /// How many top-level groups ``undo()`` can undo, one after another.
  open var undoCount: Int {
    undoStack.count + (openUndoGroup != nil ? 1 : 0)
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
  /// the open groups, dropping the groups this leaves empty (a group that
  /// was empty already stays). Registration stays as it is.
  open func removeAllActions(withTarget target: Any) {
    let object = target as AnyObject
    undoStack.removeAll { $0.removeActions(withTarget: object) }
    redoStack.removeAll { $0.removeActions(withTarget: object) }
    for group in openGroups { _ = group.removeActions(withTarget: object) }
  }

  func trimToLevels() {
    guard levelsOfUndo > 0 else { return }
    if undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    if redoStack.count > levelsOfUndo { redoStack.removeFirst(redoStack.count - levelsOfUndo) }
  }

  // MARK: - Names, flags and user info

  // Names, flags and user info apply to the open top-level group (during
  // undo or redo, the one collecting inverses), or else to the last step
  // on the undo stack.

  /// Names the current action, for menu titles. `""` removes the name.
  open func setActionName(_ actionName: String) {
    if let open = openGroups.first {
      open.actionName = actionName
    } else if !undoStack.isEmpty {
      undoStack[undoStack.count - 1].actionName = actionName
    }
  }

  /// The name of the action ``undo()`` would undo, or `""`.
  open var undoActionName: String {
    openUndoGroup?.actionName ?? undoStack.last?.actionName ?? ""
  }

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
    if let open = openGroups.first {
      open.isDiscardable = discardable
    } else if !undoStack.isEmpty {
      undoStack[undoStack.count - 1].isDiscardable = discardable
    }
  }

  /// Whether the action ``undo()`` would undo is discardable.
  open var undoActionIsDiscardable: Bool {
    openUndoGroup?.isDiscardable ?? undoStack.last?.isDiscardable ?? false
  }

  /// Whether the action ``redo()`` would redo is discardable.
  open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }

  /// Attaches a value to the current action; nil removes it.
  open func setActionUserInfoValue(_ info: Any?, forKey key: UserInfoKey) {
    if let open = openGroups.first {
      open.userInfo[key] = info
    } else if !undoStack.isEmpty {
      undoStack[undoStack.count - 1].setUserInfoValue(info, forKey: key)
    }
  }

  /// A value attached to the action ``undo()`` would undo.
  open func undoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    if let open = openUndoGroup { return open.userInfo[key] }
    return undoStack.last?.userInfoValue(forKey: key)
  }

  /// A value attached to the action ``redo()`` would redo.
  open func redoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    redoStack.last?.userInfoValue(forKey: key)
  }

  /// The two user infos `NSUndoManagerWillCloseUndoGroup` carries, built
  /// once rather than for every group closed.
  private static let discardableInfo: [AnyHashable: Any] = [
    NSUndoManagerGroupIsDiscardableKey: true
  ]
  private static let notDiscardableInfo: [AnyHashable: Any] = [
    NSUndoManagerGroupIsDiscardableKey: false
  ]

  func post(_ name: Notification.Name, discardable: Bool? = nil) {
    hostObserver?(name, discardable)
    let userInfo = discardable.map { $0 ? Self.discardableInfo : Self.notDiscardableInfo }
    NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
  }
}
