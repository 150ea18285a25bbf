import Foundation
import Glibc

/// Saves a package in place at a cost that follows the change: after `k`
/// of its `N` files changed, O(k) bytes and system calls, and still atomic.
///
/// The new versions are staged in a journal directory next to the package
/// (`.<stem>.<hash>.docrepl-journal`, see ``SiblingNames``), each synced. A
/// `COMMIT` file listing the operations, and the package they belong to
/// (its name and directory inode), is then written, synced and renamed into
/// the journal: that rename is the commit point. The operations are applied
/// with renames (a replaced file gets a new inode, so an older revision that
/// shares the old one by a hard link is untouched), the touched directories
/// synced, and the journal removed.
///
/// A crash before the commit point leaves a journal without `COMMIT`, which
/// ``recover(packageAt:removingTemporaryFiles:)`` deletes: none of the
/// changes. A crash after it leaves a journal that recovery rolls forward:
/// all of them. Applying is idempotent, so a crash during recovery is
/// recovered too. A journal is applied only to the directory it records.
///
/// The journal is locked (`flock`) from its creation until it is removed.
/// Recovery touches only a journal it can lock, so a save in progress in
/// another process is never discarded or applied twice; and a second save
/// of the same package meanwhile is refused with ``FileWrapperError/Code/locked``.
enum PackageJournal {
  /// One change to the package, by path inside it.
  enum Operation: Equatable {
    /// Move the item at `path` into the journal as `trash-<id>`.
    case remove(id: Int, path: String)
    /// Create a directory.
    case makeDirectory(path: String, mode: UInt16, exact: Bool)
    /// Move journal entry `<id>` (a file or a link) to `path`.
    case place(id: Int, path: String)
  }

  /// The package a journal belongs to, as its `COMMIT` records it.
  struct Owner: Equatable {
    /// The package's full name (the last path component).
    var name: String
    /// The inode of the package directory, which a journaled save never
    /// replaces. The device number is not recorded: it may change across
    /// reboots, which is when recovery matters most.
    var inode: UInt64
  }

  /// What recovery found and did with one journal.
  enum JournalState: Equatable {
    /// There is no journal.
    case absent
    /// An uncommitted journal was removed: none of its save happened.
    case discarded
    /// A committed journal was applied and removed.
    case rolledForward
    /// Another open file description holds the journal's lock: a save in
    /// progress. Left alone.
    case inUse
    /// A committed journal that belongs to another package, or to another
    /// directory that had this name. Left alone, never applied.
    case foreign(reason: String)
    /// A committed journal of an earlier version, which records no owner,
    /// under a name that other packages' names may map to. Left alone.
    case unattributed
  }

  static func journalName(for packageName: String) -> String {
    SiblingNames.journal(for: packageName)
  }

  // MARK: - Saving

