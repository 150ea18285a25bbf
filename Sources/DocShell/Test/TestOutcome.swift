/// How one script of `docrepl test` came out, and what the runner prints
/// for it.
struct TestOutcome: Sendable, Codable {
  /// The verdict.
  enum Verdict: Sendable, Equatable, Codable {
    /// The script printed what its `#>` and `#!` lines expect.
    case passed
    /// It did not, or it could not be read, or `--update` could not
    /// write it.
    case failed
    /// It did not parse: nothing in it ran. Counts as failed.
    case malformed
    /// It did not match, and `--update` rewrote its expectation lines.
    case updated
  }

  /// The script.
  var script: TestSelection.Script
  /// The verdict.
  var verdict: Verdict
  /// What standard output shows for the script: a `PASS`, `FAIL` or
  /// `UPDATED` line, and for a failure where and why, and the diff.
  var report: String
  /// What standard error shows: a malformed script's diagnostics.
  var errors = ""
  /// Why it failed, in one line: JUnit's failure message.
  var message = ""
  /// The diff, or the diagnostics: JUnit's failure text.
  var detail = ""
  /// What the document models printed while the script ran, for a
  /// failure: its report's last part, and JUnit's `<system-out>`.
  var printed = ""
  /// How long the script took, start to finish, in seconds.
  var seconds = 0.0
  /// Whether `--update` rewrote the script: always for ``Verdict/updated``,
  /// and for a failure whose other lines it updated around a check that
  /// did not hold. The summary counts these as updated.
  var rewrote = false
  /// Whether it was stopped at `--timeout`'s limit: JUnit's failure
  /// type `timeout`.
  var timedOut = false
  /// The temporary folder `--keep-tmpdir` kept, for a failure.
  var keptFolder: String?

  /// Whether the verdict counts as a failure.
  var isFailure: Bool { verdict == .failed || verdict == .malformed }
}
