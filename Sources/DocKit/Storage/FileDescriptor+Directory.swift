import CDocKitSystem
import Glibc

/// Operations on the entries of a directory, by name, relative to its
/// descriptor. None of them follows a symbolic link in the final component.
extension FileDescriptor {
  /// The names in this directory, as raw bytes, without `.` and `..`.
  ///
  /// Names are returned exactly as the file system stores them; deciding
  /// whether they are valid UTF-8 is the caller's business.
  func directoryEntryNames(path: String) throws(SystemCallError) -> [[UInt8]] {
    guard let names = FileSystemContext.current.readDirectory(rawValue) else {
      throw SystemCallError(systemCall: "readdir", errno: errno, path: path)
    }
    return names
  }

  /// `mkdirat`.
  func makeDirectory(_ name: String, mode: mode_t, path: String) throws(SystemCallError) {
    guard name.withCString({ FileSystemContext.current.mkdirat(rawValue, $0, mode) }) == 0 else {
      throw SystemCallError(systemCall: "mkdirat", errno: errno, path: path)
    }
  }

  /// Creates the directory at `path` and every missing parent, as
  /// `mkdir -p` does, following symbolic links on the way as it does, and
  /// syncs the parent of each directory it makes, so that the new
  /// directory's entry is durable before anything saved in it.
  static func makeDirectories(atPath path: String, mode: mode_t = 0o755) throws(SystemCallError) {
    _ = try openMakingDirectories(atPath: path, mode: mode)
  }

  /// ``makeDirectories(atPath:mode:)``, returning the directory at `path`
  /// open (through any link to it), for a caller that checks what it is.
  static func openMakingDirectories(
    atPath path: String, mode: mode_t = 0o755
  ) throws(SystemCallError) -> FileDescriptor {
    let followingFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    let absolute = path.hasPrefix("/")
    var currentPath = absolute ? "/" : "."
    var current = try FileDescriptor.open(
      currentPath, in: nil, flags: followingFlags, path: currentPath)
    for name in path.split(separator: "/").map(String.init) {
      let childPath = (currentPath == "/" ? "/" : currentPath + "/") + name
      do {
        try current.makeDirectory(name, mode: mode, path: childPath)
        try current.sync(path: currentPath)
      } catch  where error.errno == EEXIST {}
      current = try FileDescriptor.open(name, in: current, flags: followingFlags, path: childPath)
      currentPath = childPath
    }
    return current
  }

  /// Removes the item at `path` (a directory with everything in it; a
  /// link, never its target) and syncs its folder. A missing item is not
  /// an error. Through ``FileSystemContext/current``, as every call is.
  static func removeItem(atPath path: String) throws(SystemCallError) {
    let (parentPath, name) = splitPath(path)
    let parent = try FileDescriptor.open(
      parentPath, in: nil, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, path: parentPath)
    try parent.removeTree(name, path: path)
    try parent.sync(path: parentPath)
  }

  /// The names in the directory at `path` (following links to it), as
  /// raw bytes, without `.` and `..`.
  static func entryNames(atPath path: String) throws(SystemCallError) -> [[UInt8]] {
    try FileDescriptor.open(path, in: nil, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, path: path)
      .directoryEntryNames(path: path)
  }

  /// Whether anything (a link counts, whatever it leads to) is at `path`;
  /// false if `fstatat` fails.
  static func itemExists(atPath path: String) -> Bool {
    (try? FileStatus.of(path, in: nil, path: path)) != nil
  }

  /// The folder part (`.` if none) and the last component of `path`.
  static func splitPath(_ path: String) -> (folder: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    let folder = trimmed[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
  }

  /// `linkat` from `name` in `source` to `newName` in this directory.
  func makeHardLink(
    to newName: String, from name: String, in source: FileDescriptor, path: String
  ) throws(SystemCallError) {
    let result = name.withCString { old in
      newName.withCString { new in
        FileSystemContext.current.linkat(source.rawValue, old, rawValue, new)
      }
    }
    guard result == 0 else {
      throw SystemCallError(systemCall: "linkat", errno: errno, path: path)
    }
  }

  /// `symlinkat`: creates `name` pointing at `destination`, verbatim.
  func makeSymbolicLink(
    _ name: String, destination: String, path: String
  ) throws(SystemCallError) {
    let result = destination.withCString { target in
      name.withCString { FileSystemContext.current.symlinkat(target, rawValue, $0) }
    }
    guard result == 0 else {
      throw SystemCallError(systemCall: "symlinkat", errno: errno, path: path)
    }
  }

  /// `readlinkat`: the link's target as raw bytes, however long.
  func symbolicLinkDestination(_ name: String, path: String) throws(SystemCallError) -> [UInt8] {
    var capacity = 256
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let count = name.withCString { cName in
        buffer.withUnsafeMutableBufferPointer {
          FileSystemContext.current.readlinkat(
            rawValue, cName, $0.baseAddress.unsafelyUnwrapped, capacity)
        }
      }
      guard count >= 0 else {
        throw SystemCallError(systemCall: "readlinkat", errno: errno, path: path)
      }
      if count < capacity { return buffer[0..<count].map { UInt8(bitPattern: $0) } }
      capacity *= 2
    }
  }

