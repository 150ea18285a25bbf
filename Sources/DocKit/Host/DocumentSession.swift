public import Foundation

/// A document in the headless host: what `DocumentGroup` and `NSDocument`
/// give an app on Apple platforms.
///
/// A session holds the document, its file URL (nil while untitled), its
/// content type, its undo manager and change count, the disk identity it
/// last saw and the wrapper from its last read or write. It opens, saves
/// (in place, as, to), reverts, exports, autosaves and closes the document,
/// the same way for all three kinds:
///
///     let session = try await DocumentSession<NoteCollectionDocument>.open(url)
///     try session.perform { try $0.editNote(id: "tram", text: "Take the 28") }
///     try await session.save()   // ends the open undo event first
///
/// Every write, revert and close ends the open undo event first, so an
/// edit is never lost for want of ``endEvent()``, which closes the event's
/// undo group and runs the autosave policy, as the end of a run-loop event
/// does on Apple platforms.
///
/// Change tracking follows NSDocument: the change count follows the undo
/// manager's notifications, and the saved point lives in the undo stack, so
/// undoing back to it makes the document clean again.
///
/// Errors follow NSDocument too. The session's own failures are
/// `CocoaError`s with Apple's codes that name the file
/// (`catch CocoaError.fileReadNoSuchFile`); DocKit's detail is in
/// `fileWrapperError` or `documentSessionError`. A document's own
/// `CocoaError` that names no file gets the document's URL; its other
/// errors pass through unchanged.
@MainActor
public final class DocumentSession<Document> {
  /// How this kind of document is read and written.
  struct Backend {
    var readableContentTypes: [UTType]
    var writableContentTypes: [UTType]
    /// Reads a document; returns it and the wrapper read, if any.
    var read: @MainActor (URL, UTType, DocumentSession?) async throws -> (Document, FileWrapper?)
    /// Produces the wrapper to write, reusing `existingFile`. For documents
    /// whose writers write by themselves, nil.
    var makeWrapper:
      (@MainActor (DocumentSession, UTType, FileWrapper?) async throws -> FileWrapper)?
    /// Writes by itself to a URL (the `Document` family).
    var writeDirectly: (@MainActor (DocumentSession, UTType, URL) async throws -> Void)?
    /// Tells the document it was saved to its own file as `contentType`.
    var didSave: @MainActor (DocumentSession, UTType) -> Void = { _, _ in }
  }

  let backend: Backend
  /// The document.
  public internal(set) var document: Document
  /// The file the document is saved in; nil while untitled.
  public private(set) var fileURL: URL?
  /// The type the document is saved as.
  public private(set) var contentType: UTType
  /// The document's undo manager; every change goes through it.
  public let undoManager: UndoManager
  /// What the session takes from outside.
  public let environment: Environment

  /// Changes done minus changes undone since the session began.
  public private(set) var changeCount = 0
  /// The change count at the last save; nil when no sequence of undo and
  /// redo can get back to it.
  package private(set) var savedChangeCount: Int? = 0
  private var changesSinceAutosave = 0
  private var lastSaveTime: Date
  /// Whether the document may be edited; false while a snapshot is taken.
  public private(set) var isEditable = true

  /// Runs `body` with ``isEditable`` false.
  func withEditsDisabled<T>(_ body: () throws -> T) rethrows -> T {
    isEditable = false
    defer { isEditable = true }
    return try body()
  }

  /// The wrapper from the last read or successful write: `existingFile`.
  private(set) var lastWrapper: FileWrapper?
  /// What the package on disk holds, for O(k) in-place saves.
  private var manifest: DiskManifest?
  /// The file's identity when the session last read or wrote it.
  private var diskStamp: FileChangeStamp?
  /// Whether the save in progress was asked to replace other programs'
  /// changes (`save(force: true)`).
  private var isForcingSave = false
  /// Where an untitled document autosaves.
  public private(set) var autosaveURL: URL?

