public import Foundation

// What the session last saw on disk, conflict detection, and recovery of
// interrupted saves.

extension DocumentSession {
  /// Records what is on disk at `url` after a read or a write of `wrapper`.
  ///
  /// After an in-place package save, `planned` holds the directories its
  /// plan walked: they are recorded as in sync with the manifest (which
  /// the save updated in place), except for changes made since the plan
  /// (see ``PackageJournal/markInSync(_:with:)``). After any other read or
  /// write the manifest is made anew from the tree, unless the tree
  /// changed since `changesAtStart` was taken: a tree edited while it was
  /// written is not what the disk holds, so it gets no manifest, which
  /// makes the next save a full atomic write. A change to wrappers of
  /// another tree does not count (see ``TreeChangeSnapshot``).
  func recordDisk(
    _ wrapper: FileWrapper?, at url: URL, planned: [PackageJournal.PlannedDirectory]? = nil,
    changesAtStart: TreeChangeSnapshot? = nil
  ) {
    lastWrapper = wrapper
    // A single file's bytes are the document's to hold, not this record's:
    // the wrapper keeps where they are on disk, and reads them again (the
    // same inode, size and time, or an error) only if asked. Kept in memory,
    // they would pin the bytes as read or written, and the first edit of a
    // document that shares them (a binary document's `Data`) would copy
    // the whole file to keep both.
    if let wrapper, wrapper.isRegularFile, let identity = wrapper.diskIdentity,
      let path = try? FileWrapper.filePath(of: DocumentPath.resolved(url))
    {
      wrapper.contents = .onDisk(path: path, identity: identity)
    }
    if let planned, let manifest {
      PackageJournal.markInSync(planned, with: manifest)
    } else {
      let unchanged = wrapper.map { changesAtStart?.isUnchanged($0) ?? true } ?? true
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
    let disk: URL
    do {
      disk = try DocumentPath.resolved(url)
    } catch {
      throw CocoaError(error.namingDocument(at: url), writing: false, url: url)
    }
    return try recoverJournal(at: disk)
  }
}
