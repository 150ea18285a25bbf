/// Reads an old-style ASCII (OpenStep) property list, as Xcode writes
/// `project.pbxproj`, into a ``PropertyListNode`` tree with byte ranges:
/// `{ key = value; }`, `( a, b, )`, quoted and unquoted strings, `<0fbd
/// 7778>` data, and `//` and `/* */` comments. Every scalar is a string, as
/// Apple's parser reads them.
struct PropertyListASCIIParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  var index = 0

  /// Parses `bytes`.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the line
  ///   and column, or ``FormatError/Code/nestingTooDeep``.
  static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(FormatError) -> PropertyListNode {
    var parser = PropertyListASCIIParser(bytes: bytes, maximumDepth: maximumDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    try parser.skipSpaceAndComments()
    guard parser.index < bytes.count else {
      throw malformedPropertyList("the file holds no property list", at: parser.index, in: bytes)
    }
    let root = try parser.value(depth: 1)
    try parser.skipSpaceAndComments()
    guard parser.index == bytes.count else {
      throw malformedPropertyList(
        "unexpected bytes after the property list", at: parser.index, in: bytes)
    }
    return root
  }

  /// The one value in `range` of `bytes`, nested `depth` levels deep:
  /// what an edit wrote there, read without reading the rest again.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` if `range` does
  ///   not hold exactly one value.
  static func parseValue(
    _ bytes: [UInt8], in range: Range<Int>, depth: Int, maximumDepth: Int
  ) throws(FormatError) -> PropertyListNode {
    var parser = Self(bytes: bytes, maximumDepth: maximumDepth)
    parser.index = range.lowerBound
    let node = try parser.value(depth: depth)
    guard parser.index == range.upperBound else {
      throw malformedPropertyList(
        "the value written does not end where it should", at: parser.index, in: bytes)
    }
    return node
  }

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  private func error(_ message: String, at offset: Int? = nil) -> FormatError {
    malformedPropertyList(message, at: offset ?? index, in: bytes)
  }

  /// The bytes an unquoted string may hold.
  static func isUnquoted(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || "_$+/:.-".utf8.contains(byte)
  }

  mutating func skipSpaceAndComments() throws(FormatError) {
    while index < bytes.count {
      let byte = bytes[index]
      if PropertyListXMLParser.isSpace(byte) || byte == 0x0B || byte == 0x0C {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "/")
      {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "*")
      {
        let start = index
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        guard index + 1 < bytes.count else { throw error("a comment that does not end", at: start) }
        index += 2
      } else {
        return
      }
    }
  }

  private mutating func value(depth: Int) throws(FormatError) -> PropertyListNode {
    let start = index
    guard depth <= maximumDepth else {
      let (line, column) = propertyListPosition(of: start, in: bytes)
      throw FormatError(
        .nestingTooDeep, "the property list nests deeper than \(maximumDepth) levels",
        line: line, column: column, byteOffset: start)
    }
    guard index < bytes.count else { throw error("the file ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try container(.dictionary, depth: depth)
    case UInt8(ascii: "("):
      return try container(.array, depth: depth)
    case UInt8(ascii: "<"):
      return try data()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      let text = try quoted()
      return PropertyListNode(kind: .string, range: start..<index, scalar: .string(text))
    case let byte where Self.isUnquoted(byte):
      while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
      return PropertyListNode(
        kind: .string, range: start..<index,
        scalar: .string(String(decoding: bytes[start..<index], as: UTF8.self)))
    default:
      throw error("unexpected '\(Self.describe(bytes[index]))' where a value should be")
    }
  }

  static func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
  }

  private mutating func container(
    _ kind: PropertyListNode.Kind, depth: Int
  ) throws(FormatError) -> PropertyListNode {
    let start = index
    let closing = kind == .dictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")
    index += 1
    let innerStart = index
    var entries: [PropertyListSyntaxEntry] = []
    while true {
      let leadFloor = index
      try skipSpaceAndComments()
      guard index < bytes.count else {
        throw error("'\(Self.describe(bytes[start]))' is not closed", at: start)
      }
      if bytes[index] == closing {
        let innerEnd = index
        index += 1
        return PropertyListNode(
          kind: kind, range: start..<index, inner: innerStart..<innerEnd, entries: entries)
      }
      let entryStart = index
      let leadStart = PropertyListXMLParser.spaceBefore(index, in: bytes, from: leadFloor)
      if kind == .dictionary {
        let keyNode = try value(depth: depth + 1)
        guard case .string(let key)? = keyNode.scalar else {
          throw error("a dictionary's key must be a string", at: entryStart)
        }
        let keyEnd = index
        try skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw error("expected '=' after the key '\(key)'")
        }
        index += 1
        try skipSpaceAndComments()
        let node = try value(depth: depth + 1)
        try skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
          throw error("expected ';' after the value of '\(key)'")
        }
        index += 1
        entries.append(
          PropertyListSyntaxEntry(
            key: key, range: leadStart..<index, start: entryStart, keyEnd: keyEnd, node: node))
      } else {
        let node = try value(depth: depth + 1)
        var end = index
        try skipSpaceAndComments()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
          index += 1
          end = index
        } else if index < bytes.count, bytes[index] != closing {
          throw error("expected ',' or ')' after an array element")
        }
        entries.append(
          PropertyListSyntaxEntry(key: nil, range: leadStart..<end, start: entryStart, node: node))
        index = max(index, end)
      }
    }
  }

  private mutating func data() throws(FormatError) -> PropertyListNode {
    let start = index
    index += 1
    var output: [UInt8] = []
    var high: UInt8?
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
      let byte = bytes[index]
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
        continue
      default:
        throw error("'\(Self.describe(byte))' in data, which holds hexadecimal digits")
      }
      if let first = high {
        output.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
      index += 1
    }
    guard index < bytes.count else { throw error("'<' is not closed", at: start) }
    guard high == nil else { throw error("data with an odd number of hexadecimal digits") }
    index += 1
    return PropertyListNode(kind: .data, range: start..<index, scalar: .data(output))
  }

  /// A quoted string, with its escapes decoded.
  private mutating func quoted() throws(FormatError) -> String {
    let start = index
    let quote = bytes[index]
    index += 1
    var decoded: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("a string that does not end", at: start) }
      let byte = bytes[index]
      if byte == quote {
        index += 1
        break
      }
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { throw error("a string that does not end", at: start) }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "a"): decoded.append(0x07)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "v"): decoded.append(0x0B)
      case UInt8(ascii: "U"):
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
          value = value << 4 | UInt32(digit)
          digits += 1
          index += 1
        }
        guard digits > 0 else { throw error("\\U without hexadecimal digits", at: index - 2) }
        // A surrogate pair written as two \U escapes.
        if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "U")
        {
          var low: UInt32 = 0
          var lowDigits = 0
          var position = index + 2
          while lowDigits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
            low = low << 4 | UInt32(digit)
            lowDigits += 1
            position += 1
          }
          if lowDigits == 4, (0xDC00..<0xE000).contains(low) {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            index = position
          }
        }
        decoded += Array(String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
          bytes[index] <= UInt8(ascii: "7")
        {
          value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
          digits += 1
          index += 1
        }
        decoded += Array(String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
      default:
        decoded.append(escaped)
      }
    }
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw error("a string that is not UTF-8", at: start)
    }
    return string
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
