import DocKit

/// Counts the parsers made, and the incomplete lines a resumable parser
/// set aside, while it is bound to ``Parser/counter``: how a test checks
/// that a statement is parsed once. Not for programs.
package final class ParseCounter: Sendable {
  private let counts = Locked((parsers: 0, resumptions: 0))

  package init() {}

  /// How many parsers were made.
  package var parsers: Int { counts.withLock { $0.parsers } }
  /// How many times a resumable parser set aside an incomplete logical
  /// line, to lex it again when more input could complete it.
  package var resumptions: Int { counts.withLock { $0.resumptions } }

  func countParser() { counts.withLock { $0.parsers += 1 } }
  func countResumption() { counts.withLock { $0.resumptions += 1 } }
}

extension Parser {
  /// The counter parsers made in this task report to, if any.
  @TaskLocal package static var counter: ParseCounter?
}
