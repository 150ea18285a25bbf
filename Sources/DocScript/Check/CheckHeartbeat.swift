import DocKit

/// When the current step of a `docrepl check` started, shared with a
/// watchdog on another thread: one that sees a step run past the hang
/// bound calls ``stopStep()``, and the checker's commands, which ask
/// whether to stop, are interrupted and reported as a hang.
package final class CheckHeartbeat: Sendable {
  private struct State {
    var step = 0
    var started: ContinuousClock.Instant?
    var stopRequested = false
  }

  private let state = Locked(State())

  /// A heartbeat with no step running.
  package init() {}

  /// Marks the start of a step.
  func beat() {
    state.withLock {
      $0.step += 1
      $0.started = .now
      $0.stopRequested = false
    }
  }

  /// The number of the running step and when it started; nil between
  /// sequences.
  package var currentStep: (number: Int, started: ContinuousClock.Instant)? {
    state.withLock { state in state.started.map { (state.step, $0) } }
  }

  /// Asks the running step to stop.
  package func stopStep() {
    state.withLock { $0.stopRequested = true }
  }

  /// Whether the running step was asked to stop.
  var isStopRequested: Bool { state.withLock { $0.stopRequested } }
}