  /// Saves `tree` over the package at `url`, whose contents `manifest`
  /// describes.
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
  static func save(
    _ tree: FileWrapper, at url: URL, manifest: DiskManifest, replacingChanges: Bool = false
  ) throws(FileWrapperError) -> [PlannedDirectory] {
    let packagePath = try FileWrapper.filePath(of: url)
    // A journal left by an earlier save is finished first: it is never
    // mistaken for this save's, nor removed by it.
    try recover(packageAt: url, removingTemporaryFiles: false)
    var staged: [(id: Int, wrapper: FileWrapper, path: String)] = []
    var visited: [PlannedDirectory] = []
    let operations = try plan(
      tree, manifest: manifest, staged: &staged, visited: &visited, packagePath: packagePath)
    guard !operations.isEmpty else { return visited }

    let location = URL(fileURLWithPath: packagePath)
    let parentPath = location.deletingLastPathComponent().path
    let journal = journalName(for: location.lastPathComponent)
    let journalPath = parentPath + "/" + journal
    let package = location.lastPathComponent
    let (parent, packageDirectory) = try wrapping { () throws(SystemCallError) in
      let parent = try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
      let packageDirectory = try FileDescriptor.open(
        package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
      return (parent, packageDirectory)
    }
    let owner = Owner(
      name: package,
      inode: try wrapping { () throws(SystemCallError) in
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
      try wrapping { () throws(SystemCallError) in try parent.sync(path: parentPath) }
      for item in staged {
        statuses[item.id] = try stage(
          item.wrapper, as: String(item.id), in: journalDirectory, path: journalPath)
      }
      let record = try encode(operations, owner: owner)
      try wrapping { () throws(SystemCallError) in
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
        try wrapping { () throws(SystemCallError) in
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

  /// The operations that turn the package `manifest` describes into `tree`,
  /// and the wrappers to stage for them. Walks the tree in memory only, in
  /// hash order; only the changes are sorted (by path, so a directory is
  /// made before what goes in it), which keeps the plan deterministic.
  ///
  /// A directory in sync with this manifest at its own path (see
  /// ``FileWrapper/syncStamp``) is compared only under its
  /// ``FileWrapper/changedKeys``; any other is compared entry by entry. So the walk is O(k) for k changes
  /// made since the last save. `visited` gets every directory walked.
  ///
  /// Names that are already on disk were valid when read; only new ones
  /// are checked. A directory nested deeper than the read limit means the
  /// tree contains itself.
  private static func plan(
    _ tree: FileWrapper, manifest: DiskManifest,
    staged: inout [(id: Int, wrapper: FileWrapper, path: String)],
    visited: inout [PlannedDirectory],
    packagePath: String
  ) throws(FileWrapperError) -> [Operation] {
    var removed: [String] = []
    var made: [(path: String, mode: UInt16, exact: Bool)] = []
    var placed: [(path: String, wrapper: FileWrapper)] = []
    // Each directory of the new tree, its depth, and whether it exists on disk.
    var pending: [(FileWrapper, String, depth: Int, existing: Bool)] = [(tree, "", 0, true)]
    while let (directory, path, depth, existing) = pending.popLast() {
      guard depth <= FileWrapper.Limits.default.maximumDepth else {
        throw FileWrapperError(
          .cycle, path: packagePath + "/" + path,
          message: "the tree is nested too deeply, or contains itself")
      }
      let old = existing ? manifest.directories[path] ?? [:] : [:]
      // The serial first, then the keys: a change after this is noticed.
      visited.append(
        PlannedDirectory(directory: directory, path: path, changeSerial: directory.changeSerial))
      let inSync = existing && manifest.isInSync(directory, at: path)
      let candidates: [(key: String, value: FileWrapper)]
      if inSync {
        candidates = directory.changedKeys.compactMap { name in
          directory.children[name].map { (name, $0) }
        }
        for name in directory.changedKeys where directory.children[name] == nil && old[name] != nil
        {
          removed.append(DiskManifest.join(path, name))
        }
      } else {
        candidates = Array(directory.children)
        for name in old.keys where directory.children[name] == nil {
          removed.append(DiskManifest.join(path, name))
        }
      }
      for (name, child) in candidates {
        let childPath = DiskManifest.join(path, name)
        let before = old[name]
        if before == nil, let problem = FileWrapper.filenameProblem(name) {
          throw FileWrapperError(
            .invalidFilename, path: packagePath + "/" + childPath, message: problem)
        }
        switch child.kind {
        case .regularFile:
          if case .file(let identity?) = before, identity == child.diskIdentity,
            !child.attributesNeedWriting
          {
            continue
          }
          if before == .directory { removed.append(childPath) }
          placed.append((childPath, child))
        case .symbolicLink:
          if before == .symbolicLink(child.linkDestination) { continue }
          if before == .directory { removed.append(childPath) }
          placed.append((childPath, child))
        case .directory:
          if before == .directory {
            pending.append((child, childPath, depth + 1, true))
          } else {
            if before != nil { removed.append(childPath) }
            made.append((childPath, child.permissions, child.hasExactPermissions))
            pending.append((child, childPath, depth + 1, false))
          }
        }
      }
    }
    var operations: [Operation] = []
    for (id, path) in removed.sorted().enumerated() {
      operations.append(.remove(id: id, path: path))
    }
    for directory in made.sorted(by: { $0.path < $1.path }) {
      operations.append(
        .makeDirectory(path: directory.path, mode: directory.mode, exact: directory.exact))
    }
    for (offset, item) in placed.sorted(by: { $0.path < $1.path }).enumerated() {
      let id = removed.count + offset
      staged.append((id, item.wrapper, item.path))
      operations.append(.place(id: id, path: item.path))
    }
    return operations
  }

  /// Refuses, before anything is staged, a save whose operations the
  /// process could not apply: every directory that gains or loses an entry,
  /// and every directory moved out, must be writable. Otherwise the save
  /// would commit and then fail to apply, every time.
  private static func checkWritable(
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
    try wrapping { () throws(SystemCallError) in
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
  private static func createJournal(
    _ journal: String, in parent: FileDescriptor, parentPath: String, package: String,
    packagePath: String
  ) throws(FileWrapperError) -> FileDescriptor {
    let journalPath = parentPath + "/" + journal
    for _ in 0..<4 {
      let made = try wrapping { () throws(SystemCallError) -> Bool in
        do throws(SystemCallError) {
          try parent.makeDirectory(journal, mode: 0o700, path: journalPath)
          return true
        } catch  where error.errno == EEXIST {
          return false
        }
      }
      if !made {
        switch try recoverJournal(
          journal, trustingVersion1: false, package: package, in: parent, parentPath: parentPath,
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
      if try wrapping({ () throws(SystemCallError) in try directory.lockNewItem(path: journalPath) }
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

  private static func foreignError(_ reason: String, journalPath: String) -> FileWrapperError {
    FileWrapperError(
      .fileExists, path: journalPath,
      message: "the journal of an interrupted save is in the way and was not applied: \(reason);"
        + " move it away to save this package in place")
  }

  /// Writes a file's bytes (or makes a link) in the journal, synced.
  private static func stage(
    _ wrapper: FileWrapper, as name: String, in journal: FileDescriptor, path: String
  ) throws(FileWrapperError) -> FileStatus {
    let entryPath = path + "/" + name
    if wrapper.kind == .symbolicLink {
      return try wrapping { () throws(SystemCallError) in
        try journal.makeSymbolicLink(name, destination: wrapper.linkDestination, path: entryPath)
        return try FileStatus.of(name, in: journal, path: entryPath)
      }
    }
    let data = try wrapper.loadRegularFileContents()
    return try wrapping { () throws(SystemCallError) in
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

  // MARK: - Applying and recovering

  /// Applies committed operations from the journal `journal`. Idempotent:
  /// a removal is skipped once any placement has happened (so a new item is
  /// never removed), and a placement whose journal entry is gone has
  /// happened.
  ///
  /// - Parameter inode: The package directory the journal records; nil for
  ///   a record of an earlier version, which has none.
  /// - Returns: False, having done nothing, when no directory of that
  ///   inode is at the package's name.
  private static func apply(
    _ operations: [Operation], from journal: String? = nil, package: String,
    expecting inode: UInt64?, in parent: FileDescriptor, packagePath: String
  ) throws(FileWrapperError) -> Bool {
    let journal = journal ?? journalName(for: package)
    let journalPath =
      URL(fileURLWithPath: packagePath).deletingLastPathComponent().path + "/" + journal
    return try wrapping { () throws(SystemCallError) -> Bool in
      let journalDirectory = try FileDescriptor.open(
        journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      let packageDirectory: FileDescriptor
      do throws(SystemCallError) {
        packageDirectory = try FileDescriptor.open(
          package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
      } catch  where error.errno == ENOENT || error.errno == ENOTDIR || error.errno == ELOOP {
        return false
      }
      if let inode, try packageDirectory.status(path: packagePath).inode != inode {
        return false
      }
      var placementsStarted = false
      for case .place(let id, _) in operations
      where (try? FileStatus.of(String(id), in: journalDirectory, path: journalPath)) == nil {
        placementsStarted = true
      }
      var touched: Set<String> = [""]
      var finalModes: [(path: String, mode: UInt16)] = []
      // The parents of directories made and not yet synced.
      var unsyncedParents: Set<String> = []
      func syncDirectory(_ path: String) throws(SystemCallError) {
        let directory =
          path.isEmpty
          ? packageDirectory
          : try FileDescriptor.open(
            path, in: packageDirectory, flags: FileDescriptor.directoryFlags,
            path: packagePath + "/" + path)
        try directory.sync(path: packagePath + "/" + path)
      }
      for operation in operations {
        switch operation {
        case .remove(let id, let path):
          guard !placementsStarted,
            (try? FileStatus.of("trash-\(id)", in: journalDirectory, path: journalPath)) == nil
          else { continue }
          do throws(SystemCallError) {
            try packageDirectory.move(
              path, to: "trash-\(id)", in: journalDirectory, path: packagePath + "/" + path)
          } catch  where error.errno == ENOENT {}
          touched.insert(parentPath(of: path))
        case .makeDirectory(let path, let mode, let exact):
          // A directory with an exact mode is made writable first and gets
          // its mode after everything is placed in it.
          do throws(SystemCallError) {
            try packageDirectory.makeDirectory(
              path, mode: exact ? 0o700 : mode_t(mode), path: packagePath + "/" + path)
          } catch  where error.errno == EEXIST {}
          if exact { finalModes.append((path, mode)) }
          touched.insert(parentPath(of: path))
          touched.insert(path)
          unsyncedParents.insert(parentPath(of: path))
        case .place(let id, let path):
          // A new directory is made durable before anything is moved into
          // it. Otherwise a power loss could keep the move (its journal
          // entry gone, so recovery takes it as done) and lose the
          // directory's own entry, and the moved file with it.
          for parent in unsyncedParents.sorted() { try syncDirectory(parent) }
          unsyncedParents = []
          do throws(SystemCallError) {
            try journalDirectory.move(
              String(id), to: path, in: packageDirectory, path: packagePath + "/" + path)
          } catch  where error.errno == ENOENT {}
          touched.insert(parentPath(of: path))
        }
      }
      for (path, mode) in finalModes.reversed() {
        let directory = try FileDescriptor.open(
          path, in: packageDirectory, flags: FileDescriptor.directoryFlags,
          path: packagePath + "/" + path)
        try directory.setPermissions(mode, path: packagePath + "/" + path)
      }
      for path in touched.sorted() { try syncDirectory(path) }
      return true
    }
  }

  private static func parentPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// Finishes or discards an interrupted save of the package at `url`, and
  /// removes temporary files that interrupted writes left next to it.
  /// Returns whether a committed save was rolled forward.
  ///
  /// Only leftovers are touched: a journal or temporary file that another
  /// open file description has locked belongs to a save in progress, here
  /// or in another process, and is left alone. A committed journal is
  /// applied only if it records this package's name and directory inode;
  /// one that does not is left alone too.
  ///
  /// A journal of an earlier version (`.<name>.docrepl-journal`, with no
  /// owner recorded) is still finished when its name can only be this
  /// package's; when it could be another's too, a committed one is refused.
  ///
  /// - Throws: ``FileWrapperError`` if the journal is unreadable or
  ///   malformed, an earlier version's committed journal cannot be matched
  ///   to one package, or the file system fails.
  /// - Parameter removingTemporaryFiles: Also list the parent directory to
  ///   remove temporary files; opening does, saving (which only needs the
  ///   journal check, O(1)) does not.
  @discardableResult
  static func recover(
    packageAt url: URL, removingTemporaryFiles: Bool = true
  ) throws(FileWrapperError) -> Bool {
    let packagePath = try FileWrapper.filePath(of: url)
    let location = URL(fileURLWithPath: packagePath)
    let parentPath = location.deletingLastPathComponent().path
    let package = location.lastPathComponent
    let parent = try wrapping { () throws(SystemCallError) in
      try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    }
    let state = try recoverJournal(
      journalName(for: package), trustingVersion1: false, package: package, in: parent,
      parentPath: parentPath, packagePath: packagePath)
    let legacy = try recoverLegacyJournal(
      of: package, in: parent, parentPath: parentPath, packagePath: packagePath)
    if removingTemporaryFiles {
      try removeTemporaryFiles(of: package, in: parent, parentPath: parentPath)
    }
    return state == .rolledForward || legacy == .rolledForward
  }

  /// Recovers the journal `journal` of `package`, if it is a leftover.
  ///
  /// - Parameter trustingVersion1: Whether a record without an owner (an
  ///   earlier version's) may be applied: only for an earlier version's
  ///   journal name that no other name shares.
  static func recoverJournal(
    _ journal: String, trustingVersion1: Bool, package: String, in parent: FileDescriptor,
    parentPath: String, packagePath: String
  ) throws(FileWrapperError) -> JournalState {
    let journalPath = parentPath + "/" + journal
    // Only "no such file" means no journal, or no commit: any other error
    // is reported, and the journal kept for a later attempt.
    let claim = try wrapping { () throws(SystemCallError) in
      try FileDescriptor.claim(journal, in: parent, path: journalPath)
    }
    let journalDirectory: FileDescriptor
    switch claim {
    case .gone: return .absent
    // In use, or not told apart from a journal in use: left for later.
    case .locked, .changed, .inaccessible: return .inUse
    case .unlockable:
      throw FileWrapperError(
        .unsupportedFileType, path: journalPath, message: "a journal must be a directory")
    case .claimed(let descriptor): journalDirectory = descriptor
    }
    // The lock is held until the journal is removed.
    defer { withExtendedLifetime(journalDirectory) {} }
    let commit = try wrapping { () throws(SystemCallError) -> Data? in
      let file: FileDescriptor
      do throws(SystemCallError) {
        file = try FileDescriptor.open(
          "COMMIT", in: journalDirectory, flags: FileDescriptor.readFlags,
          path: journalPath + "/COMMIT")
      } catch  where error.errno == ENOENT {
        return nil
      } catch  where error.errno == ENOTDIR {
        throw SystemCallError(systemCall: "openat", errno: ENOTDIR, path: journalPath)
      }
      return try file.readAll(path: journalPath + "/COMMIT")
    }
    var state = JournalState.discarded
    if let commit {
      let (operations, owner) = try decode(commit, path: journalPath + "/COMMIT")
      if let owner {
        guard owner.name == package else {
          return .foreign(reason: "it belongs to the package '\(owner.name)'")
        }
      } else if !trustingVersion1 {
        return .unattributed
      }
      guard
        try apply(
          operations, from: journal, package: package, expecting: owner?.inode, in: parent,
          packagePath: packagePath)
      else {
        return .foreign(
          reason: "it belongs to another directory that was named '\(package)'"
            + " (moved, copied or replaced since the save was interrupted)")
      }
      state = .rolledForward
    }
    try wrapping { () throws(SystemCallError) in
      try parent.removeTree(journal, path: journalPath)
      try parent.sync(path: parentPath)
    }
    return state
  }

  /// Recovers a journal an earlier version left, named
  /// `.<name>.docrepl-journal` and recording no owner. One without `COMMIT`
  /// is discarded. A committed one is finished only if its name can be
  /// this package's alone: the name was not cut, and no other entry in the
  /// directory maps to it. Otherwise it is refused, and kept.
  private static func recoverLegacyJournal(
    of package: String, in parent: FileDescriptor, parentPath: String, packagePath: String
  ) throws(FileWrapperError) -> JournalState {
    let legacy = SiblingNames.legacyJournal(for: package)
    var trusted = !legacy.isCut
    if trusted {
      // Only when there is one: the directory is listed to be sure no
      // other name maps to the same journal.
      let exists = try wrapping { () throws(SystemCallError) -> Bool in
        do throws(SystemCallError) {
          _ = try FileStatus.of(legacy.name, in: parent, path: parentPath + "/" + legacy.name)
          return true
        } catch  where error.errno == ENOENT {
          return false
        }
      }
      guard exists else { return .absent }
      let names = try wrapping { () throws(SystemCallError) in
        try parent.directoryEntryNames(path: parentPath)
      }
      trusted = !names.contains { entry in
        guard let name = String(validating: entry, as: UTF8.self), name != package else {
          return false
        }
        return SiblingNames.legacyJournal(for: name).name == legacy.name
      }
    }
    let state = try recoverJournal(
      legacy.name, trustingVersion1: trusted, package: package, in: parent,
      parentPath: parentPath, packagePath: packagePath)
    if state == .unattributed {
      throw FileWrapperError(
        .malformedSerialization, path: parentPath + "/" + legacy.name,
        message: "an earlier version left this committed journal, and it cannot be told"
          + " whether it is the save of '\(package)' or of another package whose name starts"
          + " the same; it was not applied. Rename the package that it belongs to so that its"
          + " name is shorter, or move the journal away")
    }
    return state
  }

  /// Removes the temporary items of `name` that interrupted atomic writes
  /// left: `.<stem>.<hash>.docrepl-<random>.tmp` siblings, and earlier
  /// versions' `.<name>.docrepl-<random>.tmp` where the name was not cut.
  /// An item moved aside (`….old`) is put back if nothing is at `name`: the
  /// write stopped before the new item was in place.
  ///
  /// Items that another open file description has locked belong to a write
  /// in progress and are left alone.
  static func removeTemporaryFiles(
    of name: String, in parent: FileDescriptor, parentPath: String
  )
    throws(FileWrapperError)
  {
    let prefix = Array(SiblingNames.temporaryPrefix(for: name).utf8)
    let legacyPrefix = SiblingNames.legacyTemporaryPrefix(for: name).map { Array($0.utf8) }
    let names = try wrapping { () throws(SystemCallError) in
      try parent.directoryEntryNames(path: parentPath)
    }
    var candidates: [(name: String, aside: Bool)] = []
    for entry in names {
      let ours = entry.starts(with: prefix)
      let earlier = legacyPrefix.map { entry.starts(with: $0) } ?? false
      let aside = ours && entry.suffix(4).elementsEqual(".old".utf8)
      guard (ours || earlier) && (aside || entry.suffix(4).elementsEqual(".tmp".utf8)),
        let text = String(validating: entry, as: UTF8.self)
      else { continue }
      candidates.append((text, aside))
    }
    // Items moved aside first, so that one is back before anything else goes.
    for (candidate, aside) in candidates.sorted(by: { $0.aside && !$1.aside }) {
      let path = parentPath + "/" + candidate
      try wrapping { () throws(SystemCallError) in
        let claim = try FileDescriptor.claim(candidate, in: parent, path: path)
        // A claimed item stays locked until it is put back or removed.
        defer { withExtendedLifetime(claim) {} }
        switch claim {
        // In use, or not told apart from an item in use: left alone.
        case .gone, .locked, .changed, .inaccessible: return
        case .claimed, .unlockable: break
        }
        if aside {
          do throws(SystemCallError) {
            try parent.rename(candidate, to: name, mode: .noReplace, path: path)
            try parent.sync(path: parentPath)
            return
          } catch  where error.errno == EEXIST {
            // The new item is in place: the old one is not needed.
          }
        }
        try parent.removeTree(candidate, path: path)
      }
    }
  }

  // MARK: - The COMMIT record

  private static func encode(
    _ operations: [Operation], owner: Owner
  ) throws(FileWrapperError) -> Data {
    let records: [[String: Any]] = operations.map { operation in
      switch operation {
      case .remove(let id, let path): ["op": "remove", "id": id, "path": path]
      case .makeDirectory(let path, let mode, let exact):
        ["op": "mkdir", "path": path, "mode": Int(mode), "exact": exact]
      case .place(let id, let path): ["op": "place", "id": id, "path": path]
      }
    }
    do {
      return try JSONSerialization.data(
        withJSONObject: [
          "version": 2, "package": owner.name, "inode": String(owner.inode),
          "operations": records,
        ], options: [.sortedKeys])
    } catch {
      throw FileWrapperError(.ioFailure, path: "COMMIT", message: "cannot encode the journal")
    }
  }

  /// Parses a COMMIT record, refusing anything that could reach outside the
  /// package: every path is made of valid names. Version 2 records the
  /// package it belongs to; version 1 (earlier versions) does not.
  private static func decode(
    _ data: Data, path: String
  ) throws(FileWrapperError) -> ([Operation], Owner?) {
    func malformed(_ detail: String) -> FileWrapperError {
      FileWrapperError(.malformedSerialization, path: path, message: "malformed journal: \(detail)")
    }
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let version = root["version"] as? Int, version == 1 || version == 2,
      let records = root["operations"] as? [[String: Any]]
    else { throw malformed("not a version 1 or 2 record") }
    var owner: Owner?
    if version == 2 {
      guard let name = root["package"] as? String, FileWrapper.filenameProblem(name) == nil,
        let text = root["inode"] as? String, let inode = UInt64(text)
      else { throw malformed("no valid owner") }
      owner = Owner(name: name, inode: inode)
    }
    var operations: [Operation] = []
    for record in records {
      guard let kind = record["op"] as? String, let itemPath = record["path"] as? String,
        !itemPath.isEmpty,
        itemPath.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({
          FileWrapper.filenameProblem(String($0)) == nil
        })
      else { throw malformed("bad operation") }
      switch kind {
      case "remove":
        guard let id = record["id"] as? Int, id >= 0 else { throw malformed("bad id") }
        operations.append(.remove(id: id, path: itemPath))
      case "mkdir":
        guard let mode = record["mode"] as? Int, (0...0o7777).contains(mode) else {
          throw malformed("bad mode")
        }
        operations.append(
          .makeDirectory(
            path: itemPath, mode: UInt16(mode), exact: record["exact"] as? Bool ?? false))
      case "place":
        guard let id = record["id"] as? Int, id >= 0 else { throw malformed("bad id") }
        operations.append(.place(id: id, path: itemPath))
      default:
        throw malformed("unknown operation '\(kind)'")
      }
    }
    return (operations, owner)
  }
}
