import Foundation

/// A value guarded by a lock: what `Synchronization.Mutex` does, through a
/// `pthread` mutex (`NSLock`) instead.
///
/// On Linux the standard library that holds `Mutex` is not built with
/// ThreadSanitizer, so the sanitizer cannot see `Mutex`'s lock and unlock
/// and reports every guarded access from two threads as a race: a false
/// report that would hide real ones (`scripts/sanitize`). It does see
/// `pthread_mutex_lock`. Every lock in this package is one of these, and
/// a host that runs under the sanitizer can use it too. Not Apple API.
public final class Locked<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched with `lock` held.
  private var value: Value
  private let lock = NSLock()

  /// Guards `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the lock held, on the value.
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
