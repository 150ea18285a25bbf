import Foundation

/// Reads a tree from disk into file wrappers, iteratively and without ever
/// following a symbolic link.
///
/// Each directory is opened relative to its parent's descriptor with
/// `O_NOFOLLOW`, and checked to be the inode that `lstat` saw, so an entry
/// swapped for a link mid-walk is caught rather than followed. Pending
/// directories hold their parent's descriptor, so the number of open
/// descriptors grows with depth, not with width.
struct FileTreeReader {
  private struct PendingDirectory {
    var parent: FileDescriptor
    var name: String
    var wrapper: FileWrapper
    var path: String
    var depth: Int
    var status: FileStatus
  }

  let options: FileWrapper.ReadingOptions
  let limits: FileWrapper.Limits
  private var entryCount = 0

  init(options: FileWrapper.ReadingOptions, limits: FileWrapper.Limits) {
    self.options = options
    self.limits = limits
  }

  /// Reads the item at `path` and, for a directory, everything below it.
  ///
  /// - Parameter target: a new, empty wrapper to become the root, so that
  ///   an initializer need not copy a whole tree into itself; nil for a
  ///   new root object.
  mutating func read(
    atPath path: String, into target: FileWrapper? = nil
  ) throws(FileWrapperError) -> FileWrapper {
    let cwd = FileDescriptor.workingDirectory
    let status = try asFileWrapperError { () throws(SystemCallError) in
      try FileStatus.of(path, in: nil, path: path)
    }
    entryCount = 1
    let root = try makeWrapper(path, in: cwd, path: path, status: status, reusing: target)
    guard root.kind == .directory else { return root }
    var pending = [
      PendingDirectory(parent: cwd, name: path, wrapper: root, path: path, depth: 0, status: status)
    ]
    while let directory = pending.popLast() {
      let descriptor = try open(directory)
      let names = try asFileWrapperError { () throws(SystemCallError) in
        try descriptor.directoryEntryNames(path: directory.path)
      }
      directory.wrapper.children.reserveCapacity(names.count)
      for raw in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        guard let name = String(validating: raw, as: UTF8.self) else {
          throw FileWrapperError(
            .invalidEncoding, path: directory.path + "/" + Self.escaped(raw),
            message: "the filename is not valid UTF-8")
        }
        let childPath = directory.path + "/" + name
        // A hash lookup finds a name Swift considers equal; only then is the
        // other spelling looked for, for the message.
        if directory.wrapper.children[name] != nil,
          let existing = directory.wrapper.children.keys.first(where: { $0 == name })
        {
          throw FileWrapperError(
            .equivalentFilenames, path: childPath,
            message:
              "the names \(Self.escaped(Array(existing.utf8))) and \(Self.escaped(raw)) "
              + "differ on disk but are equal as Swift strings (Unicode normalization)")
        }
        guard directory.depth < limits.maximumDepth else {
          throw FileWrapperError(
            .depthLimitExceeded, path: childPath,
            message: "nested deeper than the limit of \(limits.maximumDepth) levels")
        }
        entryCount += 1
        guard entryCount <= limits.maximumEntryCount else {
          throw FileWrapperError(
            .entryLimitExceeded, path: childPath,
            message: "the tree has more than the limit of \(limits.maximumEntryCount) entries")
        }
        let status = try asFileWrapperError { () throws(SystemCallError) in
          try FileStatus.of(name, in: descriptor, path: childPath)
        }
        let child = try makeWrapper(name, in: descriptor, path: childPath, status: status)
        directory.wrapper.adoptChild(child, named: name)
        if child.kind == .directory {
          pending.append(
            PendingDirectory(
              parent: descriptor, name: name, wrapper: child, path: childPath,
              depth: directory.depth + 1, status: status))
        }
      }
    }
    return root
  }

  /// Opens a pending directory and checks it is still the inode seen.
  private func open(_ directory: PendingDirectory) throws(FileWrapperError) -> FileDescriptor {
    let descriptor = try asFileWrapperError { () throws(SystemCallError) in
      try FileDescriptor.open(
        directory.name, in: directory.parent, flags: FileDescriptor.directoryFlags,
        path: directory.path)
    }
    let now = try asFileWrapperError { () throws(SystemCallError) in
      try descriptor.status(path: directory.path)
    }
    guard now.device == directory.status.device, now.inode == directory.status.inode else {
      throw FileWrapperError(
        .changedSinceRead, path: directory.path,
        message: "the directory was replaced while being read")
    }
    return descriptor
  }

  /// A wrapper for one entry, refusing anything but files, directories
  /// and links before opening it.
  private func makeWrapper(
    _ name: String, in directory: FileDescriptor, path: String, status: FileStatus,
    reusing existing: FileWrapper? = nil
  ) throws(FileWrapperError) -> FileWrapper {
    func make(_ kind: FileWrapper.Kind) -> FileWrapper {
      guard let existing else { return FileWrapper(kind: kind, permissions: status.permissions) }
      existing.kind = kind
      existing.permissions = status.permissions
      return existing
    }
    let wrapper: FileWrapper
    switch status.kind {
    case .regular:
      wrapper = make(.regularFile)
      wrapper.maximumFileSize = limits.maximumFileSize
      if options.contains(.immediate) {
        wrapper.contents = .loaded(
          try FileWrapper.readFile(
            name, in: directory, path: path, expecting: status.identity,
            maximumSize: limits.maximumFileSize))
      } else {
        wrapper.contents = .onDisk(path: path, identity: status.identity)
      }
      wrapper.diskIdentity = status.identity
    case .directory:
      wrapper = make(.directory)
    case .symbolicLink:
      let raw = try asFileWrapperError { () throws(SystemCallError) in
        try directory.symbolicLinkDestination(name, path: path)
      }
      guard let destination = String(validating: raw, as: UTF8.self) else {
        throw FileWrapperError(
          .invalidEncoding, path: path,
          message: "the symbolic link's destination \(Self.escaped(raw)) is not valid UTF-8")
      }
      wrapper = make(.symbolicLink)
      wrapper.linkDestination = destination
      wrapper.readLocation = URL(fileURLWithPath: path, isDirectory: false)
    case .fifo, .socket, .characterDevice, .blockDevice, .unknown:
      throw FileWrapperError(
        .unsupportedFileType, path: path, message: "refusing to read a \(status.kind)")
    }
    wrapper.modificationDate = Date(timeIntervalSince1970: status.modificationTime)
    wrapper.diskStatus = status
    return wrapper
  }

  /// Bytes as text for a message: printable ASCII as is, the rest `\xNN`,
  /// so a name that is not UTF-8 is shown exactly, never as U+FFFD.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
      if (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return text
  }
}

/// Runs a storage-layer call, turning its failure into a ``FileWrapperError``.
func asFileWrapperError<T>(_ body: () throws(SystemCallError) -> T) throws(FileWrapperError) -> T {
  do {
    return try body()
  } catch {
    throw FileWrapperError(error)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
