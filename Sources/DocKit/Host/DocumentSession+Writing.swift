public import Foundation

// Writing: save, save as, save to, and the one write path under them.

extension DocumentSession {
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
  /// A clean document is written too if what it would write differs from
  /// its file: its model changed without telling its undo manager. The
  /// save then says so in ``writeNotices``. Not Apple API: on Apple
  /// platforms such an edit is lost unless the app marks the document
  /// edited.
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
    try await exclusively { try await saveExplicitly(force: force) }
  }

  /// Returns whether it wrote. A clean document is written only with
  /// `force` or `evenIfClean`.
  @discardableResult
  func saveInPlace(force: Bool, evenIfClean: Bool = false) async throws -> Bool {
    guard !isUntitled, let fileURL else {
      throw CocoaError(
        .untitled, url: nil, message: "the document is untitled; use save as")
    }
    guard isDirty || force || evenIfClean else { return false }
    let disk: URL
    do {
      disk = try DocumentPath.resolved(fileURL)
    } catch {
      throw CocoaError(error.namingDocument(at: fileURL), writing: true, url: fileURL)
    }
    // The write's one recovery of interrupted saves, here rather than in
    // its commit: this session's own committed save, finished now, is not
    // another program's change.
    // The path is resolved once for the whole save: the recovery, the
    // destination, the conflict check, the plan and the record after it
    // all use this resolution.
    let diskPath = try? FileWrapper.filePath(of: disk)
    let recovery = try Self.recoverJournal(at: disk, removingTemporaryFiles: false)
    if recovery.rolledForward, let diskPath {
      diskStamp = FileChangeStamp.of(path: diskPath)
    }
    let mode = WritePlan.Mode.inPlace(force: force)
    // What stands at the file now is decided first: a folder, a FIFO or a
    // device that took the file's place is refused as such, never reported
    // as a conflict that forcing would override. The write goes ahead on
    // this decision; its commit checks again what it replaces.
    let destination = try await reportingErrors(at: fileURL, resolved: disk, reading: false) {
      try await decideDestination(
        fileURL, disk: disk, ownFile: disk, samePlace: true, type: contentType, mode: mode)
    }
    guard force || !hasConflict(atPath: diskPath) else {
      throw CocoaError(
        .conflict, url: fileURL,
        message: "the file changed on disk since it was opened or saved",
        recoverySuggestion: DocumentSessionError.conflictSuggestion)
    }
    return try await write(
      to: fileURL, as: contentType, mode: mode, recovery: recovery,
      decided: WritePlan.Decision(disk: disk, destination: destination))
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
    try await save(as: url, contentType: contentType, overwrite: overwrite, force: false)
  }

  /// ``save(as:contentType:overwrite:)``, replacing a read-only file
  /// at `url` too when `force` is true (its mode is kept). Not Apple API:
  /// an Apple host asks the user to unlock the file.
  public func save(
    as url: URL, contentType: UTType? = nil, overwrite: Bool = false, force: Bool
  ) async throws {
    try await saveElsewhere(
      url, contentType: contentType, mode: .saveAs(overwrite: overwrite, force: force))
  }

  /// Writes a copy to `url`, leaving the document's file, type and
  /// unsaved state as they are. The open event is ended first, so the copy
  /// holds every edit made so far; like ``save(as:contentType:overwrite:)``,
  /// the copy shares no inode with the document's file.
  ///
  /// - Throws: As ``save(as:contentType:overwrite:)``.
  public func save(to url: URL, contentType: UTType? = nil, overwrite: Bool = false) async throws {
    try await save(to: url, contentType: contentType, overwrite: overwrite, force: false)
  }

  /// ``save(to:contentType:overwrite:)``, replacing a read-only file at
  /// `url` too when `force` is true. Not Apple API.
  public func save(
    to url: URL, contentType: UTType? = nil, overwrite: Bool = false, force: Bool
  ) async throws {
    try await saveElsewhere(
      url, contentType: contentType, mode: .saveTo(overwrite: overwrite, force: force))
  }

  /// Save as and save to: ends the open event, checks the type, and
  /// writes in the session's turn.
  private func saveElsewhere(_ url: URL, contentType: UTType?, mode: WritePlan.Mode) async throws {
    endEventGroup()
    let type = try writableType(contentType ?? self.contentType, for: url)
    try await exclusively { try await write(to: url, as: type, mode: mode) }
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

  /// The one write path: plans the write on the main actor, serializes
  /// the document, and commits the plan off the main actor, or, for a
  /// small single file (``DocumentEnvironment/inlineSaveLimit``), on it.
  /// `write(to:as:mode:recovery:)` calls it and reports its errors. The
  /// caller holds the session's turn (``exclusively(_:)``).
  ///
  /// - Parameter recovery: The recovery of interrupted saves the caller
  ///   already ran for `url`; nil if the commit is to run it.
  /// - Returns: Whether it wrote: false only for an autosave stopped by a
  ///   close.
  /// - Parameter decided: Where `url` leads and what stands there, if
  ///   the caller already decided it through the destination policy for
  ///   this write; nil if the plan is to decide it.
  func serializeAndCommit(
    to url: URL, as type: UTType, mode: WritePlan.Mode, recovery: PackageJournal.Recovery?,
    decided: WritePlan.Decision? = nil
  ) async throws -> Bool {
    // Edits made while this write waited for its turn are written too.
    endEventGroup()
    let plan = try await planWrite(
      to: url, as: type, mode: mode, recovery: recovery, decided: decided)
    let changeCountAtStart = changeCount
    savingFromChangeCount = changeCountAtStart
    savedStateDiverged = false
    defer { savingFromChangeCount = nil }
    if let writeDirectly = backend.writeDirectly {
      if isAutosaving, isClosed { return false }
      do {
        try await writeDirectly(self, type, plan.disk)
      } catch {
        throw plan.toldOfTheDocument(error, writing: nil)
      }
      finishWrite(
        to: url, disk: plan.disk, as: type, mode: mode, wrapper: nil,
        changeCount: changeCountAtStart)
      return true
    }
    guard let makeWrapper = backend.makeWrapper else { return false }
    let existing = plan.samePlace || fileURL != nil ? lastWrapper : nil
    // Serialized off the main actor, where SwiftUI runs a document's
    // `fileWrapper`: a model may reach main-actor state from it with
    // `DispatchQueue.main.sync`.
    let wrapper = try await makeWrapper(self, type, type == contentType ? existing : nil)
    // A document closed discarding its changes while the autosave
    // serialized it is not written.
    if isAutosaving, isClosed { return false }
    // Wrappers of this tree changed from here on (by an edit while this
    // writes) are not what the disk will hold: see recordDisk. Only a tree
    // written in full compares its directories (O(N), as its write is); an
    // in-place package save tracks the directories it planned itself.
    let changesAtStart = TreeChangeSnapshot(
      wrapper, comparingDirectories: plan.manifest == nil && wrapper.isDirectory)
    // A small single file is written here, on the main actor, without
    // suspending: the hand-offs to another thread and back are a large
    // part of such a save's cost beyond its `fsync`s (see
    // `DocumentEnvironment.inlineSaveLimit`).
    let inlineLimit =
      isAutosaving || type.conforms(to: .directory) ? 0 : environment.inlineSaveLimit
    let record: WriteRecord
    if inlineLimit > 0, wrapper.isRegularFile, let size = wrapper.regularFileSize,
      size <= inlineLimit
    {
      record = try plan.commit(wrapper)
    } else {
      let box = UncheckedSendable(value: wrapper)
      record = try await offMainActor {
        try plan.commit(box.value)
      }.value
    }
    finishWrite(
      to: url, disk: plan.disk, as: type, mode: mode, wrapper: wrapper,
      changeCount: changeCountAtStart,
      record: record, changesAtStart: changesAtStart)
    return true
  }

  /// Decides a write to `url` as `type` in `mode`, before anything is
  /// serialized or written: where the path leads (a save through a link
  /// replaces the target and keeps the link; errors name `url` as given),
  /// what stands there, through the destination policy, and how the tree
  /// is committed. `decided` is that decision, if the caller (a save in
  /// place) already made it for this write: the path is then not resolved
  /// or inspected again.
  func planWrite(
    to url: URL, as type: UTType, mode: WritePlan.Mode, recovery: PackageJournal.Recovery?,
    decided: WritePlan.Decision? = nil
  ) async throws -> WritePlan {
    let disk = try decided?.disk ?? DocumentPath.resolved(url)
    let ownFile = fileURL == url ? disk : try fileURL.map(DocumentPath.resolved)
    // The same URL is the same place without being standardized (a save
    // in place passes the document's own resolution).
    let samePlace =
      ownFile == disk || disk.standardizedFileURL == ownFile?.standardizedFileURL
    // Every save, save as, save to, export and autosave decides what it
    // may replace through the one destination policy, and checks it again
    // where it replaces it (see `DestinationPolicy`).
    let destination: WriteDestination
    if let decided {
      destination = decided.destination
    } else {
      destination = try await decideDestination(
        url, disk: disk, ownFile: ownFile, samePlace: samePlace, type: type, mode: mode)
    }
    // A forced save writes the whole tree: the package on disk is another
    // program's version, which an in-place save of the changed files
    // would leave half-replaced (a note it removed, still listed).
    let journaled = mode == .inPlace(force: false) && samePlace && type == contentType
    return WritePlan(
      mode: mode, url: url, disk: disk, original: ownFile, samePlace: samePlace, type: type,
      destination: destination, manifest: journaled ? manifest : nil,
      keepPermissions: samePlace ? try keptPermissions(of: disk, at: destination) : nil,
      recovery: recovery,
      replacedFileCacheDroppingSize: environment.dropsReplacedFileCache
        ? environment.replacedFileCacheDroppingSize : nil)
  }

  /// What stands at `url` (as the caller named it), decided through the
  /// destination policy for a write in `mode` of `type`: returns it if the
  /// write may go ahead, and throws the refusal otherwise. A folder is a
  /// document package only if this document's type reads it; the
  /// document's own package is, without being read again.
  ///
  /// The write's notices (a file with other hard links) are kept in
  /// ``writeNotices``. `disk` is where `url` leads (``DocumentPath``
  /// resolved it), and `ownFile` where the document's own file does.
  func decideDestination(
    _ url: URL, disk: URL, ownFile: URL?, samePlace: Bool, type: UTType, mode: WritePlan.Mode
  ) async throws -> WriteDestination {
    let writesPackage = type.conforms(to: .directory)
    // A few `lstat`s, on the main actor as the path's resolution always
    // was: a write suspends first where it serializes, so that edits made
    // meanwhile are seen as made during the save. Only a folder that may be
    // a package of this type is read, off the main actor by the reader.
    // A confined session writes only where its rule allows, wherever the
    // path leads.
    try environment.confinement?.check(.write, url)
    var destination = try WriteDestination.inspect(
      url, resolved: disk, context: .init(documentFile: fileURL),
      resolvedDocumentFile: fileURL == nil ? nil : ownFile)
    if destination.kind == .folder, writesPackage {
      let ownAutosave = try autosaveURL.map(DocumentPath.resolved)
      // The document's own package is one without being read again while
      // it is unchanged on disk, or still holds names the session wrote:
      // changes inside it are conflicts of content. A folder that took its
      // place must read as this type (else it is refused as a folder, not
      // reported as a conflict that forcing would resolve).
      let ownPlace = samePlace || destination.resolvedURL.path == ownAutosave?.path
      if ownPlace
        && (!(mode.force
          || hasConflict(atPath: ownFile.flatMap { try? FileWrapper.filePath(of: $0) }))
          || holdsOwnNames(destination.resolvedURL))
      {
        destination.kind = .documentPackage
      } else if (try? await backend.read(destination.resolvedURL, type, nil)) != nil {
        destination.kind = .documentPackage
      }
    }
    // A link on the way that now leads elsewhere makes this path another
    // file: forcing overrides a change of content, never of place.
    if samePlace, let known = diskPath, known != destination.resolvedURL.path {
      throw DocumentSessionError(
        .destinationNotReplaceable, url: url,
        message:
          "this now leads to \(destination.resolvedURL.path), not to \(known), which the document was read from or saved to; it is left as it is"
      )
    }
    // An untitled document's autosave is a file of its own folder, never
    // reached through a link.
    if case .autosave = mode, !samePlace, destination.isThroughLink {
      throw DocumentSessionError(
        .destinationNotReplaceable, url: url,
        message: "the autosave is a symbolic link; an autosave is never written through one")
    }
    let write: DestinationPolicy.Write
    var flags: DestinationPolicy.Flags = []
    switch mode {
    case .inPlace: write = samePlace ? .save : .saveAs
    case .autosave: write = .autosave
    case .saveAs:
      write = .saveAs
      if mode.overwrites { flags.insert(.replace) }
    case .saveTo:
      write = .saveTo
      if mode.overwrites { flags.insert(.replace) }
    }
    if mode.force { flags.insert(.force) }
    do {
      try DestinationPolicy.check(
        write, at: destination, flags: flags, writesPackage: writesPackage)
    } catch {
      var refusal = error
      refusal.url = url
      if refusal.code == .readOnlyFile, write == .save {
        refusal.recoverySuggestion = DocumentSessionError.readOnlySuggestion
      }
      throw refusal
    }
    writeNotices = DestinationPolicy.notices(for: destination)
    return destination
  }

  /// Whether the folder at `url` holds one of the first 64 names of the
  /// package the session last read or wrote (or the session knows no
  /// name): a folder another program put in its place holds none. One
  /// `lstat` a name, through ``FileSystemContext/current``.
  private func holdsOwnNames(_ url: URL) -> Bool {
    guard let names = lastWrapper?.fileWrappers?.keys.sorted().prefix(64), !names.isEmpty
    else { return true }
    let folder = url.path
    return names.contains { name in
      (try? FileStatus.of(folder + "/" + name, in: nil, path: folder)) != nil
    }
  }

  /// The permissions a file written over the document's own file at
  /// `disk` keeps: the ones `destination` (what stands there) holds for a
  /// file, else those `lstat` finds (``diskPermissions(of:)``).
  private func keptPermissions(
    of disk: URL, at destination: WriteDestination
  ) throws(FileWrapperError) -> UInt16? {
    if destination.kind == .file, let permissions = destination.permissions {
      return permissions
    }
    return try diskPermissions(of: disk)
  }

  /// The permissions of the file at `url`; nil if there is none.
  ///
  /// - Throws: ``FileWrapperError`` when `lstat` fails otherwise: read as
  ///   "no file", the save would give the file the new-file permissions.
  func diskPermissions(of url: URL) throws(FileWrapperError) -> UInt16? {
    let path = try FileWrapper.filePath(of: url)
    do throws(SystemCallError) {
      return try FileStatus.of(path, in: nil, path: path).permissions
    } catch  where error.errno == ENOENT {
      return nil
    } catch {
      throw FileWrapperError(error)
    }
  }

  /// Records a finished write to `url`, which led to `disk`.
  func finishWrite(
    to url: URL, disk: URL, as type: UTType, mode: WritePlan.Mode, wrapper: FileWrapper?,
    changeCount saved: Int,
    record: WriteRecord? = nil, changesAtStart: TreeChangeSnapshot? = nil
  ) {
    switch mode {
    case .saveTo:
      return
    case .autosave where isUntitled:
      return
    case .inPlace, .saveAs, .autosave:
      let wasUntitledAutosave = autosaveURL
      if case .saveAs = mode {
        fileURL = url
        contentType = type
        if let wasUntitledAutosave {
          try? FileDescriptor.removeItem(atPath: wasUntitledAutosave.path)
        }
        autosaveURL = nil
      }
      recordDisk(
        wrapper, at: url, resolved: disk, record: record, changesAtStart: changesAtStart)
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
}
