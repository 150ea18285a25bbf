public import Foundation
import Glibc

/// What `lstat` says about a path, for tests that check inodes and links.
public struct FileStat: Equatable, Sendable {
  /// The inode number.
  public var inode: UInt64
  /// The number of hard links.
  public var linkCount: UInt64
  /// `mode & 0o7777`.
  public var permissions: UInt16
  /// The size in bytes.
  public var size: Int64
  /// The owner's user ID.
  public var owner: UInt32

  /// `lstat(url.path)`, or nil if it fails.
  public init?(_ url: URL) {
    var raw = stat()
    guard lstat(url.path, &raw) == 0 else { return nil }
    inode = UInt64(raw.st_ino)
    linkCount = UInt64(raw.st_nlink)
    permissions = UInt16(raw.st_mode & 0o7777)
    size = Int64(raw.st_size)
    owner = UInt32(raw.st_uid)
  }
}

/// Creates a FIFO at `url`.
public func makeFIFO(at url: URL) throws {
  guard mkfifo(url.path, 0o644) == 0 else {
    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}

/// Creates a bound Unix-domain socket at `url` and closes the descriptor;
/// the socket file stays.
public func makeSocket(at url: URL) throws {
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(fd) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let path = Array(url.path.utf8)
  guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
    throw POSIXError(.ENAMETOOLONG)
  }
  withUnsafeMutableBytes(of: &address.sun_path) { buffer in
    buffer.copyBytes(from: path)
  }
  let result = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

/// Creates a file in `directory` whose name is exactly `name`'s bytes,
/// which need not be UTF-8.
public func makeFile(named name: [UInt8], in directory: URL, contents: String = "") throws {
  let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
  let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
    open($0.baseAddress.unsafelyUnwrapped, O_WRONLY | O_CREAT | O_EXCL, 0o644)
  }
  guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(fd) }
  let bytes = Array(contents.utf8)
  _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// Creates `depth` nested directories named `d` under `directory`, through
/// descriptors, so the total path may exceed `PATH_MAX`.
public func makeNestedDirectories(depth: Int, in directory: URL) throws {
  var fd = open(directory.path, O_RDONLY | O_DIRECTORY)
  guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  for _ in 0..<depth {
    guard mkdirat(fd, "d", 0o755) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
    close(fd)
    guard next >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    fd = next
  }
  close(fd)
}

/// Creates (or replaces) a file at `url` that is `size` bytes long and,
/// being sparse, occupies no disk: `ftruncate` of an empty file.
public func makeSparseFile(at url: URL, size: Int64) throws {
  let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(fd) }
  guard ftruncate(fd, off_t(size)) == 0 else {
    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
