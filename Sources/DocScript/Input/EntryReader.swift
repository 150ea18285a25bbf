/// Reads a line source an entry at a time: the one loop every input goes
/// through, in the shape of sqlite3's `process_input`, which its `.read`
/// uses too. The prompt, standard input, `-c`, `docrepl run FILE` (and
/// `run -`) and the language's `source` all read their entries here, so
/// that lines are numbered, entries completed and parsed, and statements
/// handed on to run in one way.
///
/// An entry is a line, with the lines an open quote, heredoc, continued
/// line or `{` carries it on to. It is parsed once, as its lines come, by
/// a resumable ``Parser``, whose ``Parser/needsMoreInput`` says when it is
/// complete. From a source that has the lines already (a script file), an
/// entry also takes the blank, comment and expectation lines after it, so
/// that `#>` and `#!` lines belong to the command above them.
@MainActor
package struct EntryReader {
  /// A complete entry: its statements, parsed once, its bytes, and what
  /// the parse reported.
  package struct Entry {
    /// The statements, in order.
    package var statements: [Statement]
    /// The entry's lines as a source, numbered where they stand in the
    /// input (from 1 for each entry at a prompt).
    package var source: ScriptSource
    /// The problems the parse found; if there are any, nothing in the
    /// entry should run.
    package var diagnostics: [Diagnostic]
  }

  /// What reading came to.
  package enum Event {
    /// An entry, complete, or cut short by the end of the input (its
    /// diagnostics then say what is unterminated).
    case entry(Entry)
    /// Ctrl-C: the entry being read is dropped.
    case interrupt
    /// The end of the input.
    case end
    /// The terminal went away.
    case closed
  }

  /// The name diagnostics give the input: a file's, `<stdin>`,
  /// `<command line>`.
  package let name: String
  /// The number of the next line read.
  private var nextLine: Int
  /// The entry being read, parsed as its lines come; nil between entries.
  private var parser: Parser?
  /// What the entry's parser has returned so far.
  private var statements: [Statement] = []

  /// A reader of an input named `name` whose first line is `firstLine`.
  package init(name: String, firstLine: Int = 1) {
    self.name = name
    nextLine = firstLine
  }

  /// Reads lines from `lines` until an entry is complete, the input ends,
  /// or Ctrl-C. Before each line, `prompt` is asked what to show, with
  /// the lines of the entry being continued so far, joined by line breaks
  /// (what Tab completion reads before the line being typed), or nil
  /// between entries.
  package mutating func next(
    from lines: inout some LineSource, prompt: (_ entrySoFar: [UInt8]?) -> String = { _ in "" }
  ) async -> Event {
    while true {
      switch await lines.readLine(prompt: prompt(parser?.source.bytes)) {
      case .line(let line):
        append(line, interactive: lines.isInteractive)
        guard var parser = take() else { continue }
        while let statement = parser.next() { statements.append(statement) }
        guard !parser.needsMoreInput else {
          self.parser = parser
          continue
        }
        // Lines on which no statement starts go with the entry.
        while let more = lines.nextLineIfNoStatement() {
          nextLine += 1
          parser.append([UInt8(ascii: "\n")] + more)
        }
        return .entry(finish(&parser))
      case .interrupt:
        parser = nil
        statements = []
        return .interrupt
      case .end:
        // What is left cannot complete: its diagnostics say why.
        guard var parser = take() else { return .end }
        return .entry(finish(&parser))
      case .closed:
        guard var parser = take() else { return .closed }
        return .entry(finish(&parser))
      }
    }
  }

  /// Adds a line to the entry, or starts one with it.
  private mutating func append(_ line: [UInt8], interactive: Bool) {
    if var current = take() {
      current.append([UInt8(ascii: "\n")] + line)
      parser = current
    } else {
      // `!COMMAND` at the prompt is `shell COMMAND`, the rest of the line
      // as typed given whole to the shell (psql's `\!`).
      let line =
        interactive && line.first == UInt8(ascii: "!")
        ? Array(("shell " + Word.quoted(String(decoding: line.dropFirst(), as: UTF8.self))).utf8)
        : line
      var first = ScriptSource(name: name, bytes: line)
      first.firstLine = interactive ? 1 : nextLine
      parser = Parser(resumable: first)
    }
    // A recalled history entry may hold several lines.
    nextLine += 1 + line.count(where: { $0 == UInt8(ascii: "\n") })
  }

  /// The entry's parser, no longer held here, so that appending to it
  /// does not copy its input.
  private mutating func take() -> Parser? {
    defer { parser = nil }
    return parser
  }

  /// Ends the entry's input and collects what its parser returns now.
  private mutating func finish(_ parser: inout Parser) -> Entry {
    parser.endInput()
    while let statement = parser.next() { statements.append(statement) }
    defer { statements = [] }
    return Entry(statements: statements, source: parser.source, diagnostics: parser.diagnostics)
  }
}
