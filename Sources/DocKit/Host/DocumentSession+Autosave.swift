public import Foundation
import Glibc

// Autosave, and the autosaves untitled documents leave for recovery.

extension DocumentSession {
  /// Autosaves if the document is dirty and ``autosavePolicy``'s change
  /// count or interval has been reached. A saved document is saved in place; an
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
    guard autosavePolicy != .never, !isBusy, !isClosed else { return false }
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

  func autosaveNow(whateverThePolicy: Bool) async throws -> Bool {
    isAutosaving = true
    defer { isAutosaving = false }
    let policy = autosavePolicy
    guard isDirty else { return false }
    let byChanges = policy.changes.map { changesSinceAutosave >= $0 } ?? false
    let byTime =
      policy.interval.map { environment.now().timeIntervalSince(lastSaveTime) >= $0 } ?? false
    guard whateverThePolicy || byChanges || byTime else { return false }
    if !isUntitled { return try await saveInPlace(force: false) }
    let url = try await prepareUntitledAutosave()
    // Everything the autosave creates is the owner's alone (files 0600,
    // folders 0700), whatever the document's own modes: it holds unsaved
    // work, in a folder of this user's.
    let ownerOnly = OwnerOnlyFileSystem(base: FileSystemContext.current)
    let wrote = try await FileSystemContext.$current.withValue(ownerOnly) {
      try await write(to: url, as: contentType, mode: .autosave)
    }
    guard wrote, !isClosed else {
      // Closed, discarding changes, while the autosave ran: leave no
      // autosave to be offered for recovery.
      try? FileDescriptor.removeItem(atPath: url.path)
      return false
    }
    autosaveURL = url
    changesSinceAutosave = 0
    lastSaveTime = environment.now()
    return true
  }

  /// Makes the autosave folder if it is missing and checks it, off the
  /// main actor; returns where this untitled document autosaves: where it
  /// did before, else a new name in ``Environment/autosaveDirectory`` that
  /// nothing is at yet.
  ///
  /// The folder, and each missing folder above it, is made with mode
  /// 0700, through the file system, each new folder synced into its
  /// parent: else a power loss after the autosave could lose the autosave
  /// folder, and the autosave in it. Off the main actor, as all blocking
  /// file system work: a sync can take long, and the program must stay
  /// responsive (and able to close the document) meanwhile.
  ///
  /// - Throws: `CocoaError` with ``DocumentSessionError/Code/unsafeAutosaveFolder``
  ///   when the folder (a link is followed to it) belongs to another user
  ///   or others may write in it; with the system call's error when it
  ///   cannot be made.
  func prepareUntitledAutosave() async throws -> URL {
    let known = autosaveURL
    let folder = known?.deletingLastPathComponent() ?? environment.autosaveDirectory
    let makeName = environment.makeAutosaveName
    let pathExtension = contentType.preferredFilenameExtension
    let prepared = try await offMainActor { () throws(CocoaError) -> URL in
      let descriptor: FileDescriptor
      do throws(SystemCallError) {
        descriptor = try FileDescriptor.openMakingDirectories(atPath: folder.path, mode: 0o700)
      } catch {
        throw CocoaError(FileWrapperError(error), writing: true, url: folder)
      }
      try Self.checkAutosaveFolder(descriptor, at: folder)
      if let known { return known }
      return Self.freeAutosaveURL(in: folder, name: makeName(), pathExtension: pathExtension)
    }
    return prepared.value
  }

  /// Refuses an autosave folder that another user owns, or that its group
  /// or everyone may write in: its files could be read, replaced or
  /// linked elsewhere. A folder of this user's with more than 0700 (one an
  /// earlier version made 0755) is narrowed to 0700.
  nonisolated static func checkAutosaveFolder(
    _ descriptor: FileDescriptor, at folder: URL, narrowing: Bool = true
  ) throws(CocoaError) {
    let path = folder.path
    var raw = stat()
    guard FileSystemContext.current.fstat(descriptor.rawValue, &raw) == 0 else {
      throw CocoaError(
        FileWrapperError(SystemCallError(systemCall: "fstat", errno: errno, path: path)),
        writing: true, url: folder)
    }
    let permissions = UInt16(raw.st_mode & 0o7777)
    if raw.st_uid != geteuid() {
      throw CocoaError(
        .unsafeAutosaveFolder, url: folder,
        message: "the autosave folder belongs to another user (uid \(raw.st_uid))",
        recoverySuggestion: "remove it, or set XDG_STATE_HOME to a folder of your own")
    }
    if permissions & 0o022 != 0 {
      throw CocoaError(
        .unsafeAutosaveFolder, url: folder,
        message:
          "the autosave folder may be written by others (mode 0\(String(permissions, radix: 8)))",
        recoverySuggestion: "make it private: chmod 700")
    }
    guard narrowing, permissions & 0o077 != 0 else { return }
    do throws(SystemCallError) {
      try descriptor.setPermissions(0o700, path: path)
    } catch {
      throw CocoaError(FileWrapperError(error), writing: true, url: folder)
    }
  }