  /// How ``rename(_:to:mode:path:)`` treats an existing new name.
  enum RenameMode {
    /// `rename(2)`: replace a non-directory, or an empty directory.
    case replace
    /// `RENAME_NOREPLACE`: fail with `EEXIST` if the new name exists.
    case noReplace
    /// `RENAME_EXCHANGE`: swap the two names, which both must exist.
    case exchange
  }

  /// `renameat2` within this directory. Throws `EINVAL` or `ENOSYS` where
  /// the file system or kernel does not support `mode`.
  func rename(
    _ name: String, to newName: String, mode: RenameMode, path: String
  )
    throws(SystemCallError)
  {
    let flags: UInt32 =
      switch mode {
      case .replace: 0
      case .noReplace: UInt32(DOCKIT_RENAME_NOREPLACE)
      case .exchange: UInt32(DOCKIT_RENAME_EXCHANGE)
      }
    let result = name.withCString { old in
      newName.withCString { new in
        FileSystemContext.current.renameat2(rawValue, old, rawValue, new, flags)
      }
    }
    guard result == 0 else {
      throw SystemCallError(
        systemCall: flags == 0 ? "renameat" : "renameat2", errno: errno, path: path)
    }
  }

  /// Throws `EACCES` unless the process may create and remove entries in
  /// `name` (`"."` for this directory itself).
  func checkWritable(_ name: String, path: String) throws(SystemCallError) {
    let result = name.withCString { FileSystemContext.current.faccessat(rawValue, $0, W_OK | X_OK) }
    guard result == 0 else {
      throw SystemCallError(systemCall: "faccessat", errno: errno, path: path)
    }
  }

  /// `renameat2` from `name` here to `newName` in `destination`.
  func move(
    _ name: String, to newName: String, in destination: FileDescriptor, path: String
  )
    throws(SystemCallError)
  {
    let result = name.withCString { old in
      newName.withCString { new in
        FileSystemContext.current.renameat2(rawValue, old, destination.rawValue, new, 0)
      }
    }
    guard result == 0 else {
      throw SystemCallError(systemCall: "renameat", errno: errno, path: path)
    }
  }

  /// Removes `name` and, if it is a directory, everything below it.
  ///
  /// The walk is iterative and opens each directory with `O_NOFOLLOW`, so a
  /// symbolic link is removed, never followed, and depth cannot overflow the
  /// stack. Names are handled as raw bytes, so entries whose names are not
  /// UTF-8 are removed too. A missing `name` is not an error.
  func removeTree(_ name: String, path: String) throws(SystemCallError) {
    // Each frame is a directory still to empty, with its parent and name.
    var stack: [(parent: FileDescriptor, name: [UInt8], path: String)] = []
    if try unlinkUnlessDirectory(Array(name.utf8), path: path) { return }
    stack.append((self, Array(name.utf8), path))
    while let frame = stack.last {
      let directory = try frame.name.withCName { cName throws(SystemCallError) in
        let fd = FileSystemContext.current.openat(
          frame.parent.rawValue, cName, FileDescriptor.directoryFlags, 0)
        guard fd >= 0 else {
          throw SystemCallError(systemCall: "openat", errno: errno, path: frame.path)
        }
        return FileDescriptor(rawValue: fd)
      }
      var pushed = false
      for child in try directory.directoryEntryNames(path: frame.path) {
        let childPath = frame.path + "/" + String(decoding: child, as: UTF8.self)
        if try directory.unlinkUnlessDirectory(child, path: childPath) { continue }
        stack.append((directory, child, childPath))
        pushed = true
      }
      if pushed { continue }
      stack.removeLast()
      let removed = frame.name.withCName {
        FileSystemContext.current.unlinkat(frame.parent.rawValue, $0, AT_REMOVEDIR)
      }
      guard removed == 0 || errno == ENOENT else {
        throw SystemCallError(systemCall: "unlinkat", errno: errno, path: frame.path)
      }
    }
  }

  /// Unlinks a non-directory. Returns false, having done nothing, when
  /// `name` is a directory; true when it was removed or was already gone.
  private func unlinkUnlessDirectory(_ name: [UInt8], path: String) throws(SystemCallError) -> Bool
  {
    let result = name.withCName { FileSystemContext.current.unlinkat(rawValue, $0, 0) }
    if result == 0 || errno == ENOENT { return true }
    guard errno == EISDIR || errno == EPERM else {
      throw SystemCallError(systemCall: "unlinkat", errno: errno, path: path)
    }
    return false
  }
}

extension [UInt8] {
  /// Calls `body` with these bytes as a NUL-terminated C string.
  func withCName<R, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
    var terminated = map { CChar(bitPattern: $0) }
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { buffer throws(E) in
      // A non-empty array's buffer always has a base address.
      try body(buffer.baseAddress.unsafelyUnwrapped)
    }
  }
}
