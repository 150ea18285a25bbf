/// The trailer of a binary property list and its offset table, checked as
/// CoreFoundation checks them: the sizes, the object count, the top
/// object, and that the offset table lies exactly between the objects and
/// the trailer with every offset before it.
struct BinaryPropertyListTrailer: Hashable, Sendable {
  /// The size of an offset in the offset table: 1 to 8 bytes.
  var offsetSize: Int
  /// The size of an object reference in a container: 1 to 8 bytes.
  var referenceSize: Int
  var objectCount: Int
  var topObject: Int
  /// Where the offset table starts, which is where the objects end.
  var offsetTable: Int

  init<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes
  ) throws(FormatError) where Bytes.Index == Int {
    guard bytes.starts(with: BinaryPropertyListParser.magic) else {
      throw Self.failure("not a binary property list: it does not start with 'bplist0'", at: 0)
    }
    let trailerSize = BinaryPropertyListParser.trailerSize
    guard bytes.count >= 8 + 1 + trailerSize else {
      throw Self.failure(
        "a binary property list of \(bytes.count) bytes is too short to hold an object and the trailer",
        at: bytes.count)
    }
    let trailer = bytes.count - trailerSize
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize) else {
      throw Self.failure("the trailer's offset size \(offsetSize) is not 1 to 8", at: trailer + 6)
    }
    guard (1...8).contains(referenceSize) else {
      throw Self.failure(
        "the trailer's reference size \(referenceSize) is not 1 to 8", at: trailer + 7)
    }
    let count = Self.unsigned(bytes, trailer + 8, 8)
    let top = Self.unsigned(bytes, trailer + 16, 8)
    let table = Self.unsigned(bytes, trailer + 24, 8)
    guard count >= 1, count <= UInt64(trailer) else {
      throw Self.failure("the trailer's object count \(count) is out of range", at: trailer + 8)
    }
    guard top < count else {
      throw Self.failure(
        "the trailer's top object \(top) is not one of its \(count) objects", at: trailer + 16)
    }
    // The objects, then exactly the offset table, then the trailer.
    guard table >= 9, table < UInt64(trailer),
      (UInt64(trailer) - table) == count * UInt64(offsetSize)
    else {
      throw Self.failure(
        "the trailer's offset table offset \(table) does not leave room for exactly \(count) offsets of \(offsetSize) bytes before the trailer",
        at: trailer + 24)
    }
    guard referenceSize == 8 || count < 1 << (8 * UInt64(referenceSize)) else {
      throw Self.failure(
        "references of \(referenceSize) bytes cannot name \(count) objects", at: trailer + 7)
    }
    guard offsetSize == 8 || table < 1 << (8 * UInt64(offsetSize)) else {
      throw Self.failure(
        "offsets of \(offsetSize) bytes cannot reach the offset table at \(table)",
        at: trailer + 6)
    }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTable = Int(table)
    for index in 0..<objectCount {
      let entry = offsetTable + index * offsetSize
      guard Self.unsigned(bytes, entry, offsetSize) < table else {
        throw Self.failure("object \(index)'s offset is past the objects", at: entry)
      }
    }
  }

  /// The offset table entry of object `index` (an original object).
  @inline(__always)
  func offset<Bytes: RandomAccessCollection<UInt8>>(
    ofObject index: Int, in bytes: Bytes
  ) -> Int where Bytes.Index == Int {
    Int(Self.unsigned(bytes, offsetTable + index * offsetSize, offsetSize))
  }

  static func failure(_ message: String, at offset: Int) -> FormatError {
    FormatError(.malformedPropertyList, message, byteOffset: offset)
  }

  /// The big-endian unsigned integer of `count` (at most 8) bytes at
  /// `start`, which the caller has checked lie inside `bytes`.
  @inline(__always)
  static func unsigned<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ start: Int, _ count: Int
  ) -> UInt64 where Bytes.Index == Int {
    var value: UInt64 = 0
    for index in start..<(start + count) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }
}
