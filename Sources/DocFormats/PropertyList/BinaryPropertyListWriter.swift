/// Writes a ``PropertyListValue`` as a `bplist00` file laid out as
/// CoreFoundation's writer lays one out; see ``BinaryPropertyList``.
struct BinaryPropertyListWriter {
  /// One object of the file, in the order it is written.
  private enum Object {
    case leaf(PropertyListValue)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  /// A string compared and hashed by its UTF-8 bytes (so by its Unicode
  /// scalars, not by canonical equivalence as `String` compares).
  private struct StringKey: Hashable {
    var text: String

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.text.utf8.count == rhs.text.utf8.count && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  private var objects: [Object] = []
  // The index of each leaf already flattened, by kind: an equal string,
  // number, date, data or boolean is written once (a UID at each
  // occurrence). Reals and dates by their bits.
  private var strings: [StringKey: Int] = [:]
  private var integers: [Int64: Int] = [:]
  private var unsignedIntegers: [UInt64: Int] = [:]
  private var reals: [UInt64: Int] = [:]
  private var dates: [UInt64: Int] = [:]
  private var datas: [[UInt8]: Int] = [:]
  private var booleans: [Int?] = [nil, nil]
  private var output: [UInt8] = []

  /// The file for `value`, its references at least
  /// `minimumReferenceSize` bytes (1, 2, 4 or 8).
  mutating func write(_ value: PropertyListValue, minimumReferenceSize: Int = 1) -> [UInt8] {
    _ = flatten(value)
    let referenceSize = max(minimumReferenceSize, Self.byteCount(UInt64(objects.count)))
    output = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(output.count)
      switch object {
      case .leaf(let leaf): append(leaf)
      case .array(let elements):
        appendMarker(0xA, count: elements.count)
        for element in elements { appendUnsigned(UInt64(element), size: referenceSize) }
      case .dictionary(let keys, let values):
        appendMarker(0xD, count: keys.count)
        for reference in keys { appendUnsigned(UInt64(reference), size: referenceSize) }
        for reference in values { appendUnsigned(UInt64(reference), size: referenceSize) }
      }
    }
    let offsetTable = output.count
    let offsetSize = Self.byteCount(UInt64(offsetTable))
    for offset in offsets { appendUnsigned(UInt64(offset), size: offsetSize) }
    // The trailer: five unused bytes, the sort version (0), the sizes,
    // the object count, the top object (always the first) and where the
    // offset table starts.
    output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    appendUnsigned(UInt64(objects.count), size: 8)
    appendUnsigned(0, size: 8)
    appendUnsigned(UInt64(offsetTable), size: 8)
    return output
  }

  /// The object of the scalar `leaf` (not a container), as ``write(_:minimumReferenceSize:)``
  /// writes it.
  static func leafObject(_ leaf: PropertyListValue) -> [UInt8] {
    var writer = Self()
    writer.append(leaf)
    return writer.output
  }

  /// An array (`kind` 0xA), set (0xC) or dictionary (0xD) object: the
  /// marker and count, then `references` (a dictionary's keys, then its
  /// values) of `size` bytes each.
  static func containerObject(kind: UInt8, count: Int, references: [Int], size: Int) -> [UInt8] {
    var writer = Self()
    writer.output.reserveCapacity(10 + references.count * size)
    writer.appendMarker(kind, count: count)
    for reference in references { writer.appendUnsigned(UInt64(reference), size: size) }
    return writer.output
  }

  /// Gives `value` and what it contains object indexes, depth first (a
  /// dictionary's keys, then its values), and returns `value`'s index.
  private mutating func flatten(_ value: PropertyListValue) -> Int {
    switch value {
    case .array(let items):
      let index = objects.count
      objects.append(.array([]))
      var elements: [Int] = []
      elements.reserveCapacity(items.count)
      for item in items { elements.append(flatten(item)) }
      objects[index] = .array(elements)
      return index
    case .dictionary(let entries):
      let index = objects.count
      objects.append(.dictionary(keys: [], values: []))
      var keys: [Int] = []
      keys.reserveCapacity(entries.count)
      for entry in entries { keys.append(flatten(.string(entry.key))) }
      var values: [Int] = []
      values.reserveCapacity(entries.count)
      for entry in entries { values.append(flatten(entry.value)) }
      objects[index] = .dictionary(keys: keys, values: values)
      return index
    case .uid:
      // Not shared: CoreFoundation compares UIDs by identity, and
      // plistlib by object, so each occurrence is an object of its own.
      return appendLeaf(value)
    case .string(let text):
      return unique(value, StringKey(text: text), in: \.strings)
    case .integer(let number):
      return unique(value, number, in: \.integers)
    case .unsignedInteger(let number) where number <= UInt64(Int64.max):
      // The same object as the signed integer, as it reads back.
      return unique(.integer(Int64(number)), Int64(number), in: \.integers)
    case .unsignedInteger(let number):
      return unique(value, number, in: \.unsignedIntegers)
    case .real(let number):
      return unique(value, number.bitPattern, in: \.reals)
    case .date(let seconds):
      return unique(value, seconds.bitPattern, in: \.dates)
    case .data(let bytes):
      return unique(value, bytes, in: \.datas)
    case .boolean(let flag):
      if let index = booleans[flag ? 1 : 0] { return index }
      let index = appendLeaf(value)
      booleans[flag ? 1 : 0] = index
      return index
    }
  }

