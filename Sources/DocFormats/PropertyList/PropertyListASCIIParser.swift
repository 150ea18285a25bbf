/// Reads an old-style ASCII (OpenStep) property list, as Xcode writes
/// `project.pbxproj`, into a ``PropertyListSyntaxTree`` of byte ranges:
/// `{ key = value; }`, `( a, b, )`, quoted and unquoted strings, `<0fbd
/// 7778>` data, and `//` and `/* */` comments. Every scalar is a string, as
/// Apple's parser reads them. A `.strings` file is a dictionary's entries
/// without the braces (``parseStrings(_:maximumDepth:)``).
struct PropertyListASCIIParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  var index = 0
  /// The nodes read so far, in document order.
  var nodes: [PropertyListSyntaxTree.Node] = []

  /// Parses `bytes`.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the line
  ///   and column, or ``FormatError/Code/nestingTooDeep``.
  static func parse(
    _ bytes: [UInt8], maximumDepth: Int
  ) throws(FormatError) -> PropertyListSyntaxTree {
    var parser = PropertyListASCIIParser(bytes: bytes, maximumDepth: maximumDepth)
    // A guess that leaves most growth out; pages never written to take
    // no memory.
    parser.nodes.reserveCapacity(bytes.count / 16 + 1)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    try parser.skipSpaceAndComments()
    guard parser.index < bytes.count else {
      throw malformedPropertyList("the file holds no property list", at: parser.index, in: bytes)
    }
    _ = try parser.value(depth: 1)
    try parser.skipSpaceAndComments()
    guard parser.index == bytes.count else {
      throw malformedPropertyList(
        "unexpected bytes after the property list", at: parser.index, in: bytes)
    }
    return PropertyListSyntaxTree(nodes: parser.nodes)
  }

  /// Parses a `.strings` file: the entries of a dictionary, `"key" =
  /// "value";`, with no braces around them, as CoreFoundation reads a
  /// file that is not one property list. The root spans the whole file
  /// after a UTF-8 byte-order mark.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the line
  ///   and column.
  static func parseStrings(
    _ bytes: [UInt8], maximumDepth: Int
  ) throws(FormatError) -> PropertyListSyntaxTree {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return PropertyListSyntaxTree(
      nodes: try parseValue(
        bytes, in: start..<bytes.count, depth: 1, maximumDepth: maximumDepth, braceless: true))
  }

  /// The nodes of the one value in `range` of `bytes`, nested `depth`
  /// levels deep: what an edit wrote there, read without reading the rest
  /// again. With `braceless`, `range` holds a dictionary's entries
  /// without braces (a `.strings` file's root).
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` if `range` does
  ///   not hold exactly one value.
  static func parseValue(
    _ bytes: [UInt8], in range: Range<Int>, depth: Int, maximumDepth: Int,
    braceless: Bool = false
  ) throws(FormatError) -> [PropertyListSyntaxTree.Node] {
    var parser = Self(bytes: bytes, maximumDepth: maximumDepth)
    parser.index = range.lowerBound
    if braceless {
      try parser.entries(.dictionary, depth: depth, start: range.lowerBound, closing: nil)
    } else {
      _ = try parser.value(depth: depth)
    }
    guard parser.index == range.upperBound else {
      throw malformedPropertyList(
        "the value written does not end where it should", at: parser.index, in: bytes)
    }
    return parser.nodes
  }

  /// The value of the scalar that starts at `start`, read again from its
  /// bytes (which read before).
  static func scalar(at start: Int, in bytes: [UInt8]) -> PropertyListValue {
    var parser = Self(bytes: bytes, maximumDepth: Int.max)
    parser.index = start
    return ((try? parser.value(depth: 1)) ?? nil) ?? .string("")
  }

  /// The key that starts at `start`.
  static func key(at start: Int, in bytes: [UInt8]) -> String {
    if bytes[start] != UInt8(ascii: "\""), bytes[start] != UInt8(ascii: "'") {
      var end = start
      while end < bytes.count, isUnquoted(bytes[end]) { end += 1 }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    guard case .string(let key) = scalar(at: start, in: bytes) else { return "" }
    return key
  }

  /// The bytes of the key from `start` to `end`, when they are its UTF-8
  /// as they stand (unquoted, or quoted without a backslash); nil when
  /// the key must be decoded (``key(at:in:)``).
  static func plainKey(from start: Int, to end: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard start < end else { return nil }
    let first = bytes[start]
    guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else {
      return bytes[start..<end]
    }
    let inner = bytes[(start + 1)..<(end - 1)]
    return inner.contains(UInt8(ascii: "\\")) ? nil : inner
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

  /// Reads one value, appending its nodes; returns a scalar's value
  /// (nil for a container).
  private mutating func value(depth: Int) throws(FormatError) -> PropertyListValue? {
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
      index += 1
      try entries(.dictionary, depth: depth, start: start, closing: UInt8(ascii: "}"))
      return nil
    case UInt8(ascii: "("):
      index += 1
      try entries(.array, depth: depth, start: start, closing: UInt8(ascii: ")"))
      return nil
    case UInt8(ascii: "<"):
      let value = try data()
      append(.data, start: start)
      return value
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
      UInt8(ascii: "-"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let text = try string()
      append(.string, start: start)
      return .string(text)
    default:
      throw error("unexpected '\(Self.describe(bytes[index]))' where a value should be")
    }
  }

  /// A quoted or unquoted string.
  private mutating func string() throws(FormatError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
      return try quoted()
    }
    while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Appends a node for a value from `start` to here, with no subtree and
  /// no entry of its own yet (its container sets that).
  private mutating func append(_ kind: PropertyListSyntaxTree.Kind, start: Int) {
    let start = UInt32(truncatingIfNeeded: start)
    let end = UInt32(truncatingIfNeeded: index)
    nodes.append(
      PropertyListSyntaxTree.Node(
        start: start, end: end, entryStart: start,
        keyEnd: PropertyListSyntaxTree.noKey, size: 1, kind: kind))
  }

  static func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
  }

  /// A container's entries, after its opening bracket (at `start`), up to
  /// and including `closing`; with no `closing`, up to the end of the
  /// bytes (a `.strings` file's root).
  fileprivate mutating func entries(
    _ kind: PropertyListSyntaxTree.Kind, depth: Int, start: Int, closing: UInt8?
  ) throws(FormatError) {
    let me = nodes.count
    append(kind, start: start)
    while true {
      try skipSpaceAndComments()
      guard index < bytes.count else {
        guard closing == nil else {
          throw error("'\(Self.describe(bytes[start]))' is not closed", at: start)
        }
        break
      }
      if let closing, bytes[index] == closing {
        index += 1
        break
      }
      let entryStart = index
      let child: Int
      if kind == .dictionary {
        let key: String
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
          throw error("a dictionary's key must be a string", at: entryStart)
        default:
          guard
            Self.isUnquoted(bytes[index]) || bytes[index] == UInt8(ascii: "\"")
              || bytes[index] == UInt8(ascii: "'")
          else {
            throw error("unexpected '\(Self.describe(bytes[index]))' where a value should be")
          }
          key = try string()
        }
        let keyEnd = index
        try skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw error("expected '=' after the key '\(key)'")
        }
        index += 1
        try skipSpaceAndComments()
        child = nodes.count
        _ = try value(depth: depth + 1)
        try skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
          throw error("expected ';' after the value of '\(key)'")
        }
        index += 1
        nodes[child].keyEnd = UInt32(truncatingIfNeeded: keyEnd)
      } else {
        child = nodes.count
        _ = try value(depth: depth + 1)
        var end = index
        try skipSpaceAndComments()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
          index += 1
          end = index
        } else if index < bytes.count, bytes[index] != closing {
          throw error("expected ',' or ')' after an array element")
        }
        index = max(index, end)
      }
      nodes[child].entryStart = UInt32(truncatingIfNeeded: entryStart)
    }
    let end = UInt32(truncatingIfNeeded: index)
    nodes[me].end = end
    nodes[me].size = UInt32(nodes.count - me)
  }

  private mutating func data() throws(FormatError) -> PropertyListValue {
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
    return .data(output)
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
