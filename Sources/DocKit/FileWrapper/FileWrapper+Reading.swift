public import Foundation

extension FileWrapper {
  /// Rereads this wrapper from `url`.
  ///
  /// A directory's children are added and removed to match the disk; a
  /// child that is still there under the same name and of the same kind
  /// keeps its identity (the same `FileWrapper` object), so references to it
  /// stay valid.
  ///
  /// - Throws: `CocoaError` with Apple's code (`.fileReadNoSuchFile`,
  ///   `.fileReadNoPermission`, ...), the path in `NSFilePathErrorKey`, and
  ///   the ``FileWrapperError`` in `fileWrapperError`; on failure this
  ///   wrapper is unchanged.
  public func read(from url: URL, options: ReadingOptions = []) throws(CocoaError) {
    try read(from: url, options: options, limits: .default)
  }

  /// Rereads this wrapper from `url`, refusing trees beyond `limits`.
  ///
  /// - Throws: `CocoaError`, as ``read(from:options:)``; a tree beyond the
  ///   limits is `.fileReadTooLarge`. On failure this wrapper is unchanged.
  public func read(
    from url: URL, options: ReadingOptions = [], limits: Limits
  )
    throws(CocoaError)
  {
    do {
      try readTree(from: url, options: options, limits: limits)
    } catch {
      throw CocoaError(error, writing: false, url: url)
    }
  }

  /// ``read(from:options:limits:)`` with DocKit's own error.
  func readTree(
    from url: URL, options: ReadingOptions, limits: Limits
  ) throws(FileWrapperError) {
    let path = try Self.filePath(of: url)
    var reader = FileTreeReader(options: options, limits: limits)
    let fresh = try reader.read(atPath: path)
    adoptState(of: fresh)
    filename = url.lastPathComponent
    noteChangeInParents()
  }

  /// The path of a file URL, without a trailing slash.
  static func filePath(of url: URL) throws(FileWrapperError) -> String {
    guard url.isFileURL else {
      throw FileWrapperError(
        .unsupportedScheme, path: url.absoluteString, message: "not a file URL")
    }
    var path = url.path
    while path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
    return path
  }

  /// The folder and the last name of the file path `path`, as a `URL`'s
  /// `deletingLastPathComponent().path` and `lastPathComponent` give
  /// them. A canonical absolute path (no empty, `.` or `..` name, no
  /// trailing slash), which is what a save's resolved path is, is split
  /// at its last slash, byte for byte, without making a `URL`.
  static func folderAndName(ofPath path: String) -> (folder: String, name: String) {
    let bytes = path.utf8
    let slash = UInt8(ascii: "/")
    if bytes.first == slash, let last = bytes.lastIndex(of: slash), last != bytes.indices.last,
      bytes.split(separator: slash, omittingEmptySubsequences: false).dropFirst().allSatisfy({
        !$0.isEmpty && !$0.elementsEqual([UInt8(ascii: ".")])
          && !$0.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
      })
    {
      let folder = last == bytes.startIndex ? "/" : String(decoding: bytes[..<last], as: UTF8.self)
      return (folder, String(decoding: bytes[bytes.index(after: last)...], as: UTF8.self))
    }
    let location = URL(fileURLWithPath: path, isDirectory: false)
    return (location.deletingLastPathComponent().path, location.lastPathComponent)
  }

  /// Reads a regular file's bytes, checking that the file is still the inode
  /// in `identity` before and after the read, and no larger than
  /// `maximumSize` bytes.
  ///
  /// The size is checked against `fstat` before a byte is read, and the
  /// read stops one byte past that size (the byte that shows the file
  /// grew), so memory never exceeds `maximumSize + 1` bytes.
  static func readFile(
    _ name: String, in directory: FileDescriptor?, path: String, expecting identity: DiskIdentity,
    maximumSize: Int = Limits.default.maximumFileSize
  ) throws(FileWrapperError) -> Data {
    try readFile(
      name, in: directory, path: path, expecting: identity, maximumSize: maximumSize
    ) { descriptor, size throws(SystemCallError) in
      try descriptor.read(upToCount: size + 1, expectedSize: size, path: path)
    }
  }

