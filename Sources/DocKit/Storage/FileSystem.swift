import CDocKitSystem
public import Glibc
import Synchronization

/// Every system call DocKit makes on files, so that a test can fail any one
/// of them: the `n`th `write` with `ENOSPC`, the `n`th `fsync` with `EIO`.
///
/// Each method has the C call's contract: on failure it returns -1 (or nil)
/// and sets `errno`. The default implementations call the C library, so
/// ``POSIXFileSystem`` is empty; a test implementation wraps it. Storage code
/// reaches the current file system through ``FileSystemContext/current``.
public protocol FileSystem: Sendable {
  /// `openat`: opens `path` relative to the directory open as `directory`.
  func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32
  /// `close`.
  func close(_ descriptor: Int32) -> Int32
  /// `read`: up to `count` bytes into `buffer`.
  func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
  /// `write`: up to `count` bytes from `buffer`.
  func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
  /// `fsync`: the file's data and metadata to the disk.
  func fsync(_ descriptor: Int32) -> Int32
  /// `fstat`.
  func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32
  /// `fstatat`: `path` relative to `directory`.
  func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32
  /// `fchmod`.
  func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32
  /// `fchown`: the owner and group (`UInt32.max`, -1 in C, leaves one).
  func fchown(_ descriptor: Int32, _ owner: uid_t, _ group: gid_t) -> Int32
  /// `futimens`: the access and modification times.
  func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32
  /// `mkdirat`.
  func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32
  /// `linkat`: a hard link, never following a symbolic link.
  func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32
  /// `symlinkat`.
  func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32
  /// `readlinkat`: the target, not terminated, and its length.
  func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int
  /// `renameat2`; flags 0 is plain `renameat`.
  func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>,
    _ flags: UInt32
  ) -> Int32
  /// `unlinkat`; `AT_REMOVEDIR` in `flags` removes a directory.
  func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32
  /// The names in the directory open as `descriptor`, without `.` and `..`.
  func readDirectory(_ descriptor: Int32) -> [[UInt8]]?
  /// `faccessat` with the effective user (`AT_EACCESS`).
  func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32
  /// `flock`: an advisory lock on the open file description, which every
  /// other open file description of the file (in this process or another)
  /// contends with, and which ends when the last descriptor of it closes.
  func flock(_ descriptor: Int32, _ operation: Int32) -> Int32
  /// `ioctl(destination, FICLONE, source)`: a reflink, sharing the source's
  /// data copy-on-write. EOPNOTSUPP, EXDEV, EINVAL or ENOTTY where the file
  /// system cannot.
  func ficlone(_ destination: Int32, _ source: Int32) -> Int32
  /// `copy_file_range` of up to `count` bytes between the two descriptors'
  /// current offsets, which it advances.
  func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int
  /// `syncfs`: writes back the whole file system that holds `descriptor`.
  func syncfs(_ descriptor: Int32) -> Int32
  /// `posix_fadvise` of the whole file: how its cached pages will be used.
  /// Returns 0 or the error number; like the C call, it does not set
  /// `errno`.
  func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32
  /// `getcwd`: the working folder's path, terminated, into `buffer` of
  /// `size` bytes; returns `buffer`, or nil.
  func getcwd(_ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> UnsafeMutablePointer<CChar>?
  /// Whether a file on `device` (`st_dev`) takes a new status-change time
  /// at every change once its times were read (Linux 6.13's multigrain
  /// timestamps), so that a session tells another program's rewrite from
  /// `st_ctime` alone, without reading a small file's bytes. The default,
  /// for a file system a test models, is false: the bytes are compared.
  func changeTimesAreFineGrained(device: UInt64) -> Bool
}

