/// For patience diff's anchors: how many times each line hash occurs on
/// each side (counted up to 2), and where on the old side, in one
/// open-addressing table of flat arrays: on a large text this is most of
/// a diff's work, which a `Dictionary` of tuples made several times
/// slower.
///
/// Two different lines with the same hash count as one key: they then
/// look repeated, and are no anchor, or pair up and are told apart by
/// their bytes. Either way the diff stays right; only an anchor is lost.
struct LineHashTable {
  /// The hashes, 0 for an empty slot (a hash of 0 is stored as 1).
  private var keys: [UInt64]
  /// Per slot: the count on the old side (low 2 bits) and on the new side
  /// (the next 2), each at most 2.
  private var counts: [UInt8]
  /// Per slot: the last old line with the hash.
  private var oldLines: [Int32]
  private let mask: Int

  /// The most lines a side may have: line numbers are kept in 32 bits.
  static let maximumLines = Int(Int32.max)

  /// A table for about `oldLines` old lines, at most two thirds full.
  init(oldLines count: Int) {
    var capacity = 16
    while capacity < count + count / 2 { capacity <<= 1 }
    keys = [UInt64](repeating: 0, count: capacity)
    counts = [UInt8](repeating: 0, count: capacity)
    oldLines = [Int32](repeating: 0, count: capacity)
    mask = capacity - 1
  }

  /// The slot holding `key`, or the empty slot where it would go.
  private func slot(of key: UInt64) -> (slot: Int, found: Bool) {
    var slot = Int(truncatingIfNeeded: key ^ (key >> 32)) & mask
    while true {
      let stored = keys[slot]
      if stored == key { return (slot, true) }
      if stored == 0 { return (slot, false) }
      slot = (slot + 1) & mask
    }
  }

  /// Counts old line `line`, whose hash is `hash`.
  mutating func addOld(_ hash: UInt64, line: Int) {
    let key = hash == 0 ? 1 : hash
    let (slot, found) = slot(of: key)
    if !found { keys[slot] = key }
    if counts[slot] & 3 < 2 { counts[slot] += 1 }
    oldLines[slot] = Int32(truncatingIfNeeded: line)
  }

  /// Counts a new line whose hash is `hash`; its slot, or nil when no old
  /// line has the hash (it is then not counted).
  mutating func addNew(_ hash: UInt64) -> Int? {
    let (slot, found) = slot(of: hash == 0 ? 1 : hash)
    guard found else { return nil }
    if counts[slot] >> 2 < 2 { counts[slot] += 4 }
    return slot
  }

  /// The old line of `slot` when its hash occurs once on each side.
  func uniqueOldLine(at slot: Int) -> Int? {
    counts[slot] == 1 | 1 << 2 ? Int(oldLines[slot]) : nil
  }
}
