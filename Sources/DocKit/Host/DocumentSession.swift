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
///     let session = try await DocumentSession.open(url, as: NoteCollectionDocument.self)
///     try session.perform { try $0.editNote(id: "tram", text: "Take the 28") }
///     session.endEvent()
///     try await session.save()
///
/// Change tracking follows NSDocument: the change count follows the undo
/// manager's notifications, and the saved point lives in the undo stack, so
/// undoing back to it makes the document clean again.
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
  private var savedChangeCount: Int? = 0
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
  private var diskIdentity: DiskIdentity?
  /// Where an untitled document autosaves.
  public private(set) var autosaveURL: URL?

  private var observers: [any NSObjectProtocol] = []
  /// While a save runs (it may suspend, and edits may go on), the change
  /// count it started from, and whether that state was undone and then
  /// changed meanwhile, so it can no longer be the saved point.
  private var savingFromChangeCount: Int?
  private var savedStateDiverged = false
  private var closingGroupIsDiscardable = false

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

  isolated deinit {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }

  /// Whether the document has changes that are not saved.
  public var isDirty: Bool { savedChangeCount != changeCount }

  /// The types this document can be opened as.
  public var readableContentTypes: [UTType] { backend.readableContentTypes }
  /// The types this document can be saved or exported as.
  public var writableContentTypes: [UTType] { backend.writableContentTypes }

  // MARK: - Change tracking

  private func observeUndoManager() {
    let center = NotificationCenter.default
    let names: [Notification.Name] = [
      .NSUndoManagerWillCloseUndoGroup, .NSUndoManagerDidCloseUndoGroup,
      .NSUndoManagerDidUndoChange,
      .NSUndoManagerDidRedoChange,
    ]
    for name in names {
      observers.append(
        center.addObserver(forName: name, object: undoManager, queue: nil) {
          [weak self] notification in
          let discardable = notification.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool
          let name = notification.name
          MainActor.assumeIsolated { self?.undoManagerPosted(name, discardable: discardable) }
        })
    }
  }

  private func undoManagerPosted(_ name: Notification.Name, discardable: Bool?) {
    switch name {
    case .NSUndoManagerWillCloseUndoGroup:
      closingGroupIsDiscardable = discardable ?? false
    case .NSUndoManagerDidCloseUndoGroup:
      // Only a top-level group that reached the undo stack is a change.
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
      if !undoManager.redoActionIsDiscardable { changeCount -= 1 }
      changesSinceAutosave += 1
    case .NSUndoManagerDidRedoChange:
      if !undoManager.undoActionIsDiscardable { changeCount += 1 }
      changesSinceAutosave += 1
    default:
      break
    }
  }

  /// Ends one user action: closes the undo group it opened, then autosaves
  /// if the policy says so. The interpreter calls this after each command.
  ///
  /// - Returns: Whether an autosave happened.
  @discardableResult
  public func endEvent() async throws -> Bool {
    undoManager.markEventBoundary()
    return try await autosaveIfNeeded()
  }

  // MARK: - Disk state

  private func recordDisk(_ wrapper: FileWrapper?, at url: URL, manifest known: DiskManifest? = nil)
  {
    lastWrapper = wrapper
    manifest = known ?? wrapper.flatMap { $0.isDirectory ? DiskManifest(tree: $0) : nil }
    diskIdentity = (try? FileWrapper.filePath(of: url)).flatMap {
      try? FileStatus.of($0, in: nil, path: $0).identity
    }
  }

  /// Whether the file at ``fileURL`` is no longer the one the session last
  /// read or wrote (another inode, size or modification time).
  public var hasConflict: Bool {
    guard let fileURL, let path = try? FileWrapper.filePath(of: fileURL) else { return false }
    let now = try? FileStatus.of(path, in: nil, path: path).identity
    return now != diskIdentity
  }

  // MARK: - Saving

  /// Saves the document to its file if it has unsaved changes.
  ///
  /// A single file is replaced atomically (temporary, fsync, rename,
  /// directory fsync), keeping its permissions. A package is updated in
  /// place through a journal: O(k) for k changed files, all or nothing.
  ///
  /// - Parameter force: Save even if the file changed on disk since it was
  ///   read, replacing the other version.
  /// - Throws: ``DocumentSessionError/Code/untitled``,
  ///   ``DocumentSessionError/Code/conflict``, or the error that stopped the
  ///   write; the file is then as it was and the document still dirty.
  public func save(force: Bool = false) async throws {
    guard let fileURL else {
      throw DocumentSessionError(
        .untitled, url: nil, message: "the document is untitled; use save as")
    }
    guard isDirty || force else { return }
    if try PackageJournal.recover(packageAt: fileURL, removingTemporaryFiles: false),
      let path = try? FileWrapper.filePath(of: fileURL)
    {
      // This session's own committed save was finished: that is not
      // another program's change.
      diskIdentity = try? FileStatus.of(path, in: nil, path: path).identity
    }
    guard force || !hasConflict else {
      throw DocumentSessionError(
        .conflict, url: fileURL,
        message: "the file changed on disk since it was opened or saved; revert, or save with force"
      )
    }
    try await write(to: fileURL, as: contentType, mode: .inPlace)
  }

  /// Saves the document to `url` as `contentType` and makes that its file.
  ///
  /// The whole tree is written. Unchanged files are cloned from the
  /// current file where the file system can share data copy-on-write
  /// (`FICLONE`: btrfs, XFS), else copied by the kernel; never hard-linked,
  /// so the two documents share no inode.
  ///
  /// - Throws: ``DocumentSessionError/Code/fileExists`` if `url` exists
  ///   and `overwrite` is false.
  public func save(as url: URL, contentType: UTType? = nil, overwrite: Bool = false) async throws {
    let type = try writableType(contentType ?? self.contentType)
    try await write(to: url, as: type, mode: .adopt(overwrite: overwrite))
  }

  /// Writes a copy to `url`, leaving the document's file, type and
  /// unsaved state as they are. Like ``save(as:contentType:overwrite:)``,
  /// the copy shares no inode with the document's file.
  public func save(to url: URL, contentType: UTType? = nil, overwrite: Bool = false) async throws {
    let type = try writableType(contentType ?? self.contentType)
    try await write(to: url, as: type, mode: .copy(overwrite: overwrite))
  }

  func writableType(_ type: UTType) throws(DocumentSessionError) -> UTType {
    guard backend.writableContentTypes.contains(where: type.conforms(to:)) else {
      throw DocumentSessionError(
        .unsupportedContentType, url: nil,
        message: "the document cannot be written as \(type.identifier) (it writes "
          + backend.writableContentTypes.map(\.identifier).joined(separator: ", ") + ")")
    }
    return type
  }

  enum WriteMode {
    case inPlace
    case adopt(overwrite: Bool)
    case copy(overwrite: Bool)
    case autosave
  }

  /// The one write path: serialize, then commit by the cheapest safe means.
  func write(to url: URL, as type: UTType, mode: WriteMode) async throws {
    let samePlace = url.standardizedFileURL == fileURL?.standardizedFileURL
    let existing = samePlace || fileURL != nil ? lastWrapper : nil
    let original = fileURL
    let changeCountAtStart = changeCount
    savingFromChangeCount = changeCountAtStart
    savedStateDiverged = false
    defer { savingFromChangeCount = nil }
    if let writeDirectly = backend.writeDirectly {
      if case .inPlace = mode {
      } else if FileManager.default.fileExists(atPath: url.path), !mode.overwrites {
        throw DocumentSessionError(.fileExists, url: url, message: "the file already exists")
      }
      try await writeDirectly(self, type, url)
      finishWrite(to: url, as: type, mode: mode, wrapper: nil, changeCount: changeCountAtStart)
      return
    }
    guard let makeWrapper = backend.makeWrapper else { return }
    let wrapper = try await makeWrapper(self, type, type == contentType ? existing : nil)
    let box = UncheckedSendable(value: wrapper)
    let inPlace = if case .inPlace = mode { true } else { false }
    let manifest = inPlace && samePlace && type == contentType ? self.manifest : nil
    let keepPermissions = samePlace ? diskPermissions(of: url) : nil
    let saved = try await offMainActor { () throws -> DiskManifest? in
      let wrapper = box.value
      // Finish (or discard) an earlier interrupted save of `url` first, so
      // its journal is never applied over what this write puts there.
      // (`save()` has already done so for its own file.)
      if !inPlace { try PackageJournal.recover(packageAt: url, removingTemporaryFiles: false) }
      if let manifest, wrapper.isDirectory {
        return try PackageJournal.save(wrapper, at: url, manifest: manifest)
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
              .fileExists, url: url,
              message: "the file already exists; save with overwrite to replace it")
          } catch {
            throw error
          }
        }
      }
      return nil
    }
    finishWrite(
      to: url, as: type, mode: mode, wrapper: wrapper, changeCount: changeCountAtStart,
      manifest: saved.value)
  }

  private func diskPermissions(of url: URL) -> UInt16? {
    guard let path = try? FileWrapper.filePath(of: url) else { return nil }
    return try? FileStatus.of(path, in: nil, path: path).permissions
  }

  private func finishWrite(
    to url: URL, as type: UTType, mode: WriteMode, wrapper: FileWrapper?, changeCount saved: Int,
    manifest: DiskManifest? = nil
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
      recordDisk(wrapper, at: url, manifest: manifest)
      savedChangeCount = savedStateDiverged ? nil : saved
      changesSinceAutosave = 0
      lastSaveTime = environment.now()
      backend.didSave(self, type)
    }
  }

  // MARK: - Revert and close

  /// Rereads the document from its file, discarding unsaved changes: the
  /// undo stacks are cleared and the document is clean.
  public func revert() async throws {
    guard let fileURL else {
      throw DocumentSessionError(
        .untitled, url: nil, message: "an untitled document has no file to revert to")
    }
    try PackageJournal.recover(packageAt: fileURL)
    let (document, wrapper) = try await backend.read(fileURL, contentType, self)
    self.document = document
    undoManager.removeAllActions()
    changeCount = 0
    savedChangeCount = 0
    changesSinceAutosave = 0
    recordDisk(wrapper, at: fileURL)
  }

  /// Closes the document.
  ///
  /// - Parameter discardingChanges: Close even with unsaved changes.
  /// - Throws: ``DocumentSessionError/Code/unsavedChanges`` when dirty and
  ///   not discarding.
  public func close(discardingChanges: Bool = false) throws {
    guard !isDirty || discardingChanges else {
      throw DocumentSessionError(
        .unsavedChanges, url: fileURL,
        message: "the document has unsaved changes; save it, or close discarding them")
    }
    if let autosaveURL { try? FileManager.default.removeItem(at: autosaveURL) }
    autosaveURL = nil
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
  }

  // MARK: - Autosave

  /// Autosaves if the document is dirty and the policy's change count or
  /// interval has been reached. A saved document is saved in place; an
  /// untitled one is written to the autosave directory.
  @discardableResult
  public func autosaveIfNeeded() async throws -> Bool {
    let policy = environment.autosavePolicy
    guard isDirty else { return false }
    let byChanges = policy.changes.map { changesSinceAutosave >= $0 } ?? false
    let byTime =
      policy.interval.map { environment.now().timeIntervalSince(lastSaveTime) >= $0 } ?? false
    guard byChanges || byTime else { return false }
    if fileURL != nil {
      try await save()
    } else {
      let url = autosaveURL ?? untitledAutosaveURL()
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try await write(to: url, as: contentType, mode: .autosave)
      autosaveURL = url
      changesSinceAutosave = 0
      lastSaveTime = environment.now()
    }
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
  /// - Returns: Whether a committed save was finished.
  @discardableResult
  nonisolated public static func recoverInterruptedSave(
    at url: URL
  ) throws(FileWrapperError) -> Bool {
    try PackageJournal.recover(packageAt: url)
  }

  /// After a recovery: the document read from an autosave is untitled and
  /// dirty, and keeps autosaving to the same file.
  func adoptRecoveredAutosave(at url: URL) {
    fileURL = nil
    autosaveURL = url
    savedChangeCount = nil
    lastWrapper = nil
    manifest = nil
    diskIdentity = nil
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
