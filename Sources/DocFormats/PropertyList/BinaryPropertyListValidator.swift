import Foundation

/// Checks a binary property list as ``BinaryPropertyListParser`` reads it,
/// without building its values: every object reachable from the top one,
/// its marker, counts, offsets and references, no container inside
/// itself, nesting at most ``BinaryPropertyList/maximumDepth`` deep and
/// the parser's budget of values (the guard against a few shared objects
/// standing for exponentially many). A malformed file is refused with the
/// error, message and byte offset, the parser gives.
///
/// Each object is checked once: what a shared container stands for (how
/// many values, how deep) is remembered, so that reaching it again costs
/// one step unless the budget or the depth would run out inside it; then
/// it is walked again to the exact object where the parser would stop.
/// What it keeps is a bit and a few bytes an object.
struct BinaryPropertyListValidator {
  /// The file, valid while ``validate(_:)`` runs.
  private let bytes: UnsafeRawBufferPointer
  private let trailer: BinaryPropertyListTrailer
  /// How many values the parser may read (``BinaryPropertyListParser``'s
  /// budget), and how many it would have read so far.
  private let budget: Int
  private var visits = 0
  private var depth = 0
  /// Objects checked whole, and containers being checked.
  private var done: BinaryPropertyListBitSet
  private var onPath: BinaryPropertyListBitSet
  /// For each container checked, the values it stands for (itself
  /// included; `UInt32.max` when more) and how deep it nests.
  private var sizes: [UInt32]
  private var heights: [UInt16]
  /// Containers reached from more than one place.
  private(set) var shared: BinaryPropertyListBitSet

  /// Checks `bytes`, returning their trailer and the containers reached
  /// from more than one place.
  static func validate(
    _ file: [UInt8]
  ) throws(FormatError) -> (
    trailer: BinaryPropertyListTrailer, shared: BinaryPropertyListBitSet
  ) {
    let result = file.withUnsafeBytes {
      bytes -> Result<(BinaryPropertyListTrailer, BinaryPropertyListBitSet), FormatError> in
      Result { () throws(FormatError) in
        var validator = try Self(bytes)
        _ = try validator.visit(validator.trailer.topObject, referencedAt: 0)
        return (validator.trailer, validator.shared)
      }
    }
    return try result.get()
  }

  private init(_ bytes: UnsafeRawBufferPointer) throws(FormatError) {
    self.bytes = bytes
    trailer = try BinaryPropertyListTrailer(bytes)
    budget = max(
      BinaryPropertyListParser.minimumBudget, trailer.offsetTable / trailer.referenceSize + 1)
    done = BinaryPropertyListBitSet(count: trailer.objectCount)
    onPath = BinaryPropertyListBitSet(count: trailer.objectCount)
    shared = BinaryPropertyListBitSet(count: trailer.objectCount)
    sizes = Array(repeating: 0, count: trailer.objectCount)
    heights = Array(repeating: 0, count: trailer.objectCount)
  }

  private static func failure(_ message: String, at offset: Int) -> FormatError {
    BinaryPropertyListTrailer.failure(message, at: offset)
  }

  @inline(__always)
  private func unsigned(_ start: Int, _ count: Int) -> UInt64 {
    BinaryPropertyListTrailer.unsigned(bytes, start, count)
  }

  @inline(__always)
  private func reference(at place: Int) -> Int {
    Int(unsigned(place, trailer.referenceSize))
  }

  /// Counts one value read, as the parser spends its budget.
  @inline(__always)
  private mutating func spend(at start: Int) throws(FormatError) {
    visits += 1
    guard visits <= budget else {
      throw Self.failure(
        "shared objects stand for more values than the file could hold", at: start)
    }
  }

