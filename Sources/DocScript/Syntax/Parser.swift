/// Turns a script into statements: commands with their expectation lines,
/// and `group NAME { … }` blocks.
///
/// The parser streams: ``next()`` returns one top-level statement at a
/// time, so a script of a million lines never needs its whole syntax tree
/// in memory. A caller that must not run anything when any line is
/// malformed parses once to collect ``diagnostics`` and again to run.
///
///     var parser = Parser(ScriptSource(name: "a.docscript", text: text))
///     while let statement = parser.next() { … }
///     for diagnostic in parser.diagnostics { print(diagnostic) }
///
/// A parser can also be resumable (``init(resumable:)``): it is given the
/// input a line at a time (``append(_:)``), returns the statements each
/// line completes, and says whether the input so far stops inside a
/// statement (``needsMoreInput``), so that a prompt parses each statement
/// once, and learns that it is complete from that one parse.
///
///     var parser = Parser(resumable: ScriptSource(name: "<stdin>", text: "group g {"))
///     while parser.next() != nil {}      // nothing yet
///     parser.needsMoreInput              // true: the group is open
///     parser.append(Array("\n}".utf8))
///     while parser.next() != nil {}
///     parser.needsMoreInput              // false
///     parser.endInput()
///     let group = parser.next()          // the group, with its diagnostics in `diagnostics`
///
/// Errors do not cascade: a malformed line is reported once and skipped,
/// a stray `}` is reported without closing anything, and a malformed
/// `group` line that ends in `{` still opens a group for its `}` to close.
package struct Parser {
  /// How deep `group` blocks may nest. Deeper ones are reported and their
  /// contents skipped, so that no script can exhaust the stack.
  package static let maximumGroupDepth = 64

  private var lexer: Lexer
  private var frames: [Frame] = []
  /// Groups opened beyond ``maximumGroupDepth``, which are skipped.
  private var skippedDepth = 0
  /// The last top-level statement, held back until the next one starts
  /// so that expectation lines after it can still be attached.
  private var pending: Statement?
  private var ownDiagnostics: [Diagnostic] = []
  private var finished = false
  /// The last line of the logical line being parsed.
  private var currentLastLine = 1
  private var openGroupAtEnd = false

  private struct Frame {
    var name: Word
    var start: SourceLocation
    var brace: SourceRange
    var body: [Statement] = []
    var isValid: Bool
  }

  /// Creates a parser for `source`.
  package init(_ source: ScriptSource) {
    lexer = Lexer(source)
    Self.counter?.countParser()
  }

  /// Creates a resumable parser for the input so far, `source`, to which
  /// ``append(_:)`` adds until ``endInput()``.
  ///
  /// Until the input ends, ``next()`` returns nil where the input so far
  /// ends, reports nothing a later line could complete (an open quote,
  /// heredoc, continued line or group), and holds back the last top-level
  /// statement, which expectation lines could still follow.
  package init(resumable source: ScriptSource) {
    lexer = Lexer(source, isOpenEnded: true)
    name = source.name
    firstLine = source.firstLine
    Self.counter?.countParser()
  }

  private var name = ""
  private var firstLine = 1

  /// Adds `bytes` at the end of the input.
  ///
  /// - Precondition: the parser is resumable and its input has not ended.
  package mutating func append(_ bytes: [UInt8]) {
    lexer.append(bytes)
  }

  /// Whether the input so far stops inside a statement: a quote, a
  /// heredoc or a continued line is open, or a group is. Asked once
  /// ``next()`` has returned nil.
  package var needsMoreInput: Bool { lexer.awaitsInput || !frames.isEmpty }

  /// Ends the input of a resumable parser: ``next()`` then returns what it
  /// held back, and reports what is left unterminated.
  package mutating func endInput() {
    lexer.endInput()
  }

  /// The input so far (a resumable parser's), as one source.
  package var source: ScriptSource {
    var source = ScriptSource(name: name, bytes: lexer.source)
    source.firstLine = firstLine
    return source
  }

  /// Every problem found so far, in source order.
  package var diagnostics: [Diagnostic] {
    (lexer.diagnostics + ownDiagnostics).sorted { $0.location < $1.location }
  }

  /// Whether the script ended inside a quote, a heredoc, a continued line
  /// or a group: more input would complete it. A prompt shows its
  /// continuation prompt then, instead of reporting an error.
  package var endsIncomplete: Bool { lexer.endsIncomplete || openGroupAtEnd }

  /// Parses all of `source`.
  package static func parse(
    _ source: ScriptSource
  ) -> (
    statements: [Statement], diagnostics: [Diagnostic]
  ) {
    var parser = Parser(source)
    var statements: [Statement] = []
    while let statement = parser.next() { statements.append(statement) }
    return (statements, parser.diagnostics)
  }

  /// The next top-level statement, or nil at the end of the script.
  package mutating func next() -> Statement? {
    while !finished {
      guard let item = lexer.next() else {
        // Open-ended input that stops here may go on: nothing is final.
        if lexer.isOpenEnded { return nil }
        finish()
        break
      }
      switch item {
      case .expectation(let expectation):
        attach(expectation)
      case .command(let words, let range, let lastLine):
        currentLastLine = lastLine
        if let statement = parseCommand(words: words, range: range), let ready = emit(statement) {
          return ready
        }
      }
    }
    defer { pending = nil }
    return pending
  }

  private mutating func finish() {
    finished = true
    if let frame = frames.last {
      openGroupAtEnd = true
      ownDiagnostics.append(
        Diagnostic(
          .error, in: frame.brace, "unterminated group; expected '}'",
          notes: [.init("the group starts here", at: frame.start)]))
      frames.removeAll()
    }
  }

  /// Adds `statement` to the open group, or holds it back as the next
  /// top-level statement; returns the one it replaces, if any.
  private mutating func emit(_ statement: Statement) -> Statement? {
    guard skippedDepth == 0 else { return nil }
    if !frames.isEmpty {
      frames[frames.count - 1].body.append(statement)
      return nil
    }
    defer { pending = statement }
    return pending
  }

  private mutating func attach(_ expectation: Expectation) {
    guard skippedDepth == 0 else { return }
    if !frames.isEmpty {
      if let last = frames[frames.count - 1].body.popLast() {
        frames[frames.count - 1].body.append(last.adding(expectation))
        return
      }
    } else if let statement = pending {
      pending = statement.adding(expectation)
      return
    }
    ownDiagnostics.append(
      Diagnostic(
        .error,
        in: SourceRange(
          expectation.location,
          SourceLocation(
            file: expectation.location.file, line: expectation.location.line,
            column: expectation.location.column + 2)),
        "expected \(expectation.kind == .output ? "output" : "diagnostics") before any command",
        notes: [.init("'#>' and '#!' lines belong to the command above them")]))
  }

  private mutating func parseCommand(words: [Word], range: SourceRange) -> Statement? {
    // `group g { a; b; }` on one line: the words after `{` start a
    // command, and a `}` that ends a command inside a group closes it.
    // Loops, not recursion: `group g { group g { …` ten thousand times on
    // one line must not exhaust the stack.
    var words = words[...]
    var range = range
    while words.first?.plainText == "group",
      let brace = words.firstIndex(where: { $0.plainText == "{" }), brace < words.endIndex - 1
    {
      openGroup(words: Array(words[...brace]), range: range)
      words = words[(brace + 1)...]
      range = SourceRange(words[words.startIndex].range.start, range.end)
    }
    var closers: [Word] = []
    if !frames.isEmpty || skippedDepth > 0 {
      while words.count > 1, words.last?.plainText == "}" { closers.append(words.removeLast()) }
      if !closers.isEmpty { range = SourceRange(range.start, words[words.endIndex - 1].range.end) }
    }
    var statement = parseSimpleCommand(words: Array(words), range: range)
    // The brace nearest the command closes the innermost group.
    for closer in closers.reversed() {
      if let statement { _ = emit(statement) }  // inside a group, which holds nothing back
      statement = closeGroup(words: [closer])
    }
    return statement
  }

  /// A command that neither opens a group and goes on, nor ends in a `}`
  /// that closes one: a command, `let`, `group NAME {`, or `}`.
  private mutating func parseSimpleCommand(words: [Word], range: SourceRange) -> Statement? {
    switch words[0].plainText {
    case "}":
      return closeGroup(words: words)
    case "group":
      openGroup(words: words, range: range)
      return nil
    case "let":
      checkLet(words: words, range: range)
    default:
      break
    }
    return .command(Command(words: words, range: range, lastLine: currentLastLine))
  }

  private mutating func openGroup(words: [Word], range: SourceRange) {
    let endsInBrace = words.count >= 2 && words.last?.plainText == "{"
    var problem: (SourceRange, String)?
    if words.count == 1 {
      problem = (words[0].range, "expected a name and '{' after 'group'")
    } else if words.count == 2 && endsInBrace {
      problem = (words[1].range, "expected a name between 'group' and '{'")
    } else if !endsInBrace {
      problem = (words[min(2, words.count - 1)].range, "expected '{' after the group name")
    } else if words.count > 3 {
      problem = (words[2].range, "expected '{' after the group name; quote a name with blanks")
    }
    if let (range, message) = problem {
      ownDiagnostics.append(
        Diagnostic(
          .error, in: range, message,
          notes: endsInBrace ? [] : [.init("write 'group NAME {' with the '{' on the same line")]))
      guard endsInBrace else { return }
    }
    if skippedDepth > 0 || frames.count >= Self.maximumGroupDepth {
      if skippedDepth == 0 {
        ownDiagnostics.append(
          Diagnostic(
            .error, in: words[0].range,
            "groups nested more than \(Self.maximumGroupDepth) deep"))
      }
      skippedDepth += 1
      return
    }
    let braceRange = words[words.count - 1].range
    frames.append(
      Frame(
        name: words[1], start: range.start, brace: braceRange, isValid: problem == nil))
  }

  /// Closes the innermost group; returns it, to be added where it stands.
  private mutating func closeGroup(words: [Word]) -> Statement? {
    if words.count > 1 {
      ownDiagnostics.append(
        Diagnostic(
          .error, in: words[1].range, "unexpected text after '}'",
          notes: [.init("separate commands with ';' or a new line")]))
    }
    if skippedDepth > 0 {
      skippedDepth -= 1
      return nil
    }
    guard let frame = frames.popLast() else {
      ownDiagnostics.append(Diagnostic(.error, in: words[0].range, "'}' without an open group"))
      return nil
    }
    guard frame.isValid else { return nil }
    return .group(
      Group(
        name: frame.name, body: frame.body, range: SourceRange(frame.start, words[0].range.end)))
  }

  private mutating func checkLet(words: [Word], range: SourceRange) {
    let problem: (Word, String)?
    if words.count == 1 {
      problem = (words[0], "expected 'let NAME = VALUE'")
    } else if words[1].plainText.map(Self.isName) != true {
      problem = (words[1], "invalid variable name; use letters, digits and '_'")
    } else if words.count == 2 || words[2].plainText != "=" {
      problem = (words[min(2, words.count - 1)], "expected '=' after the variable name")
    } else if words.count == 3 {
      problem = (words[2], "expected a value after '='")
    } else if words.count > 4 {
      problem = (words[4], "unexpected text after the value")
    } else {
      problem = nil
    }
    guard let (word, message) = problem else { return }
    let note =
      Self.spacedLet(words).map { "write blanks around '=': \($0)" }
      ?? "quote a value that has blanks: let title = \"Weekly review\""
    ownDiagnostics.append(Diagnostic(.error, in: word.range, message, notes: [.init(note)]))
  }

  /// `let y = 3` for `let y=3`, `let y= 3` or `let y =3`: the statement
  /// with blanks around its `=`, when a missing blank is what is wrong.
  private static func spacedLet(_ words: [Word]) -> String? {
    let texts = words.dropFirst().prefix(3).map(\.plainText)
    guard let first = texts.first ?? nil else { return nil }
    if let equals = first.firstIndex(of: "="), isName(String(first[..<equals])) {
      let rest = first[first.index(after: equals)...]
      let value = rest.isEmpty ? texts.dropFirst().first ?? nil : String(rest)
      guard let value, !value.isEmpty else { return nil }
      return "let \(first[..<equals]) = \(value)"
    }
    if isName(first), texts.count >= 2, let second = texts[1], second.hasPrefix("="),
      second.count > 1
    {
      return "let \(first) = \(second.dropFirst())"
    }
    return nil
  }

  /// Whether `text` can name a variable: letters, digits and `_`, not
  /// starting with a digit.
  package static func isVariableName(_ text: String) -> Bool { isName(text) }

  static func isName(_ text: String) -> Bool {
    guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else {
      return false
    }
    return text.utf8.allSatisfy {
      $0 == UInt8(ascii: "_") || isLetter($0)
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}

extension Statement {
  /// The statement with `expectation` added after its others.
  func adding(_ expectation: Expectation) -> Statement {
    switch self {
    case .command(var command):
      command.expectations.append(expectation)
      return .command(command)
    case .group(var group):
      group.expectations.append(expectation)
      return .group(group)
    }
  }
}
