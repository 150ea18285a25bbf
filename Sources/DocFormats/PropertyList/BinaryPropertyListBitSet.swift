/// A fixed number of bits, one per object of a binary property list: a
/// byte for every eight objects.
struct BinaryPropertyListBitSet: Hashable, Sendable {
  private var words: [UInt64]

  /// `count` bits, all clear.
  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// Whether bit `index` is set; false past the end.
  @inline(__always)
  func contains(_ index: Int) -> Bool {
    let word = index >> 6
    return word < words.count && words[word] & (1 << UInt64(index & 63)) != 0
  }

  @inline(__always)
  mutating func insert(_ index: Int) {
    words[index >> 6] |= 1 << UInt64(index & 63)
  }

  @inline(__always)
  mutating func remove(_ index: Int) {
    words[index >> 6] &= ~(1 << UInt64(index & 63))
  }
}
