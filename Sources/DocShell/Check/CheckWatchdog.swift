import DocKit
import DocScript
import Foundation

/// Watches a `docrepl check` from a thread of its own: a step that runs
/// past the hang bound is asked to stop (``CheckHeartbeat/stopStep()``),
/// so that a command that asks whether to stop is interrupted, and the
/// checker reports the step as a hang (invariant 7) with its script.
final class CheckWatchdog: Sendable {
  private let heartbeat: CheckHeartbeat
  private let bound: Duration
  private let stopped = Locked(false)

  init(heartbeat: CheckHeartbeat, bound: Duration) {
    self.heartbeat = heartbeat
    self.bound = bound
  }

  /// Starts watching.
  func start() {
    Thread.detachNewThread { [self] in
      var stoppedStep: Int?
      while !stopped.withLock({ $0 }) {
        Thread.sleep(forTimeInterval: 0.25)
        guard let (step, started) = heartbeat.currentStep, step != stoppedStep,
          ContinuousClock.now - started > bound
        else { continue }
        heartbeat.stopStep()
        stoppedStep = step
      }
    }
  }

  /// Stops watching.
  func stop() {
    stopped.withLock { $0 = true }
  }
}
