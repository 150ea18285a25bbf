import DocKit
import Foundation
import Glibc

/// What a `docrepl test --timeout` run has printed and has in flight, kept
/// where another thread can read it: for the one case the run cannot end
/// as usual, a script past its limit whose document type's code holds
/// the main actor and does not return.
///
/// Then no other script can run in this process, nor can the run's own
/// code, which is on the main actor too. ``stop(heldBy:)`` ends the run
/// from another thread instead: it prints the script's failure and the
/// summary, writes the JUnit reports (the scripts that did not run are
/// not in them), removes the temporary folders of the scripts in flight
/// (unless `--keep-tmpdir`, which names them), and exits with status 1.
final class TestRunLedger: Sendable {
  private struct State {
    var printed: [TestOutcome] = []
    var running: [ObjectIdentifier: (script: TestSelection.Script, timeout: ScriptTimeout)] = [:]
    var stopping = false
  }

  private let state = Locked(State())
  private let total: Int
  private let reports: [URL]
  private let keepsFolders: Bool
  /// In a worker of `test --jobs`: the descriptor on which the held
  /// script's outcome goes to the parent, which prints it and runs the
  /// rest on its other workers.
  private let resultDescriptor: Int32?

  init(total: Int, reports: [URL], keepsFolders: Bool, resultDescriptor: Int32? = nil) {
    self.total = total
    self.reports = reports
    self.keepsFolders = keepsFolders
    self.resultDescriptor = resultDescriptor
  }

  /// A script's outcome was printed.
  func printed(_ outcome: TestOutcome) {
    state.withLock { $0.printed.append(outcome) }
  }

  /// A script started, with this timeout.
  func started(_ timeout: ScriptTimeout, for script: TestSelection.Script) {
    state.withLock { $0.running[ObjectIdentifier(timeout)] = (script, timeout) }
  }

  /// A script's race ended (it finished, or the run went on without it).
  func finished(_ timeout: ScriptTimeout) {
    state.withLock { _ = $0.running.removeValue(forKey: ObjectIdentifier(timeout)) }
  }

  /// Ends the run from this thread, because `timeout`'s script holds the
  /// main actor: see the type's description. Called once; later calls
  /// return at once.
  func stop(heldBy timeout: ScriptTimeout) {
    let taken: (printed: [TestOutcome], running: [(TestSelection.Script, ScriptTimeout)])? =
      state.withLock { state in
        guard !state.stopping else { return nil }
        state.stopping = true
        return (state.printed, Array(state.running.values).map { ($0.script, $0.timeout) })
      }
    guard let taken else { return }
    let program = TestCommand.reference.commandName
    var outcomes = taken.printed
    var text = ""
    // The script that holds the main actor first, then any others in
    // flight, in path order.
    let stuck = taken.running.sorted { first, second in
      if first.1 === timeout { return true }
      if second.1 === timeout { return false }
      return first.0.path.utf8.lexicographicallyPrecedes(second.0.path.utf8)
    }
    for (script, watch) in stuck {
      let detail =
        watch === timeout
        ? "; a command in it has held the main thread for \(ScriptTimeout.interval(watch.grace * 2).secondsText) s more without returning (a document type's own code), so no other script can run, and the run stops here"
        : "; it did not finish: the run stopped while it ran"
      var outcome =
        watch === timeout
        ? watch.outcome(for: script, detail: detail)
        : TestOutcome(
          script: script, verdict: .failed,
          report: "FAIL \(script.path)\n\(script.path): error: did not finish\(detail)\n",
          message: "\(script.path): error: did not finish\(detail)",
          detail: "\(script.path): error: did not finish\(detail)")
      if let folder = watch.folder {
        if keepsFolders {
          outcome.report +=
            "\(script.path): note: its temporary folder is kept: \(folder.url.path)\n"
          outcome.keptFolder = folder.url.path
        } else {
          try? FileManager.default.removeItem(at: folder.url)
        }
      }
      outcomes.append(outcome)
      text += outcome.report
    }
    if let resultDescriptor {
      // A worker: the parent reports it, and the run goes on there.
      for outcome in outcomes.suffix(stuck.count) {
        _ = TestWorkers.writeLine(outcome, to: resultDescriptor)
      }
      _exit(ExitStatus.failure.rawValue)
    }
    let passed = outcomes.filter { $0.verdict == .passed }.count
    let failed = outcomes.filter(\.isFailure).count
    let left = total - outcomes.count
    text += "\(passed) passed, \(failed) failed\n"
    Self.write(text, to: STDOUT_FILENO)
    var problems =
      "\(program): error: stopped: a script holds the main thread; \(left) script\(left == 1 ? "" : "s") did not run\n"
    for report in reports {
      do {
        try AtomicFile.write(
          Array(JUnitReport(outcomes: outcomes).xml.utf8), to: report, as: .report)
      } catch {
        problems +=
          "\(program): error: cannot write the JUnit report '\(report.path)': \(error.message)\n"
      }
    }
    Self.write(problems, to: STDERR_FILENO)
    _exit(ExitStatus.failure.rawValue)
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var stream = StandardStream(descriptor: descriptor)
    stream.write(text)
  }
}

extension Double {
  /// The number as `--timeout` shows it: `2`, `0.5`.
  var secondsText: String {
    rounded() == self ? String(Int(self)) : String(self)
  }
}
