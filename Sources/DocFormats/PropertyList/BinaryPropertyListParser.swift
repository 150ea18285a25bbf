/// Reads a binary property list (`bplist00`) into a ``PropertyListValue``,
/// checking the trailer as CoreFoundation does and every offset, count
/// and reference before it is used; see ``BinaryPropertyList``.
struct BinaryPropertyListParser {
  /// How every binary property list starts (the eighth byte is the minor
  /// version, which CoreFoundation does not check).
  static let magic: [UInt8] = Array("bplist0".utf8)
  /// The trailer's size: 6 unused bytes, the offset and reference sizes,
  /// and three 8-byte integers.
  static let trailerSize = 32
  /// Objects read at least, whatever the file's size (see ``budget``).
  static let minimumBudget = 100_000

  private let bytes: [UInt8]
  private let trailer: BinaryPropertyListTrailer
  private var referenceSize: Int { trailer.referenceSize }
  /// Where the offset table starts, which is where the objects end.
  private var offsetTable: Int { trailer.offsetTable }

  /// Whether each object is a container being read, from the top one
  /// down, and how many are.
  private var onPath: [Bool]
  private var depth = 0
  /// How many more objects may be read. An object that several
  /// containers share is read once for each, so a file of a few objects
  /// could otherwise stand for exponentially many values; a file without
  /// shared containers reads each reference once, and so fits in one
  /// more than the references its objects could hold.
  private var budget: Int
  /// The strings, numbers, dates and data read so far, by object index:
  /// a key that a thousand dictionaries share is decoded once.
  private var leaves: [PropertyListValue?]

  init(_ bytes: [UInt8]) throws(FormatError) {
    self.bytes = bytes
    let trailer = try BinaryPropertyListTrailer(bytes)
    self.trailer = trailer
    budget = max(Self.minimumBudget, trailer.offsetTable / trailer.referenceSize + 1)
    onPath = Array(repeating: false, count: trailer.objectCount)
    leaves = Array(repeating: nil, count: trailer.objectCount)
  }

  /// The top object's value.
  mutating func topValue() throws(FormatError) -> PropertyListValue {
    try value(ofObject: trailer.topObject)
  }

  private static func failure(_ message: String, at offset: Int) -> FormatError {
    BinaryPropertyListTrailer.failure(message, at: offset)
  }

  /// The big-endian unsigned integer of `count` (at most 8) bytes at
  /// `start`, which the caller has checked lie inside `bytes`.
  private static func unsigned(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
    BinaryPropertyListTrailer.unsigned(bytes, start, count)
  }

  /// The object indexes of `count` references from `start`.
  private func references(at start: Int, count: Int) throws(FormatError) -> [Int] {
    try trailer.checkReferences(at: start, count: count, in: bytes)
    return (0..<count).map { Int(Self.unsigned(bytes, start + $0 * referenceSize, referenceSize)) }
  }

