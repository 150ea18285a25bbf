import CDocKitSystem
import Foundation
import Glibc
import Synchronization

/// The main thread's loop, turning as an app's run loop does, for a
/// headless host: the main queue and the main actor run on the main
/// thread, in this loop, and the host can let the work queued there run
/// between its own steps until none is ready (``runUntilIdle(oneRound:)``), as an
/// app's run loop runs it between events.
///
/// A Swift program on Linux whose `main.swift` awaits (an async main)
/// ends its main thread in `dispatch_main()`: the main queue and the main
/// actor then run on whichever worker thread libdispatch picks, and
/// nothing tells whether work is waiting on the main queue. A program
/// that calls ``run(_:)`` from a `main.swift` that does not await keeps
/// its main thread, which runs this loop for ever:
///
///     MainRunLoop.run {
///       exit(await myProgram())
///     }
///
/// The loop services the main queue alone: Foundation's `RunLoop.main`
/// (its `Timer`s and `perform` blocks) does not turn. DocKit's `RunLoop`
/// scheduler sends `RunLoop.main`'s actions to the main queue, so
/// `receive(on: RunLoop.main)` and `RunLoop.main.schedule(after:)` run.
public enum MainRunLoop {
  /// The most times one ``runUntilIdle(oneRound:)`` lets the main queue run its
  /// work before it stops waiting for the queue to empty.
  public static let roundLimit = 1_000
  /// The longest one ``runUntilIdle(oneRound:)`` waits for the main queue to
  /// empty; a model that queues work again each time its work runs is
  /// stopped there, and the rest runs later.
  public static let timeLimit: Duration = .milliseconds(100)
  /// How often, at most, ``runUntilIdle(oneRound:)`` waits for the loop to find
  /// the queue empty when it cannot tell that work is queued (work queued
  /// behind the work running does not show until that work ends): a
  /// long script of commands that never wait still lets such work run
  /// this often.
  static let idleCheckInterval: Duration = .milliseconds(10)
  /// How long the loop waits for a wake-up before it drains the main
  /// queue anyway: libdispatch announces queued work by writing to an
  /// eventfd, and a write that fails loses the announcement.
  static let lostWakeupInterval: Duration = .milliseconds(200)

  /// The main queue's descriptor, or -1 while ``run(_:)`` is not running.
  private static let queueDescriptor = Atomic<Int32>(-1)

  /// The reading end of a pipe the loop writes a byte to after a drain of announced work while
  /// ``watchForWork()`` is in force, or -1 while ``run(_:)`` is not
  /// running: the prompt's wait, on a thread of its own, learns from it
  /// that work ran and may have printed. (It cannot poll the main queue's
  /// own descriptor: the loop reads that, and may read it first.)
  private static let workRanDescriptor = Atomic<Int32>(-1)
  /// The pipe's writing end, or -1.
  private static let workRanWriter = Atomic<Int32>(-1)
  /// The number of the drain the loop is in or last ran; the loop alone
  /// changes it.
  private static let drainNumber = Atomic<Int>(0)
  /// The drain in which a wait began watching for work to run (see
  /// ``watchForWork()``), or -1.
  private static let watchBegan = Atomic<Int>(-1)

  /// Those waiting in ``runUntilIdle(oneRound:)`` for the main queue to empty,
  /// with when the first began and how many drains it has seen.
  private static let waiters = Mutex<Waiters>(Waiters())

  private struct Waiters: ~Copyable {
    var continuations: [CheckedContinuation<Bool, Never>] = []
    var since = ContinuousClock.now
    var drains = 0
    /// Those waiting for one drain to end, whatever it leaves.
    var oneRound: [CheckedContinuation<Bool, Never>] = []
  }

  /// When ``runUntilIdle(oneRound:)`` last waited for the loop.
  @MainActor private static var lastWait = ContinuousClock.now

