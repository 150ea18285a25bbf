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
  /// that may be shared, by a hard link, with an earlier revision.
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
    do {
      var writer = try FileTreeWriter(root: self, destination: url, options: options)
      try writer.write(originalContentsURL: originalContentsURL)
    } catch {
      throw CocoaError(error, writing: true, url: url)
    }
  }

  /// An atomic write that refuses an existing destination
  /// (`RENAME_NOREPLACE`), for "save as" and "save to" without overwrite.
  func writeNew(
    to url: URL, options: WritingOptions, originalContentsURL: URL?
  ) throws(FileWrapperError) {
    var writer = try FileTreeWriter(root: self, destination: url, options: options.union(.atomic))
    writer.replacesExisting = false
    try writer.write(originalContentsURL: originalContentsURL)
  }
}
