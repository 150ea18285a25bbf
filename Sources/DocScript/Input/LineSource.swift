/// Where the input loop gets its lines: the prompt (readline), standard
/// input in batch, or the text of `-c`. The loop is the same for all;
/// only the line source differs.
@MainActor
protocol LineSource {
  /// Whether lines are typed by a person: the loop then shows prompts,
  /// asks before discarding changes, and keeps going after Ctrl-C.
  var isInteractive: Bool { get }

  /// The next line, without its line break, after showing `prompt` if
  /// the source shows prompts.
  mutating func readLine(prompt: String) async -> LineEvent

  /// Called with each whole entry (one or more lines) before it runs:
  /// the prompt adds it to its history.
  mutating func entryCompleted(_ entry: [UInt8])
}

extension LineSource {
  mutating func entryCompleted(_ entry: [UInt8]) {}
}

/// What reading a line came to.
enum LineEvent: Equatable {
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
