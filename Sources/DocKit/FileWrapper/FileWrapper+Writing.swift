public import Foundation

extension FileWrapper {
  /// Writes this wrapper and everything below it to `url`.
  ///
  /// With `originalContentsURL`, an unchanged regular-file child is
  /// hard-linked from the original instead of rewritten. A child is
  /// unchanged when it came from a read or write of that original, still
  /// has a ``filename``, has had no attributes set since, and the file at
  /// `originalContentsURL/filename` is still the inode, size and
  /// modification time it came from. A link that the file system refuses
  /// (another device, no hard links, permissions) falls back to a copy.
  ///
  /// Every file is written to a new inode: nothing is written into a file
  /// that may be shared, by a hard link, with an earlier revision. A hard
  /// link still shares the inode with the original, so a program that later
  /// writes either name in place changes both: link from an original that
  /// is about to be replaced or removed. `DocumentSession` does so only when
  /// it replaces the document's own file; its save as, save to and export
  /// clone or copy instead.
  ///
  /// - Parameters:
  ///   - url: Where to write. Without ``WritingOptions/atomic`` nothing may
  ///     exist there yet.
  ///   - options: ``WritingOptions/atomic`` to replace `url` atomically and
  ///     durably; ``WritingOptions/withNameUpdating`` to record each
  ///     written name in ``filename``.
  ///   - originalContentsURL: The item this wrapper was read from or last
  ///     written to, whose unchanged files may be hard-linked.
  /// - Throws: `CocoaError` with Apple's code (`.fileWriteFileExists`,
  ///   `.fileWriteOutOfSpace`, `.fileWriteNoPermission`, ...), the path
  ///   that failed in `NSFilePathErrorKey`, and the ``FileWrapperError``
  ///   in `fileWrapperError`. Nothing is left at `url` that was not there
  ///   before: an atomic write leaves the old item untouched, and a
  ///   non-atomic one removes what it created.
  public func write(
    to url: URL, options: WritingOptions = [], originalContentsURL: URL?
  ) throws(CocoaError) {
    try writeReturningWritten(to: url, options: options, originalContentsURL: originalContentsURL)
  }

  /// ``write(to:options:originalContentsURL:)``, returning what was
  /// written (see ``FileTreeWriter/Written``), for the document host's
  /// manifest of a package written in full.
  @discardableResult
  func writeReturningWritten(
    to url: URL, options: WritingOptions = [], originalContentsURL: URL?,
    replacing replaced: FileTreeWriter.ReplacedItem? = nil
  ) throws(CocoaError) -> [FileTreeWriter.Written] {
    do {
      var writer = try FileTreeWriter(root: self, destination: url, options: options)
      writer.replace(replaced)
      return try writer.write(originalContentsURL: originalContentsURL)
    } catch {
      throw CocoaError(error, writing: true, url: url)
    }
  }

  /// An atomic write of a copy that shares no inode with
  /// `originalContentsURL`, for the host's save as, save to and export:
  /// each unchanged file is cloned (`FICLONE`) or copied into a new inode
  /// instead of hard-linked, because the original stays, and a program
  /// that writes one of them in place must not change the other. Refuses
  /// an existing destination (`RENAME_NOREPLACE`) unless
  /// `replacingExisting`. With `replaced`, checks at the commit that what
  /// it replaces is what the destination policy decided to replace, and
  /// keeps its owner. Returns what was written.
  @discardableResult
  func writeIndependentCopy(
    to url: URL, options: WritingOptions, originalContentsURL: URL?, replacingExisting: Bool,
    replacing replaced: FileTreeWriter.ReplacedItem? = nil
  ) throws(FileWrapperError) -> [FileTreeWriter.Written] {
    var writer = try FileTreeWriter(root: self, destination: url, options: options.union(.atomic))
    writer.replace(replaced)
    writer.replacesExisting = replacingExisting
    writer.linksUnchangedFiles = false
    // A package's files are made durable together, by one `syncfs`; a
    // single file by its own `fsync`.
    writer.syncsFileSystemOnce = isDirectory && FileDescriptor.fileSystemSyncReportsErrors
    return try writer.write(originalContentsURL: originalContentsURL)
  }
}
