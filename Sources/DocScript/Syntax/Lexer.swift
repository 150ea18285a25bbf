/// Splits a script into commands of words and expectation lines, one
/// logical line at a time.
///
/// The rules are the shell's, trimmed: blanks separate words; `'…'` is
/// literal; `"…"` takes `\n \t \r \" \\ \$ \u{…}` and interpolates `$name`
/// and `${name}`/`${name:-fallback}`; a bare word takes `\x` as a literal
/// `x` and interpolates too; adjacent parts join; a trailing `\` continues
/// the line; `#` at the start of a word starts a comment; `;` separates
/// commands; `<<DELIM`, `<<'DELIM'` and `<<-DELIM` are heredocs whose
/// bodies follow the line. At the start of a line, `#>` and `#!` are
/// expectations; one whose text is a matcher that cannot be read (a
/// `(re)` pattern that does not compile, an unknown escape in an `(esc)`
/// line; see ``ExpectedLine``) is an error.
///
/// Lines end in `\n` or `\r\n`. A UTF-8 byte-order mark at the start of
/// a script's first line is skipped (columns do not count it); a `\r`
/// that ends no line is an error outside quotes, heredoc bodies,
/// comments and expectations.
///
/// Errors are collected, not thrown: after one, the lexer skips to the end
/// of the line (past any heredoc bodies it has seen the start of), so that
/// one mistake gives one diagnostic. Every loop advances, and nothing
/// recurses, so no input can hang or exhaust the stack.
struct Lexer {
  /// What the lexer gives the parser.
  enum Item {
    case command(words: [Word], range: SourceRange, lastLine: Int)
    case expectation(Expectation)
  }

  private let file: String
  private var bytes: [UInt8]
  private var position = 0
  /// Where scanning must stop: the end, or the end of a heredoc line.
  private var limit: Int
  private var line = 1
  private var lineStart = 0
  /// How deep `${a:-${b:-…}}` fallbacks nest at the current position.
  private var fallbackDepth = 0
  /// Deeper fallbacks are an error, so that no script exhausts the stack.
  static let maximumFallbackDepth = 16
  private var queue: [Item] = []
  private var queueIndex = 0
  /// The problems found so far.
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether the script ended inside a quote, a heredoc or a continued
  /// line: more input would complete it. The prompt uses this.
  private(set) var endsIncomplete = false
  /// The quote (`'` or `"`) the script ended inside, if it did: what
  /// completion closes to read the word being typed.
  private(set) var unterminatedQuote: UInt8?

  /// Whether more input may be appended (``append(_:)``): a logical line
  /// that the input so far leaves incomplete is then not reported but
  /// set aside, and lexed once more input can complete it.
  private(set) var isOpenEnded: Bool
  /// Whether the last logical line is incomplete and set aside until
  /// input arrives that can complete it (``isOpenEnded`` only).
  private(set) var awaitsInput = false
  /// What the logical line set aside needs before it is worth lexing
  /// again: any line, a quote, or a heredoc's delimiter line.
  private var awaited: Awaited = .anyLine
  /// The line and the offset of its start at the end of the input, where
  /// appended bytes begin.
  private var endLine: Int
  private var endLineStart = 0
  /// Whether the input was found not to be text: nothing is lexed.
  private var rejected = false

  /// What an incomplete logical line needs to become complete.
  private enum Awaited {
    /// A continued line: any next line.
    case anyLine
    /// A quote, open until this byte appears.
    case quote(UInt8)
    /// A heredoc's body, open until a line that is the delimiter.
    case delimiter([UInt8], stripsTabs: Bool)
  }

  /// A lexer of `source`, all of it; with `isOpenEnded`, of the input so
  /// far, to which ``append(_:)`` adds.
  init(_ source: ScriptSource, isOpenEnded: Bool = false) {
    file = source.name
    bytes = source.bytes
    limit = source.bytes.count
    line = source.firstLine
    endLine = source.firstLine
    self.isOpenEnded = isOpenEnded
    if isOpenEnded { noteEnd(from: 0) }
    if let problem = Self.encodingProblem(
      in: bytes[...], name: file, line: source.firstLine, lineStart: 0)
    {
      diagnostics.append(problem)
      rejected = true
      position = limit
    } else if source.firstLine == 1, bytes.starts(with: ScriptSource.byteOrderMark) {
      // A byte-order mark, as Windows editors write: not part of line 1.
      position = ScriptSource.byteOrderMark.count
      lineStart = position
    }
  }