extension FileSystem {
  public func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    Glibc.openat(directory, path, flags, mode)
  }
  public func close(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
  public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(descriptor, buffer, count)
  }
  public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(descriptor, buffer, count)
  }
  public func fsync(_ descriptor: Int32) -> Int32 { Glibc.fsync(descriptor) }
  public func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    Glibc.fstat(descriptor, &status)
  }
  public func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    Glibc.fstatat(directory, path, &status, flags)
  }
  public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 {
    Glibc.fchmod(descriptor, mode)
  }
  public func fchown(_ descriptor: Int32, _ owner: uid_t, _ group: gid_t) -> Int32 {
    Glibc.fchown(descriptor, owner, group)
  }
  public func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32 {
    Glibc.futimens(descriptor, times)
  }
  public func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    Glibc.mkdirat(directory, path, mode)
  }
  public func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32 {
    Glibc.linkat(oldDirectory, oldPath, newDirectory, newPath, 0)
  }
  public func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32 {
    Glibc.symlinkat(target, directory, path)
  }
  public func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    Glibc.readlinkat(directory, path, buffer, size)
  }
  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>,
    _ flags: UInt32
  ) -> Int32 {
    flags == 0
      ? Glibc.renameat(oldDirectory, oldPath, newDirectory, newPath)
      : dockit_renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
  }
  public func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    Glibc.unlinkat(directory, path, flags)
  }
  public func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
    Glibc.faccessat(directory, path, mode, AT_EACCESS)
  }
  public func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    // In Swift, `flock` names the `struct flock` of fcntl.h.
    dockit_flock(descriptor, operation)
  }
  public func ficlone(_ destination: Int32, _ source: Int32) -> Int32 {
    dockit_ficlone(destination, source)
  }
  public func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int {
    dockit_copy_file_range(source, destination, UInt(count))
  }
  public func syncfs(_ descriptor: Int32) -> Int32 { dockit_syncfs(descriptor) }
  public func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
    posix_fadvise(descriptor, 0, 0, advice)
  }
  public func getcwd(
    _ buffer: UnsafeMutablePointer<CChar>, _ size: Int
  ) -> UnsafeMutablePointer<CChar>? {
    Glibc.getcwd(buffer, size)
  }
  public func changeTimesAreFineGrained(device: UInt64) -> Bool { false }
  public func readDirectory(_ descriptor: Int32) -> [[UInt8]]? {
    let copy = Glibc.dup(descriptor)
    guard copy >= 0 else { return nil }
    guard let stream = fdopendir(copy) else {
      let code = errno
      Glibc.close(copy)
      errno = code
      return nil
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [[UInt8]] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else { return errno == 0 ? names : nil }
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if name == [0x2E] || name == [0x2E, 0x2E] { continue }
      names.append(name)
    }
  }
}

/// The file system of the running process.
public struct POSIXFileSystem: FileSystem {
  /// Creates the live file system.
  public init() {}

  /// Decided once a device, from the kernel's release and the mount's type
  /// in `/proc/self/mountinfo` (see `ChangeTimeGranularity`).
  public func changeTimesAreFineGrained(device: UInt64) -> Bool {
    if let known = Self.fineGrainedDevices.withLock({ $0[device] }) { return known }
    let answer = ChangeTimeGranularity.isFineGrained(
      device: device, kernelRelease: Self.kernelRelease, mountInfo: Self.mountInfo)
    Self.fineGrainedDevices.withLock { $0[device] = answer }
    return answer
  }

  /// Each device's answer. Only a device with a major number can be
  /// answered true (`ChangeTimeGranularity`), and such a device keeps its
  /// number while it is mounted; an anonymous one is always false.
  private static let fineGrainedDevices = Mutex<[UInt64: Bool]>([:])

  /// `uname -r`.
  private static let kernelRelease: String = {
    var names = utsname()
    guard uname(&names) == 0 else { return "" }
    return withUnsafeBytes(of: &names.release) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }()

