/// An RFC 8259 JSON parser for untrusted input: iterative, with a nesting
/// limit, reporting errors with 1-based line and byte column.
struct JSONParser {
  private let bytes: [UInt8]
  private let maximumDepth: Int
  private var offset = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// A container being filled.
  private enum Frame {
    case array([JSONValue])
    case object([String: JSONValue], key: String?)
  }

  mutating func parse() throws(FormatError) -> JSONValue {
    var stack: [Frame] = []
    var result: JSONValue?
    skipWhitespace()
    while result == nil {
      // Read one value (or open a container), then attach it.
      var value: JSONValue
      guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < maximumDepth else {
          throw FormatError(
            .nestingTooDeep, "nesting is deeper than the limit of \(maximumDepth) levels",
            line: position.line, column: position.column, byteOffset: offset)
        }
        offset += 1
        skipWhitespace()
        if byte == UInt8(ascii: "[") {
          if peek() == UInt8(ascii: "]") {
            offset += 1
            value = .array([])
          } else {
            stack.append(.array([]))
            continue
          }
        } else {
          if peek() == UInt8(ascii: "}") {
            offset += 1
            value = .object([:])
          } else {
            stack.append(.object([:], key: try parseKey()))
            continue
          }
        }
      case UInt8(ascii: "\""):
        value = .string(try parseString())
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try parseNumber())
      default:
        throw error("unexpected \(describe(byte)), expected a value")
      }
      // Attach the value, closing every container it completes.
      while true {
        skipWhitespace()
        guard let frame = stack.popLast() else {
          result = value
          break
        }
        // `consume` ends `frame`, so the container inside is uniquely
        // referenced and appending to it does not copy it.
        switch consume frame {
        case .array(var items):
          items.append(value)
          if consume(",") {
            skipWhitespace()
            stack.append(.array(items))
          } else if consume("]") {
            value = .array(items)
            continue
          } else {
            throw error(
              peek().map { "unexpected \(describe($0)), expected ',' or ']'" }
                ?? "unexpected end of input, expected ']'")
          }
        case .object(var members, let key):
          if let key { members[key] = value }
          if consume(",") {
            skipWhitespace()
            let keyStart = offset
            let next = try parseKey()
            if members[next] != nil {
              offset = keyStart
              throw error("duplicate key \(quoted(next))")
            }
            stack.append(.object(members, key: next))
          } else if consume("}") {
            value = .object(members)
            continue
          } else {
            throw error(
              peek().map { "unexpected \(describe($0)), expected ',' or '}'" }
                ?? "unexpected end of input, expected '}'")
          }
        }
        break
      }
    }
    skipWhitespace()
    if let byte = peek() { throw error("unexpected \(describe(byte)) after the value") }
    return result ?? .null
  }

  /// `"key" :`, leaving the offset at the value.
  private mutating func parseKey() throws(FormatError) -> String {
    guard peek() == UInt8(ascii: "\"") else {
      throw error(
        peek().map { "unexpected \(describe($0)), expected a string key" }
          ?? "unexpected end of input, expected a key")
    }
    let key = try parseString()
    skipWhitespace()
    guard consume(":") else {
      throw error(
        peek().map { "unexpected \(describe($0)), expected ':'" }
          ?? "unexpected end of input, expected ':'")
    }
    skipWhitespace()
    return key
  }

  private mutating func parseString() throws(FormatError) -> String {
    let start = offset
    offset += 1
    var utf8: [UInt8] = []
    while true {
      guard let byte = peek() else {
        offset = start
        throw error("unterminated string")
      }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validating: utf8, as: UTF8.self) else {
          let bad = TextLines.firstInvalidUTF8Offset(utf8) ?? 0
          offset = start + 1
          throw error("the string is not valid UTF-8 (byte \(bad) of its contents)")
        }
        return string
      case UInt8(ascii: "\\"):
        guard let escape = peek() else { throw error("unterminated escape") }
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard consume("\\"), consume("u") else {
              throw error("a high surrogate must be followed by a low one")
            }
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error("a high surrogate must be followed by a low one")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("a lone low surrogate cannot be a character")
          }
          guard let character = Unicode.Scalar(scalar) else {
            throw error("\\u escape is not a character")
          }
          utf8 += Array(String(Character(character)).utf8)
        default:
          offset -= 1
          throw error("invalid escape '\\\(describe(escape))'")
        }
      case 0..<0x20:
        offset -= 1
        throw error("unescaped control character \(describe(byte)) in a string")
      default:
        utf8.append(byte)
      }
    }
  }

  private mutating func parseHex4() throws(FormatError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else {
        throw error("expected four hexadecimal digits after '\\u'")
      }
      offset += 1
      value = value << 4 | digit
    }
    return value
  }

  private mutating func parseNumber() throws(FormatError) -> String {
    let start = offset
    func digits() -> Int {
      var count = 0
      while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
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
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  private mutating func expectLiteral(_ literal: String) throws(FormatError) {
    for expected in literal.utf8 {
      guard peek() == expected else {
        throw error(
          peek().map { "unexpected \(describe($0)), expected '\(literal)'" }
            ?? "unexpected end of input, expected '\(literal)'")
      }
      offset += 1
    }
  }

  // MARK: - Scanning

  private func peek() -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard peek() == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      offset += 1
    }
  }

  private var position: (line: Int, column: Int) {
    let before = bytes[..<offset]
    let line = before.count { $0 == 0x0A } + 1
    let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return (line, column)
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func quoted(_ key: String) -> String { "\"\(key)\"" }

  private func error(_ message: String) -> FormatError {
    FormatError(
      .malformedJSON, message, line: position.line, column: position.column, byteOffset: offset)
  }
}
