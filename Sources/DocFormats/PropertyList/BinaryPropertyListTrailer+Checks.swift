/// The checks of offsets, ranges, counts and references that every reader
/// of a binary property list makes before it uses one
/// (``BinaryPropertyListParser`` as it builds values,
/// ``BinaryPropertyListValidator`` without building them), with the same
/// messages and byte offsets.
extension BinaryPropertyListTrailer {
  /// The byte offset of object `index`, referenced at `place` (its offset
  /// is checked against the offset table when the trailer is read, and
  /// here against the header).
  @inline(__always)
  func checkedOffset<Bytes: RandomAccessCollection<UInt8>>(
    ofObject index: Int, referencedAt place: Int, in bytes: Bytes
  ) throws(FormatError) -> Int where Bytes.Index == Int {
    let offset = offset(ofObject: index, in: bytes)
    guard offset >= 8 else {
      throw Self.failure("object \(index)'s offset \(offset) is inside the header", at: place)
    }
    return offset
  }

  /// Checks that `count` bytes from `start` lie among the objects.
  @inline(__always)
  func checkRange(
    _ start: Int, _ count: Int, _ what: @autoclosure () -> String
  ) throws(FormatError) {
    guard count >= 0, start <= offsetTable, count <= offsetTable - start else {
      throw Self.failure("\(what()) runs past the objects", at: start)
    }
  }

  /// The count a marker's low nibble gives, or the integer object that
  /// follows the marker when the nibble is 0xF; and where the contents
  /// start.
  func count<Bytes: RandomAccessCollection<UInt8>>(
    at start: Int, nibble: UInt8, in bytes: Bytes
  ) throws(FormatError) -> (count: Int, body: Int) where Bytes.Index == Int {
    guard nibble == 0xF else { return (Int(nibble), start + 1) }
    try checkRange(start + 1, 1, "a count")
    let marker = bytes[start + 1]
    guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
      throw Self.failure("a count that is not an integer of 1 to 8 bytes", at: start + 1)
    }
    let size = 1 << Int(marker & 0xF)
    try checkRange(start + 2, size, "a count")
    let value = Self.unsigned(bytes, start + 2, size)
    guard value <= UInt64(offsetTable) else {
      throw Self.failure("a count of \(value) is larger than the file", at: start + 1)
    }
    return (Int(value), start + 2 + size)
  }

  /// Checks the `count` references from `start`: that they lie among the
  /// objects and each names one of them.
  func checkReferences<Bytes: RandomAccessCollection<UInt8>>(
    at start: Int, count: Int, in bytes: Bytes
  ) throws(FormatError) where Bytes.Index == Int {
    guard count <= offsetTable / referenceSize else {
      throw Self.failure("a container's count of \(count) is larger than the file", at: start)
    }
    try checkRange(start, count * referenceSize, "a container's references")
    var place = start
    for _ in 0..<count {
      let reference = Self.unsigned(bytes, place, referenceSize)
      guard reference < UInt64(objectCount) else {
        throw Self.failure("a reference to object \(reference) of \(objectCount)", at: place)
      }
      place += referenceSize
    }
  }
}
