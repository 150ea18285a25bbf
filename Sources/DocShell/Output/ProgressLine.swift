import DocScript
import Glibc

/// Shows long work's progress at the interactive prompt: one line on
/// standard error, `reading 42%`, rewritten in place (`\r`) as the
/// percentage grows and erased (`\r` and clear to the end of the line)
/// when the work ends, so the transcript keeps none of it.
///
/// Only the prompt installs it, and only when standard error is a
/// terminal: scripts, `run`, `-c`, piped input and a piped standard error
/// never see a progress line.
enum ProgressLine {
  /// The environment variable that sets how long work runs before its
  /// progress shows, in seconds (default 0.5); for tests.
  static let thresholdVariable = "DOCREPL_PROGRESS_AFTER"

  /// The reporter for the prompt, or nil when standard error is not a
  /// terminal.
  static func reporter(environment: [String: String]) -> WorkProgress? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    var threshold = Duration.milliseconds(500)
    if let text = environment[thresholdVariable], let seconds = Double(text), seconds >= 0 {
      threshold = .milliseconds(Int(seconds * 1000))
    }
    return WorkProgress(threshold: threshold) { event in
      var error = StandardStream.error
      switch event {
      case .progress(let title, let percent):
        error.write("\r\(title) \(percent)%\u{1B}[K")
      case .ended:
        error.write("\r\u{1B}[K")
      }
    }
  }
}
