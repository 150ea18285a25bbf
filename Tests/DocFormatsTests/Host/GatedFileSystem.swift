import Dispatch
import DocKit
import Glibc
import Synchronization

/// A file system that holds the first call of one kind until the test lets
/// it go, so that the test can act on the main actor while a save (held at
/// its first `fsync`) or a read (held at its first `read`) is under way off
/// it. Every call goes to the real file system.
final class GatedFileSystem: FileSystem {
  /// The kind of call to hold.
  enum Call: Sendable { case fsync, read }

  private let base = POSIXFileSystem()
  private let held: Call
  private let armed = Mutex(true)
  private let release = DispatchSemaphore(value: 0)
  private let reachedStream: AsyncStream<Void>
  private let reachedContinuation: AsyncStream<Void>.Continuation

  /// Holds the first call of kind `call`.
  init(holding call: Call) {
    held = call
    (reachedStream, reachedContinuation) = AsyncStream<Void>.makeStream()
  }

  /// Returns once the held call has been reached; it then waits for
  /// ``proceed()``. Main-actor isolated, so that it needs no thread of the
  /// cooperative pool, which held calls in parallel tests may fill.
  @MainActor
  func reached() async {
    for await _ in reachedStream { return }
  }

  /// Lets the held call go on.
  func proceed() {
    release.signal()
  }

  private func hold(_ call: Call) {
    guard call == held else { return }
    let first = armed.withLock { armed in
      defer { armed = false }
      return armed
    }
    guard first else { return }
    reachedContinuation.yield()
    _ = release.wait(timeout: .now() + 30)
  }

  func fsync(_ descriptor: Int32) -> Int32 {
    hold(.fsync)
    return base.fsync(descriptor)
  }

  func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    hold(.read)
    return base.read(descriptor, buffer, count)
  }
}
