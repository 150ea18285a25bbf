/// What the text before the cursor says about the word being completed,
/// as the lexer reads it: the words of the command so far, the word under
/// the cursor, and the quote it is in.
///
/// The text may span several lines (a continued command); only its last
/// command counts. A word inside an open quote is read by closing the
/// quote; a `${name` by closing the brace. The words after `group NAME {`
/// are a command of their own.
struct CompletionInput {
  /// Where the cursor is inside the word.
  enum Quote {
    case none, single, double
  }

  /// The command's words before the one being completed.
  var words: [Word]
  /// The word being completed as far as it is typed; nil when the cursor
  /// starts a new word.
  var partial: Word?
  /// The UTF-8 offset where the word being completed starts (the cursor,
  /// for a new word).
  var start: Int
  /// The quote the cursor is inside.
  var quote: Quote
  /// The variable name being typed after `$` or `${`, if the cursor ends
  /// one, and whether it is braced.
  var variable: (name: String, braced: Bool)?

  /// Reads `text`, the input before the cursor; nil where nothing can be
  /// completed: in a comment, a heredoc body, or after a syntax error.
  init?(_ text: String) {
    let cursor = text.utf8.count
    // The text as it is, else with the open quote or brace closed.
    var attempt: (items: [Lexer.Item], closed: String)?
    var lexer = Lexer(ScriptSource(name: "", text: text))
    var items: [Lexer.Item] = []
    while let item = lexer.next() { items.append(item) }
    if lexer.diagnostics.isEmpty {
      attempt = (items, "")
    } else {
      let quote = lexer.unterminatedQuote.map { String(UnicodeScalar($0)) } ?? ""
      var closings = [quote]
      for closing in ["'", "\"", "}", "}'", "}\""] where !closings.contains(closing) {
        closings.append(closing)
      }
      for closing in closings where !closing.isEmpty {
        var retry = Lexer(ScriptSource(name: "", text: text + closing))
        var retried: [Lexer.Item] = []
        while let item = retry.next() { retried.append(item) }
        if retry.diagnostics.isEmpty {
          attempt = (retried, closing)
          break
        }
      }
    }
    guard let (items, closed) = attempt else { return nil }
    let lineStarts = Self.lineStarts(of: text + closed)
    func offset(_ location: SourceLocation) -> Int {
      lineStarts[location.line - 1] + location.column - 1
    }
    var words: [Word] = []
    var commandLastLine = 0
    for case .command(let commandWords, _, let lastLine) in items.reversed() {
      words = commandWords
      commandLastLine = lastLine
      break
    }
    // A command whose heredoc body is done is finished: what follows is
    // a new command.
    if let last = words.last, commandLastLine > last.range.end.line {
      words = []
    }
    quote = closed.hasSuffix("'") ? .single : closed.hasSuffix("\"") ? .double : .none
    let bytes = Array(text.utf8)
    if let last = words.last, offset(last.range.end) >= cursor {
      partial = last
      words.removeLast()
      start = offset(last.range.start)
      if let lastPart = last.parts.last, case .variable(let reference) = lastPart,
        offset(reference.range.end) == cursor + (closed.hasPrefix("}") ? 1 : 0),
        reference.fallback == nil
      {
        variable = (reference.name, closed.hasPrefix("}"))
      }
    } else {
      // A new word: after the last one, unless a `;`, a line break or a
      // comment came since.
      let gapStart =
        words.last.map { offset($0.range.end) }
        ?? (commandLastLine == 0
          ? 0 : commandLastLine < lineStarts.count ? lineStarts[commandLastLine] : cursor)
      var index = gapStart
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "#"): return nil
        case UInt8(ascii: "\\") where index + 1 < bytes.count:
          index += 1
        case UInt8(ascii: ";"), UInt8(ascii: "\n"):
          words = []
        default: break
        }
        index += 1
      }
      partial = nil
      start = cursor
    }
    // `group NAME { COMMAND …`: the command starts after the brace.
    while words.first?.plainText == "group",
      let brace = words.indices.dropFirst(2).first(where: { words[$0].plainText == "{" })
    {
      words = Array(words[(brace + 1)...])
    }
    self.words = words
  }

  /// The UTF-8 offset at which each line starts.
  private static func lineStarts(of text: String) -> [Int] {
    var starts = [0]
    for (index, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    return starts
  }

  /// `value` escaped to follow text typed inside `quote`: in a bare word a
  /// backslash before blanks, quotes, `$`, `\`, `;` and a leading `#`;
  /// inside `"…"` before `"`, `\` and `$`; inside `'…'` a `'` as `'\''`.
  static func escape(_ value: Substring, in quote: Quote, atWordStart: Bool) -> String {
    var out = ""
    for (index, character) in value.enumerated() {
      switch quote {
      case .none:
        if " \t'\"$\\;".contains(character) || (character == "#" && index == 0 && atWordStart) {
          out.append("\\")
        }
        out.append(character)
      case .double:
        if "\"\\$".contains(character) { out.append("\\") }
        out.append(character)
      case .single:
        out += character == "'" ? "'\\''" : String(character)
      }
    }
    return out
  }
}
