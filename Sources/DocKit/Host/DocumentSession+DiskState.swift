public import Foundation

// What the session last saw on disk, conflict detection, and recovery of
// interrupted saves.

extension DocumentSession {
  /// Records what is on disk at `url` after a read or a write of `wrapper`.
  ///
  /// After an in-place package save, `record` holds the directories its
  /// plan walked: they are recorded as in sync with the manifest (which
  /// the save updated in place), except for changes made since the plan
  /// (see ``PackageJournal/markInSync(_:with:)``). After a read, or a
  /// full write of a tree that did not change since `changesAtStart` was
  /// taken, the manifest is made anew from the tree.
  ///
  /// A package edited while it was written in full is not what the disk
  /// holds. Its manifest is made from what the write `record`s it put on
  /// disk instead, and only the directories that, with everything above
  /// and below them, did not change are marked in sync with it (see
  /// ``TreeChangeSnapshot/unchangedDirectories(of:)``): the next save
  /// compares the others entry by entry, so it writes the edits made
  /// meanwhile, and still checks each entry it replaces for another
  /// program's change. Without such a manifest that save would be a full
  /// write, checking no file, and would overwrite one another program
  /// changed in place. A change to wrappers of another tree does not
  /// count (see ``TreeChangeSnapshot``).
  ///
  /// `resolved` is where `url` led for the write just made (what it
  /// wrote); without it, the URL is resolved now.
  func recordDisk(
    _ wrapper: FileWrapper?, at url: URL, resolved: URL? = nil, record: WriteRecord? = nil,
    changesAtStart: TreeChangeSnapshot? = nil
  ) {
    lastWrapper = wrapper
    // The path the URL leads to, resolved once for the wrapper and the
    // stamp below.
    let resolvedPath = try? FileWrapper.filePath(of: resolved ?? DocumentPath.resolved(url))
    // A single file just written is stamped from what its write recorded
    // once it was in place (its own descriptor's status, the bytes
    // written), not by an `lstat` and a read of the path.
    var writtenStamp: FileChangeStamp?
    if let wrapper, wrapper.isRegularFile, case .written(let items) = record,
      items.count == 1, let item = items.first, item.wrapper === wrapper,
      item.path == resolvedPath
    {
      writtenStamp = FileChangeStamp(written: item)
    }
    // A single file's bytes are the document's to hold, not this record's:
    // the wrapper keeps where they are on disk, and reads them again (the
    // same inode, size and time, or an error) only if asked. Kept in memory,
    // they would pin the bytes as read or written, and the first edit of a
    // document that shares them (a binary document's `Data`) would copy
    // the whole file to keep both.
    if let wrapper, wrapper.isRegularFile, let identity = wrapper.diskIdentity,
      let path = resolvedPath
    {
      wrapper.contents = .onDisk(path: path, identity: identity)
    }
    if case .planned(let planned) = record, let manifest {
      PackageJournal.markInSync(planned, with: manifest)
    } else if let wrapper, wrapper.isDirectory {
      if changesAtStart?.isUnchanged(wrapper) ?? true {
        manifest = DiskManifest(tree: wrapper)
      } else if case .written(let written) = record, let changesAtStart,
        let asWritten = DiskManifest(written: written)
      {
        for (directory, path) in changesAtStart.unchangedDirectories(of: wrapper) {
          asWritten.markInSync(directory, at: path)
        }
        manifest = asWritten
      } else {
        manifest = nil
      }
    } else {
      manifest = nil
    }
    // The stamp of what the URL leads to: through a link, its target,
    // whose path is kept too (a link pointed elsewhere is another file).
    diskPath = resolvedPath
    diskStamp = writtenStamp ?? diskPath.flatMap { FileChangeStamp.of(path: $0) }
  }

  /// Whether the file at ``fileURL`` is no longer the one the session last
  /// read or wrote (another inode, size, modification or status-change
  /// time, or for a small file other bytes).
  public var hasConflict: Bool {
    guard let fileURL else { return false }
    return hasConflict(atPath: try? FileWrapper.filePath(of: DocumentPath.resolved(fileURL)))
  }

  /// ``hasConflict``, for the document's file at `path`, where a write
  /// already resolved ``fileURL`` to; false for nil (no file, or a path
  /// that could not be resolved).
  func hasConflict(atPath path: String?) -> Bool {
    guard let path else { return false }
    guard let now = FileChangeStamp.of(path: path) else { return diskStamp != nil }
    return !now.sameFile(as: diskStamp)
  }

  /// Whether the file or package at ``fileURL`` is no longer what the
  /// session last read or wrote: ``hasConflict``, or, for a package, an
  /// entry inside it that another program added, removed or changed
  /// (another inode, size or modification time than the session recorded).
  ///
  /// The session's own saves and reverts record what they leave on disk,
  /// so they never make this true. A host that watches the disk (the
  /// prompt's watcher, as `NSFilePresenter` is told on Apple platforms)
  /// asks it when the file system says something changed. Costs one
  /// `fstatat` for a file (and a read of up to 64 KiB); for a package, one
  /// listing per folder and one `fstatat` per entry. Not Apple API.
  public var isChangedOnDisk: Bool {
    if hasConflict { return true }
    guard let fileURL, let manifest,
      let root = try? FileWrapper.filePath(of: DocumentPath.resolved(fileURL))
    else { return false }
    return Self.treeDiffers(from: manifest, at: root)
  }

  /// Whether the tree at `root` has other names in a folder the manifest
  /// records, or a file whose identity differs from the recorded one.
  nonisolated static func treeDiffers(from manifest: DiskManifest, at root: String) -> Bool {
    for (folder, entries) in manifest.directories {
      let folderPath = folder.isEmpty ? root : root + "/" + folder
      guard let names = try? FileDescriptor.entryNames(atPath: folderPath) else { return true }
      let onDisk = Set(names.map { String(decoding: $0, as: UTF8.self) })
      guard onDisk == Set(entries.keys) else { return true }
      for (name, entry) in entries {
        let path = folderPath + "/" + name
        guard let status = try? FileStatus.of(path, in: nil, path: path) else { return true }
        switch entry {
        case .file(let identity):
          guard status.kind == .regular else { return true }
          if let identity, identity != status.identity { return true }
        case .directory:
          guard status.kind == .directory else { return true }
        case .symbolicLink:
          guard status.kind == .symbolicLink else { return true }
        }
      }
    }
    return false
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
    return try recoverJournal(at: disk).rolledForward
  }
}