  /// The input so far.
  var source: [UInt8] { bytes }

  /// Adds input at the end (``isOpenEnded`` only). A logical line set
  /// aside as incomplete is lexed again only if `more` can complete it,
  /// so that a long heredoc typed line by line is lexed once more at its
  /// delimiter, not once a line.
  mutating func append(_ more: [UInt8]) {
    precondition(isOpenEnded, "Lexer.append(_:): the input has ended")
    let start = bytes.count
    bytes += more
    limit = bytes.count
    if !rejected,
      let problem = Self.encodingProblem(
        in: bytes[start...], name: file, line: endLine, lineStart: endLineStart)
    {
      diagnostics.append(problem)
      rejected = true
    }
    noteEnd(from: start)
    if rejected {
      position = limit
      awaitsInput = false
    } else if awaitsInput, mayComplete(more) {
      awaitsInput = false
    }
  }

  /// Ends the input: a logical line still set aside is lexed, and
  /// reported, as incomplete.
  mutating func endInput() {
    isOpenEnded = false
    awaitsInput = false
  }

  /// Moves ``endLine`` and ``endLineStart`` over the bytes from `start`.
  private mutating func noteEnd(from start: Int) {
    for offset in start..<bytes.count where bytes[offset] == UInt8(ascii: "\n") {
      endLine += 1
      endLineStart = offset + 1
    }
  }

  /// Whether `more` can complete the logical line set aside.
  private func mayComplete(_ more: [UInt8]) -> Bool {
    switch awaited {
    case .anyLine:
      return true
    case .quote(let quote):
      return more.contains(quote)
    case .delimiter(let delimiter, let stripsTabs):
      return more.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .contains { line in
          var content = line[...]
          if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
          if stripsTabs { content = content.drop { $0 == UInt8(ascii: "\t") } }
          return content.elementsEqual(delimiter)
        }
    }
  }

