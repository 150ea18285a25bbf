import Foundation
import Glibc

// Applying committed operations to the package.

extension PackageJournal {
  /// Applies committed operations from the journal `journal`. Idempotent:
  /// a removal is skipped once any placement has happened (so a new item is
  /// never removed), and a placement whose journal entry is gone has
  /// happened.
  ///
  /// - Parameter inode: The package directory the journal records.
  /// - Returns: False, having done nothing, when no directory of that
  ///   inode is at the package's name.
  static func apply(
    _ operations: [Operation], from journal: String? = nil, package: String,
    expecting inode: UInt64, in parent: FileDescriptor, packagePath: String
  ) throws(FileWrapperError) -> Bool {
    let journal = journal ?? journalName(for: package)
    let journalPath =
      URL(fileURLWithPath: packagePath, isDirectory: true).deletingLastPathComponent().path
      + "/" + journal
    return try asFileWrapperError { () throws(SystemCallError) -> Bool in
      let journalDirectory = try FileDescriptor.open(
        journal, in: parent, flags: FileDescriptor.directoryFlags, path: journalPath)
      let packageDirectory: FileDescriptor
      do throws(SystemCallError) {
        packageDirectory = try FileDescriptor.open(
          package, in: parent, flags: FileDescriptor.directoryFlags, path: packagePath)
      } catch  where error.errno == ENOENT || error.errno == ENOTDIR || error.errno == ELOOP {
        return false
      }
      if try packageDirectory.status(path: packagePath).inode != inode {
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

  static func parentPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }
}