  /// While a save runs (it may suspend, and edits may go on), the change
  /// count it started from, and whether that state was undone and then
  /// changed meanwhile, so it can no longer be the saved point.
  private var savingFromChangeCount: Int?
  private var savedStateDiverged = false
  private var closingGroupIsDiscardable = false
  /// Whether a save, autosave or revert is running. They run one at a time
  /// (two would share temporary files and journals); the others wait.
  private var isBusy = false
  private var waitingForTurn: [CheckedContinuation<Void, Never>] = []
  /// While a revert runs: the edit state when it was asked for, so an
  /// edit made since is not overwritten.
  private var revertStartedAt: EditState?
  /// How many reverts have completed.
  private var revertCount = 0
  /// Whether ``close(discardingChanges:)`` has run.
  private var isClosed = false
  /// Whether the running write is an autosave, which a close stops.
  private var isAutosaving = false

  init(
    document: Document, fileURL: URL?, contentType: UTType, backend: Backend,
    environment: Environment,
    wrapper: FileWrapper?
  ) {
    self.document = document
    self.fileURL = fileURL
    self.contentType = contentType
    self.backend = backend
    self.environment = environment
    undoManager = UndoManager()
    lastSaveTime = environment.now()
    if let fileURL { recordDisk(wrapper, at: fileURL) }
    observeUndoManager()
  }

  /// Whether the document has changes that are not saved: the change
  /// count differs from the saved one, or an undo group still open (an
  /// event not yet ended) holds an action.
  public var isDirty: Bool {
    savedChangeCount != changeCount || undoManager.openGroupsHoldChange
  }

  /// The types this document can be opened as.
  public var readableContentTypes: [UTType] { backend.readableContentTypes }
  /// The types this document can be saved or exported as.
  public var writableContentTypes: [UTType] { backend.writableContentTypes }

  // MARK: - Change tracking

  /// Follows the undo manager's notifications through its host observer,
  /// called as each is posted: the same notifications, without a
  /// `NotificationCenter` lookup and block call for each.
  private func observeUndoManager() {
    undoManager.hostObserver = { [weak self] name, discardable in
      self?.undoManagerPosted(name, discardable: discardable)
    }
  }