  /// The next command or expectation, or nil at the end (or, open-ended,
  /// at the end of the input so far).
  mutating func next() -> Item? {
    while queueIndex == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueIndex = 0
      guard position < limit, !awaitsInput else { return nil }
      lexLogicalLine()
    }
    defer { queueIndex += 1 }
    return queue[queueIndex]
  }

  // MARK: - Encoding

  /// A NUL byte or invalid UTF-8 anywhere: a script must be text.
  ///
  /// - Parameters:
  ///   - bytes: The bytes to check, a slice of the input.
  ///   - line: The line the slice starts on.
  ///   - lineStart: The offset in the input at which that line starts.
  private static func encodingProblem(
    in bytes: ArraySlice<UInt8>, name: String, line: Int, lineStart: Int
  ) -> Diagnostic? {
    var bad: (offset: Int, message: String)?
    if let nul = bytes.firstIndex(of: 0) {
      bad = (nul, "NUL byte in the script; a script must be UTF-8 text")
    }
    if !isValidUTF8(bytes) {
      var offset = bytes.startIndex
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      scan: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: break scan
        case .error:
          if bad == nil || offset < bad?.offset ?? 0 {
            let byte = bytes[offset]
            bad = (offset, "invalid UTF-8 (byte 0x\(hex(byte))); a script must be UTF-8 text")
          }
          break scan
        }
      }
    }
    guard let bad else { return nil }
    let before = bytes[..<bad.offset]
    let line = before.reduce(line) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? lineStart
    return Diagnostic(
      .error, at: SourceLocation(file: name, line: line, column: bad.offset - lineStart + 1),
      bad.message)
  }

  /// Whether `bytes` are valid UTF-8, checked a chunk at a time so that no
  /// copy of a large script is made. Chunks end where a scalar starts, so
  /// the whole is valid exactly when every chunk is.
  private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    let chunk = 1 << 16
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var end = min(start + chunk, bytes.endIndex)
      // Back up over at most three continuation bytes to a scalar's start;
      // in invalid input this may still split one, and the chunk fails.
      var backed = 0
      while end < bytes.endIndex, end > start + 1, backed < 3, bytes[end] & 0xC0 == 0x80 {
        end -= 1
        backed += 1
      }
      guard String(validating: bytes[start..<end], as: UTF8.self) != nil else { return false }
      start = end
    }
    return true
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  // MARK: - Positions

  private var location: SourceLocation { location(of: position) }

  private func location(of offset: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: offset - lineStart + 1)
  }

  private func byte(at offset: Int) -> UInt8? { offset < limit ? bytes[offset] : nil }

  private var current: UInt8? { byte(at: position) }

  /// Whether a line break (`\n`, or `\r\n`) starts at `offset`; its length.
  private func lineBreak(at offset: Int) -> Int? {
    switch byte(at: offset) {
    case UInt8(ascii: "\n"): 1
    case UInt8(ascii: "\r") where byte(at: offset + 1) == UInt8(ascii: "\n"): 2
    default: nil
    }
  }

  /// Steps over the line break at the current position.
  private mutating func consumeLineBreak() {
    position += lineBreak(at: position) ?? 0
    line += 1
    lineStart = position
  }

  /// Moves to the end of the physical line, before its break.
  private mutating func skipToEndOfLine() {
    while position < limit, lineBreak(at: position) == nil { position += 1 }
  }

  /// Skips blanks and backslash-newline continuations.
  private mutating func skipBlanks() {
    while let byte = current {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        position += 1
      } else if byte == UInt8(ascii: "\\"), lineBreak(at: position + 1) != nil {
        position += 1
        consumeLineBreak()
      } else {
        return
      }
    }
  }

  // MARK: - Lines

  private struct PendingHeredoc {
    var delimiter: [UInt8]
    var stripsTabs: Bool
    var interpolates: Bool
    var operatorRange: SourceRange
    /// Which command of the line, and which word of it, gets the body.
    var command: Int
    var word: Int
  }

  /// Lexes one logical line into the queue. Open-ended, a logical line
  /// the input so far leaves incomplete is set aside instead, leaving no
  /// trace, to be lexed again from its start when more input comes.
  private mutating func lexLogicalLine() {
    guard isOpenEnded else {
      lexWholeLogicalLine()
      return
    }
    let saved = (position, line, lineStart, diagnostics.count, queue.count)
    lexWholeLogicalLine()
    guard endsIncomplete else { return }
    (position, line, lineStart) = (saved.0, saved.1, saved.2)
    diagnostics.removeSubrange(saved.3...)
    queue.removeSubrange(saved.4...)
    endsIncomplete = false
    unterminatedQuote = nil
    fallbackDepth = 0
    limit = bytes.count
    awaitsInput = true
    Parser.counter?.countResumption()
  }

  private mutating func lexWholeLogicalLine() {
    skipBlanks()
    guard let first = current else { return }
    if lineBreak(at: position) != nil {
      consumeLineBreak()
      return
    }
    if first == UInt8(ascii: "#") {
      lexCommentOrExpectation()
      return
    }
    var commands: [(words: [Word], start: SourceLocation, end: SourceLocation)] = []
    var words: [Word] = []
    var heredocs: [PendingHeredoc] = []
    var failed = false
    func finish() {
      if let firstWord = words.first, let last = words.last {
        commands.append((words, firstWord.range.start, last.range.end))
      }
      words = []
    }
    scanning: while true {
      skipBlanks()
      guard let byte = current else { break }
      if lineBreak(at: position) != nil {
        break
      } else if byte == UInt8(ascii: ";") {
        finish()
        position += 1
      } else if byte == UInt8(ascii: "#") {
        skipToEndOfLine()
        break
      } else if byte == UInt8(ascii: "<"), self.byte(at: position + 1) == UInt8(ascii: "<") {
        do throws(Diagnostic) {
          var heredoc = try scanHeredocOperator()
          heredoc.command = commands.count
          heredoc.word = words.count
          words.append(Word(parts: [], range: heredoc.operatorRange, isPlain: false))
          heredocs.append(heredoc)
        } catch {
          report(error)
          failed = true
          break scanning
        }
      } else {
        do throws(Diagnostic) {
          words.append(try scanWord())
        } catch {
          report(error)
          failed = true
          break scanning
        }
      }
    }
    if failed { skipToEndOfLine() }
    finish()
    if position < limit { consumeLineBreak() }
    var bodies: [[Word.Part]] = []
    for heredoc in heredocs {
      guard let body = readHeredocBody(heredoc) else {
        failed = true
        break
      }
      bodies.append(body)
    }
    guard !failed else { return }
    for (heredoc, body) in zip(heredocs, bodies) {
      commands[heredoc.command].words[heredoc.word].parts = body
    }
    // The line the logical line ended on, heredoc bodies included.
    let endedWithBreak = position > 0 && bytes[position - 1] == UInt8(ascii: "\n")
    let lastLine = endedWithBreak ? line - 1 : line
    for command in commands {
      queue.append(
        .command(
          words: command.words, range: SourceRange(command.start, command.end), lastLine: lastLine))
    }
  }

  /// A carriage return that no line feed follows, outside quotes, a
  /// heredoc, a comment or an expectation line: a line end of classic Mac
  /// OS, or a stray byte. Read as text it would end a word where nothing
  /// shows, so the script is refused.
  private static func loneCarriageReturn(at location: SourceLocation) -> Diagnostic {
    Diagnostic(
      .error, at: location,
      "carriage return (CR) without a line feed; a script's lines end in LF or CRLF, not CR alone")
  }

  private mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// A `#` at the start of a line: `#>` and `#!` are expectations, any
  /// other is a comment.
  private mutating func lexCommentOrExpectation() {
    let start = position
    let marker = byte(at: position + 1)
    skipToEndOfLine()
    if marker == UInt8(ascii: ">") || marker == UInt8(ascii: "!") {
      var textStart = start + 2
      if byte(at: textStart) == UInt8(ascii: " ") { textStart += 1 }
      textStart = min(textStart, position)
      let text = String(decoding: bytes[textStart..<position], as: UTF8.self)
      do throws(ExpectedLine.Problem) {
        _ = try ExpectedLine(text)
      } catch {
        report(
          Diagnostic(
            .error,
            in: SourceRange(
              location(of: textStart + error.range.lowerBound),
              location(of: textStart + error.range.upperBound)),
            error.message))
      }
      let kind: Expectation.Kind = marker == UInt8(ascii: ">") ? .output : .diagnostic
      queue.append(.expectation(Expectation(kind: kind, text: text, location: location(of: start))))
    }
    if position < limit { consumeLineBreak() }
  }

  // MARK: - Words

  private static func isWordEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\r")
  }

  private static func isSpecialInBareWord(_ byte: UInt8) -> Bool {
    isWordEnd(byte) || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "'")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "$")
  }

  private mutating func scanWord() throws(Diagnostic) -> Word {
    let start = location
    var parts = PartsBuilder(bytes)
    var plain = true
    while let byte = current {
      if byte == UInt8(ascii: "\r") {
        if lineBreak(at: position) != nil { break }
        throw Self.loneCarriageReturn(at: location)
      }
      if Self.isWordEnd(byte) { break }
      switch byte {
      case UInt8(ascii: "\\"):
        plain = false
        if lineBreak(at: position + 1) != nil {
          position += 1
          consumeLineBreak()
        } else if position + 1 >= limit {
          endsIncomplete = true
          awaited = .anyLine
          throw Diagnostic(
            .error, in: SourceRange(location, location(of: position + 1)),
            "'\\' at the end of the script continues nothing")
        } else {
          let width = scalarWidth(at: position + 1)
          parts.append(source: position + 1..<position + 1 + width)
          position += 1 + width
        }
      case UInt8(ascii: "'"):
        plain = false
        try scanSingleQuoted(into: &parts)
      case UInt8(ascii: "\""):
        plain = false
        try scanDoubleQuoted(into: &parts)
      case UInt8(ascii: "$") where startsVariable(at: position):
        plain = false
        parts.append(try scanVariable(escapes: .bare))
      default:
        let runStart = position
        position += 1
        while let next = current, !Self.isSpecialInBareWord(next) { position += 1 }
        parts.append(source: runStart..<position)
      }
    }
    return Word(parts: parts.finish(), range: SourceRange(start, location), isPlain: plain)
  }

  /// The length of the UTF-8 scalar at `offset` (the source is valid UTF-8).
  private func scalarWidth(at offset: Int) -> Int {
    let lead = bytes[offset]
    let width =
      lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    return min(width, limit - offset)
  }

  private mutating func scanSingleQuoted(into parts: inout PartsBuilder) throws(Diagnostic) {
    let open = location
    position += 1
    var runStart = position
    while let byte = current, byte != UInt8(ascii: "'") {
      if byte == UInt8(ascii: "\n") {
        parts.append(source: runStart..<position + 1)
        position += 1
        line += 1
        lineStart = position
        runStart = position
      } else {
        position += 1
      }
    }
    guard current != nil else {
      endsIncomplete = true
      unterminatedQuote = UInt8(ascii: "'")
      awaited = .quote(UInt8(ascii: "'"))
      throw Diagnostic(
        .error, in: SourceRange(open, location(open: open)), "unterminated single-quoted string")
    }
    parts.append(source: runStart..<position)
    position += 1
  }

  /// A one-byte range at an opening token, for unterminated constructs.
  private func location(open: SourceLocation) -> SourceLocation {
    SourceLocation(file: open.file, line: open.line, column: open.column + 1)
  }

  /// What a backslash may escape where it appears.
  enum EscapeContext {
    /// An unquoted word: `\x` is `x`.
    case bare
    /// Double quotes, and a fallback: only the documented escapes.
    case doubleQuoted
    /// An interpolating heredoc: `\$`, `\\` and `\`newline; any other
    /// backslash is itself.
    case heredoc
  }

  private mutating func scanDoubleQuoted(into parts: inout PartsBuilder) throws(Diagnostic) {
    let open = location
    position += 1
    while true {
      guard let byte = current else {
        endsIncomplete = true
        unterminatedQuote = UInt8(ascii: "\"")
        awaited = .quote(UInt8(ascii: "\""))
        throw Diagnostic(
          .error, in: SourceRange(open, location(open: open)), "unterminated double-quoted string")
      }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        guard position + 1 < limit else {
          endsIncomplete = true
          awaited = .anyLine
          throw Diagnostic(
            .error, in: SourceRange(open, location(open: open)),
            "unterminated double-quoted string")
        }
        try scanEscape(.doubleQuoted, into: &parts)
      case UInt8(ascii: "$") where startsVariable(at: position):
        parts.append(try scanVariable(escapes: .doubleQuoted))
      case UInt8(ascii: "\n"):
        parts.append(source: position..<position + 1)
        position += 1
        line += 1
        lineStart = position
      default:
        let runStart = position
        position += 1
        while let next = current, next != UInt8(ascii: "\""), next != UInt8(ascii: "\\"),
          next != UInt8(ascii: "$"), next != UInt8(ascii: "\n")
        {
          position += 1
        }
        parts.append(source: runStart..<position)
      }
    }
  }

  /// A backslash escape at the current position, inside double quotes, a
  /// fallback or an interpolating heredoc.
  private mutating func scanEscape(
    _ context: EscapeContext, into parts: inout PartsBuilder, closing: UInt8? = nil
  ) throws(Diagnostic) {
    let start = location
    guard let next = byte(at: position + 1) else {
      parts.append(source: position..<position + 1)
      position += 1
      return
    }
    if lineBreak(at: position + 1) != nil, context != .bare {
      position += 1
      consumeLineBreak()
      return
    }
    let simple: [UInt8: String] =
      context == .heredoc
      ? [UInt8(ascii: "$"): "$", UInt8(ascii: "\\"): "\\"]
      : [
        UInt8(ascii: "n"): "\n", UInt8(ascii: "t"): "\t", UInt8(ascii: "r"): "\r",
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "$"): "$",
      ]
    if let text = simple[next] {
      parts.append(text)
      position += 2
      return
    }
    if let closing, next == closing {
      parts.append(source: position + 1..<position + 2)
      position += 2
      return
    }
    if context == .heredoc {
      parts.append(source: position..<position + 1)
      position += 1
      return
    }
    if next == UInt8(ascii: "u") {
      try scanUnicodeEscape(into: &parts)
      return
    }
    let width = scalarWidth(at: position + 1)
    let shown = String(decoding: bytes[position + 1..<position + 1 + width], as: UTF8.self)
    throw Diagnostic(
      .error, in: SourceRange(start, location(of: position + 1 + width)),
      "unknown escape sequence '\\\(shown)'",
      notes: [.init("use '\\\\' for a backslash, or single quotes for literal text")])
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
  private mutating func scanUnicodeEscape(into parts: inout PartsBuilder) throws(Diagnostic) {
    let start = location
    var end = position + 2
    var digits = 0
    var value: UInt32 = 0
    var valid = byte(at: end) == UInt8(ascii: "{")
    if valid {
      end += 1
      while let byte = byte(at: end), let digit = Self.hexValue(byte), digits < 8 {
        value = value &* 16 &+ UInt32(digit)
        digits += 1
        end += 1
      }
      valid = digits > 0 && byte(at: end) == UInt8(ascii: "}")
      if valid { end += 1 }
    }
    guard valid, let scalar = Unicode.Scalar(value) else {
      throw Diagnostic(
        .error, in: SourceRange(start, location(of: max(end, position + 2))),
        "invalid unicode escape; expected '\\u{' and 1 to 8 hex digits of a scalar, then '}'")
    }
    parts.append(String(Character(scalar)))
    position = end
  }

  /// The value of a hexadecimal digit, or nil: for `\u{…}` here and
  /// `\xNN` in `(esc)` expected lines.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  // MARK: - Variables

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  private static func isNameContinuation(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Whether the `$` at `offset` starts a reference; otherwise it is a
  /// literal dollar sign (`$`, `$5`, `a$`).
  private func startsVariable(at offset: Int) -> Bool {
    guard let next = byte(at: offset + 1) else { return false }
    return next == UInt8(ascii: "{") || Self.isNameStart(next)
  }

  private mutating func scanName() -> String {
    let start = position
    if let first = current, Self.isNameStart(first) {
      position += 1
      while let byte = current, Self.isNameContinuation(byte) { position += 1 }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `$name`, `${name}` or `${name:-fallback}` at the current position.
  private mutating func scanVariable(escapes: EscapeContext) throws(Diagnostic) -> Word.Part {
    let start = location
    let startOffset = position
    position += 1
    guard current == UInt8(ascii: "{") else {
      let name = scanName()
      return .variable(
        VariableReference(name: name, fallback: nil, range: SourceRange(start, location)))
    }
    position += 1
    let name = scanName()
    guard !name.isEmpty else {
      throw Diagnostic(
        .error, in: SourceRange(start, location(of: position + 1)),
        "expected a variable name after '${'")
    }
    if current == UInt8(ascii: "}") {
      position += 1
      return .variable(
        VariableReference(name: name, fallback: nil, range: SourceRange(start, location)))
    }
    guard current == UInt8(ascii: ":"), byte(at: position + 1) == UInt8(ascii: "-") else {
      throw Diagnostic(
        .error, in: SourceRange(location, location(of: min(position + 1, limit))),
        "expected '}' or ':-' after the variable name '\(name)'")
    }
    position += 2
    guard fallbackDepth < Self.maximumFallbackDepth else {
      throw Diagnostic(
        .error, in: SourceRange(start, location),
        "fallbacks nested more than \(Self.maximumFallbackDepth) deep")
    }
    fallbackDepth += 1
    defer { fallbackDepth -= 1 }
    var fallback = PartsBuilder(bytes)
    while true {
      guard let byte = current, lineBreak(at: position) == nil else {
        throw Diagnostic(
          .error, in: SourceRange(start, location(of: startOffset + 2)),
          "unterminated '${'; expected '}' on the same line")
      }
      switch byte {
      case UInt8(ascii: "}"):
        position += 1
        return .variable(
          VariableReference(
            name: name, fallback: fallback.finish(), range: SourceRange(start, location)))
      case UInt8(ascii: "\\"):
        try scanEscape(
          escapes == .heredoc ? .heredoc : .doubleQuoted, into: &fallback,
          closing: UInt8(ascii: "}"))
      case UInt8(ascii: "$") where startsVariable(at: position):
        fallback.append(try scanVariable(escapes: escapes))
      default:
        let runStart = position
        position += 1
        while let next = current, next != UInt8(ascii: "}"), next != UInt8(ascii: "\\"),
          next != UInt8(ascii: "$"), lineBreak(at: position) == nil
        {
          position += 1
        }
        fallback.append(source: runStart..<position)
      }
    }
  }

  // MARK: - Heredocs

  private mutating func scanHeredocOperator() throws(Diagnostic) -> PendingHeredoc {
    let start = location
    position += 2
    var stripsTabs = false
    if current == UInt8(ascii: "-") {
      stripsTabs = true
      position += 1
    }
    var interpolates = true
    var delimiter: [UInt8]
    if let quote = current, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
      interpolates = false
      position += 1
      let delimiterStart = position
      while let byte = current, byte != quote, lineBreak(at: position) == nil { position += 1 }
      guard current == quote else {
        throw Diagnostic(
          .error, in: SourceRange(start, location), "unterminated heredoc delimiter")
      }
      delimiter = Array(bytes[delimiterStart..<position])
      position += 1
    } else {
      let delimiterStart = position
      while let byte = current, Self.isNameContinuation(byte) { position += 1 }
      delimiter = Array(bytes[delimiterStart..<position])
    }
    guard !delimiter.isEmpty else {
      throw Diagnostic(
        .error, in: SourceRange(start, location(of: position + 1)),
        "expected a heredoc delimiter after '<<'",
        notes: [.init("write '<<EOF', '<<-EOF' or '<<'EOF'', or quote a literal '<<'")])
    }
    if let byte = current, !Self.isWordEnd(byte) {
      throw Diagnostic(
        .error, in: SourceRange(location, location(of: position + 1)),
        "unexpected text after the heredoc delimiter")
    }
    return PendingHeredoc(
      delimiter: delimiter, stripsTabs: stripsTabs, interpolates: interpolates,
      operatorRange: SourceRange(start, location), command: 0, word: 0)
  }

  /// Reads a heredoc's body, which starts at the current line, up to the
  /// line that is its delimiter alone. Reports an unterminated heredoc at
  /// its operator and returns nil.
  private mutating func readHeredocBody(_ heredoc: PendingHeredoc) -> [Word.Part]? {
    var parts = PartsBuilder(bytes)
    let bodyStart = position
    // A literal body without tabs to strip or CRLF line breaks is a slice
    // of the source; otherwise it is its lines, each without what it
    // strips, then a newline. Either way nothing is copied until the word's
    // text is made, once, at its final size.
    var contiguous = !heredoc.interpolates && !heredoc.stripsTabs
    while true {
      guard position < limit else {
        endsIncomplete = true
        awaited = .delimiter(heredoc.delimiter, stripsTabs: heredoc.stripsTabs)
        let delimiter = String(decoding: heredoc.delimiter, as: UTF8.self)
        report(
          Diagnostic(
            .error, in: heredoc.operatorRange,
            "unterminated heredoc; expected '\(delimiter)' on a line by itself",
            notes: [.init("the script ends at line \(line)")]))
        return nil
      }
      let thisLineStart = position
      skipToEndOfLine()
      let lineEnd = position
      var contentStart = thisLineStart
      if heredoc.stripsTabs {
        while contentStart < lineEnd, bytes[contentStart] == UInt8(ascii: "\t") {
          contentStart += 1
        }
      }
      if bytes[contentStart..<lineEnd].elementsEqual(heredoc.delimiter) {
        if !heredoc.interpolates, contiguous {
          parts.append(source: bodyStart..<thisLineStart)
        }
        if position < limit { consumeLineBreak() }
        return parts.finish()
      }
      if heredoc.interpolates {
        position = contentStart
        let savedLimit = limit
        limit = lineEnd
        do throws(Diagnostic) {
          try scanHeredocLine(into: &parts)
        } catch {
          report(error)
          limit = savedLimit
          // Skip the rest of the body so that it is not read as commands.
          return skipHeredocBody(heredoc)
        }
        limit = savedLimit
        position = lineEnd
        if parts.joinNextLine {
          parts.joinNextLine = false
        } else if lineBreak(at: lineEnd) == 1 {
          // The source's own newline, so that the line joins the next one
          // into one piece of the source.
          parts.append(source: lineEnd..<lineEnd + 1)
        } else {
          parts.append("\n")
        }
      } else {
        if contiguous, lineBreak(at: lineEnd) == 2 {
          contiguous = false
          if bodyStart < thisLineStart { parts.append(source: bodyStart..<thisLineStart) }
        }
        if !contiguous { parts.appendLine(source: contentStart..<lineEnd) }
      }
      if position < limit { consumeLineBreak() }
    }
  }

  /// After an error inside a heredoc body: steps past the rest of it.
  private mutating func skipHeredocBody(_ heredoc: PendingHeredoc) -> [Word.Part]? {
    skipToEndOfLine()
    if position < limit { consumeLineBreak() }
    while position < limit {
      let thisLineStart = position
      skipToEndOfLine()
      var contentStart = thisLineStart
      if heredoc.stripsTabs {
        while contentStart < position, bytes[contentStart] == UInt8(ascii: "\t") {
          contentStart += 1
        }
      }
      let found = bytes[contentStart..<position].elementsEqual(heredoc.delimiter)
      if position < limit { consumeLineBreak() }
      if found { break }
    }
    return nil
  }

  /// One line of an interpolating heredoc: `$` references, `\$`, `\\`,
  /// and a trailing `\` that joins the next line.
  private mutating func scanHeredocLine(into parts: inout PartsBuilder) throws(Diagnostic) {
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\\") where position + 1 == limit:
        // A backslash at the end of a body line joins it to the next: the
        // caller adds the newline, so take it back.
        parts.joinNextLine = true
        position += 1
      case UInt8(ascii: "\\"):
        try scanEscape(.heredoc, into: &parts)
      case UInt8(ascii: "$") where startsVariable(at: position):
        parts.append(try scanVariable(escapes: .heredoc))
      default:
        let runStart = position
        position += 1
        while let next = current, next != UInt8(ascii: "\\"), next != UInt8(ascii: "$") {
          position += 1
        }
        parts.append(source: runStart..<position)
      }
    }
  }
}

