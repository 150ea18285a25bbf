/// Whether a tree of wrappers changed while it was written in full: taken
/// before the write, asked after it.
///
/// Every change to a directory's children, or to a child's attributes, is
/// noted in the directory that holds it (``FileWrapper/noteChange(at:)``),
/// which raises that directory's ``FileWrapper/changeSerial`` and the
/// process-wide ``FileWrapper/changeCount``. The process-wide count says
/// only that *some* wrapper changed: another document's, or another
/// test's running in parallel. Taken alone it cost a package its manifest,
/// and with it the check of each replaced entry for another program's
/// change, whenever anything else in the process changed during the write.
/// So the count is only the fast path; when it moved, the serial of each
/// directory of this tree is compared with the one it had before.
///
/// A directory the write's tree gains or loses is a change to its parent,
/// which is in the tree; so comparing the directories found at the end
/// with their serials at the start misses nothing.
///
/// - Complexity: O(1) if ``FileWrapper/changeCount`` did not move;
///   otherwise O(*N*) for the tree's *N* entries, at the start and at the
///   end, as the full write and the manifest it is for are.
struct TreeChangeSnapshot {
  private let processChanges: UInt64
  private let serials: [ObjectIdentifier: UInt64]?

  /// Records the process-wide change count and, if `comparingDirectories`,
  /// the change serial of every directory in `root`. Without them any
  /// change in the process counts as a change of the tree.
  init(_ root: FileWrapper, comparingDirectories: Bool) {
    processChanges = FileWrapper.changeCount
    serials = comparingDirectories ? Self.serials(of: root) : nil
  }

  /// Whether no directory of `root` changed since the snapshot was taken.
  func isUnchanged(_ root: FileWrapper) -> Bool {
    if FileWrapper.changeCount == processChanges { return true }
    guard let serials else { return false }
    var seen: Set<ObjectIdentifier> = []
    var pending = root.kind == .directory ? [root] : []
    while let directory = pending.popLast() {
      let id = ObjectIdentifier(directory)
      guard seen.insert(id).inserted else { continue }
      guard serials[id] == directory.changeSerial else { return false }
      pending.append(contentsOf: directory.children.values.lazy.filter { $0.kind == .directory })
    }
    return true
  }

  /// The directories of `root`, with their paths, that still hold what a
  /// full write of it begun after the snapshot put on disk: those that,
  /// like every directory above and below them, did not change since.
  ///
  /// A directory whose serial did not move has the children it had when
  /// it was written, so the walk goes down through unchanged directories
  /// only, and every path it finds is the path written. A directory below
  /// a changed one is left out (its path may be new), and so is each one
  /// above a changed one: a save compares a directory in sync with its
  /// manifest only under its noted changes, and would not reach the
  /// changed one through it. Empty without the directories' serials.
  ///
  /// - Complexity: O(*N*) for the tree's *N* entries.
  func unchangedDirectories(of root: FileWrapper) -> [(directory: FileWrapper, path: String)] {
    guard let serials, root.kind == .directory else { return [] }
    // Parents before their children, each with its parent's index.
    var found: [(directory: FileWrapper, path: String, parent: Int?)] = []
    var unchanged: [Bool] = []
    var pending: [(FileWrapper, String, Int?)] = [(root, "", nil)]
    while let (directory, path, parent) = pending.popLast() {
      let index = found.count
      found.append((directory, path, parent))
      let same = serials[ObjectIdentifier(directory)] == directory.changeSerial
      unchanged.append(same)
      guard same else { continue }
      for (name, child) in directory.children where child.kind == .directory {
        pending.append((child, DiskManifest.join(path, name), index))
      }
    }
    for index in found.indices.reversed() where !unchanged[index] {
      if let parent = found[index].parent { unchanged[parent] = false }
    }
    return found.indices.lazy.filter { unchanged[$0] }.map {
      (found[$0].directory, found[$0].path)
    }
  }

  /// Each directory's serial, once per directory even where one appears
  /// at several paths (or within itself).
  private static func serials(of root: FileWrapper) -> [ObjectIdentifier: UInt64] {
    var serials: [ObjectIdentifier: UInt64] = [:]
    var pending = root.kind == .directory ? [root] : []
    while let directory = pending.popLast() {
      let id = ObjectIdentifier(directory)
      guard serials[id] == nil else { continue }
      serials[id] = directory.changeSerial
      pending.append(contentsOf: directory.children.values.lazy.filter { $0.kind == .directory })
    }
    return serials
  }
}
