/// An RFC 8259 JSON parser for untrusted input: one pass over the bytes,
/// iterative, with a nesting limit, reporting errors with 1-based line and
/// byte column. It builds no values: it checks the text and records the
/// span of every value in a ``JSONSyntaxTree``.
///
/// Duplicate object keys are accepted (RFC 8259 says names SHOULD be
/// unique, not MUST): the document keeps them, and a pointer that names
/// one is refused as ambiguous.
///
/// In the ``JSONDialect/jsonWithComments`` dialect, comments count as
/// whitespace and a comma may follow the last member of a container; the
/// nodes are the same, so comments and commas stay in the bytes between
/// the values. In strict JSON either is refused with a message that
/// names it.
struct JSONParser {
  private let bytes: [UInt8]
  private let maximumDepth: Int
  private let allowsComments: Bool
  private var offset = 0
  /// Whether a comment or a trailing comma was read.
  private(set) var sawCommentsOrTrailingCommas = false

  init(bytes: [UInt8], maximumDepth: Int, dialect: JSONDialect = .json) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    allowsComments = dialect == .jsonWithComments
  }

  typealias Node = JSONSyntaxTree.Node

  /// The UTF-8 byte-order mark, `EF BB BF`.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The nodes, and the whitespace bytes inside the root value.
  mutating func parse() throws(FormatError) -> (nodes: [Node], whitespace: Int) {
    var nodes: [Node] = []
    nodes.reserveCapacity(min(bytes.count / 12 + 16, 1 << 24))
    var stack: [Int] = []
    var whitespace = 0
    var keyStart = UInt32.max
    // A UTF-8 byte-order mark, which RFC 8259 lets a parser ignore: it
    // stays in the bytes before the root value, so a save keeps it.
    if bytes.starts(with: Self.byteOrderMark) { offset = Self.byteOrderMark.count }
    try skipWhitespace()
    parsing: while true {
      // Read one value (or open a container).
      guard offset < bytes.count else { throw error("unexpected end of input, expected a value") }
      let byte = bytes[offset]
      let start = UInt32(offset)
      var kind: JSONSyntaxTree.Kind
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < maximumDepth else {
          throw FormatError(
            .nestingTooDeep, "nesting is deeper than the limit of \(maximumDepth) levels",
            line: position.line, column: position.column, byteOffset: offset)
        }
        let isObject = byte == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        offset += 1
        whitespace += try skipWhitespace()
        nodes.append(
          Node(
            start: start, end: 0, keyStart: keyStart, size: 1, kind: isObject ? .object : .array))
        if offset < bytes.count, bytes[offset] == closing {
          offset += 1
          nodes[nodes.count - 1].end = UInt32(offset)
        } else {
          stack.append(nodes.count - 1)
          let member = try beginMember(inObject: isObject)
          keyStart = member.keyStart
          whitespace += member.whitespace
          continue parsing
        }
        kind = isObject ? .object : .array
      case UInt8(ascii: "\""):
        try scanString()
        kind = .string
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        kind = .true
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        kind = .false
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        kind = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try scanNumber()
        kind = .number
      default:
        throw error("unexpected \(describe(byte)), expected a value")
      }
      if kind != .array && kind != .object {
        nodes.append(
          Node(start: start, end: UInt32(offset), keyStart: keyStart, size: 1, kind: kind))
      }
      // Attach the value, closing every container it completes.
      while true {
        let skipped = try skipWhitespace()
        guard let top = stack.last else { break parsing }
        whitespace += skipped
        let isObject = nodes[top].kind == .object
        guard offset < bytes.count else {
          throw error("unexpected end of input, expected '\(isObject ? "}" : "]")'")
        }
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if bytes[offset] == UInt8(ascii: ",") {
          let comma = offset
          offset += 1
          whitespace += try skipWhitespace()
          guard offset < bytes.count, bytes[offset] == closing else {
            let member = try beginMember(inObject: isObject)
            keyStart = member.keyStart
            whitespace += member.whitespace
            continue parsing
          }
          // A trailing comma.
          guard allowsComments else {
            offset = comma
            throw error(
              "a comma after the last \(isObject ? "member" : "element") is not JSON (RFC 8259 has no trailing commas)"
            )
          }
          sawCommentsOrTrailingCommas = true
        }
        guard bytes[offset] == closing else {
          throw error(
            "unexpected \(describe(bytes[offset])), expected ',' or '\(isObject ? "}" : "]")'")
        }
        offset += 1
        nodes[top].end = UInt32(offset)
        nodes[top].size = UInt32(nodes.count - top)
        stack.removeLast()
      }
    }
    if offset < bytes.count { throw error("unexpected \(describe(bytes[offset])) after the value") }
    return (nodes, whitespace)
  }

  /// The start of a container's next member: in an object, its key,
  /// read up to the value (with the whitespace skipped); in an array,
  /// nothing (`UInt32.max`, no key).
  private mutating func beginMember(
    inObject isObject: Bool
  ) throws(FormatError) -> (keyStart: UInt32, whitespace: Int) {
    guard isObject else { return (.max, 0) }
    let start = UInt32(offset)
    return (start, try parseKey())
  }

  /// `"key" :`, leaving the offset at the value; returns the whitespace
  /// skipped.
  private mutating func parseKey() throws(FormatError) -> Int {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw error(
        peek().map { "unexpected \(describe($0)), expected a string key" }
          ?? "unexpected end of input, expected a key")
    }
    try scanString()
    var skipped = try skipWhitespace()
    guard consume(":") else {
      throw error(
        peek().map { "unexpected \(describe($0)), expected ':'" }
          ?? "unexpected end of input, expected ':'")
    }
    skipped += try skipWhitespace()
    return skipped
  }

  /// Checks the string at the offset (escapes, UTF-8, no control
  /// characters) and moves past it.
  private mutating func scanString() throws(FormatError) {
    let start = offset
    offset += 1
    while true {
      // The common case: plain ASCII.
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
          break
        }
        offset += 1
      }
      guard offset < bytes.count else {
        offset = start
        throw error("unterminated string")
      }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return
      case UInt8(ascii: "\\"):
        offset += 1
        try scanEscape()
      case 0..<0x20:
        throw error("unescaped control character \(describe(byte)) in a string")
      default:
        guard let length = Self.utf8SequenceLength(bytes, at: offset) else {
          let contents = Array(bytes[start..<offset]) + [UInt8(ascii: "\"")]
          let bad = JSONSyntaxTree.decodeString(contents[...]).utf8.count
          offset = start + 1
          throw error("the string is not valid UTF-8 (byte \(bad) of its contents)")
        }
        offset += length
      }
    }
  }

  /// The escape after a backslash.
  private mutating func scanEscape() throws(FormatError) {
    guard let escape = peek() else { throw error("unterminated escape") }
    offset += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return
    case UInt8(ascii: "u"):
      let scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard consume("\\"), consume("u") else {
          throw error("a high surrogate must be followed by a low one")
        }
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("a high surrogate must be followed by a low one")
        }
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw error("a lone low surrogate cannot be a character")
      }
    default:
      offset -= 1
      throw error("invalid escape '\\\(describe(escape))'")
    }
  }

  /// The length of the well-formed UTF-8 sequence at `offset`, or nil.
  private static func utf8SequenceLength(_ bytes: [UInt8], at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    guard (low...high).contains(bytes[offset + 1]) else { return nil }
    for index in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[index]) {
      return nil
    }
    return length
  }

  private mutating func parseHex4() throws(FormatError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt32
      switch peek() {
      case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "0"))
      case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default:
        throw error("expected four hexadecimal digits after '\\u'")
      }
      offset += 1
      value = value << 4 | digit
    }
    return value
  }

  private mutating func scanNumber() throws(FormatError) {
    func digits() -> Int {
      var count = 0
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
        offset += 1
        count += 1
      }
      return count
    }
    _ = consume("-")
    if consume("0") {
      if let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        throw error("a number cannot have a leading zero")
      }
    } else if digits() == 0 {
      throw error("expected a digit")
    }
    if consume("."), digits() == 0 { throw error("expected a digit after '.'") }
    if consume("e") || consume("E") {
      _ = consume("+") || consume("-")
      if digits() == 0 { throw error("expected a digit in the exponent") }
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(FormatError) {
    let text = literal.description
    for expected in text.utf8 {
      guard peek() == expected else {
        throw error(
          peek().map { "unexpected \(describe($0)), expected '\(text)'" }
            ?? "unexpected end of input, expected '\(text)'")
      }
      offset += 1
    }
  }

  // MARK: - Scanning

  private func peek() -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  /// Skips whitespace, and in JSON with comments the comments; returns
  /// how many bytes.
  ///
  /// - Throws: at a comment in strict JSON, and at a block comment that
  ///   does not end.
  @discardableResult
  private mutating func skipWhitespace() throws(FormatError) -> Int {
    let start = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        offset += 1
        continue
      }
      guard byte == UInt8(ascii: "/"), offset + 1 < bytes.count,
        bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
      else { break }
      guard allowsComments else {
        throw error("a comment is not JSON (RFC 8259 has no comments)")
      }
      sawCommentsOrTrailingCommas = true
      try skipComment()
    }
    return offset - start
  }

  /// Moves past the comment at the offset: `//` to the end of its line
  /// (the line break is not part of it), or `/*` to the first `*/` (block
  /// comments do not nest). Its text must be UTF-8.
  private mutating func skipComment() throws(FormatError) {
    let start = offset
    let isLine = bytes[offset + 1] == UInt8(ascii: "/")
    offset += 2
    while offset < bytes.count {
      let byte = bytes[offset]
      if isLine, byte == 0x0A || byte == 0x0D { return }
      if !isLine, byte == UInt8(ascii: "*"), offset + 1 < bytes.count,
        bytes[offset + 1] == UInt8(ascii: "/")
      {
        offset += 2
        return
      }
      if byte >= 0x80 {
        guard let length = Self.utf8SequenceLength(bytes, at: offset) else {
          throw error("the comment is not valid UTF-8")
        }
        offset += length
      } else {
        offset += 1
      }
    }
    if !isLine {
      offset = start
      throw error("unterminated block comment: '/*' has no '*/'")
    }
  }

  private var position: (line: Int, column: Int) {
    let before = bytes[..<offset]
    let line = before.count { $0 == 0x0A } + 1
    // A byte-order mark is not a column of the first line.
    let lineStart =
      before.lastIndex(of: 0x0A).map { $0 + 1 }
      ?? (bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0)
    return (line, offset - lineStart + 1)
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func error(_ message: String) -> FormatError {
    FormatError(
      .malformedJSON, message, line: position.line, column: position.column, byteOffset: offset)
  }
}