/// Accumulates a word's parts, merging adjacent literal text.
///
/// Literal text is kept as ranges of the source (adjacent ranges merge)
/// and pieces of text until a variable or the end ends it; then it is
/// copied once into a string of its final size. A 10 MB heredoc thus
/// costs one copy of its body, not a buffer grown by doubling and then
/// copied into a string.
struct PartsBuilder {
  private enum Piece {
    /// Bytes of the source.
    case source(Range<Int>)
    /// Bytes of the source, then a newline (a heredoc line that drops its
    /// tabs or its carriage return).
    case line(Range<Int>)
    case text(String)

    var count: Int {
      switch self {
      case .source(let range): range.count
      case .line(let range): range.count + 1
      case .text(let text): text.utf8.count
      }
    }
  }

  private let source: [UInt8]
  private var parts: [Word.Part] = []
  private var pending: [Piece] = []
  /// Set by a heredoc line that ends in `\`: the next newline is dropped.
  var joinNextLine = false

  /// A builder whose ranges are of `source`, the lexer's bytes.
  init(_ source: [UInt8]) {
    self.source = source
  }

  /// Appends the source's bytes in `range`, which must be whole UTF-8
  /// scalars.
  mutating func append(source range: Range<Int>) {
    guard !range.isEmpty else { return }
    if case .source(let last)? = pending.last, last.upperBound == range.lowerBound {
      pending[pending.count - 1] = .source(last.lowerBound..<range.upperBound)
    } else {
      pending.append(.source(range))
    }
  }