  private mutating func value(
    ofObject index: Int, referencedAt place: Int = 0
  )
    throws(FormatError) -> PropertyListValue
  {
    let start = try trailer.checkedOffset(ofObject: index, referencedAt: place, in: bytes)
    budget -= 1
    guard budget >= 0 else {
      throw Self.failure(
        "shared objects stand for more values than the file could hold", at: start)
    }
    if let leaf = leaves[index] { return leaf }
    let marker = bytes[start]
    let nibble = marker & 0xF
    let leaf: PropertyListValue
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .boolean(false)
      case 0x09: return .boolean(true)
      case 0x00: throw Self.failure("a null object, which property lists do not have", at: start)
      case 0x0F: throw Self.failure("a fill byte where an object should be", at: start)
      default:
        throw Self.failure(
          "object marker 0x\(String(marker, radix: 16)) is not in a bplist00 file", at: start)
      }
    case 0x1: leaf = try integer(at: start, nibble: nibble)
    case 0x2:
      switch nibble {
      case 2:
        try trailer.checkRange(start + 1, 4, "a real")
        leaf = .real(Double(Float(bitPattern: UInt32(Self.unsigned(bytes, start + 1, 4)))))
      case 3:
        try trailer.checkRange(start + 1, 8, "a real")
        leaf = .real(Double(bitPattern: Self.unsigned(bytes, start + 1, 8)))
      default: throw Self.failure("a real that is not 4 or 8 bytes", at: start)
      }
    case 0x3:
      guard marker == 0x33 else {
        throw Self.failure("a date that is not an 8-byte real", at: start)
      }
      try trailer.checkRange(start + 1, 8, "a date")
      leaf = .date(Double(bitPattern: Self.unsigned(bytes, start + 1, 8)))
    case 0x4:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      try trailer.checkRange(body, count, "data")
      leaf = .data(Array(bytes[body..<(body + count)]))
    case 0x5:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      try trailer.checkRange(body, count, "a string")
      let text = bytes[body..<(body + count)]
      if let high = text.firstIndex(where: { $0 >= 0x80 }) {
        throw Self.failure(
          "an ASCII string with the byte 0x\(String(bytes[high], radix: 16))", at: high)
      }
      leaf = .string(String(decoding: text, as: UTF8.self))
    case 0x6:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      guard count <= offsetTable / 2 else {
        throw Self.failure("a string of \(count) UTF-16 units is longer than the file", at: start)
      }
      try trailer.checkRange(body, count * 2, "a string")
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in stride(from: body, to: body + count * 2, by: 2) {
        units.append(UInt16(bytes[unit]) << 8 | UInt16(bytes[unit + 1]))
      }
      guard let text = String(validating: units, as: UTF16.self) else {
        throw Self.failure("a UTF-16 string with an unpaired surrogate", at: body)
      }
      leaf = .string(text)
    case 0x8:
      let size = Int(nibble) + 1
      try trailer.checkRange(start + 1, size, "a UID")
      let significant = min(size, 8)
      guard bytes[(start + 1)..<(start + 1 + size - significant)].allSatisfy({ $0 == 0 }) else {
        throw Self.failure("a UID larger than 64 bits", at: start)
      }
      leaf = .uid(Self.unsigned(bytes, start + 1 + size - significant, significant))
    case 0xA, 0xC:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      let elements = try references(at: body, count: count)
      try enter(index, at: start)
      defer { leave(index) }
      var items: [PropertyListValue] = []
      items.reserveCapacity(count)
      for (position, element) in elements.enumerated() {
        items.append(try value(ofObject: element, referencedAt: body + position * referenceSize))
      }
      return .array(items)
    case 0xD:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      let keys = try references(at: body, count: count)
      let valuesStart = body + count * referenceSize
      let values = try references(at: valuesStart, count: count)
      try enter(index, at: start)
      defer { leave(index) }
      var entries: [PropertyListEntry] = []
      entries.reserveCapacity(count)
      for position in 0..<count {
        let keyPlace = body + position * referenceSize
        guard case .string(let key) = try value(ofObject: keys[position], referencedAt: keyPlace)
        else {
          throw Self.failure("a dictionary key that is not a string", at: keyPlace)
        }
        let value = try value(
          ofObject: values[position], referencedAt: valuesStart + position * referenceSize)
        entries.append(PropertyListEntry(key: key, value: value))
      }
      return .dictionary(entries)
    default:
      throw Self.failure(
        "object marker 0x\(String(marker, radix: 16)) is not in a bplist00 file", at: start)
    }
    leaves[index] = leaf
    return leaf
  }

  /// An integer object: 1, 2 and 4 bytes are unsigned, 8 bytes signed,
  /// and 16 bytes a signed 128-bit integer that must fit in 64 bits.
  private func integer(at start: Int, nibble: UInt8) throws(FormatError) -> PropertyListValue {
    guard nibble <= 4 else {
      throw Self.failure("an integer of \(1 << Int(nibble)) bytes", at: start)
    }
    let size = 1 << Int(nibble)
    try trailer.checkRange(start + 1, size, "an integer")
    switch size {
    case 8: return .integer(Int64(bitPattern: Self.unsigned(bytes, start + 1, 8)))
    case 16:
      let high = Self.unsigned(bytes, start + 1, 8)
      let low = Self.unsigned(bytes, start + 9, 8)
      if high == 0 {
        return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
      }
      if high == UInt64.max, low > UInt64(Int64.max) {
        return .integer(Int64(bitPattern: low))
      }
      throw Self.failure("a 128-bit integer outside the 64-bit range", at: start)
    default: return .integer(Int64(Self.unsigned(bytes, start + 1, size)))
    }
  }

  /// Starts reading container `index`, refusing one that contains itself
  /// and nesting deeper than ``BinaryPropertyList/maximumDepth``.
  private mutating func enter(_ index: Int, at start: Int) throws(FormatError) {
    guard !onPath[index] else {
      throw Self.failure("a container that contains itself", at: start)
    }
    guard depth < BinaryPropertyList.maximumDepth else {
      throw Self.failure(
        "containers nested more than \(BinaryPropertyList.maximumDepth) deep", at: start)
    }
    onPath[index] = true
    depth += 1
  }

  private mutating func leave(_ index: Int) {
    onPath[index] = false
    depth -= 1
  }
}