  private func undoManagerPosted(_ name: Notification.Name, discardable: Bool?) {
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

  /// Runs `body` when no other save, autosave or revert is running; the
  /// others wait their turn, first come first served.
  @discardableResult
  private func exclusively<T>(_ body: () async throws -> T) async throws -> T {
    if isBusy {
      await withCheckedContinuation { waitingForTurn.append($0) }
    } else {
      isBusy = true
    }
    defer {
      if waitingForTurn.isEmpty { isBusy = false } else { waitingForTurn.removeFirst().resume() }
    }
    return try await body()
  }

  // MARK: - Disk state

  /// Records what is on disk at `url` after a read or a write of `wrapper`.
  ///
  /// After an in-place package save, `planned` holds the directories its
  /// plan walked: they are recorded as in sync with the manifest (which
  /// the save updated in place), except for changes made since the plan
  /// (see ``PackageJournal/markInSync(_:with:)``). After any other read or
  /// write the manifest is made anew from the tree, unless a wrapper
  /// changed since `changesAtStart` (``FileWrapper/changeCount``): a tree
  /// edited while it was written is not what the disk holds, so it gets
  /// no manifest, which makes the next save a full atomic write.
  private func recordDisk(
    _ wrapper: FileWrapper?, at url: URL, planned: [PackageJournal.PlannedDirectory]? = nil,
    changesAtStart: UInt64? = nil
  ) {
    lastWrapper = wrapper
    if let planned, let manifest {
      PackageJournal.markInSync(planned, with: manifest)
    } else {
      let unchanged = changesAtStart.map { $0 == FileWrapper.changeCount } ?? true
      manifest = unchanged ? wrapper.flatMap { $0.isDirectory ? DiskManifest(tree: $0) : nil } : nil
    }
    // The stamp of what the URL leads to: through a link, its target.
    diskStamp = (try? FileWrapper.filePath(of: DocumentPath.resolved(url))).flatMap {
      FileChangeStamp.of(path: $0)
    }
  }

  /// Whether the file at ``fileURL`` is no longer the one the session last
  /// read or wrote (another inode, size, modification or status-change
  /// time, or for a small file other bytes).
  public var hasConflict: Bool {
    guard let fileURL, let path = try? FileWrapper.filePath(of: DocumentPath.resolved(fileURL))
    else { return false }
    guard let now = FileChangeStamp.of(path: path) else { return diskStamp != nil }
    return !now.sameFile(as: diskStamp)
  }

  // MARK: - Saving

  /// Saves the document to its file if it has unsaved changes.
  ///
  /// A single file is replaced atomically (temporary, fsync, rename,
  /// directory fsync), keeping its permissions. A package is updated in
  /// place through a journal: O(k) for k changed files, all or nothing.
  ///
  /// The open event is ended first, so an edit whose undo group is still
  /// open is saved. A save, autosave or revert already running is waited
  /// for.
  ///
  /// - Parameter force: Save even if the file changed on disk since it was
  ///   read, replacing the other version.
  /// - Throws: `CocoaError`: `.fileNoSuchFile` for an untitled document and
  ///   `.fileWriteUnknown` for a conflict (the ``DocumentSessionError`` in
  ///   `documentSessionError` says which), or the error that stopped the
  ///   write (see ``save(as:contentType:overwrite:)``); the file is then as
  ///   it was and the document still dirty.
  public func save(force: Bool = false) async throws {
    endEventGroup()
    try await exclusively { try await saveInPlace(force: force) }
  }

  /// Returns whether it wrote.
  @discardableResult
  private func saveInPlace(force: Bool) async throws -> Bool {
    guard let fileURL else {
      throw CocoaError(
        .untitled, url: nil, message: "the document is untitled; use save as")
    }
    guard isDirty || force else { return false }
    let disk = DocumentPath.resolved(fileURL)
    if try Self.recoverJournal(at: disk, removingTemporaryFiles: false),
      let path = try? FileWrapper.filePath(of: disk)
    {
      // This session's own committed save was finished: that is not
      // another program's change.
      diskStamp = FileChangeStamp.of(path: path)
    }
    isForcingSave = force
    defer { isForcingSave = false }
    guard force || !hasConflict else {
      throw CocoaError(
        .conflict, url: fileURL,
        message: "the file changed on disk since it was opened or saved; revert, or save with force"
      )
    }
    return try await write(to: fileURL, as: contentType, mode: .inPlace)
  }

  /// Saves the document to `url` as `contentType` and makes that its file.
  ///
  /// The whole tree is written. Unchanged files are cloned from the
  /// current file where the file system can share data copy-on-write
  /// (`FICLONE`: btrfs, XFS), else copied by the kernel; never hard-linked,
  /// so the two documents share no inode.
  ///
  /// - Throws: `CocoaError`: `.fileWriteFileExists` if `url` exists and
  ///   `overwrite` is false; `.fileWriteUnknown` with
  ///   ``DocumentSessionError/Code/unsupportedContentType`` for a type the
  ///   document cannot write, or with
  ///   ``DocumentSessionError/Code/undeclaredContentType`` for a type that
  ///   has no declaration, so the file could not be opened again by its
  ///   name; for a failed write, Apple's code (`.fileWriteOutOfSpace`,
  ///   `.fileWriteNoPermission`, ...) with the path and the
  ///   ``FileWrapperError``. The document's own errors pass through; a
  ///   `CocoaError` of its own that names no file gets `url`.
  public func save(as url: URL, contentType: UTType? = nil, overwrite: Bool = false) async throws {
    endEventGroup()
    let type = try writableType(contentType ?? self.contentType, for: url)
    try await exclusively { try await write(to: url, as: type, mode: .adopt(overwrite: overwrite)) }
  }

  /// Writes a copy to `url`, leaving the document's file, type and
  /// unsaved state as they are. The open event is ended first, so the copy
  /// holds every edit made so far; like ``save(as:contentType:overwrite:)``,
  /// the copy shares no inode with the document's file.
  ///
  /// - Throws: As ``save(as:contentType:overwrite:)``.
  public func save(to url: URL, contentType: UTType? = nil, overwrite: Bool = false) async throws {
    endEventGroup()
    let type = try writableType(contentType ?? self.contentType, for: url)
    try await exclusively { try await write(to: url, as: type, mode: .copy(overwrite: overwrite)) }
  }

  /// `type`, if the document writes it and it is declared (see
  /// ``declaredForSaving(_:)``).
  func writableType(_ type: UTType, for url: URL? = nil) throws(CocoaError) -> UTType {
    guard backend.writableContentTypes.contains(where: type.conforms(to:)) else {
      throw CocoaError(
        .unsupportedContentType, url: url,
        message: "the document cannot be written as \(type.identifier) (it writes "
          + backend.writableContentTypes.map(\.identifier).joined(separator: ", ") + ")")
    }
    return try Self.declaredForSaving(type)
  }

  enum WriteMode {
    case inPlace
    case adopt(overwrite: Bool)
    case copy(overwrite: Bool)
    case autosave
  }

  /// The one write path: serialize, then commit by the cheapest safe means.
  /// `write(to:as:mode:)` calls it and reports its errors. The caller
  /// holds the session's turn (``exclusively(_:)``).
  ///
  /// - Returns: Whether it wrote: false only for an autosave stopped by a
  ///   close.
  func writeUnreported(to url: URL, as type: UTType, mode: WriteMode) async throws -> Bool {
    // Edits made while this write waited for its turn are written too.
    endEventGroup()
    // The path to a document follows links (see `DocumentPath`): what is
    // read and written is the target, so a save through a link replaces
    // the target and keeps the link. Errors name `url` as given.
    let userURL = url
    let url = DocumentPath.resolved(url)
    let ownFile = fileURL.map(DocumentPath.resolved)
    let samePlace = url.standardizedFileURL == ownFile?.standardizedFileURL
    let existing = samePlace || fileURL != nil ? lastWrapper : nil
    let original = ownFile
    // Never a plain folder, the working folder or one above it, or a place
    // inside the document's own package, whatever the mode: every save,
    // save as, save to, export and autosave comes through here.
    try DocumentPath.checkReplaceable(
      url, named: userURL, writing: type, writable: backend.writableContentTypes,
      ownPackage: ownFile,
      ownPlaces: [ownFile, autosaveURL.map(DocumentPath.resolved)].compactMap { $0 })
    let changeCountAtStart = changeCount
    savingFromChangeCount = changeCountAtStart
    savedStateDiverged = false
    defer { savingFromChangeCount = nil }
    if let writeDirectly = backend.writeDirectly {
      if case .inPlace = mode {
      } else if FileManager.default.fileExists(atPath: url.path), !mode.overwrites {
        throw DocumentSessionError(.fileExists, url: userURL, message: "the file already exists")
      }
      if isAutosaving, isClosed { return false }
      try await writeDirectly(self, type, url)
      finishWrite(
        to: userURL, as: type, mode: mode, wrapper: nil, changeCount: changeCountAtStart)
      return true
    }
    guard let makeWrapper = backend.makeWrapper else { return false }
    let wrapper = try await makeWrapper(self, type, type == contentType ? existing : nil)
    // A document closed discarding its changes while the autosave
    // serialized it is not written.
    if isAutosaving, isClosed { return false }
    let box = UncheckedSendable(value: wrapper)
    let inPlace = if case .inPlace = mode { true } else { false }
    let manifest = inPlace && samePlace && type == contentType ? self.manifest : nil
    let keepPermissions = samePlace ? diskPermissions(of: url) : nil
    let forcing = isForcingSave
    // Wrappers changed from here on (by an edit while this writes) are
    // not what the disk will hold: see recordDisk.
    let changesAtStart = FileWrapper.changeCount
    let saved = try await offMainActor {
      () throws -> UncheckedSendable<[PackageJournal.PlannedDirectory]>? in
      let wrapper = box.value
      // Finish (or discard) an earlier interrupted save of `url` first, so
      // its journal is never applied over what this write puts there.
      // (`save()` has already done so for its own file.)
      if !inPlace { try PackageJournal.recover(packageAt: url, removingTemporaryFiles: false) }
      if let manifest, wrapper.isDirectory {
        return UncheckedSendable(
          value: try Self.savePackage(wrapper, at: url, manifest: manifest, force: forcing))
      }
      if let keepPermissions, wrapper.isRegularFile, !wrapper.hasExactPermissions {
        wrapper.permissions = keepPermissions
        wrapper.attributesNeedWriting = true
      }
      // Unchanged files are hard-linked from the original only when the
      // write replaces the original itself, so the other name disappears.
      // Anywhere else (save as, save to, export, an untitled autosave) they
      // are cloned or copied: the original stays, and a program writing
      // either file in place must not change the other.
      switch mode {
      case .inPlace, .autosave:
        if samePlace {
          try wrapper.write(
            to: url, options: [.atomic, .withNameUpdating], originalContentsURL: original)
        } else {
          try wrapper.writeIndependentCopy(
            to: url, options: .withNameUpdating, originalContentsURL: original,
            replacingExisting: true)
        }
      case .adopt(let overwrite), .copy(let overwrite):
        if overwrite && samePlace {
          try wrapper.write(
            to: url, options: [.atomic, .withNameUpdating], originalContentsURL: original)
        } else {
          do throws(FileWrapperError) {
            try wrapper.writeIndependentCopy(
              to: url, options: .withNameUpdating, originalContentsURL: original,
              replacingExisting: overwrite)
          } catch
            where error.code == .fileExists && error.path == (try? FileWrapper.filePath(of: url))
          {
            throw DocumentSessionError(
              .fileExists, url: userURL,
              message: "the file already exists; save with overwrite to replace it")
          } catch {
            throw error
          }
        }
      }
      return nil
    }
    finishWrite(
      to: userURL, as: type, mode: mode, wrapper: wrapper, changeCount: changeCountAtStart,
      planned: saved.value?.value, changesAtStart: changesAtStart)
    return true
  }

  private func diskPermissions(of url: URL) -> UInt16? {
    guard let path = try? FileWrapper.filePath(of: url) else { return nil }
    return try? FileStatus.of(path, in: nil, path: path).permissions
  }

  private func finishWrite(
    to url: URL, as type: UTType, mode: WriteMode, wrapper: FileWrapper?, changeCount saved: Int,
    planned: [PackageJournal.PlannedDirectory]? = nil, changesAtStart: UInt64? = nil
  ) {
    switch mode {
    case .copy:
      return
    case .autosave where fileURL == nil:
      return
    case .inPlace, .adopt, .autosave:
      let wasUntitledAutosave = autosaveURL
      if case .adopt = mode {
        fileURL = url
        contentType = type
        if let wasUntitledAutosave { try? FileManager.default.removeItem(at: wasUntitledAutosave) }
        autosaveURL = nil
      }
      recordDisk(wrapper, at: url, planned: planned, changesAtStart: changesAtStart)
      // The document may have been edited while it was written. Then it
      // is not the value that was saved, and must not be told it was: a
      // document that tracks its changed parts would forget the new ones.
      let editedMeanwhile =
        changeCount != saved || savedStateDiverged || undoManager.openGroupsHoldChange
      savedChangeCount = savedStateDiverged ? nil : saved
      changesSinceAutosave = 0
      lastSaveTime = environment.now()
      if !editedMeanwhile { backend.didSave(self, type) }
    }
  }

  // MARK: - Revert and close

  /// Rereads the document from its file, discarding unsaved changes: the
  /// undo stacks are cleared and the document is clean.
  ///
  /// Every edit made before the call is discarded, including one whose
  /// event was not ended. An edit made after the call (while the revert
  /// waits for a running save, or reads the file) is not: the revert then
  /// throws and changes nothing.
  ///
  /// - Throws: `CocoaError`: `.fileNoSuchFile` for an untitled document;
  ///   `.fileWriteUnknown` with ``DocumentSessionError/Code/unsavedChanges``
  ///   if the document was edited (or an edit undone) since the revert was
  ///   asked for; or the read's error as `open(_:contentType:environment:)`
  ///   reports it. The document is then as it was.
  public func revert() async throws {
    endEventGroup()
    let askedAt = editState
    try await exclusively {
      guard let fileURL else {
        throw CocoaError(
          .untitled, url: nil, message: "an untitled document has no file to revert to",
          reading: true)
      }
      revertStartedAt = askedAt
      defer { revertStartedAt = nil }
      try checkNotEditedDuringRevert()
      let disk = DocumentPath.resolved(fileURL)
      try Self.recoverJournal(at: disk)
      let (document, wrapper) = try await reportingErrors(
        at: fileURL, resolved: disk, reading: true
      ) {
        try await backend.read(disk, contentType, self)
      }
      try checkNotEditedDuringRevert()
      self.document = document
      undoManager.removeAllActions()
      changeCount = 0
      savedChangeCount = 0
      changesSinceAutosave = 0
      revertCount += 1
      recordDisk(wrapper, at: fileURL)
    }
  }

  /// Throws if the document was edited since the running revert was asked
  /// for; a reader that changes the document in place calls it before it
  /// does. A revert that completed meanwhile (one asked for earlier) is not
  /// an edit: what counts is what changed after it.
  func checkNotEditedDuringRevert() throws(CocoaError) {
    guard let start = revertStartedAt else { return }
    let now = editState
    let baseline =
      start.reverts == now.reverts
      ? start : EditState(changeCount: 0, openGroupsHoldChange: false, reverts: now.reverts)
    guard baseline != now else { return }
    throw CocoaError(
      .unsavedChanges, url: fileURL,
      message:
        "the document was edited while it was being reverted; the edit is kept, revert again to discard it"
    )
  }

  /// Closes the document. The open event is ended first, so an edit whose
  /// undo group is still open counts as unsaved.
  ///
  /// A session that is closed still counts changes, so a program that
  /// keeps using it by mistake loses nothing silently.
  ///
  /// - Parameter discardingChanges: Close even with unsaved changes. An
  ///   autosave still serializing the document is then not written.
  /// - Throws: `CocoaError(.fileWriteUnknown)` with
  ///   ``DocumentSessionError/Code/unsavedChanges`` when dirty and not
  ///   discarding.
  public func close(discardingChanges: Bool = false) throws {
    endEventGroup()
    guard !isDirty || discardingChanges else {
      throw CocoaError(
        .unsavedChanges, url: fileURL,
        message: "the document has unsaved changes; save it, or close discarding them")
    }
    isClosed = true
    if let autosaveURL { try? FileManager.default.removeItem(at: autosaveURL) }
    autosaveURL = nil
  }

  // MARK: - Autosave

  /// Autosaves if the document is dirty and the policy's change count or
  /// interval has been reached. A saved document is saved in place; an
  /// untitled one is written to the autosave directory.
  ///
  /// The open event is ended first. While a save, autosave or revert is
  /// running, or after ``close(discardingChanges:)``, nothing is done; the
  /// next event tries again.
  ///
  /// - Returns: Whether an autosave happened.
  @discardableResult
  public func autosaveIfNeeded() async throws -> Bool {
    endEventGroup()
    guard !isBusy, !isClosed else { return false }
    return try await exclusively { try await autosaveNow(whateverThePolicy: false) }
  }

  /// Autosaves now if the document is dirty, whatever the policy says: a
  /// saved document is saved in place; an untitled one is written to the
  /// autosave directory, and keeps autosaving to the same file. A save,
  /// autosave or revert already running is waited for.
  ///
  /// - Returns: Whether an autosave happened.
  @discardableResult
  public func autosave() async throws -> Bool {
    endEventGroup()
    guard !isClosed else { return false }
    return try await exclusively { try await autosaveNow(whateverThePolicy: true) }
  }

  private func autosaveNow(whateverThePolicy: Bool) async throws -> Bool {
    isAutosaving = true
    defer { isAutosaving = false }
    let policy = environment.autosavePolicy
    guard isDirty else { return false }
    let byChanges = policy.changes.map { changesSinceAutosave >= $0 } ?? false
    let byTime =
      policy.interval.map { environment.now().timeIntervalSince(lastSaveTime) >= $0 } ?? false
    guard whateverThePolicy || byChanges || byTime else { return false }
    if fileURL != nil { return try await saveInPlace(force: false) }
    let url = autosaveURL ?? untitledAutosaveURL()
    // Through the file system, each new folder synced into its parent:
    // else a power loss after the autosave could lose the autosave folder,
    // and the autosave in it. Off the main actor, as all blocking file
    // system work: a sync can take long, and the program must stay
    // responsive (and able to close the document) meanwhile.
    let folder = url.deletingLastPathComponent()
    let folderPath = folder.path
    let failure = try await offMainActor { () -> SystemCallError? in
      do throws(SystemCallError) {
        try FileDescriptor.makeDirectories(atPath: folderPath)
        return nil
      } catch {
        return error
      }
    }
    if let error = failure.value {
      throw CocoaError(FileWrapperError(error), writing: true, url: folder)
    }
    let wrote = try await write(to: url, as: contentType, mode: .autosave)
    guard wrote, !isClosed else {
      // Closed, discarding changes, while the autosave ran: leave no
      // autosave to be offered for recovery.
      try? FileManager.default.removeItem(at: url)
      return false
    }
    autosaveURL = url
    changesSinceAutosave = 0
    lastSaveTime = environment.now()
    return true
  }

  private func untitledAutosaveURL() -> URL {
    let name = environment.makeAutosaveName()
    let file = contentType.preferredFilenameExtension.map { "\(name).\($0)" } ?? name
    return environment.autosaveDirectory.appendingPathComponent(file)
  }

  /// Files in `directory` left by untitled documents' autosaves (after a
  /// crash, or a session that ended without closing), oldest name first.
  nonisolated public static func recoverableAutosaves(
    in directory: URL = Environment.defaultAutosaveDirectory
  ) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
  }