  /// Checks object `index` where the parser reads it, returning how deep
  /// it nests (0 for a scalar).
  private mutating func visit(_ index: Int, referencedAt place: Int) throws(FormatError) -> Int {
    let start = try trailer.checkedOffset(ofObject: index, referencedAt: place, in: bytes)
    if done.contains(index) { return try revisit(index, at: start) }
    try spend(at: start)
    let marker = bytes[start]
    let nibble = marker & 0xF
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08, 0x09: break
      case 0x00: throw Self.failure("a null object, which property lists do not have", at: start)
      case 0x0F: throw Self.failure("a fill byte where an object should be", at: start)
      default:
        throw Self.failure(
          "object marker 0x\(String(marker, radix: 16)) is not in a bplist00 file", at: start)
      }
    case 0x1: try checkInteger(at: start, nibble: nibble)
    case 0x2:
      switch nibble {
      case 2: try trailer.checkRange(start + 1, 4, "a real")
      case 3: try trailer.checkRange(start + 1, 8, "a real")
      default: throw Self.failure("a real that is not 4 or 8 bytes", at: start)
      }
    case 0x3:
      guard marker == 0x33 else {
        throw Self.failure("a date that is not an 8-byte real", at: start)
      }
      try trailer.checkRange(start + 1, 8, "a date")
    case 0x4:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      try trailer.checkRange(body, count, "data")
    case 0x5:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      try trailer.checkRange(body, count, "a string")
      if let high = bytes[body..<(body + count)].firstIndex(where: { $0 >= 0x80 }) {
        throw Self.failure(
          "an ASCII string with the byte 0x\(String(bytes[high], radix: 16))", at: high)
      }
    case 0x6:
      let (count, body) = try trailer.count(at: start, nibble: nibble, in: bytes)
      guard count <= trailer.offsetTable / 2 else {
        throw Self.failure("a string of \(count) UTF-16 units is longer than the file", at: start)
      }
      try trailer.checkRange(body, count * 2, "a string")
      try checkUTF16(body, count)
    case 0x8:
      let size = Int(nibble) + 1
      try trailer.checkRange(start + 1, size, "a UID")
      let significant = min(size, 8)
      guard bytes[(start + 1)..<(start + 1 + size - significant)].allSatisfy({ $0 == 0 }) else {
        throw Self.failure("a UID larger than 64 bits", at: start)
      }
    case 0xA, 0xC, 0xD:
      return try visitContainer(index, at: start, marker: marker)
    default:
      throw Self.failure(
        "object marker 0x\(String(marker, radix: 16)) is not in a bplist00 file", at: start)
    }
    done.insert(index)
    return 0
  }

  /// A container read the first time: its references, then each entry
  /// in the parser's order (a dictionary's key, then its value).
  private mutating func visitContainer(
    _ index: Int, at start: Int, marker: UInt8
  ) throws(FormatError) -> Int {
    let size = trailer.referenceSize
    let (count, body) = try trailer.count(at: start, nibble: marker & 0xF, in: bytes)
    let isDictionary = marker >> 4 == 0xD
    try trailer.checkReferences(at: body, count: count, in: bytes)
    let valuesStart = isDictionary ? body + count * size : body
    if isDictionary { try trailer.checkReferences(at: valuesStart, count: count, in: bytes) }
    guard !onPath.contains(index) else {
      throw Self.failure("a container that contains itself", at: start)
    }
    guard depth < BinaryPropertyList.maximumDepth else {
      throw Self.failure(
        "containers nested more than \(BinaryPropertyList.maximumDepth) deep", at: start)
    }
    onPath.insert(index)
    depth += 1
    let before = visits
    var height = 0
    for position in 0..<count {
      if isDictionary {
        let keyPlace = body + position * size
        let key = reference(at: keyPlace)
        height = max(height, try visit(key, referencedAt: keyPlace))
        try checkKey(key, at: keyPlace)
      }
      let place = valuesStart + position * size
      height = max(height, try visit(reference(at: place), referencedAt: place))
    }
    onPath.remove(index)
    depth -= 1
    done.insert(index)
    sizes[index] = UInt32(clamping: visits - before + 1)
    heights[index] = UInt16(clamping: height + 1)
    return height + 1
  }

  /// Refuses a dictionary key that is not a string.
  private func checkKey(_ key: Int, at place: Int) throws(FormatError) {
    let kind = bytes[trailer.offset(ofObject: key, in: bytes)] >> 4
    guard kind == 0x5 || kind == 0x6 else {
      throw Self.failure("a dictionary key that is not a string", at: place)
    }
  }

  /// Object `index`, checked already, reached again: the parser reads it
  /// again whole. When its values fit in the budget left and its depth in
  /// the levels left, that costs one step here; else it is walked again
  /// to the object where the parser stops. A container still being
  /// checked contains itself.
  private mutating func revisit(_ index: Int, at start: Int) throws(FormatError) -> Int {
    let marker = bytes[start]
    switch marker >> 4 {
    case 0xA, 0xC, 0xD:
      shared.insert(index)
      let size = Int(sizes[index])
      let height = Int(heights[index])
      if size < Int(UInt32.max), visits + size <= budget,
        depth + height <= BinaryPropertyList.maximumDepth
      {
        visits += size
        return height
      }
      try spend(at: start)
      guard depth < BinaryPropertyList.maximumDepth else {
        throw Self.failure(
          "containers nested more than \(BinaryPropertyList.maximumDepth) deep", at: start)
      }
      let referenceSize = trailer.referenceSize
      let (count, body) = try trailer.count(at: start, nibble: marker & 0xF, in: bytes)
      let isDictionary = marker >> 4 == 0xD
      let valuesStart = isDictionary ? body + count * referenceSize : body
      depth += 1
      defer { depth -= 1 }
      for position in 0..<count {
        if isDictionary {
          let keyPlace = body + position * referenceSize
          _ = try visit(reference(at: keyPlace), referencedAt: keyPlace)
        }
        let place = valuesStart + position * referenceSize
        _ = try visit(reference(at: place), referencedAt: place)
      }
      return height
    default:
      try spend(at: start)
      return 0
    }
  }

  private func checkInteger(at start: Int, nibble: UInt8) throws(FormatError) {
    guard nibble <= 4 else {
      throw Self.failure("an integer of \(1 << Int(nibble)) bytes", at: start)
    }
    let size = 1 << Int(nibble)
    try trailer.checkRange(start + 1, size, "an integer")
    guard size == 16 else { return }
    let high = unsigned(start + 1, 8)
    let low = unsigned(start + 9, 8)
    guard high == 0 || (high == UInt64.max && low > UInt64(Int64.max)) else {
      throw Self.failure("a 128-bit integer outside the 64-bit range", at: start)
    }
  }

  /// Refuses UTF-16 with an unpaired surrogate, as
  /// `String(validating:as:)` does.
  private func checkUTF16(_ body: Int, _ count: Int) throws(FormatError) {
    var place = body
    let end = body + count * 2
    while place < end {
      let unit = UInt16(bytes[place]) << 8 | UInt16(bytes[place + 1])
      place += 2
      switch unit {
      case 0xD800...0xDBFF:
        guard place < end else { break }
        let next = UInt16(bytes[place]) << 8 | UInt16(bytes[place + 1])
        guard (0xDC00...0xDFFF).contains(next) else { break }
        place += 2
        continue
      case 0xDC00...0xDFFF: break
      default: continue
      }
      throw Self.failure("a UTF-16 string with an unpaired surrogate", at: body)
    }
  }
}
