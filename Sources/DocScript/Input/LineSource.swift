/// Where the one input loop gets its lines: the prompt (readline), standard
/// input in batch, the text of `-c`, or a script file (`ScriptLines`, for
/// `docrepl run` and `source`). Every input is read by ``EntryReader``;
/// only the line source differs.
@MainActor
package protocol LineSource {
  /// Whether lines are typed by a person: the loop then shows prompts,
  /// asks before discarding changes, and keeps going after Ctrl-C; each
  /// entry's lines are counted from 1.
  var isInteractive: Bool { get }

  /// The next line, without its line break, after showing `prompt` if
  /// the source shows prompts.
  mutating func readLine(prompt: String) async -> LineEvent

  /// The line ``readLine(prompt:)`` would return next, if the source has
  /// it already and no statement can start on it (a blank line, a comment
  /// or an expectation line): an entry read from a file takes such lines
  /// with it, so that `#>` and `#!` lines belong to the command above
  /// them, as in a whole parse. Nil by default: the entry ends at once.
  mutating func nextLineIfNoStatement() -> [UInt8]?

  /// Called with each whole entry (one or more lines) before it runs:
  /// the prompt adds it to its history.
  mutating func entryCompleted(_ entry: [UInt8])
}

extension LineSource {
  package mutating func nextLineIfNoStatement() -> [UInt8]? { nil }

  package mutating func entryCompleted(_ entry: [UInt8]) {}
}

/// What reading a line came to.
package enum LineEvent: Equatable, Sendable {
  /// A line, without its line break; bytes, so that invalid UTF-8
  /// reaches the lexer, which reports it.
  case line([UInt8])
  /// Ctrl-C.
  case interrupt
  /// The end of the input: Ctrl-D on an empty line, or end of file. A
  /// source that shows prompts has moved to a new line.
  case end
  /// The terminal went away (hang-up, or a read error): nothing more can
  /// be read or asked.
  case closed
}