  /// Checks the autosave folder at `folder` as an autosave does before it
  /// writes there (`checkAutosaveFolder(_:at:narrowing:)`), without
  /// changing it: for a program about to read what is in it. A missing
  /// folder passes.
  nonisolated public static func checkAutosaveFolder(at folder: URL) throws(CocoaError) {
    let descriptor: FileDescriptor
    do throws(SystemCallError) {
      descriptor = try FileDescriptor.open(
        folder.path, in: nil, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, path: folder.path)
    } catch  where error.errno == ENOENT {
      return
    } catch {
      throw CocoaError(FileWrapperError(error), writing: false, url: folder)
    }
    try checkAutosaveFolder(descriptor, at: folder, narrowing: false)
  }

  /// Moves the autosave at `url` to `newURL` in the same folder, never
  /// over anything (`renameat2` with `RENAME_NOREPLACE`), and syncs the
  /// folder: how a program takes over an autosave it recovers, so that
  /// the program that wrote it, if it still runs, and this one never
  /// write the same file.
  nonisolated public static func moveAutosave(at url: URL, to newURL: URL) throws(CocoaError) {
    let folderPath = url.deletingLastPathComponent().path
    do throws(SystemCallError) {
      let folder = try FileDescriptor.open(
        folderPath, in: nil, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, path: folderPath)
      try folder.rename(
        url.lastPathComponent, to: newURL.lastPathComponent, mode: .noReplace, path: url.path)
      try folder.sync(path: folderPath)
    } catch {
      throw CocoaError(FileWrapperError(error), writing: true, url: url)
    }
  }

  /// `name` with `pathExtension` in `folder`, or, if something is already
  /// there (an autosave another process left under a name this one
  /// reuses), the first of `name-2`, `name-3`… that is free: an autosave
  /// never replaces one it did not write.
  nonisolated public static func freeAutosaveURL(
    in folder: URL, name: String, pathExtension: String?
  ) -> URL {
    func url(_ candidate: String) -> URL {
      folder.appendingPathComponent(pathExtension.map { "\(candidate).\($0)" } ?? candidate)
    }
    for number in 1...10_000 {
      let candidate = url(number == 1 ? name : "\(name)-\(number)")
      if !FileDescriptor.itemExists(atPath: candidate.path) { return candidate }
    }
    return url("\(name)-\(UUID().uuidString)")
  }

  /// Files in `directory` left by untitled documents' autosaves (after a
  /// crash, or a session that ended without closing), oldest name first.
  /// Only files and packages count: a symbolic link, a FIFO or a device
  /// is never an autosave, and is never read or written as one.
  nonisolated public static func recoverableAutosaves(
    in directory: URL = DocumentHost.current.autosaveDirectory
  ) -> [URL] {
    let entries = (try? FileDescriptor.entryNames(atPath: directory.path)) ?? []
    let names = entries.compactMap { String(validating: $0, as: UTF8.self) }
    return names.filter { name in
      guard !name.hasPrefix(".") else { return false }
      let path = directory.path + "/" + name
      let kind = (try? FileStatus.of(path, in: nil, path: path))?.kind
      return kind == .regular || kind == .directory
    }.sorted().map { directory.appendingPathComponent($0) }
  }

  /// After a recovery: the document read from an autosave is untitled and
  /// dirty, and keeps autosaving to the same file, which goes when it is
  /// saved as a file of its own or closed. What `recover(autosaveAt:)`
  /// does after opening `url`; DocScript's `recover` calls it on a session
  /// of any kind.
  public func adoptRecoveredAutosave(at url: URL) {
    fileURL = nil
    autosaveURL = url
    savedChangeCount = nil
    lastWrapper = nil
    manifest = nil
    diskStamp = nil
  }
}
