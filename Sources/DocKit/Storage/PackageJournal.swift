import Foundation
import Glibc

/// Saves a package in place at a cost that follows the change: after `k`
/// of its `N` files changed, O(k) bytes and system calls, and still atomic.
///
/// The new versions are staged in a journal directory next to the package
/// (`.<name>.docrepl-journal`), each synced. A `COMMIT` file listing the
/// operations is then written, synced and renamed into the journal: that
/// rename is the commit point. The operations are applied with renames (a
/// replaced file gets a new inode, so an older revision that shares the old
/// one by a hard link is untouched), the touched directories synced, and
/// the journal removed.
///
/// A crash before the commit point leaves a journal without `COMMIT`, which
/// ``recover(packageAt:)`` deletes: none of the changes. A crash after it
/// leaves a journal that ``recover(packageAt:)`` rolls forward: all of them.
/// Applying is idempotent, so a crash during recovery is recovered too.
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

  static func journalName(for packageName: String) -> String {
    var stem = packageName
    while stem.utf8.count + 18 > 255 { stem.removeLast() }
    return "." + stem + ".docrepl-journal"
  }

  // MARK: - Saving

  /// Saves `tree` over the package at `url`, whose contents `manifest`
  /// describes.
  ///
  /// - Returns: The manifest of the package as saved, updated in O(k).
  /// - Throws: ``FileWrapperError`` if the save failed before its commit
  ///   point; the package is then exactly as it was.
  static func save(
    _ tree: FileWrapper, at url: URL, manifest: DiskManifest
  ) throws(FileWrapperError) -> DiskManifest {
    let packagePath = try FileWrapper.filePath(of: url)
    // A journal left by an earlier save is finished first: it is never
    // mistaken for this save's, nor removed by it.
    try recover(packageAt: url, removingTemporaryFiles: false)
    var staged: [(id: Int, wrapper: FileWrapper, path: String)] = []
    let operations = try plan(tree, manifest: manifest, staged: &staged, packagePath: packagePath)
    guard !operations.isEmpty else {
      return manifest
    }

    let location = URL(fileURLWithPath: packagePath)
    let parentPath = location.deletingLastPathComponent().path
    let journal = journalName(for: location.lastPathComponent)
    let journalPath = parentPath + "/" + journal
    let parent = try wrapping { () throws(SystemCallError) in
      try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    }
    try checkWritable(
      operations, package: location.lastPathComponent, in: parent, packagePath: packagePath)
    var statuses: [Int: FileStatus] = [:]
    var createdJournal = false
    do {
      try wrapping { () throws(SystemCallError) in
        try parent.makeDirectory(journal, mode: 0o700, path: journalPath)
        createdJournal = true
        try parent.sync(path: parentPath)
      }
      let journalDirectory = try wrapping { () throws(SystemCallError) in
        try FileDescriptor.open(
          journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      }
      for item in staged {
        statuses[item.id] = try stage(
          item.wrapper, as: String(item.id), in: journalDirectory, path: journalPath)
      }
      let record = try encode(operations)
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
      if createdJournal { try? parent.removeTree(journal, path: journalPath) }
      throw error
    }
    // Committed. From here on a failure is finished by recovery, never
    // undone: the save has happened.
    // If applying fails, the journal stays and the next save or open
    // (both recover first) finishes it.
    do {
      try apply(
        operations, package: location.lastPathComponent, in: parent, packagePath: packagePath)
      try wrapping { () throws(SystemCallError) in
        try parent.removeTree(journal, path: journalPath)
        try parent.sync(path: parentPath)
      }
    } catch {}
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
    var updated = manifest
    let stagedByID = Dictionary(uniqueKeysWithValues: staged.map { ($0.id, $0.wrapper) })
    for operation in operations {
      switch operation {
      case .remove(_, let path): updated.remove(path)
      case .makeDirectory(let path, _, _): updated.set(path, to: .directory)
      case .place(let id, let path):
        let wrapper = stagedByID[id]
        updated.set(
          path,
          to: wrapper?.kind == .symbolicLink
            ? .symbolicLink(wrapper?.linkDestination ?? "") : .file(statuses[id]?.identity))
      }
    }
    return updated
  }

  /// The operations that turn the package `manifest` describes into `tree`,
  /// and the wrappers to stage for them. Walks the tree in memory only, in
  /// hash order; only the changes are sorted (by path, so a directory is
  /// made before what goes in it), which keeps the plan deterministic.
  ///
  /// Names that are already on disk were valid when read; only new ones
  /// are checked. A directory nested deeper than the read limit means the
  /// tree contains itself.
  private static func plan(
    _ tree: FileWrapper, manifest: DiskManifest,
    staged: inout [(id: Int, wrapper: FileWrapper, path: String)],
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
      for (name, child) in directory.children {
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
      for name in old.keys where directory.children[name] == nil {
        removed.append(DiskManifest.join(path, name))
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
    _ operations: [Operation], package: String, in parent: FileDescriptor, packagePath: String
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
      let packageDirectory = try FileDescriptor.open(
        package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
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

  /// Applies committed operations. Idempotent: a removal is skipped once
  /// any placement has happened (so a new item is never removed), and a
  /// placement whose journal entry is gone has happened.
  private static func apply(
    _ operations: [Operation], package: String, in parent: FileDescriptor, packagePath: String
  ) throws(FileWrapperError) {
    let journal = journalName(for: package)
    let journalPath =
      URL(fileURLWithPath: packagePath).deletingLastPathComponent().path + "/" + journal
    try wrapping { () throws(SystemCallError) in
      let journalDirectory = try FileDescriptor.open(
        journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      let packageDirectory = try FileDescriptor.open(
        package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
      var placementsStarted = false
      for case .place(let id, _) in operations
      where (try? FileStatus.of(String(id), in: journalDirectory, path: journalPath)) == nil {
        placementsStarted = true
      }
      var touched: Set<String> = [""]
      var finalModes: [(path: String, mode: UInt16)] = []
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
        case .place(let id, let path):
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
      for path in touched.sorted() {
        let directory =
          path.isEmpty
          ? packageDirectory
          : try FileDescriptor.open(
            path, in: packageDirectory, flags: FileDescriptor.directoryFlags,
            path: packagePath + "/" + path)
        try directory.sync(path: packagePath + "/" + path)
      }
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
  /// - Throws: ``FileWrapperError`` if the journal is unreadable or
  ///   malformed, or the file system fails.
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
    let journal = journalName(for: package)
    let journalPath = parentPath + "/" + journal
    let parent = try wrapping { () throws(SystemCallError) in
      try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    }
    var rolledForward = false
    // Only "no such file" means no journal, or no commit: any other error
    // is reported, and the journal kept for a later attempt.
    let hasJournal = try wrapping { () throws(SystemCallError) in
      do throws(SystemCallError) {
        _ = try FileStatus.of(journal, in: parent, path: journalPath)
        return true
      } catch  where error.errno == ENOENT {
        return false
      }
    }
    if hasJournal {
      let journalDirectory = try wrapping { () throws(SystemCallError) in
        try FileDescriptor.open(
          journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      }
      let commit = try wrapping { () throws(SystemCallError) -> Data? in
        let file: FileDescriptor
        do throws(SystemCallError) {
          file = try FileDescriptor.open(
            "COMMIT", in: journalDirectory, flags: FileDescriptor.readFlags,
            path: journalPath + "/COMMIT")
        } catch  where error.errno == ENOENT {
          return nil
        }
        return try file.readAll(path: journalPath + "/COMMIT")
      }
      if let commit {
        let operations = try decode(commit, path: journalPath + "/COMMIT")
        try apply(operations, package: package, in: parent, packagePath: packagePath)
        rolledForward = true
      }
      try wrapping { () throws(SystemCallError) in
        try parent.removeTree(journal, path: journalPath)
        try parent.sync(path: parentPath)
      }
    }
    if removingTemporaryFiles {
      try removeTemporaryFiles(of: package, in: parent, parentPath: parentPath)
    }
    return rolledForward
  }

  /// Removes `.<name>.docrepl-<random>.tmp` siblings of `name` that an
  /// interrupted atomic write left.
  static func removeTemporaryFiles(
    of name: String, in parent: FileDescriptor, parentPath: String
  )
    throws(FileWrapperError)
  {
    let prefix = Array(("." + String(FileTreeWriter.temporaryStem(for: name)) + ".docrepl-").utf8)
    let names = try wrapping { () throws(SystemCallError) in
      try parent.directoryEntryNames(path: parentPath)
    }
    for entry in names
    where entry.starts(with: prefix) && entry.suffix(4).elementsEqual(".tmp".utf8) {
      guard let text = String(validating: entry, as: UTF8.self) else { continue }
      try wrapping { () throws(SystemCallError) in
        try parent.removeTree(text, path: parentPath + "/" + text)
      }
    }
  }

  // MARK: - The COMMIT record

  private static func encode(_ operations: [Operation]) throws(FileWrapperError) -> Data {
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
        withJSONObject: ["version": 1, "operations": records], options: [.sortedKeys])
    } catch {
      throw FileWrapperError(.ioFailure, path: "COMMIT", message: "cannot encode the journal")
    }
  }

  /// Parses a COMMIT record, refusing anything that could reach outside the
  /// package: every path is made of valid names.
  private static func decode(_ data: Data, path: String) throws(FileWrapperError) -> [Operation] {
    func malformed(_ detail: String) -> FileWrapperError {
      FileWrapperError(.malformedSerialization, path: path, message: "malformed journal: \(detail)")
    }
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      root["version"] as? Int == 1, let records = root["operations"] as? [[String: Any]]
    else { throw malformed("not a version 1 record") }
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
    return operations
  }
}
