import Foundation
import Glibc

// Planning: the operations that turn what the disk holds into the new tree.

extension PackageJournal {
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
  static func plan(
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
}
