import Foundation
import Glibc

// Saving: the changes are staged in the journal, each synced, then
// committed by the COMMIT record and applied.

extension PackageJournal {
  /// Saves `tree` over the package at `url`, whose contents `manifest`
  /// describes.
  ///
  /// `recovery` is what recovering the package found when this write began
  /// (``recover(packageAt:removingTemporaryFiles:)``): a journal an
  /// earlier save left was finished or discarded then, once, so it is
  /// never mistaken for this save's, nor removed by it.
  ///
  /// Unless `replacingChanges`, an entry the save would replace or remove
  /// that another program changed since `manifest` was recorded refuses the
  /// save (see ``checkUnchanged(_:manifest:in:packagePath:)``).
  ///
  /// `manifest` is updated in place, in O(k), to describe the package as
  /// saved; it is changed only when the save succeeded.
  ///
  /// - Returns: The directories the plan walked, with their paths: once
  ///   the caller knows no wrapper changed while the save ran, it records
  ///   them as in sync with ``markInSync(_:with:)``.
  /// - Throws: ``FileWrapperError`` if the save failed before its commit
  ///   point; the package is then exactly as it was.
  ///
  /// - Complexity: O(*k* log *k*) time, and O(*k*) system calls and bytes
  ///   written beyond the changed files' own bytes, where *k* is the
  ///   number of entries changed since the last save, when every
  ///   directory is in sync with `manifest` (see ``FileWrapper/syncStamp``);
  ///   a directory that is not is compared entry by entry, at O(*n*) for
  ///   its *n* entries. Independent of the package's size otherwise.
  static func save(
    _ tree: FileWrapper, at url: URL, manifest: DiskManifest, replacingChanges: Bool = false,
    after recovery: Recovery
  ) throws(FileWrapperError) -> [PlannedDirectory] {
    let packagePath = try FileWrapper.filePath(of: url)
    // The recovery was of another path (a link on the way changed since):
    // this one's is done now, still before anything is written.
    if recovery.packagePath != packagePath {
      try recover(packageAt: url, removingTemporaryFiles: false)
    }
    var staged: [(id: Int, wrapper: FileWrapper, path: String)] = []
    var visited: [PlannedDirectory] = []
    let operations = try plan(
      tree, manifest: manifest, staged: &staged, visited: &visited, packagePath: packagePath)
    guard !operations.isEmpty else { return visited }

    let location = URL(fileURLWithPath: packagePath, isDirectory: true)
    let parentPath = location.deletingLastPathComponent().path
    let journal = journalName(for: location.lastPathComponent)
    let journalPath = parentPath + "/" + journal
    let package = location.lastPathComponent
    let (parent, packageDirectory) = try asFileWrapperError { () throws(SystemCallError) in
      let parent = try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
      let packageDirectory = try FileDescriptor.open(
        package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
      return (parent, packageDirectory)
    }
    let owner = Owner(
      name: package,
      inode: try asFileWrapperError { () throws(SystemCallError) in
        try packageDirectory.status(path: packagePath).inode
      })
    try checkWritable(operations, in: packageDirectory, packagePath: packagePath)
    if !replacingChanges {
      try checkUnchanged(
        operations, manifest: manifest, in: packageDirectory, packagePath: packagePath)
    }
    var statuses: [Int: FileStatus] = [:]
    // The journal is locked from here until it is removed (or this save
    // returns): recovery elsewhere leaves it alone, and another save of the
    // package meanwhile is refused.
    let journalDirectory = try createJournal(
      journal, in: parent, parentPath: parentPath, package: package, packagePath: packagePath)
    defer { withExtendedLifetime(journalDirectory) {} }
    do {
      try asFileWrapperError { () throws(SystemCallError) in try parent.sync(path: parentPath) }
      for item in staged {
        statuses[item.id] = try stage(
          item.wrapper, as: String(item.id), in: journalDirectory, path: journalPath)
      }
      let record = try encode(operations, owner: owner)
      try asFileWrapperError { () throws(SystemCallError) in
        try journalDirectory.sync(path: journalPath)
        let file = try FileDescriptor.open(
          "COMMIT.tmp", in: journalDirectory, flags: FileDescriptor.createFlags, mode: 0o600,
          path: journalPath)
        try file.writeAll(record, path: journalPath + "/COMMIT.tmp")
        try file.sync(path: journalPath + "/COMMIT.tmp")
        try file.close(path: journalPath + "/COMMIT.tmp")
        try journalDirectory.rename("COMMIT.tmp", to: "COMMIT", mode: .replace, path: journalPath)
        try journalDirectory.sync(path: journalPath)
      }
    } catch {
      try? parent.removeTree(journal, path: journalPath)
      throw error
    }
    // Committed. From here on a failure is finished by recovery, never
    // undone: the save has happened.
    // If applying fails, the journal stays and the next save or open
    // (both recover first) finishes it.
    var applied = true
    do {
      applied = try apply(
        operations, package: package, expecting: owner.inode, in: parent,
        packagePath: packagePath)
      if applied {
        try asFileWrapperError { () throws(SystemCallError) in
          try parent.removeTree(journal, path: journalPath)
          try parent.sync(path: parentPath)
        }
      }
    } catch {}
    if !applied {
      // The directory opened above is no longer at the package's name.
      // Nothing was applied; the journal would never be.
      try? parent.removeTree(journal, path: journalPath)
      try? parent.sync(path: parentPath)
      throw FileWrapperError(
        .changedSinceRead, path: packagePath,
        message: "the package was moved, removed or replaced while it was being saved")
    }

    for item in staged {
      guard let status = statuses[item.id] else { continue }
      let wrapper = item.wrapper
      let path = packagePath + "/" + item.path
      wrapper.diskStatus = status
      wrapper.permissions = status.permissions
      wrapper.modificationDate = Date(timeIntervalSince1970: status.modificationTime)
      wrapper.attributesNeedWriting = false
      wrapper.filename = URL(fileURLWithPath: path).lastPathComponent
      if wrapper.kind == .regularFile {
        wrapper.diskIdentity = status.identity
        if case .onDisk = wrapper.contents {
          wrapper.contents = .onDisk(path: path, identity: status.identity)
        }
      } else {
        wrapper.readLocation = URL(fileURLWithPath: path, isDirectory: false)
      }
    }
    let stagedByID = Dictionary(uniqueKeysWithValues: staged.map { ($0.id, $0.wrapper) })
    for operation in operations {
      switch operation {
      case .remove(_, let path): manifest.remove(path)
      case .makeDirectory(let path, _, _): manifest.set(path, to: .directory)
      case .place(let id, let path):
        let wrapper = stagedByID[id]
        manifest.set(
          path,
          to: wrapper?.kind == .symbolicLink
            ? .symbolicLink(wrapper?.linkDestination ?? "") : .file(statuses[id]?.identity))
      }
    }
    return visited
  }

  /// A directory a save's plan walked, its path, and its
  /// ``FileWrapper/changeSerial`` when the plan read its changes.
  struct PlannedDirectory {
    var directory: FileWrapper
    var path: String
    var changeSerial: UInt64
  }

  /// Records, after a successful save, that the directories it planned
  /// match the disk as `manifest` now describes it (a new stamp for each
  /// path, so that a directory saved there before is out of sync).
  ///
  /// A directory changed after the plan read it keeps all its noted keys:
  /// the ones just saved compare equal next time, and the new ones are
  /// planned. It is then noted again in the directories above, whose keys
  /// this clears, so the next plan still reaches it. Runs on the main
  /// actor, where documents edit their wrappers.
  static func markInSync(_ directories: [PlannedDirectory], with manifest: DiskManifest) {
    var kept: [FileWrapper] = []
    for planned in directories {
      let unchanged = planned.directory.changeSerial == planned.changeSerial
      manifest.markInSync(planned.directory, at: planned.path, clearingChanges: unchanged)
      if !unchanged { kept.append(planned.directory) }
    }
    for directory in kept { directory.noteInParents() }
  }

  /// Refuses, before anything is staged, a save whose operations the
  /// process could not apply: every directory that gains or loses an entry,
  /// and every directory moved out, must be writable. Otherwise the save
  /// would commit and then fail to apply, every time.
  static func checkWritable(
    _ operations: [Operation], in packageDirectory: FileDescriptor, packagePath: String
  ) throws(FileWrapperError) {
    var directories: Set<String> = []
    var created: Set<String> = []
    for operation in operations {
      switch operation {
      case .remove(_, let path):
        directories.insert(parentPath(of: path))
        directories.insert(path)  // moving a directory rewrites its ".."; a file is skipped below
      case .makeDirectory(let path, _, _):
        directories.insert(parentPath(of: path))
        created.insert(path)
      case .place(_, let path):
        directories.insert(parentPath(of: path))
      }
    }
    try asFileWrapperError { () throws(SystemCallError) in
      for path in directories.subtracting(created).sorted() {
        let name = path.isEmpty ? "." : path
        if !path.isEmpty,
          try FileStatus.of(path, in: packageDirectory, path: packagePath + "/" + path).kind
            != .directory
        {
          continue
        }
        try packageDirectory.checkWritable(
          name, path: packagePath + (path.isEmpty ? "" : "/" + path))
      }
    }
  }

  /// Makes this save's journal directory and locks it; returns its
  /// descriptor, which holds the lock.
  ///
  /// A journal already at the name was left alone by the recovery this
  /// save began with, or appeared since: another save of the package is in
  /// progress (refused with ``FileWrapperError/Code/locked``), or the
  /// journal belongs to another directory (refused, never removed). If
  /// another process's recovery removes the new journal before it is
  /// locked, it is made again.
  static func createJournal(
    _ journal: String, in parent: FileDescriptor, parentPath: String, package: String,
    packagePath: String
  ) throws(FileWrapperError) -> FileDescriptor {
    let journalPath = parentPath + "/" + journal
    for _ in 0..<4 {
      let made = try asFileWrapperError { () throws(SystemCallError) -> Bool in
        do throws(SystemCallError) {
          try parent.makeDirectory(journal, mode: 0o700, path: journalPath)
          return true
        } catch  where error.errno == EEXIST {
          return false
        }
      }
      if !made {
        switch try recoverJournal(
          journal, package: package, in: parent, parentPath: parentPath,
          packagePath: packagePath)
        {
        case .inUse:
          throw lockedError(path: packagePath, lockedItem: journalPath)
        case .foreign(let reason):
          throw foreignError(reason, journalPath: journalPath)
        case .unattributed:
          throw foreignError("its record names no package", journalPath: journalPath)
        case .absent, .discarded, .rolledForward:
          continue
        }
      }
      // Until it is locked, another process's recovery may take the new
      // journal for a leftover; then it is gone, and made again. Only a
      // journal this save has locked is ever removed by it.
      let directory: FileDescriptor
      do {
        directory = try FileDescriptor.open(
          journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      } catch  where error.errno == ENOENT {
        continue
      } catch {
        throw FileWrapperError(error)
      }
      if try asFileWrapperError({ () throws(SystemCallError) in
        try directory.lockNewItem(path: journalPath)
      }
      ) {
        return directory
      }
    }
    throw lockedError(path: packagePath, lockedItem: journalPath)
  }

  /// The error for a save refused because another one of the same
  /// document is in progress: it holds the lock on `lockedItem`.
  static func lockedError(path: String, lockedItem: String) -> FileWrapperError {
    FileWrapperError(
      .locked, path: path,
      message: "another process is saving this document (it holds the lock on \(lockedItem));"
        + " try again when it has finished",
      systemCall: "flock", errno: EWOULDBLOCK)
  }

  static func foreignError(_ reason: String, journalPath: String) -> FileWrapperError {
    FileWrapperError(
      .fileExists, path: journalPath,
      message: "the journal of an interrupted save is in the way and was not applied: \(reason);"
        + " move it away to save this package in place")
  }

  /// Writes a file's bytes (or makes a link) in the journal, synced.
  static func stage(
    _ wrapper: FileWrapper, as name: String, in journal: FileDescriptor, path: String
  ) throws(FileWrapperError) -> FileStatus {
    let entryPath = path + "/" + name
    if wrapper.kind == .symbolicLink {
      return try asFileWrapperError { () throws(SystemCallError) in
        try journal.makeSymbolicLink(name, destination: wrapper.linkDestination, path: entryPath)
        return try FileStatus.of(name, in: journal, path: entryPath)
      }
    }
    let data = try wrapper.loadRegularFileContents()
    return try asFileWrapperError { () throws(SystemCallError) in
      let exact = wrapper.hasExactPermissions
      let file = try FileDescriptor.open(
        name, in: journal, flags: FileDescriptor.createFlags,
        mode: exact ? 0o600 : mode_t(wrapper.permissions),
        path: entryPath)
      try file.writeAll(data, path: entryPath)
      if exact { try file.setPermissions(wrapper.permissions, path: entryPath) }
      if wrapper.attributesNeedWriting, let date = wrapper.modificationDate {
        try file.setModificationTime(date.timeIntervalSince1970, path: entryPath)
      }
      try file.sync(path: entryPath)
      let status = try file.status(path: entryPath)
      try file.close(path: entryPath)
      return status
    }
  }
}
