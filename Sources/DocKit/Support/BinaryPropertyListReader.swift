package import Foundation

/// Reads a binary property list (`bplist00`) into Foundation values
/// (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `Date`,
/// `Data`), checking every offset, count and reference against the
/// bytes, so that hostile input gives an error and never a crash.
///
/// swift-corelibs-foundation's `PropertyListSerialization` crashes on
/// some binary property lists (a set whose elements it cannot bridge to
/// `AnyHashable`, found by fuzzing `Info.plist` reading). A set is
/// read as an array; a UID (an `NSKeyedArchiver` reference) is refused.
package struct BinaryPropertyListReader {
  /// Why the bytes are not a binary property list: what is wrong, and the
  /// byte offset where it was found.
  package struct Failure: Error, CustomStringConvertible {
    package var message: String
    package var offset: Int
    package var description: String { "\(message) (at byte \(offset))" }
  }

  /// Containers nested deeper than this are refused: the reader recurses.
  static let maximumDepth = 512
  /// Objects read at least, whatever the file's count: an object that
  /// several containers share is read once for each, so a file of a few
  /// objects could otherwise stand for exponentially many.
  static let minimumBudget = 100_000

  /// The containers being read, from the top one down, and how many more
  /// objects may be read.
  private struct Walk {
    var path: Set<Int> = []
    var remaining: Int
  }

  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let offsetTable: Int

  /// Whether `data` starts as a binary property list does.
  package static func isBinaryPropertyList(_ data: Data) -> Bool {
    data.starts(with: Array("bplist".utf8))
  }

  /// The top-level value of the binary property list `data`.
  package static func value(from data: Data) throws(Failure) -> Any {
    let reader = try BinaryPropertyListReader(Array(data))
    return try reader.topValue
  }

  private let topObject: Int

  private init(_ bytes: [UInt8]) throws(Failure) {
    self.bytes = bytes
    guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
      throw Failure(message: "too short for a binary property list", offset: 0)
    }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw Failure(message: "the trailer's integer sizes are not 1 to 8", offset: trailer + 6)
    }
    let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
    let top = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
    let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
    guard count > 0, count <= UInt64(trailer), top < count, table >= 8,
      table <= UInt64(trailer),
      (UInt64(trailer) - table) / UInt64(offsetSize) >= count
    else {
      throw Failure(
        message: "the trailer's object count, top object or offset table is out of range",
        offset: trailer + 8)
    }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTable = Int(table)
  }

  private var topValue: Any {
    get throws(Failure) {
      var walk = Walk(remaining: max(Self.minimumBudget, 4 * objectCount))
      return try object(topObject, walk: &walk)
    }
  }

  private static func unsigned(_ slice: ArraySlice<UInt8>) -> UInt64 {
    slice.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The byte offset of object `index`, checked to lie before the offset
  /// table.
  private func offset(ofObject index: Int) throws(Failure) -> Int {
    let entry = offsetTable + index * offsetSize
    let offset = Self.unsigned(bytes[entry..<(entry + offsetSize)])
    guard offset >= 8, offset < UInt64(offsetTable) else {
      throw Failure(message: "object \(index)'s offset is out of range", offset: entry)
    }
    return Int(offset)
  }

  /// `count` bytes from `start`, checked to lie before the offset table.
  private func slice(_ start: Int, _ count: Int) throws(Failure) -> ArraySlice<UInt8> {
    guard count >= 0, start <= offsetTable, count <= offsetTable - start else {
      throw Failure(message: "a value runs past the objects", offset: start)
    }
    return bytes[start..<(start + count)]
  }

  /// The length a marker's low nibble gives, or the integer that follows
  /// it when the nibble is 0xF; and where the contents start.
  private func length(at start: Int, nibble: UInt8) throws(Failure) -> (count: Int, body: Int) {
    guard nibble == 0xF else { return (Int(nibble), start + 1) }
    let marker = try slice(start + 1, 1).first ?? 0
    guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
      throw Failure(message: "a length is not an integer", offset: start + 1)
    }
    let size = 1 << Int(marker & 0xF)
    let value = Self.unsigned(try slice(start + 2, size))
    guard value <= UInt64(offsetTable) else {
      throw Failure(message: "a length is larger than the file", offset: start + 1)
    }
    return (Int(value), start + 2 + size)
  }

  private func references(at start: Int, count: Int) throws(Failure) -> [Int] {
    guard count <= offsetTable / referenceSize else {
      throw Failure(message: "a container's count is larger than the file", offset: start)
    }
    let body = try slice(start, count * referenceSize)
    return try (0..<count).map { (index: Int) throws(Failure) -> Int in
      let first = body.startIndex + index * referenceSize
      let reference = Self.unsigned(body[first..<(first + referenceSize)])
      guard reference < UInt64(objectCount) else {
        throw Failure(
          message: "a reference to object \(reference) of \(objectCount)", offset: first)
      }
      return Int(reference)
    }
  }

  private func object(_ index: Int, walk: inout Walk) throws(Failure) -> Any {
    let start = try offset(ofObject: index)
    walk.remaining -= 1
    guard walk.remaining >= 0 else {
      throw Failure(message: "shared objects stand for too many values", offset: start)
    }
    let marker = bytes[start]
    let nibble = marker & 0xF
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return false
      case 0x09: return true
      default: throw Failure(message: "a null or fill value", offset: start)
      }
    case 0x1:
      guard nibble <= 3 else {
        throw Failure(message: "an integer wider than 8 bytes", offset: start)
      }
      let size = 1 << Int(nibble)
      let raw = Self.unsigned(try slice(start + 1, size))
      // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
      return size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
    case 0x2:
      switch nibble {
      case 2: return Double(Float(bitPattern: UInt32(Self.unsigned(try slice(start + 1, 4)))))
      case 3: return Double(bitPattern: Self.unsigned(try slice(start + 1, 8)))
      default: throw Failure(message: "a real that is not 4 or 8 bytes", offset: start)
      }
    case 0x3:
      guard marker == 0x33 else { throw Failure(message: "a malformed date", offset: start) }
      let seconds = Double(bitPattern: Self.unsigned(try slice(start + 1, 8)))
      return Date(timeIntervalSinceReferenceDate: seconds)
    case 0x4:
      let (count, body) = try length(at: start, nibble: nibble)
      return Data(try slice(body, count))
    case 0x5:
      let (count, body) = try length(at: start, nibble: nibble)
      let text = try slice(body, count)
      guard text.allSatisfy({ $0 < 0x80 }) else {
        throw Failure(message: "an ASCII string with a byte above 127", offset: body)
      }
      return String(decoding: text, as: UTF8.self)
    case 0x6:
      let (count, body) = try length(at: start, nibble: nibble)
      guard count <= offsetTable / 2 else {
        throw Failure(message: "a string longer than the file", offset: start)
      }
      let units = try slice(body, count * 2)
      let code = stride(from: units.startIndex, to: units.endIndex, by: 2).map {
        UInt16(units[$0]) << 8 | UInt16(units[$0 + 1])
      }
      guard let text = String(validating: code, as: UTF16.self) else {
        throw Failure(message: "a UTF-16 string that is not valid", offset: body)
      }
      return text
    case 0x8:
      throw Failure(message: "a UID (keyed-archive reference) is not a value", offset: start)
    case 0xA, 0xC:
      let (count, body) = try length(at: start, nibble: nibble)
      let elements = try references(at: body, count: count)
      return try nested(index, walk: &walk, at: start) {
        (walk: inout Walk) throws(Failure) -> Any in
        try elements.map { (element: Int) throws(Failure) -> Any in
          try object(element, walk: &walk)
        }
      }
    case 0xD:
      let (count, body) = try length(at: start, nibble: nibble)
      let keys = try references(at: body, count: count)
      let values = try references(at: body + count * referenceSize, count: count)
      return try nested(index, walk: &walk, at: start) {
        (walk: inout Walk) throws(Failure) -> Any in
        var dictionary: [String: Any] = [:]
        for (key, value) in zip(keys, values) {
          guard let name = try object(key, walk: &walk) as? String else {
            throw Failure(message: "a dictionary key that is not a string", offset: start)
          }
          dictionary[name] = try object(value, walk: &walk)
        }
        return dictionary
      }
    default:
      throw Failure(
        message: "unknown object marker 0x\(String(marker, radix: 16))", offset: start)
    }
  }

  /// Reads a container, refusing one that contains itself and nesting
  /// deeper than ``maximumDepth``.
  private func nested(
    _ index: Int, walk: inout Walk, at start: Int,
    _ read: (inout Walk) throws(Failure) -> Any
  ) throws(Failure) -> Any {
    guard !walk.path.contains(index) else {
      throw Failure(message: "a container that contains itself", offset: start)
    }
    guard walk.path.count < Self.maximumDepth else {
      throw Failure(
        message: "containers nested more than \(Self.maximumDepth) deep", offset: start)
    }
    walk.path.insert(index)
    defer { walk.path.remove(index) }
    return try read(&walk)
  }
}