  /// ``readFile(_:in:path:expecting:maximumSize:)`` into an array of
  /// bytes, allocated once at the size `fstat` gives.
  static func readFileBytes(
    _ name: String, in directory: FileDescriptor?, path: String, expecting identity: DiskIdentity,
    maximumSize: Int = Limits.default.maximumFileSize
  ) throws(FileWrapperError) -> [UInt8] {
    try readFile(
      name, in: directory, path: path, expecting: identity, maximumSize: maximumSize
    ) { descriptor, size throws(SystemCallError) in
      try descriptor.readBytes(upToCount: size + 1, path: path)
    }
  }

  private static func readFile<Contents: Collection>(
    _ name: String, in directory: FileDescriptor?, path: String, expecting identity: DiskIdentity,
    maximumSize: Int,
    reading: (FileDescriptor, Int) throws(SystemCallError) -> Contents
  ) throws(FileWrapperError) -> Contents {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(
        name, in: directory, flags: FileDescriptor.readFlags, path: path)
    } catch  where error.errno == ELOOP {
      throw FileWrapperError(
        .changedSinceRead, path: path, message: "the file was replaced by a symbolic link")
    } catch {
      throw FileWrapperError(error)
    }
    let before = try asFileWrapperError { () throws(SystemCallError) in
      try descriptor.status(path: path)
    }
    guard before.kind == .regular, before.identity == identity else {
      throw FileWrapperError(
        .changedSinceRead, path: path, message: "the file changed after the tree was read")
    }
    guard before.size <= Int64(maximumSize) else {
      throw FileWrapperError(
        .fileTooLarge, path: path,
        message: "the file is \(before.size) bytes, "
          + "more than the limit of \(maximumSize) bytes (FileWrapper.Limits.maximumFileSize)")
    }
    let size = Int(before.size)
    let (data, after) = try asFileWrapperError { () throws(SystemCallError) in
      (
        try reading(descriptor, size),
        try descriptor.status(path: path)
      )
    }
    guard data.count <= size else {
      throw FileWrapperError(
        .changedSinceRead, path: path,
        message: "the file grew while being read (past its \(size) bytes)")
    }
    guard after.identity == identity, data.count == size else {
      throw FileWrapperError(
        .changedSinceRead, path: path, message: "the file changed after the tree was read")
    }
    return data
  }

  /// Takes over `fresh`'s state, reusing this tree's wrappers by name.
  private func adoptState(of fresh: FileWrapper) {
    var work: [(target: FileWrapper, source: FileWrapper)] = [(self, fresh)]
    while let (target, source) = work.popLast() {
      target.kind = source.kind
      target.contents = source.contents
      target.linkDestination = source.linkDestination
      target.readLocation = source.readLocation
      target.permissions = source.permissions
      target.modificationDate = source.modificationDate
      target.diskIdentity = source.diskIdentity
      target.diskStatus = source.diskStatus
      target.maximumFileSize = source.maximumFileSize
      target.attributesNeedWriting = false
      // Reread wholesale: a package save compares every entry again.
      target.syncStamp = nil
      target.changedKeys = []
      var merged: [(String, FileWrapper)] = []
      for (name, child) in source.children {
        if let old = target.children[name], old.kind == child.kind {
          merged.append((name, old))
          work.append((old, child))
        } else {
          merged.append((name, child))
        }
      }
      let kept = Set(merged.map { ObjectIdentifier($0.1) })
      for (_, old) in target.children where !kept.contains(ObjectIdentifier(old)) {
        target.removeFileWrapper(old)
      }
      target.children = [:]
      for (name, child) in merged { target.adoptChild(child, named: name) }
      target.contentVersion = Self.nextContentVersion()
      // A reused wrapper takes new contents: every other directory that
      // holds it (in this tree or another) must plan it again too.
      for (name, child) in merged where child !== source.children[name] {
        child.noteChangeInParents()
      }
    }
  }
}