  /// Starts `main` on the main actor and runs the main loop on the main
  /// thread for ever: `main` ends the process (`exit`). Call it from the
  /// main thread, in a `main.swift` that does not `await` (so that Swift
  /// does not hand the main thread to `dispatch_main()`).
  public static func run(_ main: @escaping @MainActor () async -> Never) -> Never {
    precondition(Thread.isMainThread, "MainRunLoop.run must be called on the main thread")
    // Binds the main queue to this thread, which services it below.
    let descriptor = _dispatch_get_main_queue_handle_4CF()
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      workRanWriter.store(ends[1], ordering: .releasing)
      workRanDescriptor.store(ends[0], ordering: .releasing)
    }
    queueDescriptor.store(descriptor, ordering: .releasing)
    Task { @MainActor in await main() }
    while true {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let timeout =
        waiters.withLock { $0.continuations.isEmpty && $0.oneRound.isEmpty }
        ? Int32(lostWakeupInterval / .milliseconds(1)) : pollTimeout()
      guard poll(&entry, 1, timeout) > 0 else {
        // A wake-up whose write to the descriptor failed (EIO, ENOSPC)
        // is lost, and the work it announced would wait for ever: drain
        // now and then without one. Draining an empty queue does nothing.
        drainNumber.add(1, ordering: .releasing)
        _dispatch_main_queue_callback_4CF(nil)
        resumeWaitersIfDone(descriptor)
        continue
      }
      var count: UInt64 = 0
      _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
      let drain = drainNumber.add(1, ordering: .releasing).newValue
      _dispatch_main_queue_callback_4CF(nil)
      // Work ran while a wait watched, in a drain after the one that
      // began the watch: unless that work was the waiter's own
      // resumption (which stops the watch), tell it.
      let began = watchBegan.load(ordering: .acquiring)
      if began >= 0, began < drain {
        var byte: UInt8 = 1
        _ = write(workRanWriter.load(ordering: .acquiring), &byte, 1)
      }
      resumeWaitersIfDone(descriptor)
    }
  }

  /// Starts watching for work that runs on the main queue, for a wait
  /// on another thread that should wake when it runs (the prompt's, to
  /// draw its line again below what the work printed): after each drain
  /// of announced work, until ``stopWatchingForWork()``, the loop makes
  /// the returned descriptor readable (work that runs later in the drain
  /// that calls this does not count: the caller's own job is in it). The
  /// caller reads what is there
  /// (a byte for each drain) to make it unreadable again. Call ``stopWatchingForWork()`` first thing
  /// when the wait resumes, in the same job: the drain that resumes the
  /// waiter then does not wake it again. Nil unless ``run(_:)`` is running.
  package static func watchForWork() -> Int32? {
    let descriptor = workRanDescriptor.load(ordering: .acquiring)
    guard descriptor >= 0 else { return nil }
    watchBegan.store(drainNumber.load(ordering: .acquiring), ordering: .releasing)
    return descriptor
  }

  /// Stops what ``watchForWork()`` started.
  package static func stopWatchingForWork() {
    watchBegan.store(-1, ordering: .releasing)
  }

  /// The milliseconds until the waiters' time is up.
  private static func pollTimeout() -> Int32 {
    let left = waiters.withLock { timeLimit - (ContinuousClock.now - $0.since) }
    return max(0, Int32(left / .milliseconds(1)) + 1)
  }

  /// Between two drains, where the descriptor is exact: resumes the
  /// waiters when the main queue is empty (false), or when their rounds
  /// or time are up (true).
  private static func resumeWaitersIfDone(_ descriptor: Int32) {
    let (ready, cut, round) = waiters.withLock {
      waiting -> ([CheckedContinuation<Bool, Never>], Bool, [CheckedContinuation<Bool, Never>]) in
      let round = waiting.oneRound
      waiting.oneRound = []
      guard !waiting.continuations.isEmpty else { return ([], false, round) }
      waiting.drains += 1
      let idle = !hasQueuedWork(descriptor)
      let cut =
        !idle
        && (waiting.drains > roundLimit || ContinuousClock.now - waiting.since >= timeLimit)
      guard idle || cut else { return ([], false, round) }
      defer { waiting.continuations = [] }
      return (waiting.continuations, cut, round)
    }
    for continuation in round { continuation.resume(returning: false) }
    for continuation in ready { continuation.resume(returning: cut) }
  }

  /// Whether ``run(_:)`` is running the main loop on the main thread.
  public static var isRunning: Bool { queueDescriptor.load(ordering: .acquiring) >= 0 }

  /// The descriptor that becomes readable when work is queued on the
  /// main queue; nil unless ``run(_:)`` is running.
  private static var mainQueueDescriptor: Int32? {
    let descriptor = queueDescriptor.load(ordering: .acquiring)
    return descriptor >= 0 ? descriptor : nil
  }

  /// Whether work is queued on the main queue now, as its descriptor
  /// says; false unless ``run(_:)`` is running.
  package static var hasQueuedWork: Bool {
    mainQueueDescriptor.map(hasQueuedWork) ?? false
  }

  /// Whether the main queue's descriptor is readable: one `poll`.
  static func hasQueuedWork(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0
  }

  /// Lets the work queued on the main queue (main-actor jobs,
  /// `DispatchQueue.main` blocks, the due ones of `asyncAfter` and of
  /// the schedulers' `schedule(after:)`) run, and the work they queue in
  /// turn, until none is ready, or ``roundLimit`` drains or ``timeLimit``
  /// have passed. Work due later is not waited for. Does nothing unless
  /// ``run(_:)`` is running the main loop: without it (a `main.swift` that
  /// awaits, a test), nothing tells whether work is queued, and waiting
  /// behind the main queue would wait behind whatever else runs there.
  /// With nothing queued it costs a `poll`, and at most every
  /// `idleCheckInterval` one wait for the loop.
  ///
  /// - Parameter oneRound: Only let what is queued now run (one drain),
  ///   not wait for the queue to empty: for a host that runs several
  ///   scripts at once on the main actor (`docrepl test --jobs`), whose
  ///   others' work would keep the queue from ever emptying.
  /// - Returns: Whether the limit stopped it with work still queued.
  @MainActor
  public static func runUntilIdle(oneRound: Bool = false) async -> Bool {
    guard let descriptor = mainQueueDescriptor else { return false }
    let now = ContinuousClock.now
    guard hasQueuedWork(descriptor) || now - lastWait >= idleCheckInterval else { return false }
    lastWait = now
    // Suspended here, behind the work queued: the loop resumes this
    // between two drains, where it can tell that the queue is empty.
    return await withCheckedContinuation { continuation in
      waiters.withLock { waiting in
        if oneRound {
          waiting.oneRound.append(continuation)
          return
        }
        if waiting.continuations.isEmpty {
          waiting.since = ContinuousClock.now
          waiting.drains = 0
        }
        waiting.continuations.append(continuation)
      }
    }
  }
}
