import Glibc

/// What `lstat` says about one file-system object, in the terms DocKit needs.
struct FileStatus: Sendable, Hashable {
  /// The kind of object, from the `S_IFMT` bits of the mode.
  enum Kind: Sendable, Hashable, CustomStringConvertible {
    case regular, directory, symbolicLink
    case fifo, socket, characterDevice, blockDevice, unknown

    init(mode: mode_t) {
      switch mode & S_IFMT {
      case S_IFREG: self = .regular
      case S_IFDIR: self = .directory
      case S_IFLNK: self = .symbolicLink
      case S_IFIFO: self = .fifo
      case S_IFSOCK: self = .socket
      case S_IFCHR: self = .characterDevice
      case S_IFBLK: self = .blockDevice
      default: self = .unknown
      }
    }

    var description: String {
      switch self {
      case .regular: "regular file"
      case .directory: "directory"
      case .symbolicLink: "symbolic link"
      case .fifo: "FIFO"
      case .socket: "socket"
      case .characterDevice: "character device"
      case .blockDevice: "block device"
      case .unknown: "file of unknown type"
      }
    }
  }

  var kind: Kind
  /// The permission bits, `mode & 0o7777`.
  var permissions: UInt16
  var size: Int64
  var device: UInt64
  var inode: UInt64
  var linkCount: UInt64
  /// The owner's user and group IDs.
  var owner: UInt32
  var group: UInt32
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64

  init(_ raw: stat) {
    kind = Kind(mode: raw.st_mode)
    permissions = UInt16(raw.st_mode & 0o7777)
    size = Int64(raw.st_size)
    device = UInt64(raw.st_dev)
    inode = UInt64(raw.st_ino)
    linkCount = UInt64(raw.st_nlink)
    owner = UInt32(raw.st_uid)
    group = UInt32(raw.st_gid)
    modificationSeconds = Int64(raw.st_mtim.tv_sec)
    modificationNanoseconds = Int64(raw.st_mtim.tv_nsec)
  }

  /// The identity of the file's contents: same device, inode, size and
  /// modification time means the bytes are the ones seen before.
  var identity: DiskIdentity {
    DiskIdentity(
      device: device, inode: inode, size: size,
      modificationSeconds: modificationSeconds,
      modificationNanoseconds: modificationNanoseconds)
  }

  /// The modification time as seconds since 1970, with nanoseconds.
  var modificationTime: Double {
    Double(modificationSeconds) + Double(modificationNanoseconds) / 1e9
  }

  /// `fstatat(dir, name, AT_SYMLINK_NOFOLLOW)`: never follows a final link.
  static func of(
    _ name: String, in directory: FileDescriptor?, path: String
  ) throws(SystemCallError) -> FileStatus {
    var raw = stat()
    let result = name.withCString {
      FileSystemContext.current.fstatat(
        directory?.rawValue ?? AT_FDCWD, $0, &raw, AT_SYMLINK_NOFOLLOW)
    }
    guard result == 0 else {
      throw SystemCallError(systemCall: "fstatat", errno: errno, path: path)
    }
    return FileStatus(raw)
  }
}

/// Which inode holds a file's bytes, and which version of them.
///
/// A file wrapper remembers the identity of the file it was read from or
/// written to. A later write may hard-link that file only while the file at
/// the original path still has this identity. Modification time alone is
/// never trusted: a rewritten file can keep its time, but not its inode.
struct DiskIdentity: Sendable, Hashable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64
}