  /// Finishes a save of the file or package at `url` that was interrupted
  /// after its commit point, or discards one interrupted before it, and
  /// removes temporary files interrupted writes left beside it. Opening a
  /// document does this first.
  ///
  /// Only leftovers are touched: a journal or temporary file whose lock a
  /// save in progress holds (in this process or another) is left alone, and
  /// a journal is applied only to the package directory it was made for.
  ///
  /// - Returns: Whether a committed save was finished.
  /// - Throws: `CocoaError` naming the path that failed, with the
  ///   ``FileWrapperError`` in `fileWrapperError`.
  @discardableResult
  nonisolated public static func recoverInterruptedSave(
    at url: URL
  ) throws(CocoaError) -> Bool {
    try recoverJournal(at: DocumentPath.resolved(url))
  }

  /// After a recovery: the document read from an autosave is untitled and
  /// dirty, and keeps autosaving to the same file.
  func adoptRecoveredAutosave(at url: URL) {
    fileURL = nil
    autosaveURL = url
    savedChangeCount = nil
    lastWrapper = nil
    manifest = nil
    diskStamp = nil
  }
}

extension DocumentSession.WriteMode {
  var overwrites: Bool {
    switch self {
    case .adopt(let overwrite), .copy(let overwrite): overwrite
    case .inPlace, .autosave: true
    }
  }
}
