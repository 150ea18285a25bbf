import Synchronization

/// What a package holds on disk, as of its last read or save: for each
/// directory (by its path inside the package, `""` for the root), its
/// entries by name. Built in memory from a wrapper tree, so comparing a new
/// tree against it costs no system calls.
///
/// A class, updated in place by the save that succeeded: a copy of a
/// value holding 100,000 entries would cost O(N) at every save. Only the
/// document session that owns it reads or changes it, one save at a time.
///
/// - Complexity: Building one from a tree is O(*N*) for its *N* entries;
///   ``set(_:to:)``, ``markInSync(_:at:clearingChanges:)`` and
///   ``isInSync(_:at:)`` are O(1) on average (hashing a path is O(its
///   length)); ``remove(_:)`` is O(*r*) for the *r* entries it forgets.
final class DiskManifest: @unchecked Sendable {
  enum Entry: Sendable, Equatable {
    case file(DiskIdentity?)
    case directory
    case symbolicLink(String)
  }

  private static let stamps = Atomic<UInt64>(0)

  var directories: [String: [String: Entry]] = [:]
  /// For each directory path, the ``FileWrapper/syncStamp``
  /// last recorded there: a wrapper holding an older one is out of sync.
  private(set) var syncStamps: [String: UInt64] = [:]

  /// The manifest of a tree just read from or written to disk. Records in
  /// each directory wrapper that it matches the disk here.
  init(tree root: FileWrapper) {
    var pending: [(FileWrapper, String)] = [(root, "")]
    while let (directory, path) = pending.popLast() {
      markInSync(directory, at: path)
      var entries: [String: Entry] = [:]
      for (name, child) in directory.children {
        switch child.kind {
        case .regularFile:
          entries[name] = .file(child.attributesNeedWriting ? nil : child.diskIdentity)
        case .symbolicLink: entries[name] = .symbolicLink(child.linkDestination)
        case .directory:
          entries[name] = .directory
          pending.append((child, Self.join(path, name)))
        }
      }
      directories[path] = entries
    }
  }

  /// The manifest of a package as a full write of it put it on disk:
  /// `written` as ``FileTreeWriter/write(originalContentsURL:)`` returned
  /// it, the root directory last. Unlike ``init(tree:)`` it reads nothing
  /// from the wrappers, which may have been edited since they were
  /// written, and marks no directory in sync: the caller marks those it
  /// knows still hold what was written (see
  /// ``TreeChangeSnapshot/unchangedDirectories(of:)``); any other is
  /// compared with this manifest entry by entry by the next save.
  ///
  /// - Complexity: O(*N*) for the *N* items written.
  init?(written: [FileTreeWriter.Written]) {
    guard let root = written.last, root.wrapper.kind == .directory else { return nil }
    let prefix = root.path.utf8.count + 1
    directories[""] = [:]
    for item in written.dropLast() {
      let path = String(decoding: item.path.utf8.dropFirst(prefix), as: UTF8.self)
      switch item.status.kind {
      case .regular: set(path, to: .file(item.status.identity))
      case .directory: set(path, to: .directory)
      case .symbolicLink: set(path, to: .symbolicLink(item.linkDestination ?? ""))
      default: return nil
      }
    }
  }

  /// Records that `directory` matches the disk at `path` now, with
  /// nothing changed since unless it keeps its noted changes.
  func markInSync(_ directory: FileWrapper, at path: String, clearingChanges: Bool = true) {
    let stamp = Self.stamps.add(1, ordering: .relaxed).newValue
    syncStamps[path] = stamp
    directory.syncStamp = stamp
    if clearingChanges { directory.changedKeys = [] }
  }

  /// Whether `directory`'s sync stamp says it matches the disk at `path`.
  func isInSync(_ directory: FileWrapper, at path: String) -> Bool {
    guard let stamp = syncStamps[path] else { return false }
    return directory.syncStamp == stamp
  }

  static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : path + "/" + name
  }

  /// Records `entry` at `path`; a new directory starts empty.
  func set(_ path: String, to entry: Entry) {
    let (parent, name) = Self.split(path)
    directories[parent, default: [:]][name] = entry
    if entry == .directory && directories[path] == nil { directories[path] = [:] }
  }

  /// Forgets `path` and, for a directory, everything below it: O(size of
  /// what is forgotten), found through the directory's own entries.
  func remove(_ path: String) {
    let (parent, name) = Self.split(path)
    guard directories[parent]?.removeValue(forKey: name) == .directory else { return }
    var pending = [path]
    while let directory = pending.popLast() {
      syncStamps[directory] = nil
      guard let entries = directories.removeValue(forKey: directory) else { continue }
      for (child, entry) in entries where entry == .directory {
        pending.append(Self.join(directory, child))
      }
    }
  }

  private static func split(_ path: String) -> (parent: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }
}
