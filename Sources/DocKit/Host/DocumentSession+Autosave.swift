public import Foundation

// Autosave, and the autosaves untitled documents leave for recovery.

extension DocumentSession {
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

  func autosaveNow(whateverThePolicy: Bool) async throws -> Bool {
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
      try? FileDescriptor.removeItem(atPath: url.path)
      return false
    }
    autosaveURL = url
    changesSinceAutosave = 0
    lastSaveTime = environment.now()
    return true
  }

  func untitledAutosaveURL() -> URL {
    let name = environment.makeAutosaveName()
    let file = contentType.preferredFilenameExtension.map { "\(name).\($0)" } ?? name
    return environment.autosaveDirectory.appendingPathComponent(file)
  }

  /// Files in `directory` left by untitled documents' autosaves (after a
  /// crash, or a session that ended without closing), oldest name first.
  nonisolated public static func recoverableAutosaves(
    in directory: URL = DocumentHost.current.autosaveDirectory
  ) -> [URL] {
    let entries = (try? FileDescriptor.entryNames(atPath: directory.path)) ?? []
    let names = entries.compactMap { String(validating: $0, as: UTF8.self) }
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
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
