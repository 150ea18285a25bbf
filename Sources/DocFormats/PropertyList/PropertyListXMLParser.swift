/// Reads an XML property list into a ``PropertyListSyntaxTree`` of byte
/// ranges, accepting what Apple's parser accepts (a prolog, a DOCTYPE,
/// comments, entities and CDATA, `<true></true>`, `<dict/>`) and refusing
/// what it refuses, with the line and column.
struct PropertyListXMLParser {
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
    var parser = PropertyListXMLParser(bytes: bytes, maximumDepth: maximumDepth)
    // About one value per 40 bytes in the files Apple's tools write; a
    // guess this size leaves most growth out, and pages never written to
    // take no memory.
    parser.nodes.reserveCapacity(bytes.count / 16 + 1)
    try parser.document()
    return PropertyListSyntaxTree(nodes: parser.nodes)
  }

  /// The nodes of the one value in `range` of `bytes`, nested `depth`
  /// levels deep: what an edit wrote there, read without reading the rest
  /// again.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` if `range` does
  ///   not hold exactly one value.
  static func parseValue(
    _ bytes: [UInt8], in range: Range<Int>, depth: Int, maximumDepth: Int
  ) throws(FormatError) -> [PropertyListSyntaxTree.Node] {
    var parser = Self(bytes: bytes, maximumDepth: maximumDepth)
    parser.index = range.lowerBound
    _ = try parser.value(depth: depth)
    guard parser.index == range.upperBound else {
      throw malformedPropertyList(
        "the value written does not end where it should", at: parser.index, in: bytes)
    }
    return parser.nodes
  }

  /// The value of the scalar of `kind` whose element is `range`, read
  /// again from its bytes (which read before): straight from the text
  /// between its tags when that holds no entity, CDATA or comment.
  static func scalar(
    _ kind: PropertyListSyntaxTree.Kind, in range: Range<Int>, of bytes: [UInt8]
  ) -> PropertyListValue {
    if kind == .boolean { return .boolean(bytes[range.lowerBound + 1] == UInt8(ascii: "t")) }
    if let content = plainContent(of: range, in: bytes) {
      switch kind {
      case .string:
        return .string(String(decoding: content, as: UTF8.self))
      case .integer:
        if let value = integer(String(decoding: content, as: UTF8.self)) { return value }
      case .real:
        if let value = real(String(decoding: content, as: UTF8.self)) { return .real(value) }
      case .date:
        if let value = PropertyListDate.parse(content) { return .date(value) }
      case .data:
        if case .bytes(let data) = PropertyListBase64.decode(content) { return .data(data) }
      default: break
      }
    }
    return scalar(at: range.lowerBound, in: bytes)
  }

  /// The text between the tags of the element `range`, when the start tag
  /// has no attributes and the text no `&` or `<` (empty for `<a/>`); nil
  /// otherwise.
  static func plainContent(of range: Range<Int>, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard let close = bytes[range].firstIndex(of: UInt8(ascii: ">")) else { return nil }
    if bytes[close - 1] == UInt8(ascii: "/") { return bytes[close..<close] }
    var end = close + 1
    while end < range.upperBound {
      let byte = bytes[end]
      if byte == UInt8(ascii: "<") { break }
      if byte == UInt8(ascii: "&") { return nil }
      end += 1
    }
    guard end + 1 < range.upperBound, bytes[end + 1] == UInt8(ascii: "/"),
      bytes[(range.lowerBound + 1)..<close].allSatisfy(isNameByte)
    else { return nil }
    return bytes[(close + 1)..<end]
  }

  /// The value of the scalar whose element starts at `start`, read
  /// again from its bytes (which read before).
  static func scalar(at start: Int, in bytes: [UInt8]) -> PropertyListValue {
    var parser = Self(bytes: bytes, maximumDepth: Int.max)
    parser.index = start
    return ((try? parser.value(depth: 1)) ?? nil) ?? .string("")
  }

  /// The key of the dictionary entry whose `<key>` starts at `start`.
  static func key(at start: Int, in bytes: [UInt8]) -> String {
    if let plain = plainKey(at: start, in: bytes) { return String(decoding: plain, as: UTF8.self) }
    var parser = Self(bytes: bytes, maximumDepth: Int.max)
    parser.index = start
    guard let tag = try? parser.openTag(), !tag.selfClosing else { return "" }
    return (try? parser.text(closing: "key")) ?? ""
  }

  /// The bytes of the key whose `<key>` starts at `start`, when they are
  /// the key's UTF-8 as they stand (no entity, CDATA or comment); nil
  /// when the key must be decoded (``key(at:in:)``).
  static func plainKey(at start: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard start + 5 <= bytes.count, bytes[start + 4] == UInt8(ascii: ">") else { return nil }
    var end = start + 5
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "<") { break }
      if byte == UInt8(ascii: "&") { return nil }
      end += 1
    }
    guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") else { return nil }
    return bytes[(start + 5)..<end]
  }

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  private func error(_ message: String, at offset: Int? = nil) -> FormatError {
    malformedPropertyList(message, at: offset ?? index, in: bytes)
  }

  // MARK: - The document

  private mutating func document() throws(FormatError) {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try skipMisc(allowDoctype: true)
    guard index < bytes.count else { throw error("the file holds no <plist> element") }
    let tagStart = index
    let tag = try openTag()
    guard tag.name == "plist" else {
      throw error("expected <plist>, found <\(tag.name)>", at: tagStart)
    }
    guard !tag.selfClosing else { throw error("the <plist> element is empty", at: tagStart) }
    try skipSpaceAndComments()
    if atClosingTag() { throw error("the <plist> element is empty") }
    _ = try value(depth: 1)
    try skipSpaceAndComments()
    if !atClosingTag() { throw error("a <plist> holds one value; found more after it") }
    try closeTag("plist")
    try skipMisc(allowDoctype: false)
    guard index == bytes.count else { throw error("unexpected bytes after </plist>") }
  }

  /// Whitespace, comments and processing instructions (and, before the
  /// root, one DOCTYPE).
  private mutating func skipMisc(allowDoctype: Bool) throws(FormatError) {
    while true {
      skipSpace()
      if has("<?") {
        let start = index
        guard let end = find("?>", from: index + 2) else {
          throw error("a processing instruction that does not end", at: start)
        }
        index = end + 2
      } else if has("<!--") {
        try skipComment()
      } else if allowDoctype, has("<!DOCTYPE") {
        let start = index
        var depth = 0
        index += 9
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: "[") { depth += 1 }
          if byte == UInt8(ascii: "]") { depth -= 1 }
          if byte == UInt8(ascii: ">"), depth <= 0 { break }
          index += 1
        }
        guard index < bytes.count else { throw error("a DOCTYPE that does not end", at: start) }
        index += 1
      } else {
        return
      }
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipComment() throws(FormatError) {
    let start = index
    guard let end = find("-->", from: index + 4) else {
      throw error("a comment that does not end", at: start)
    }
    index = end + 3
  }

  private mutating func skipSpaceAndComments() throws(FormatError) {
    while true {
      skipSpace()
      if has("<!--") {
        try skipComment()
      } else if has("<?") {
        try skipMisc(allowDoctype: false)
      } else {
        return
      }
    }
  }

  private func has(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = text.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
    return true
  }

  private func find(_ text: StaticString, from start: Int) -> Int? {
    let count = text.utf8CodeUnitCount
    let pointer = text.utf8Start
    var position = start
    while position + count <= bytes.count {
      if bytes[position] == pointer[0] {
        var matches = true
        for offset in 1..<count where bytes[position + offset] != pointer[offset] {
          matches = false
          break
        }
        if matches { return position }
      }
      position += 1
    }
    return nil
  }

  // MARK: - Tags

  struct Tag {
    var name: String
    var selfClosing: Bool
  }

  private func atClosingTag() -> Bool { has("</") }

  /// `<name attributes…>` or `<name …/>`.
  mutating func openTag() throws(FormatError) -> Tag {
    let start = index
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
      throw error(index < bytes.count ? "expected an element" : "the file ends inside the plist")
    }
    index += 1
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart else { throw error("expected an element name", at: start) }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    // Attributes, with quoted values that may hold '>'.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        return Tag(name: name, selfClosing: false)
      }
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
        index += 2
        return Tag(name: name, selfClosing: true)
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard let end = bytes[(index + 1)...].firstIndex(of: byte) else { break }
        index = end + 1
        continue
      }
      if byte == UInt8(ascii: "<") { break }
      index += 1
    }
    throw error("the tag <\(name)> does not end", at: start)
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
  }

  /// `</name>`.
  private mutating func closeTag(_ name: String) throws(FormatError) {
    let start = index
    guard has("</") else { throw error("expected </\(name)>") }
    index += 2
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    let found = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard found == name else {
      throw error("</\(found)> does not close <\(name)>", at: start)
    }
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw error("the tag </\(name)> does not end", at: start)
    }
    index += 1
  }

  // MARK: - Values

  /// Reads one value, appending its nodes; returns a scalar's value
  /// (nil for a container).
  private mutating func value(depth: Int) throws(FormatError) -> PropertyListValue? {
    let start = index
    guard depth <= maximumDepth else {
      throw FormatError(
        .nestingTooDeep, "the property list nests deeper than \(maximumDepth) levels",
        line: propertyListPosition(of: start, in: bytes).line,
        column: propertyListPosition(of: start, in: bytes).column, byteOffset: start)
    }
    let tag = try openTag()
    let kind: PropertyListSyntaxTree.Kind
    let scalar: PropertyListValue
    switch tag.name {
    case "dict":
      try container(.dictionary, tag: tag, start: start, depth: depth)
      return nil
    case "array":
      try container(.array, tag: tag, start: start, depth: depth)
      return nil
    case "true", "false":
      if !tag.selfClosing {
        skipSpace()
        try closeTag(tag.name)
      }
      kind = .boolean
      scalar = .boolean(tag.name == "true")
    case "string":
      let text = tag.selfClosing ? "" : try self.text(closing: "string")
      kind = .string
      scalar = .string(text)
    case "integer":
      let contentStart = index
      let text = tag.selfClosing ? "" : try self.text(closing: "integer")
      guard let value = Self.integer(text) else {
        throw error("'\(text)' is not an integer", at: contentStart)
      }
      kind = .integer
      scalar = value
    case "real":
      let contentStart = index
      let text = tag.selfClosing ? "" : try self.text(closing: "real")
      guard let value = Self.real(text) else {
        throw error("'\(text)' is not a real number", at: contentStart)
      }
      kind = .real
      scalar = .real(value)
    case "date":
      let contentStart = index
      let text = tag.selfClosing ? "" : try self.text(closing: "date")
      guard let value = PropertyListDate.parse(Array(text.utf8)) else {
        throw error("'\(text)' is not a date (YYYY-MM-DDTHH:MM:SSZ)", at: contentStart)
      }
      kind = .date
      scalar = .date(value)
    case "data":
      let contentStart = index
      let text = tag.selfClosing ? "" : try self.text(closing: "data")
      switch PropertyListBase64.decode(Array(text.utf8)[...]) {
      case .bytes(let data):
        kind = .data
        scalar = .data(data)
      case .invalid(let offset):
        throw error("the data is not base64", at: contentStart + offset)
      }
    case "key":
      throw error("a <key> outside a <dict>", at: start)
    default:
      throw error("unknown tag <\(tag.name)>", at: start)
    }
    append(kind, start: start)
    return scalar
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

  private mutating func container(
    _ kind: PropertyListSyntaxTree.Kind, tag: Tag, start: Int, depth: Int
  ) throws(FormatError) {
    let name = kind == .dictionary ? "dict" : "array"
    let me = nodes.count
    append(kind, start: start)
    guard !tag.selfClosing else { return }
    while true {
      try skipSpaceAndComments()
      guard index < bytes.count else { throw error("<\(name)> does not end", at: start) }
      if atClosingTag() {
        try closeTag(name)
        let end = UInt32(truncatingIfNeeded: index)
        nodes[me].end = end
        nodes[me].size = UInt32(nodes.count - me)
        return
      }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw error("text where a \(kind == .dictionary ? "<key>" : "value") should be")
      }
      let entryStart = index
      var keyEnd = PropertyListSyntaxTree.noKey
      if kind == .dictionary {
        let keyTag = try openTag()
        guard keyTag.name == "key" else {
          throw error("expected <key> in <dict>, found <\(keyTag.name)>", at: entryStart)
        }
        let key = keyTag.selfClosing ? "" : try text(closing: "key")
        keyEnd = UInt32(truncatingIfNeeded: index)
        try skipSpaceAndComments()
        guard index < bytes.count, !atClosingTag() else {
          throw error("the key '\(key)' has no value", at: entryStart)
        }
      }
      let child = nodes.count
      _ = try value(depth: depth + 1)
      nodes[child].entryStart = UInt32(truncatingIfNeeded: entryStart)
      nodes[child].keyEnd = keyEnd
    }
  }

  /// Character data up to `</name>`, with entities and CDATA decoded.
  mutating func text(closing name: String) throws(FormatError) -> String {
    var decoded: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("<\(name)> does not end") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if has("<![CDATA[") {
          let start = index
          guard let end = find("]]>", from: index + 9) else {
            throw error("a CDATA section that does not end", at: start)
          }
          decoded += bytes[(index + 9)..<end]
          index = end + 3
          continue
        }
        if has("<!--") {
          try skipComment()
          continue
        }
        try closeTag(name)
        break
      }
      if byte == UInt8(ascii: "&") {
        decoded += try entity()
        continue
      }
      decoded.append(byte)
      index += 1
    }
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw error("the <\(name)> is not UTF-8")
    }
    return string
  }

  /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xNN;`, as UTF-8.
  private mutating func entity() throws(FormatError) -> [UInt8] {
    let start = index
    guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
      throw error("an '&' that starts no entity (write &amp;)", at: start)
    }
    let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    index = end + 1
    switch name {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      var scalar: UInt32?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        scalar = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        scalar = UInt32(name.dropFirst(), radix: 10)
      }
      guard let scalar, let unicode = Unicode.Scalar(scalar) else {
        throw error("unknown entity &\(name);", at: start)
      }
      return Array(String(Character(unicode)).utf8)
    }
  }

  // MARK: - Scalars

  /// An integer's text: decimal or `0x` hex, with a sign; up to
  /// `UInt64.max` (above `Int64.max`, an ``PropertyListValue/unsignedInteger(_:)``)
  /// and down to `Int64.min`.
  static func integer(_ text: String) -> PropertyListValue? {
    var body = Substring(text.trimmingSpace)
    var negative = false
    if body.hasPrefix("-") {
      negative = true
      body = body.dropFirst()
    } else if body.hasPrefix("+") {
      body = body.dropFirst()
    }
    var radix = 10
    if body.hasPrefix("0x") || body.hasPrefix("0X") {
      radix = 16
      body = body.dropFirst(2)
    }
    guard !body.isEmpty, !body.hasPrefix("+"), !body.hasPrefix("-"),
      let magnitude = UInt64(body, radix: radix)
    else { return nil }
    if negative {
      if magnitude == 0 { return .integer(0) }
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
    }
    return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
  }

  /// A real's text, as `strtod` reads it: `nan`, `inf` and `infinity` too.
  static func real(_ text: String) -> Double? {
    let trimmed = text.trimmingSpace
    guard !trimmed.isEmpty else { return nil }
    switch trimmed.lowercased() {
    case "nan", "+nan", "-nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: break
    }
    guard
      trimmed.utf8.allSatisfy({
        ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
          || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
      })
    else { return nil }
    return Double(trimmed)
  }
}

extension String {
  /// The string without the XML whitespace around it.
  var trimmingSpace: String {
    let utf8 = Array(self.utf8)
    var start = 0
    var end = utf8.count
    while start < end, PropertyListXMLParser.isSpace(utf8[start]) { start += 1 }
    while end > start, PropertyListXMLParser.isSpace(utf8[end - 1]) { end -= 1 }
    return String(decoding: utf8[start..<end], as: UTF8.self)
  }
}
