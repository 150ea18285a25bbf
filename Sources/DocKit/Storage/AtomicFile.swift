package import Foundation

/// Replaces a whole file atomically and durably: the one way the package
/// writes a small file whole (the prompt's history, a script that
/// `docrepl test --update` rewrites, a new recording).
///
/// It is ``FileWrapper``'s atomic write of one regular file: the bytes go
/// to a temporary sibling (locked, so that recovery elsewhere leaves it
/// alone), which is synced, then renamed over the file (exchanged with it,
/// so that a failure can swap the old one back), and the folder is synced.
/// After a power loss the file holds the old bytes or the new; once this
/// returns, the new. Every call goes through ``FileSystemContext/current``,
/// so the fault-injection and power-loss tests see them.
///
/// A symbolic link at `url` is followed: its target is replaced and the
/// link kept. An existing file keeps its permissions; anything at `url`
/// other than a regular file is refused, and left as it was.
package enum AtomicFile {
  /// Replaces the file at `url` (through any symbolic link) with `bytes`.
  ///
  /// - Parameters:
  ///   - newFilePermissions: The mode of a file that does not exist yet
  ///     (exact, not narrowed by the umask); nil for the umask's default.
  ///   - folderPermissions: Make the missing folders above `url` with this
  ///     mode, each synced into its parent; nil to leave a missing folder
  ///     an error.
  ///   - replacingExisting: Whether a file already at `url` may be
  ///     replaced; if not, an existing one is refused with
  ///     ``FileWrapperError/Code/fileExists`` (`RENAME_NOREPLACE`).
  /// - Throws: ``FileWrapperError`` naming the path that failed; the file
  ///   is then as it was.
  package static func write(
    _ bytes: some Collection<UInt8>, to url: URL, newFilePermissions: UInt16? = nil,
    makingFoldersWith folderPermissions: UInt16? = nil, replacingExisting: Bool = true
  ) throws(FileWrapperError) {
    let target = try DocumentPath.resolved(url)
    let path = try FileWrapper.filePath(of: target)
    if let folderPermissions {
      let folder = target.deletingLastPathComponent().path
      try asFileWrapperError { () throws(SystemCallError) in
        try FileDescriptor.makeDirectories(atPath: folder, mode: mode_t(folderPermissions))
      }
    }
    // Only "no such file" means a new file: any other failure says nothing
    // about what is there, and read as "nothing" it would give an
    // existing file the new-file permissions.
    let existing: FileStatus?
    do throws(SystemCallError) {
      existing = try FileStatus.of(path, in: nil, path: path)
    } catch  where error.errno == ENOENT {
      existing = nil
    } catch {
      throw FileWrapperError(error)
    }
    if let existing, existing.kind != .regular {
      throw FileWrapperError(
        existing.kind == .directory ? .fileExists : .unsupportedFileType, path: path,
        message: "not a regular file")
    }
    let file = FileWrapper(regularFileWithContents: Data(bytes))
    if let permissions = existing?.permissions ?? newFilePermissions {
      file.permissions = permissions
      file.attributesNeedWriting = true
    }
    try file.writeIndependentCopy(
      to: target, options: [], originalContentsURL: nil, replacingExisting: replacingExisting)
  }
}
