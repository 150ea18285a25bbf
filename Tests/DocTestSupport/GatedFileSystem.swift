import Dispatch
import DocKit
import Glibc
import Synchronization
package import Testing

/// A file system that holds the first call of one kind until the test lets
/// it go, so that the test can act on the main actor while a save (held at
/// its first `fsync`) or a read (held at its first `read`) is under way off
/// it. Every call goes to the real file system.
///
/// A held call must leave the test free to act while it is held, else the
/// test does not test the interleaving it describes. So a call to hold
/// that runs on the main actor (blocking file system work on the main
/// actor, which the test needs) fails the test at once and is not held.
/// Otherwise a held call waits for ``proceed()``, the event, however long
/// the test takes to get there: the test acts on the main actor, which
/// every main-actor suite running in parallel shares, and under
/// ThreadSanitizer on two busy cores a sound hold has lasted longer than
/// any fixed patience that was tried (30, 120 seconds). Only a hold that
/// could never end (a test that cannot act at all) meets ``backstop``,
/// which turns a hang into a failure.
package final class GatedFileSystem: FileSystem {
  /// The kind of call to hold.
  package enum Call: Sendable { case fsync, read }

  /// How many seconds a held call waits for ``proceed()`` before it fails
  /// the test and goes on: not a time any test relies on, only a bound on
  /// a hang, far beyond what the slowest sound run has taken.
  package static let backstop = 30 * 60

  private let base = POSIXFileSystem()
  private let held: Call
  private let sourceLocation: SourceLocation
  private let armed = Mutex(true)
  private let release = DispatchSemaphore(value: 0)
  private let reachedStream: AsyncStream<Void>
  private let reachedContinuation: AsyncStream<Void>.Continuation

  /// Holds the first call of kind `call`. A call to hold that runs on the
  /// main actor, or one held too long, is reported at `sourceLocation`.
  package init(holding call: Call, sourceLocation: SourceLocation = #_sourceLocation) {
    held = call
    self.sourceLocation = sourceLocation
    (reachedStream, reachedContinuation) = AsyncStream<Void>.makeStream()
  }

  /// Returns once the held call has been reached; it then waits for
  /// ``proceed()``. Main-actor isolated, so that it needs no thread of the
  /// cooperative pool, which held calls in parallel tests may fill.
  @MainActor
  package func reached() async {
    for await _ in reachedStream { return }
  }

  /// Lets the held call go on.
  package func proceed() {
    release.signal()
  }

  private func hold(_ call: Call) {
    guard call == held else { return }
    let first = armed.withLock { armed in
      defer { armed = false }
      return armed
    }
    guard first else { return }
    if Self.isOnMainQueue() {
      // Held here, it would block the main actor the test needs to act.
      Issue.record(
        """
        The \(String(describing: call)) to hold ran on the main actor: blocking file system \
        work on the main actor, which the test needs to act while the call is held
        """,
        sourceLocation: sourceLocation)
      reachedContinuation.yield()
      return
    }
    reachedContinuation.yield()
    if release.wait(timeout: .now() + .seconds(Self.backstop)) == .timedOut {
      Issue.record(
        """
        The held \(String(describing: call)) was not let go within \(Self.backstop) seconds: \
        the test could not act while it was held, so it did not test what it says
        """,
        sourceLocation: sourceLocation)
    }
  }

  /// Marks the main queue, which runs the main actor's jobs.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether this code runs on the main queue, so on the main actor.
  private static func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  package func fsync(_ descriptor: Int32) -> Int32 {
    hold(.fsync)
    return base.fsync(descriptor)
  }

  package func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    hold(.read)
    return base.read(descriptor, buffer, count)
  }
}
