import DocKit
import Foundation

/// `--timeout SECONDS` for one script of `docrepl test`: when it started,
/// the limit, and the temporary folder it runs in.
///
/// A script is stopped the way Ctrl-C stops one at the prompt: the
/// interpreter asks ``hasExpired`` at every safe point (between
/// statements, between a group's commands, inside `diff` and the text
/// commands that ask), and once the limit is past it stops there, rolling
/// back the command it was in. What a document type's own code does
/// inside one command cannot be stopped so; ``race(_:)`` deals with that.
final class ScriptTimeout: Sendable {
  /// The limit.
  let limit: Duration
  /// The limit as the user wrote it, in seconds (`2`, `0.5`).
  let seconds: String
  /// When the script started.
  let start = ContinuousClock.now
  private let state = Locked(State())

  private struct State {
    var folder: ScratchFolder?
    var continuation: CheckedContinuation<TestOutcome, Never>?
    var settled = false
    var abandoned = false
  }

  init(limit: Duration, seconds: String) {
    self.limit = limit
    self.seconds = seconds
  }

  /// Whether the limit is past.
  var hasExpired: Bool { ContinuousClock.now - start >= limit }

  /// How long a script that is past its limit gets to reach a safe point
  /// before the run goes on without it: as long as the limit, from 2 to
  /// 10 seconds.
  var grace: Duration { min(max(limit, .seconds(2)), .seconds(10)) }

  /// The script's temporary folder, once it has one.
  var folder: ScratchFolder? {
    get { state.withLock { $0.folder } }
    set { state.withLock { $0.folder = newValue } }
  }

  /// Whether the run went on without the script (see ``race(_:)``).
  var wasAbandoned: Bool { state.withLock { $0.abandoned } }

  /// What `test` reports for a script stopped at its limit.
  func outcome(for script: TestSelection.Script, detail: String = "") -> TestOutcome {
    let message = "\(script.path): error: timed out after \(seconds) s" + detail
    return TestOutcome(
      script: script, verdict: .failed, report: "FAIL \(script.path)\n\(message)\n",
      message: message, detail: message, seconds: Self.interval(ContinuousClock.now - start),
      timedOut: true)
  }

  /// Runs `work` (the script) and returns its outcome; or, if it has not
  /// ended ``grace`` after its limit, a timeout, while `work` is left to
  /// end when it can. That happens when a command waits for something
  /// that never comes off the main actor (a document type's read that
  /// never returns): the other scripts go on meanwhile. If the main actor
  /// itself is held (a document type's code that loops on it), nothing
  /// else can run in this process: ``onHeldMainActor`` is called, from
  /// another thread, after one more grace period.
  @MainActor
  func race(
    for script: TestSelection.Script,
    onHeldMainActor: @escaping @Sendable (ScriptTimeout) -> Void,
    _ work: @escaping @MainActor () async -> TestOutcome
  ) async -> TestOutcome {
    await withCheckedContinuation { (continuation: CheckedContinuation<TestOutcome, Never>) in
      state.withLock { $0.continuation = continuation }
      Task { @MainActor in
        let outcome = await work()
        self.settle(with: outcome)
      }
      let grace = self.grace
      DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(limit + grace)) {
        let detail =
          "; it did not stop within \(Self.interval(grace).secondsText) s more (a command that does not return), and the run went on without it"
        guard self.settle(with: self.outcome(for: script, detail: detail), abandoning: true)
        else { return }
        // Is the main actor free to run anything?
        let answered = Answer()
        Task { @MainActor in answered.value.withLock { $0 = true } }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(grace)) {
          if !answered.value.withLock({ $0 }) { onHeldMainActor(self) }
        }
      }
    }
  }

  /// Resumes the race with `outcome` if nothing has yet; returns whether
  /// this did.
  @discardableResult
  private func settle(with outcome: TestOutcome, abandoning: Bool = false) -> Bool {
    let continuation: CheckedContinuation<TestOutcome, Never>? = state.withLock { state in
      guard !state.settled else { return nil }
      state.settled = true
      state.abandoned = abandoning
      return state.continuation.take()
    }
    continuation?.resume(returning: outcome)
    return continuation != nil
  }

  /// `duration` in seconds.
  static func interval(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// Whether the main actor ran a task it was given.
private final class Answer: Sendable {
  let value = Locked(false)
}
