/// One JSON text as it was read: its bytes, and a flat index of the byte
/// spans of its values, in document order.
///
/// A node is a value: its span, and for an object member the offset of
/// its key. A container's children follow it: the first at the next index,
/// each next one after the previous one's subtree. 20 bytes a value, so a
/// file's index takes about as much memory as the file, where a tree of
/// `JSONValue`s takes several times more. Immutable, and shared by every
/// copy and edit of a document that was read from it.
final class JSONSyntaxTree: Sendable {
  enum Kind: UInt8, Sendable {
    case null, `true`, `false`, number, string, array, object
  }

  struct Node: Sendable {
    /// The value's first byte.
    var start: UInt32
    /// One past the value's last byte.
    var end: UInt32
    /// The opening quote of the member's key, or `UInt32.max` for a value
    /// that is not an object member.
    var keyStart: UInt32
    /// How many nodes the subtree holds, this one included.
    var size: UInt32
    var kind: Kind
  }

  /// The text.
  let bytes: [UInt8]
  /// The values, in document order; the root is node 0.
  let nodes: [Node]
  /// Whitespace bytes between the tokens of the root value (leading and
  /// trailing whitespace not counted): zero for minified JSON.
  let innerWhitespace: Int
  /// Whether the text has a comment or a trailing comma (JSON with
  /// comments only).
  let hasCommentsOrTrailingCommas: Bool

  init(
    bytes: [UInt8], nodes: [Node], innerWhitespace: Int, hasCommentsOrTrailingCommas: Bool = false
  ) {
    self.bytes = bytes
    self.nodes = nodes
    self.innerWhitespace = innerWhitespace
    self.hasCommentsOrTrailingCommas = hasCommentsOrTrailingCommas
  }

  /// The largest text the index can address.
  static let maximumSize = Int(UInt32.max - 1)

  /// Parses `bytes`, as strict JSON or as JSON with comments; comments
  /// count as whitespace (``innerWhitespace`` included).
  ///
  /// - Throws: ``FormatError`` with the line and column of the problem.
  static func parse(
    _ bytes: [UInt8], maximumDepth: Int, dialect: JSONDialect = .json
  ) throws(FormatError) -> JSONSyntaxTree {
    guard bytes.count <= maximumSize else {
      throw FormatError(
        .malformedJSON,
        "the file is larger than \(maximumSize) bytes, the most a JSON document holds")
    }
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth, dialect: dialect)
    let (nodes, whitespace) = try parser.parse()
    return JSONSyntaxTree(
      bytes: bytes, nodes: nodes, innerWhitespace: whitespace,
      hasCommentsOrTrailingCommas: parser.sawCommentsOrTrailingCommas)
  }

  /// The span of node `index`.
  func span(_ index: Int) -> Range<Int> {
    Int(nodes[index].start)..<Int(nodes[index].end)
  }

  /// The children of container `index`, in order.
  func children(of index: Int) -> [Int] {
    var result: [Int] = []
    let end = index + Int(nodes[index].size)
    var child = index + 1
    while child < end {
      result.append(child)
      child += Int(nodes[child].size)
    }
    return result
  }

  /// The value of node `index`, built whole.
  func value(of index: Int) -> JSONValue {
    let node = nodes[index]
    switch node.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .number: return .number(String(decoding: bytes[span(index)], as: UTF8.self))
    case .string: return .string(Self.decodeString(bytes[span(index)]))
    case .array: return .array(children(of: index).map { value(of: $0) })
    case .object:
      return .object(
        children(of: index).map { child in
          JSONMember(Self.decodeString(key(of: child)), value(of: child))
        })
    }
  }

  /// The quoted key of member `index`, quotes included.
  func key(of index: Int) -> ArraySlice<UInt8> {
    let start = Int(nodes[index].keyStart)
    return bytes[start..<Self.stringEnd(bytes[start...])]
  }

  /// One past the closing quote of the string that starts `bytes`.
  static func stringEnd(_ bytes: ArraySlice<UInt8>) -> Int {
    var offset = bytes.startIndex + 1
    while offset < bytes.endIndex {
      switch bytes[offset] {
      case UInt8(ascii: "\""): return offset + 1
      case UInt8(ascii: "\\"): offset += 2
      default: offset += 1
      }
    }
    return bytes.endIndex
  }

  /// The text of a valid JSON string literal (quotes included).
  static func decodeString(_ literal: ArraySlice<UInt8>) -> String {
    let inner = literal.dropFirst().prefix(max(0, literal.count - 2))
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(inner.count)
    var offset = inner.startIndex
    func hex4(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for byte in inner[at..<min(at + 4, inner.endIndex)] {
        let digit: UInt8 =
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
          default: byte &- UInt8(ascii: "A") &+ 10
          }
        value = value << 4 | UInt32(digit & 0xF)
      }
      return value
    }
    while offset < inner.endIndex {
      let byte = inner[offset]
      guard byte == UInt8(ascii: "\\"), offset + 1 < inner.endIndex else {
        utf8.append(byte)
        offset += 1
        continue
      }
      let escape = inner[offset + 1]
      offset += 2
      switch escape {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(offset)
        offset += 4
        if (0xD800..<0xDC00).contains(scalar), offset + 6 <= inner.endIndex {
          let low = hex4(offset + 2)
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          offset += 6
        }
        utf8 += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
      default: utf8.append(escape)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }
}
