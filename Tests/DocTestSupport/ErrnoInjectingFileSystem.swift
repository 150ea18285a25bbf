public import DocKit
public import Glibc

/// A file system on which every call of the chosen kinds fails with one
/// `errno`, and every other call goes to the real file system: a directory
/// that refuses access (`EACCES`), a full disk (`ENOSPC`), a read-only
/// volume (`EROFS`).
///
/// Tests run as root, which passes every permission check, so a real
/// `chmod 000` cannot make these failures; the kernel's own error codes
/// injected at the system call can.
public struct ErrnoInjectingFileSystem: FileSystem {
  /// A kind of call.
  public enum Operation: Sendable, Hashable, CaseIterable {
    /// `openat` without `O_WRONLY`, `O_RDWR`, `O_CREAT` or `O_TRUNC`.
    case openForReading
    /// `openat` with any of `O_WRONLY`, `O_RDWR`, `O_CREAT`, `O_TRUNC`.
    case openForWriting
    case read, write, fsync, stat, chmod, setTimes
    case makeDirectory, link, symbolicLink, readLink, rename, unlink, access, readDirectory
    /// `posix_fadvise`: advice, which changes nothing on disk.
    case advise

    /// Every call that changes the file system: what a read-only volume
    /// refuses.
    public static let modifying: Set<Operation> = [
      .openForWriting, .write, .chmod, .setTimes, .makeDirectory, .link, .symbolicLink, .rename,
      .unlink,
    ]
  }

  private let base = POSIXFileSystem()
  private let failure: Int32
  private let operations: Set<Operation>

  /// Fails every call of `operations` with `errno`.
  public init(_ errno: Int32, on operations: Set<Operation>) {
    failure = errno
    self.operations = operations
  }

  /// A read-only volume: every call that changes something fails with
  /// `EROFS`.
  public static var readOnlyVolume: Self { Self(EROFS, on: Operation.modifying) }

  private func fails(_ operation: Operation) -> Bool {
    guard operations.contains(operation) else { return false }
    errno = failure
    return true
  }

  public func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    let writing = flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC) != 0
    return fails(writing ? .openForWriting : .openForReading)
      ? -1 : base.openat(directory, path, flags, mode)
  }
  public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    fails(.read) ? -1 : base.read(descriptor, buffer, count)
  }
  public func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
    // Like the C call, the error is returned, not left in errno.
    fails(.advise) ? failure : base.fadvise(descriptor, advice)
  }
  public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    fails(.write) ? -1 : base.write(descriptor, buffer, count)
  }
  public func fsync(_ descriptor: Int32) -> Int32 {
    fails(.fsync) ? -1 : base.fsync(descriptor)
  }
  public func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    fails(.stat) ? -1 : base.fstat(descriptor, &status)
  }
  public func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    fails(.stat) ? -1 : base.fstatat(directory, path, &status, flags)
  }
  public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 {
    fails(.chmod) ? -1 : base.fchmod(descriptor, mode)
  }
  public func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32 {
    fails(.setTimes) ? -1 : base.futimens(descriptor, times)
  }
  public func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    fails(.makeDirectory) ? -1 : base.mkdirat(directory, path, mode)
  }
  public func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32 {
    fails(.link) ? -1 : base.linkat(oldDirectory, oldPath, newDirectory, newPath)
  }
  public func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32 {
    fails(.symbolicLink) ? -1 : base.symlinkat(target, directory, path)
  }
  public func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    fails(.readLink) ? -1 : base.readlinkat(directory, path, buffer, size)
  }
  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>,
    _ flags: UInt32
  ) -> Int32 {
    fails(.rename) ? -1 : base.renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
  }
  public func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    fails(.unlink) ? -1 : base.unlinkat(directory, path, flags)
  }
  public func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
    fails(.access) ? -1 : base.faccessat(directory, path, mode)
  }
  public func readDirectory(_ descriptor: Int32) -> [[UInt8]]? {
    fails(.readDirectory) ? nil : base.readDirectory(descriptor)
  }
}