  /// Appends the source's bytes in `range`, then a newline.
  mutating func appendLine(source range: Range<Int>) {
    pending.append(.line(range))
  }

  mutating func append(_ text: String) {
    guard !text.isEmpty else { return }
    pending.append(.text(text))
  }

  mutating func append(_ part: Word.Part) {
    switch part {
    case .literal(let text): append(text)
    case .variable:
      flush()
      parts.append(part)
    }
  }

  private mutating func flush() {
    guard let first = pending.first else { return }
    let text: String
    switch (first, pending.count) {
    case (.source(let range), 1):
      text = String(decoding: source[range], as: UTF8.self)
    case (.text(let piece), 1):
      text = piece
    default:
      let count = pending.reduce(0) { $0 + $1.count }
      text = String(unsafeUninitializedCapacity: count) { buffer in
        var offset = 0
        source.withUnsafeBufferPointer { source in
          for piece in pending {
            switch piece {
            case .source(let range), .line(let range):
              let bytes = UnsafeBufferPointer(rebasing: source[range])
              _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<offset + bytes.count])
                .initialize(from: bytes)
              offset += bytes.count
              if case .line = piece {
                buffer[offset] = UInt8(ascii: "\n")
                offset += 1
              }
            case .text(let text):
              for byte in text.utf8 {
                buffer[offset] = byte
                offset += 1
              }
            }
          }
        }
        return offset
      }
    }
    parts.append(.literal(text))
    pending.removeAll(keepingCapacity: true)
  }

  mutating func finish() -> [Word.Part] {
    flush()
    return parts
  }
}