  /// Whether this machine's memory balloon reports free memory to its
  /// host, which takes it back (see `FreePageReporting`): read once from
  /// `/sys/bus/virtio/devices`. False on a machine without virtio.
  public static let hostReclaimsFreeMemory: Bool = {
    let devices = "/sys/bus/virtio/devices"
    guard let folder = opendir(devices) else { return false }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix("."),
        let device = systemFile(devices + "/" + name + "/device"),
        let features = systemFile(devices + "/" + name + "/features")
      else { continue }
      if FreePageReporting.reports(device: device, features: features) { return true }
    }
    return false
  }()

  /// The text of `/proc/self/mountinfo`; nil if it cannot be read.
  private static func mountInfo() -> String? {
    systemFile("/proc/self/mountinfo")
  }

  /// The text of a file the kernel makes (`/proc`, `/sys`), read whole;
  /// nil if it cannot be read.
  private static func systemFile(_ path: String) -> String? {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { Glibc.close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Which ``FileSystem`` DocKit's storage uses in the current task.
///
///     try await FileSystemContext.$current.withValue(faultyFileSystem) {
///       try await session.save()
///     }
public enum FileSystemContext {
  /// The file system for this task and its child tasks; the live one by
  /// default.
  @TaskLocal public static var current: any FileSystem = POSIXFileSystem()
}

/// A file system that gives everything it creates, and every mode it sets,
/// to the owner alone: the mode of `openat` with `O_CREAT`, of `mkdirat`
/// and of `fchmod` loses its group and other bits (`0o644` becomes
/// `0o600`, `0o755` becomes `0o700`). Every call goes on to `base`, the
/// file system the task had, so fault injection and the power-loss model
/// see the same calls in the same order.
///
/// An untitled document's autosave is written through it: whatever the
/// document's files would get elsewhere, its autosave's files are `0o600`
/// and its folders `0o700` from the moment they exist, with no call added
/// and no moment at which another user could open them.
struct OwnerOnlyFileSystem: FileSystem {
  /// Where the calls go.
  let base: any FileSystem

  /// `mode` without the group and other bits; the kind bits, if any, stay.
  static func ownerOnly(_ mode: mode_t) -> mode_t { mode & ~mode_t(0o077) }

  func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    base.openat(directory, path, flags, flags & O_CREAT != 0 ? Self.ownerOnly(mode) : mode)
  }
  func close(_ descriptor: Int32) -> Int32 { base.close(descriptor) }
  func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    base.read(descriptor, buffer, count)
  }
  func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    base.write(descriptor, buffer, count)
  }
  func fsync(_ descriptor: Int32) -> Int32 { base.fsync(descriptor) }
  func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    base.fstat(descriptor, &status)
  }
  func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    base.fstatat(directory, path, &status, flags)
  }
  func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 {
    base.fchmod(descriptor, Self.ownerOnly(mode))
  }
  func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32 {
    base.futimens(descriptor, times)
  }
  func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    base.mkdirat(directory, path, Self.ownerOnly(mode))
  }
  func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32 {
    base.linkat(oldDirectory, oldPath, newDirectory, newPath)
  }
  func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32 {
    base.symlinkat(target, directory, path)
  }
  func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    base.readlinkat(directory, path, buffer, size)
  }
  func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>, _ flags: UInt32
  ) -> Int32 {
    base.renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
  }
  func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    base.unlinkat(directory, path, flags)
  }
  func readDirectory(_ descriptor: Int32) -> [[UInt8]]? { base.readDirectory(descriptor) }
  func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
    base.faccessat(directory, path, mode)
  }
  func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    base.flock(descriptor, operation)
  }
  func ficlone(_ destination: Int32, _ source: Int32) -> Int32 {
    base.ficlone(destination, source)
  }
  func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int {
    base.copyFileRange(source, destination, count)
  }
  func syncfs(_ descriptor: Int32) -> Int32 { base.syncfs(descriptor) }
  func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
    base.fadvise(descriptor, advice)
  }
  func getcwd(_ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> UnsafeMutablePointer<CChar>? {
    base.getcwd(buffer, size)
  }
  func changeTimesAreFineGrained(device: UInt64) -> Bool {
    base.changeTimesAreFineGrained(device: device)
  }
}
