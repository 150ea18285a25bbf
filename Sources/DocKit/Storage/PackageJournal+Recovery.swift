import Foundation
import Glibc

// Recovery: finishing or discarding an interrupted save, and removing the
// temporary files interrupted writes left.

extension PackageJournal {
  /// Finishes or discards an interrupted save of the package at `url`, and
  /// removes temporary files that interrupted writes left next to it.
  /// Returns what it did: the proof of recovery that
  /// ``save(_:at:manifest:replacingChanges:after:)`` takes, so that a
  /// write recovers once, before it writes anything.
  ///
  /// Only leftovers are touched: a journal or temporary file that another
  /// open file description has locked belongs to a save in progress, here
  /// or in another process, and is left alone. A committed journal is
  /// applied only if it records this package's name and directory inode;
  /// one that does not is left alone too.
  ///
  /// Journals and temporary items are looked for under this host's
  /// names and under the default host's (see ``SiblingNames/recoveredHosts``),
  /// so a save interrupted before the program set its identifier is
  /// finished too.
  ///
  /// - Throws: ``FileWrapperError`` if the journal is unreadable or
  ///   malformed, or the file system fails.
  /// - Parameter removingTemporaryFiles: Also list the parent directory to
  ///   remove temporary files; opening does, saving (which only needs the
  ///   journal check, O(1)) does not.
  @discardableResult
  static func recover(
    packageAt url: URL, removingTemporaryFiles: Bool = true
  ) throws(FileWrapperError) -> Recovery {
    let packagePath = try FileWrapper.filePath(of: url)
    let (parentPath, package) = FileWrapper.folderAndName(ofPath: packagePath)
    // A save's check, when no save was interrupted: one `lstat` a journal
    // name that finds nothing, and no folder opened. Anything else (a
    // journal, or a look that fails otherwise) takes the full path below.
    if !removingTemporaryFiles,
      SiblingNames.recoveredHosts.allSatisfy({ host in
        isAbsent(parentPath + "/" + SiblingNames.journal(for: package, host: host))
      })
    {
      return Recovery(packagePath: packagePath, rolledForward: false)
    }
    let parent = try asFileWrapperError { () throws(SystemCallError) in
      try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    }
    var rolledForward = false
    for host in SiblingNames.recoveredHosts {
      let state = try recoverJournal(
        SiblingNames.journal(for: package, host: host), package: package, in: parent,
        parentPath: parentPath, packagePath: packagePath)
      if state == .rolledForward { rolledForward = true }
    }
    if removingTemporaryFiles {
      try removeTemporaryFiles(of: package, in: parent, parentPath: parentPath)
    }
    return Recovery(packagePath: packagePath, rolledForward: rolledForward)
  }

  /// Whether nothing is at `path`: its `lstat` (through
  /// ``FileSystemContext/current``) fails with `ENOENT`. Any other outcome,
  /// an item there or another error, is not "nothing".
  private static func isAbsent(_ path: String) -> Bool {
    var status = stat()
    let result = path.withCString {
      FileSystemContext.current.fstatat(AT_FDCWD, $0, &status, AT_SYMLINK_NOFOLLOW)
    }
    return result != 0 && errno == ENOENT
  }

  /// Recovers the journal `journal` of `package`, if it is a leftover. A
  /// committed record without an owner (version 1) is left alone, with
  /// its journal: see ``PackageJournal``.
  static func recoverJournal(
    _ journal: String, package: String, in parent: FileDescriptor,
    parentPath: String, packagePath: String
  ) throws(FileWrapperError) -> JournalState {
    let journalPath = parentPath + "/" + journal
    // Only "no such file" means no journal, or no commit: any other error
    // is reported, and the journal kept for a later attempt.
    let claim = try asFileWrapperError { () throws(SystemCallError) in
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
    let commit = try asFileWrapperError { () throws(SystemCallError) -> Data? in
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
      guard let owner else { return .unattributed }
      guard owner.name == package else {
        return .foreign(reason: "it belongs to the package '\(owner.name)'")
      }
      guard
        try apply(
          operations, from: journal, package: package, expecting: owner.inode, in: parent,
          packagePath: packagePath)
      else {
        return .foreign(
          reason: "it belongs to another directory that was named '\(package)'"
            + " (moved, copied or replaced since the save was interrupted)")
      }
      state = .rolledForward
    }
    try asFileWrapperError { () throws(SystemCallError) in
      try parent.removeTree(journal, path: journalPath)
      try parent.sync(path: parentPath)
    }
    return state
  }

  /// Removes the temporary items of `name` that interrupted atomic writes
  /// left: `.<stem>.<hash>.<host>-<random>.tmp` siblings, for this host
  /// and the default one (see ``SiblingNames/recoveredHosts``).
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
    let prefixes = SiblingNames.recoveredHosts.map {
      Array(SiblingNames.temporaryPrefix(for: name, host: $0).utf8)
    }
    let names = try asFileWrapperError { () throws(SystemCallError) in
      try parent.directoryEntryNames(path: parentPath)
    }
    var candidates: [(name: String, aside: Bool)] = []
    for entry in names {
      let ours = prefixes.contains { entry.starts(with: $0) }
      let aside = ours && entry.suffix(4).elementsEqual(".old".utf8)
      guard ours && (aside || entry.suffix(4).elementsEqual(".tmp".utf8)),
        let text = String(validating: entry, as: UTF8.self)
      else { continue }
      candidates.append((text, aside))
    }
    // Items moved aside first, so that one is back before anything else goes.
    for (candidate, aside) in candidates.sorted(by: { $0.aside && !$1.aside }) {
      let path = parentPath + "/" + candidate
      try asFileWrapperError { () throws(SystemCallError) in
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
}
