public import Foundation
import Glibc

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
/// link kept. What stands there is decided by ``DestinationPolicy`` for
/// the kind of write the caller names, and checked again where it is
/// replaced: a regular file is replaced (a new one keeps its permissions
/// and owner), a read-only one only by a write that may be forced and is,
/// and a folder, a FIFO, a device or a socket never.
public enum AtomicFile {
  /// Replaces the file at `url` (through any symbolic link) with `bytes`.
  ///
  /// - Parameters:
  ///   - url: The file to replace, or to make.
  ///   - bytes: What the file holds afterwards.
  ///   - write: The kind of write, which the destination policy decides
  ///     for: ``DestinationPolicy/Write/record`` refuses an existing file
  ///     without ``DestinationPolicy/Flags/replace``, for example.
  ///   - flags: What the user allowed by name.
  ///   - context: The working folder and the open documents, whose
  ///     packages no write goes into.
  ///   - newFilePermissions: The mode of a file that does not exist yet
  ///     (exact, not narrowed by the umask); nil for the umask's default.
  ///   - folderPermissions: Make the missing folders above `url` with this
  ///     mode, each synced into its parent; nil to leave a missing folder
  ///     an error.
  /// - Throws: ``FileWrapperError`` naming the path that failed, or the
  ///   policy's refusal: ``FileWrapperError/Code/fileExists`` for a file
  ///   that needs `replace`, ``FileWrapperError/Code/permissionDenied`` for
  ///   a read-only one, ``FileWrapperError/Code/unsupportedFileType`` for
  ///   anything else refused. The file is then as it was.
  public static func write(
    _ bytes: some Collection<UInt8>, to url: URL, as write: DestinationPolicy.Write,
    flags: DestinationPolicy.Flags = [], context: WriteDestination.Context = .init(),
    newFilePermissions: UInt16? = nil,
    makingFoldersWith folderPermissions: UInt16? = nil
  ) throws(FileWrapperError) {
    let target = try DocumentPath.resolved(url)
    let path = try FileWrapper.filePath(of: target)
    if let confinement = context.confinement {
      do {
        try confinement.check(.write, url)
      } catch {
        throw FileWrapperError(.permissionDenied, path: path, message: error.description)
      }
    }
    if let folderPermissions {
      let folder = target.deletingLastPathComponent().path
      try asFileWrapperError { () throws(SystemCallError) in
        try FileDescriptor.makeDirectories(atPath: folder, mode: mode_t(folderPermissions))
      }
    }
    let destination = try WriteDestination.inspect(url, context: context)
    do {
      try DestinationPolicy.check(write, at: destination, flags: flags)
    } catch {
      let code: FileWrapperError.Code =
        switch error.code {
        case .fileExists: .fileExists
        case .readOnlyFile: .permissionDenied
        default: .unsupportedFileType
        }
      throw FileWrapperError(code, path: path, message: error.message)
    }
    let file = FileWrapper(regularFileWithContents: Data(bytes))
    if let permissions = destination.permissions ?? newFilePermissions {
      file.permissions = permissions
      file.attributesNeedWriting = true
    }
    try file.writeIndependentCopy(
      to: target, options: [], originalContentsURL: nil,
      replacingExisting: destination.kind != .nothing,
      replacing: FileTreeWriter.ReplacedItem(destination))
  }

  /// Makes the file at `url` (through any symbolic link) empty, as
  /// ``write(_:to:as:flags:context:newFilePermissions:makingFoldersWith:)``
  /// does, and opens it for appending: for a file written as it goes (a
  /// recording, `output`'s file).
  ///
  /// What is opened is checked to be the regular file just written: a
  /// folder, a FIFO or a device that took its place in between is not
  /// opened (a FIFO would block the open) or written.
  ///
  /// - Parameters:
  ///   - url: The file to make, or to empty.
  ///   - write: The kind of write, which the destination policy decides.
  ///   - flags: What the user allowed by name.
  ///   - context: The working folder and the open documents.
  /// - Returns: A handle that appends to the file and closes it when
  ///   released.
  /// - Throws: ``FileWrapperError``, as the atomic write throws it, or
  ///   ``FileWrapperError/Code/destinationChanged`` when something other
  ///   than a regular file stands there once it is written.
  public static func create(
    _ url: URL, as write: DestinationPolicy.Write, flags: DestinationPolicy.Flags = [],
    context: WriteDestination.Context = .init()
  ) throws(FileWrapperError) -> FileHandle {
    try self.write([UInt8](), to: url, as: write, flags: flags, context: context)
    let path = url.path
    // Non-blocking, so that a FIFO put there cannot hold up the open; on a
    // regular file it changes nothing.
    let descriptor = try asFileWrapperError { () throws(SystemCallError) in
      try FileDescriptor.open(
        path, in: nil, flags: O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC, path: path)
    }
    guard (try? descriptor.status(path: path))?.kind == .regular else {
      throw FileWrapperError(
        .destinationChanged, path: path,
        message: "something other than a file took its place as it was made")
    }
    return FileHandle(fileDescriptor: descriptor.detach(), closeOnDealloc: true)
  }
}