  /// The index of the leaf `key` names in `table`; the first time, the
  /// next object's, and `leaf` is appended as that object.
  private mutating func unique<Key: Hashable>(
    _ leaf: PropertyListValue, _ key: Key, in table: WritableKeyPath<Self, [Key: Int]>
  ) -> Int {
    let next = objects.count
    let index = Self.index(of: key, in: &self[keyPath: table], next: next)
    if index == next { objects.append(.leaf(leaf)) }
    return index
  }

  private static func index<Key: Hashable>(
    of key: Key, in table: inout [Key: Int], next: Int
  )
    -> Int
  {
    if let index = table[key] { return index }
    table[key] = next
    return next
  }

  private mutating func appendLeaf(_ leaf: PropertyListValue) -> Int {
    objects.append(.leaf(leaf))
    return objects.count - 1
  }

  private mutating func append(_ leaf: PropertyListValue) {
    switch leaf {
    case .boolean(let flag): output.append(flag ? 0x09 : 0x08)
    case .integer(let number) where number < 0:
      output.append(0x13)
      appendUnsigned(UInt64(bitPattern: number), size: 8)
    case .integer(let number): appendInteger(UInt64(number))
    case .unsignedInteger(let number) where number > UInt64(Int64.max):
      // A 16-byte signed integer whose high half is zero.
      output.append(0x14)
      appendUnsigned(0, size: 8)
      appendUnsigned(number, size: 8)
    case .unsignedInteger(let number): appendInteger(number)
    case .real(let number):
      output.append(0x23)
      appendUnsigned(number.bitPattern, size: 8)
    case .date(let seconds):
      output.append(0x33)
      appendUnsigned(seconds.bitPattern, size: 8)
    case .data(let bytes):
      appendMarker(0x4, count: bytes.count)
      output += bytes
    case .string(let text):
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        appendMarker(0x5, count: text.utf8.count)
        output += text.utf8
      } else {
        let units = text.utf16
        appendMarker(0x6, count: units.count)
        for unit in units {
          output.append(UInt8(unit >> 8))
          output.append(UInt8(unit & 0xFF))
        }
      }
    case .uid(let number):
      let size = Self.byteCount(number)
      output.append(0x80 | UInt8(size - 1))
      appendUnsigned(number, size: size)
    case .array, .dictionary:
      preconditionFailure("containers are written by write(_:)")
    }
  }

  /// A marker with the count in its low nibble, or 0xF and the count as
  /// an integer object after it when the count is 15 or more.
  private mutating func appendMarker(_ kind: UInt8, count: Int) {
    if count < 15 {
      output.append(kind << 4 | UInt8(count))
    } else {
      output.append(kind << 4 | 0xF)
      appendInteger(UInt64(count))
    }
  }

  /// A non-negative integer object in the fewest of 1, 2, 4 or 8 bytes.
  private mutating func appendInteger(_ number: UInt64) {
    let size = Self.byteCount(number)
    output.append(0x10 | UInt8(size.trailingZeroBitCount))
    appendUnsigned(number, size: size)
  }

  /// The low `size` bytes of `number`, big-endian.
  private mutating func appendUnsigned(_ number: UInt64, size: Int) {
    withUnsafeBytes(of: number.bigEndian) { output.append(contentsOf: $0.suffix(size)) }
  }

  /// The fewest of 1, 2, 4 or 8 bytes that hold `number`, as
  /// CoreFoundation's `_byteCount` chooses them.
  static func byteCount(_ number: UInt64) -> Int {
    switch number {
    case 0...0xFF: 1
    case 0...0xFFFF: 2
    case 0...0xFFFF_FFFF: 4
    default: 8
    }
  }
}
