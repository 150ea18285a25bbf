/// A value of a property list file as read: its kind, where its bytes
/// are, and what it holds. Offsets are into the file's bytes.
struct PropertyListNode: Sendable {
  enum Kind: Sendable, Equatable {
    case dictionary, array, string, integer, real, boolean, date, data
  }

  var kind: Kind
  /// The value's bytes: the whole element in XML (`<string>a</string>`),
  /// the token in ASCII.
  var range: Range<Int>
  /// For a container, the bytes between its opening and closing tags (or
  /// brackets); nil for an empty element written `<dict/>`.
  var inner: Range<Int>?
  /// A container's entries, in the file's order.
  var entries: [PropertyListSyntaxEntry] = []
  /// A scalar's value; a container's is built from its entries.
  var scalar: PropertyListValue?

  var isContainer: Bool { kind == .dictionary || kind == .array }

  /// The value, built whole.
  var value: PropertyListValue {
    switch kind {
    case .dictionary:
      .dictionary(entries.map { PropertyListEntry(key: $0.key ?? "", value: $0.node.value) })
    case .array:
      .array(entries.map(\.node.value))
    default:
      scalar ?? .string("")
    }
  }
}

/// One entry of a container as read.
struct PropertyListSyntaxEntry: Sendable {
  /// The key, for a dictionary's entry.
  var key: String?
  /// The entry's bytes with the whitespace before it: in XML the key and
  /// the value (an array element: the value), in ASCII up to and
  /// including its `;` (or its `,`, if it has one).
  var range: Range<Int>
  /// Where the entry starts after that whitespace: the key's `<`, or the
  /// value's first byte.
  var start: Int
  /// Where a dictionary entry's key ends (after `</key>`, or the ASCII
  /// key's last byte).
  var keyEnd: Int?
  /// The value.
  var node: PropertyListNode
}

/// Where a byte offset is, as a line and a column (both 1-based, the
/// column in UTF-8 bytes).
func propertyListPosition(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  var line = 1
  var lineStart = 0
  var index = 0
  let end = min(offset, bytes.count)
  while index < end {
    if bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }
  return (line, end - lineStart + 1)
}

/// A `malformedPropertyList` error at `offset` in `bytes`.
func malformedPropertyList(_ message: String, at offset: Int, in bytes: [UInt8]) -> FormatError {
  let (line, column) = propertyListPosition(of: offset, in: bytes)
  return FormatError(
    .malformedPropertyList, message, line: line, column: column, byteOffset: offset)
}
