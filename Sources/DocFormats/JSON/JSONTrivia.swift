/// The bytes between the values of JSON with comments (whitespace,
/// commas, colons and comments), as an edit divides them: which comma is
/// a separator, and which comment belongs to which member.
///
/// A member owns the comment on its own line after it (`"a": 1, // one`)
/// and the comments on the line before its key (`/* two */ "b": 2`); the
/// comments on lines of their own stay where they are when a member is
/// added or removed. In strict JSON these bytes are whitespace and
/// commas only, and every function here gives what an edit did before.
enum JSONTrivia {
  /// Whether `bytes` (between values, where no string is) hold a comment.
  static func hasComment(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.contains(UInt8(ascii: "/"))
  }

  /// The spans of the comments in `bytes`: `//` to the end of its line
  /// (the line break not included), `/*` to `*/`.
  static func comments(in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      guard bytes[offset] == UInt8(ascii: "/"), offset + 1 < bytes.endIndex else {
        offset += 1
        continue
      }
      let start = offset
      if bytes[offset + 1] == UInt8(ascii: "/") {
        offset += 2
        while offset < bytes.endIndex, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
      } else {
        offset += 2
        while offset + 1 < bytes.endIndex,
          !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
        {
          offset += 1
        }
        offset = min(offset + 2, bytes.endIndex)
      }
      spans.append(start..<offset)
    }
    return spans
  }

  /// The offset of the first byte `byte` in `bytes` outside comments.
  static func first(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
    let spans = comments(in: bytes)
    return bytes.indices.first { index in
      bytes[index] == byte && !spans.contains { $0.contains(index) }
    }
  }

  /// The offset of the comma in `bytes`, outside comments.
  static func comma(in bytes: ArraySlice<UInt8>) -> Int? {
    first(UInt8(ascii: ","), in: bytes)
  }

  /// Where the comments on the line that `bytes` start on end: the start
  /// of the line break after them, if a comment comes before that line
  /// break; else `bytes.startIndex`. The comment after a member on its
  /// line (`, // one`) is the member's.
  static func endOfSameLineComments(_ bytes: ArraySlice<UInt8>) -> Int {
    let spans = comments(in: bytes)
    var sawComment = false
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      if let span = spans.first(where: { $0.lowerBound == offset }) {
        sawComment = true
        offset = span.upperBound
        continue
      }
      switch bytes[offset] {
      case 0x20, 0x09: offset += 1
      case 0x0D, 0x0A: return sawComment ? offset : bytes.startIndex
      default: return bytes.startIndex
      }
    }
    return bytes.startIndex
  }

  /// One past the last line break in `bytes` outside comments, if any: the
  /// start of the line the next value is on.
  static func startOfLastLine(_ bytes: ArraySlice<UInt8>) -> Int? {
    let spans = comments(in: bytes)
    return bytes.indices.last { index in
      bytes[index] == 0x0A && !spans.contains { $0.contains(index) }
    }.map { $0 + 1 }
  }

  /// One past the first line break in `bytes` outside comments, if any.
  static func endOfFirstLine(_ bytes: ArraySlice<UInt8>) -> Int? {
    let spans = comments(in: bytes)
    return bytes.indices.first { index in
      bytes[index] == 0x0A && !spans.contains { $0.contains(index) }
    }.map { $0 + 1 }
  }

  /// Whether `bytes` end in a `//` comment, after which a value needs a
  /// line break of its own.
  static func endsInLineComment(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let last = comments(in: bytes).last else { return false }
    return last.upperBound == bytes.endIndex && bytes[last.lowerBound + 1] == UInt8(ascii: "/")
  }

  /// `bytes` without their first comma outside comments.
  static func removingComma(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    guard let comma = comma(in: bytes) else { return Array(bytes) }
    return Array(bytes[..<comma]) + Array(bytes[(comma + 1)...])
  }
}
