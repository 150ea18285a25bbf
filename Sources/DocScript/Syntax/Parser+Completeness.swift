extension Parser {
  /// Whether `text` — the lines typed so far, joined by line breaks,
  /// without a final one — is whole, or stops inside a quote, a heredoc,
  /// a `group … {` or after a `\` that continues the line, so that more
  /// lines would complete it.
  ///
  /// The answer is a resumable parser's (``needsMoreInput``), the one a
  /// prompt parses each entry with, so it agrees with what running the
  /// text would report. Input with other errors is complete: running it
  /// reports them.
  ///
  ///     Parser.isComplete("show")                  // true
  ///     Parser.isComplete("append \"one")          // false: a quote is open
  ///     Parser.isComplete("group g {\nappend a")   // false: a group is open
  package static func isComplete(_ text: String) -> Bool {
    isComplete(ScriptSource(name: "<input>", text: text))
  }

  /// Whether `source` is whole: ``isComplete(_:)-(String)`` for bytes,
  /// which may not be valid UTF-8 (such input is complete: running it
  /// reports the encoding).
  package static func isComplete(_ source: ScriptSource) -> Bool {
    var parser = Parser(resumable: source)
    while parser.next() != nil {}
    return !parser.needsMoreInput
  }
}
