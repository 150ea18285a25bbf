public import DocKit
public import Glibc
import Synchronization

/// A file system that fails exactly one call: the `n`th counted call of the
/// operations it is told to count, with a chosen fault. Every other call
/// goes to the real file system. With no fault it only counts, so a test
/// can learn how many calls a scenario makes and then sweep them all.
public final class FaultInjectingFileSystem: FileSystem {
  /// How the chosen call fails.
  public enum Fault: Sendable, CaseIterable, CustomStringConvertible {
    case eio, enospc, eintr
    /// A `write` that writes half of what it was given (other calls: EIO).
    case shortWrite

    public var description: String {
      switch self {
      case .eio: "EIO"
      case .enospc: "ENOSPC"
      case .eintr: "EINTR"
      case .shortWrite: "short write"
      }
    }
  }

  private let base = POSIXFileSystem()
  private let failAt: Int?
  private let fault: Fault
  private let refusals: [String: Int32]
  private let state = Mutex((count: 0, failed: false, byCall: [String: Int]()))

  /// Counts calls without failing any.
  public convenience init() {
    self.init(failingCall: nil, with: .eio)
  }

  /// Fails call number `failingCall` (1-based) with `fault`.
  public init(failingCall: Int?, with fault: Fault) {
    failAt = failingCall
    self.fault = fault
    refusals = [:]
  }

  /// Counts calls and fails every call named in `refusals` (`"ficlone"`,
  /// `"copyFileRange"`, `"syncfs"`) with its `errno`, as a file system or
  /// kernel without that feature does: `["ficlone": EOPNOTSUPP]` is ext4.
  public init(refusing refusals: [String: Int32]) {
    failAt = nil
    fault = .eio
    self.refusals = refusals
  }

  /// How many calls were counted.
  public var callCount: Int { state.withLock { $0.count } }
  /// Whether the fault was injected.
  public var didFail: Bool { state.withLock { $0.failed } }
  /// How many calls of each kind were counted: `["fsync": 2, ...]`.
  public var callsByName: [String: Int] { state.withLock { $0.byCall } }

  /// Counts a call; true if this one must fail.
  private func next(_ name: String = #function) -> Bool {
    let call = String(name.prefix { $0 != "(" })
    return state.withLock { state in
      state.count += 1
      state.byCall[call, default: 0] += 1
      let fail = state.count == failAt
      if fail { state.failed = true }
      return fail
    }
  }

  /// The `errno` with which every call named `name` is refused, if any.
  private func refusal(_ name: String = #function) -> Int32? {
    refusals[String(name.prefix { $0 != "(" })]
  }

  private func fail<T: SignedInteger>(_ failure: T) -> T {
    errno =
      switch fault {
      case .eio, .shortWrite: EIO
      case .enospc: ENOSPC
      case .eintr: EINTR
      }
    return failure
  }

  public func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    next() ? fail(-1) : base.openat(directory, path, flags, mode)
  }
  public func close(_ descriptor: Int32) -> Int32 {
    // The descriptor is closed either way, as Linux does on EINTR and EIO.
    let failing = next()
    let result = base.close(descriptor)
    return failing ? fail(-1) : result
  }
  public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    next() ? fail(-1) : base.read(descriptor, buffer, count)
  }
  public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    guard next() else { return base.write(descriptor, buffer, count) }
    if fault == .shortWrite && count > 1 { return base.write(descriptor, buffer, count / 2) }
    return fail(-1)
  }
  public func fsync(_ descriptor: Int32) -> Int32 {
    next() ? fail(-1) : base.fsync(descriptor)
  }
  public func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    next() ? fail(-1) : base.fstat(descriptor, &status)
  }
  public func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    next() ? fail(-1) : base.fstatat(directory, path, &status, flags)
  }
  public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 {
    next() ? fail(-1) : base.fchmod(descriptor, mode)
  }
  public func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32 {
    next() ? fail(-1) : base.futimens(descriptor, times)
  }
  public func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    next() ? fail(-1) : base.mkdirat(directory, path, mode)
  }
  public func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32 {
    next() ? fail(-1) : base.linkat(oldDirectory, oldPath, newDirectory, newPath)
  }
  public func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32 {
    next() ? fail(-1) : base.symlinkat(target, directory, path)
  }
  public func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    next() ? fail(-1) : base.readlinkat(directory, path, buffer, size)
  }
  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>,
    _ flags: UInt32
  ) -> Int32 {
    next() ? fail(-1) : base.renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
  }
  public func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    next() ? fail(-1) : base.unlinkat(directory, path, flags)
  }
  public func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
    next() ? fail(-1) : base.faccessat(directory, path, mode)
  }
  public func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    next() ? fail(-1) : base.flock(descriptor, operation)
  }
  public func ficlone(_ destination: Int32, _ source: Int32) -> Int32 {
    guard !next() else { return fail(-1) }
    if let refusal = refusal() {
      errno = refusal
      return -1
    }
    return base.ficlone(destination, source)
  }
  public func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int {
    guard next() else {
      if let refusal = refusal() {
        errno = refusal
        return -1
      }
      return base.copyFileRange(source, destination, count)
    }
    if fault == .shortWrite && count > 1 {
      return base.copyFileRange(source, destination, count / 2)
    }
    return fail(-1)
  }
  public func syncfs(_ descriptor: Int32) -> Int32 {
    guard !next() else { return fail(-1) }
    if let refusal = refusal() {
      errno = refusal
      return -1
    }
    return base.syncfs(descriptor)
  }
  public func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
    // Like the C call, a failure is returned, not left in errno.
    guard !next() else { return fail(Int32(-1)) < 0 ? errno : 0 }
    return base.fadvise(descriptor, advice)
  }
  public func readDirectory(_ descriptor: Int32) -> [[UInt8]]? {
    guard !next() else {
      _ = fail(Int32(-1))
      return nil
    }
    return base.readDirectory(descriptor)
  }
}
