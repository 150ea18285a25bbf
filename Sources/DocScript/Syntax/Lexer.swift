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
/// expectations.
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
  private let bytes: [UInt8]
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

  init(_ source: ScriptSource) {
    file = source.name
    bytes = source.bytes
    limit = source.bytes.count
    line = source.firstLine
    if let problem = Self.encodingProblem(in: source) {
      diagnostics.append(problem)
      position = limit
    }
  }

  /// The next command or expectation, or nil at the end.
  mutating func next() -> Item? {
    while queueIndex == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueIndex = 0
      guard position < limit else { return nil }
      lexLogicalLine()
    }
    defer { queueIndex += 1 }
    return queue[queueIndex]
  }

  // MARK: - Encoding

  /// A NUL byte or invalid UTF-8 anywhere: a script must be text.
  private static func encodingProblem(in source: ScriptSource) -> Diagnostic? {
    let bytes = source.bytes
    var bad: (offset: Int, message: String)?
    if let nul = bytes.firstIndex(of: 0) {
      bad = (nul, "NUL byte in the script; a script must be UTF-8 text")
    }
    if String(validating: bytes, as: UTF8.self) == nil {
      var offset = 0
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
    let line = before.reduce(source.firstLine) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    return Diagnostic(
      .error, at: SourceLocation(file: source.name, line: line, column: bad.offset - lineStart + 1),
      bad.message)
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

  private mutating func lexLogicalLine() {
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
      let text = String(decoding: bytes[min(textStart, position)..<position], as: UTF8.self)
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
    var parts = PartsBuilder()
    var plain = true
    while let byte = current {
      if byte == UInt8(ascii: "\r") {
        if lineBreak(at: position) != nil { break }
        parts.append(bytes[position..<position + 1])
        position += 1
        continue
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
          throw Diagnostic(
            .error, in: SourceRange(location, location(of: position + 1)),
            "'\\' at the end of the script continues nothing")
        } else {
          let width = scalarWidth(at: position + 1)
          parts.append(bytes[position + 1..<position + 1 + width])
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
        parts.append(bytes[runStart..<position])
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
        parts.append(bytes[runStart...position])
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
      throw Diagnostic(
        .error, in: SourceRange(open, location(open: open)), "unterminated single-quoted string")
    }
    parts.append(bytes[runStart..<position])
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
          throw Diagnostic(
            .error, in: SourceRange(open, location(open: open)),
            "unterminated double-quoted string")
        }
        try scanEscape(.doubleQuoted, into: &parts)
      case UInt8(ascii: "$") where startsVariable(at: position):
        parts.append(try scanVariable(escapes: .doubleQuoted))
      case UInt8(ascii: "\n"):
        parts.append(bytes[position..<position + 1])
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
        parts.append(bytes[runStart..<position])
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
      parts.append(bytes[position..<position + 1])
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
      parts.append(bytes[position + 1..<position + 2])
      position += 2
      return
    }
    if context == .heredoc {
      parts.append(bytes[position..<position + 1])
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

  private static func hexValue(_ byte: UInt8) -> UInt8? {
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
    var fallback = PartsBuilder()
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
        fallback.append(bytes[runStart..<position])
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
    var parts = PartsBuilder()
    let bodyStart = position
    // A literal body without tabs to strip or CRLF line breaks is a slice
    // of the source; otherwise its lines are copied one by one.
    var contiguous = !heredoc.interpolates && !heredoc.stripsTabs
    var literal: [UInt8] = []
    while true {
      guard position < limit else {
        endsIncomplete = true
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
        if !heredoc.interpolates {
          if contiguous {
            parts.append(bytes[bodyStart..<thisLineStart])
          } else {
            parts.append(literal[...])
          }
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
        parts.append("\n")
      } else {
        if contiguous, lineBreak(at: lineEnd) == 2 {
          contiguous = false
          literal = Array(bytes[bodyStart..<thisLineStart])
        }
        if !contiguous {
          literal += bytes[contentStart..<lineEnd]
          literal.append(UInt8(ascii: "\n"))
        }
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
        parts.append(bytes[runStart..<position])
      }
    }
  }
}

/// Accumulates a word's parts, merging adjacent literal text.
struct PartsBuilder {
  private var parts: [Word.Part] = []
  private var pending: [UInt8] = []
  /// Set by a heredoc line that ends in `\`: the next newline is dropped.
  var joinNextLine = false

  mutating func append(_ slice: ArraySlice<UInt8>) {
    pending.append(contentsOf: slice)
  }

  mutating func append(_ text: String) {
    if joinNextLine, text == "\n" {
      joinNextLine = false
      return
    }
    pending.append(contentsOf: text.utf8)
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
    guard !pending.isEmpty else { return }
    parts.append(.literal(String(decoding: pending, as: UTF8.self)))
    pending.removeAll()
  }

  mutating func finish() -> [Word.Part] {
    flush()
    return parts
  }
}
