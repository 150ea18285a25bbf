import DocKit
import Foundation
import Testing

@testable import DocFormats

/// A binary property list from parts: the objects in order (object N is
/// the Nth), then the offset table and the trailer.
private func assemble(
  _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: Int = 1, referenceSize: Int = 1,
  count: UInt64? = nil, tableOffset: UInt64? = nil
) -> [UInt8] {
  var bytes = Array("bplist00".utf8)
  var offsets: [Int] = []
  for object in objects {
    offsets.append(bytes.count)
    bytes += object
  }
  let table = bytes.count
  for offset in offsets { bytes += bigEndian(UInt64(offset), size: offsetSize) }
  bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
  bytes += bigEndian(count ?? UInt64(objects.count), size: 8)
  bytes += bigEndian(top, size: 8)
  bytes += bigEndian(tableOffset ?? UInt64(table), size: 8)
  return bytes
}

private func bigEndian(_ number: UInt64, size: Int) -> [UInt8] {
  (0..<size).reversed().map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
}

/// The trailer's fields of `bytes`.
private func trailer(_ bytes: [UInt8]) -> (offsetSize: Int, referenceSize: Int, count: UInt64) {
  let start = bytes.count - 32
  let count = bytes[(start + 8)..<(start + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  return (Int(bytes[start + 6]), Int(bytes[start + 7]), count)
}

/// The error `read` throws for `bytes`, checked to be a located
/// malformed-property-list error.
private func readError(
  _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) -> FormatError? {
  do {
    let value = try BinaryPropertyList.read(bytes)
    Issue.record("read \(value.kindDescription) from hostile input", sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(error.code == .malformedPropertyList, sourceLocation: sourceLocation)
    #expect(error.byteOffset != nil, sourceLocation: sourceLocation)
    return error
  }
}

@Suite("Binary property lists: reading, writing and hostile input")
struct BinaryPropertyListTests {
  static let edges: [(String, PropertyListValue)] = [
    ("Int64.min", .integer(.min)),
    ("Int64.max", .integer(.max)),
    ("-1", .integer(-1)),
    ("0", .integer(0)),
    ("255", .integer(255)),
    ("256", .integer(256)),
    ("65536", .integer(65536)),
    ("UInt32.max + 1", .integer(1 << 32)),
    ("Int64.max + 1", .unsignedInteger(UInt64(Int64.max) + 1)),
    ("UInt64.max", .unsignedInteger(.max)),
    ("-0.0", .real(-0.0)),
    ("nan", .real(.nan)),
    ("-infinity", .real(-.infinity)),
    ("subnormal", .real(.leastNonzeroMagnitude)),
    ("0.1", .real(0.1)),
    ("date 1900", .date(-3_187_296_000)),
    ("date 1969-12-31 with a fraction", .date(-978_307_201.25)),
    ("date 2100, after 2038", .date(3_155_760_000.5)),
    ("the reference date", .date(0)),
    ("true", .boolean(true)),
    ("false", .boolean(false)),
    ("empty data", .data([])),
    ("15 bytes of data", .data(Array(0..<15))),
    ("300 bytes of data", .data((0..<300).map { UInt8($0 % 256) })),
    ("empty string", .string("")),
    ("14 ASCII characters", .string("abcdefghijklmn")),
    ("15 ASCII characters", .string("abcdefghijklmno")),
    ("NUL and CRLF", .string("a\u{0}b\r\nc")),
    ("e and a combining accent", .string("e\u{301}")),
    ("non-BMP", .string("\u{1F600}\u{10348}")),
    ("UTF-16 of 15 units", .string("ééééééééééééééé")),
    ("UID 0", .uid(0)),
    ("UID 256", .uid(256)),
    ("UID UInt32.max", .uid(UInt64(UInt32.max))),
    ("UID UInt64.max", .uid(.max)),
    ("empty array", .array([])),
    ("empty dictionary", .dictionary([])),
    (
      "non-BMP and decomposed keys",
      .dictionary([
        PropertyListEntry(key: "\u{1F600}", value: .integer(1)),
        PropertyListEntry(key: "é", value: .integer(2)),
        PropertyListEntry(key: "e\u{301}", value: .integer(3)),
      ])
    ),
    (
      "nested",
      .dictionary([
        PropertyListEntry(key: "list", value: .array([.array([]), .dictionary([]), .string("x")])),
        PropertyListEntry(key: "x", value: .string("list")),
      ])
    ),
    (
      "a key twice, kept in order",
      .dictionary([
        PropertyListEntry(key: "k", value: .integer(1)),
        PropertyListEntry(key: "k", value: .integer(2)),
      ])
    ),
  ]

  @Test("Each kind and edge writes and reads back the same value", arguments: edges)
  func roundTrip(name: String, value: PropertyListValue) throws {
    let bytes = BinaryPropertyList.write(value)
    #expect(BinaryPropertyList.isBinary(bytes))
    #expect(Array(bytes.prefix(8)) == Array("bplist00".utf8))
    #expect(try BinaryPropertyList.read(bytes) == value, "\(name)")
    // Inside an array and a dictionary too, where it is referenced.
    let wrapped = PropertyListValue.dictionary([
      PropertyListEntry(key: name, value: .array([value, value]))
    ])
    #expect(try BinaryPropertyList.read(BinaryPropertyList.write(wrapped)) == wrapped, "\(name)")
  }

  @Test("The layout is CoreFoundation's, byte for byte, for a small array")
  func smallLayout() {
    let bytes = BinaryPropertyList.write(.array([.integer(1), .string("a")]))
    let expected: [UInt8] =
      Array("bplist00".utf8)
      + [0xA2, 0x01, 0x02]  // object 0 at 8: an array of objects 1 and 2
      + [0x10, 0x01]  // object 1 at 11: the integer 1
      + [0x51, 0x61]  // object 2 at 13: "a"
      + [0x08, 0x0B, 0x0D]  // the offset table, at 15
      + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(3, size: 8) + bigEndian(0, size: 8)
      + bigEndian(15, size: 8)
    #expect(bytes == expected)
  }

  @Test(
    "Integers take the fewest bytes; negative ones 8, those above Int64.max 16",
    arguments: [
      (PropertyListValue.integer(255), [0x10, 0xFF] as [UInt8]),
      (.integer(256), [0x11, 0x01, 0x00]),
      (.integer(65536), [0x12, 0x00, 0x01, 0x00, 0x00]),
      (.integer(1 << 32), [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
      (.integer(-1), [0x13] + [UInt8](repeating: 0xFF, count: 8)),
      (
        .unsignedInteger(.max),
        [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
      ),
      (.unsignedInteger(7), [0x10, 0x07]),
      (.real(1), [0x23, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0]),
      (.uid(256), [0x81, 0x01, 0x00]),
      (.uid(1 << 32), [0x87, 0, 0, 0, 1, 0, 0, 0, 0]),
      (.string("é"), [0x61, 0x00, 0xE9]),
      (.data(Array(repeating: 7, count: 15)), [0x4F, 0x10, 0x0F] + Array(repeating: 7, count: 15)),
    ])
  func scalarEncoding(value: PropertyListValue, object: [UInt8]) {
    let bytes = BinaryPropertyList.write(value)
    #expect(Array(bytes[8..<(bytes.count - 33)]) == object)
  }

  @Test(
    "Equal leaves are written once, containers and UIDs every time; 1 and 1.0, 0.0 and -0.0 apart"
  )
  func uniquing() throws {
    let value = PropertyListValue.array([
      .string("x"), .string("x"), .integer(1), .real(1), .real(0), .real(-0.0), .real(-0.0),
      .boolean(true), .boolean(true), .array([]), .array([]),
      .dictionary([PropertyListEntry(key: "x", value: .string("x"))]),
      .integer(7), .unsignedInteger(7), .uid(5), .uid(5), .data([1]), .data([1]),
      .date(0), .date(0), .string("e\u{301}"), .string("\u{E9}"),
    ])
    let bytes = BinaryPropertyList.write(value)
    // The array; "x"; 1; 1.0; 0.0; -0.0; true; two arrays; the
    // dictionary; 7; two UIDs; the data; the date; two spellings of é.
    #expect(trailer(bytes).count == 17)
    let read = try BinaryPropertyList.read(bytes)
    guard case .array(var items) = read else {
      Issue.record("not an array: \(read)")
      return
    }
    // 7 written once reads back signed both times.
    #expect(items[13] == .integer(7))
    items[13] = .unsignedInteger(7)
    #expect(PropertyListValue.array(items) == value)
  }

  @Test("256 objects or more take 2-byte references; 65536 bytes or more 4-byte offsets")
  func wideReferencesAndOffsets() throws {
    let many = PropertyListValue.array((0..<300).map { .integer(Int64($0) + 1000) })
    let manyBytes = BinaryPropertyList.write(many)
    #expect(trailer(manyBytes).referenceSize == 2)
    #expect(trailer(manyBytes).offsetSize == 2)
    #expect(try BinaryPropertyList.read(manyBytes) == many)

    let few = PropertyListValue.array((0..<254).map { .integer(Int64($0) + 1000) })
    #expect(trailer(BinaryPropertyList.write(few)).referenceSize == 1)

    let large = PropertyListValue.array([
      .data([UInt8](repeating: 1, count: 70_000)), .string("after"), .integer(-5),
    ])
    let largeBytes = BinaryPropertyList.write(large)
    #expect(trailer(largeBytes).offsetSize == 4)
    #expect(try BinaryPropertyList.read(largeBytes) == large)
  }

  @Test("Forms other writers use read too: sets, 4-byte reals, 3-byte offsets, wide counts")
  func otherForms() throws {
    // A set of two strings reads as an array, in the file's order.
    let set = assemble([[0xC2, 1, 2], [0x51, 0x62], [0x51, 0x61]])
    #expect(try BinaryPropertyList.read(set) == .array([.string("b"), .string("a")]))
    // A 4-byte real.
    let float = assemble([[0x22, 0x3F, 0xC0, 0x00, 0x00]])
    #expect(try BinaryPropertyList.read(float) == .real(1.5))
    // A 16-byte integer holding a negative 64-bit value, and one holding 5.
    let negative = assemble([[0x14] + [UInt8](repeating: 0xFF, count: 16)])
    #expect(try BinaryPropertyList.read(negative) == .integer(-1))
    let small = assemble([[0x14] + [UInt8](repeating: 0, count: 15) + [5]])
    #expect(try BinaryPropertyList.read(small) == .integer(5))
    // 3-byte offsets, 2-byte references where 1 would do, a count in 8 bytes.
    let odd = assemble(
      [[0xAF, 0x13, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1], [0x09]], offsetSize: 3, referenceSize: 2)
    #expect(try BinaryPropertyList.read(odd) == .array([.boolean(true)]))
    // A 3-byte UID and the top object not first.
    let uid = assemble([[0x82, 1, 0, 0], [0xA1, 0]], top: 1)
    #expect(try BinaryPropertyList.read(uid) == .array([.uid(65536)]))
  }

  @Test("isBinary looks at the first seven bytes")
  func detection() {
    #expect(BinaryPropertyList.isBinary(Array("bplist00".utf8)))
    #expect(BinaryPropertyList.isBinary(Array("bplist01xyz".utf8)))
    #expect(BinaryPropertyList.isBinary(ArraySlice(Array("bplist0".utf8))))
    #expect(!BinaryPropertyList.isBinary(Array("bplist1".utf8)))
    #expect(!BinaryPropertyList.isBinary(Array("<?xml version".utf8)))
    #expect(!BinaryPropertyList.isBinary([UInt8]()))
  }

  // MARK: Hostile input

  static let sample = PropertyListValue.dictionary([
    PropertyListEntry(key: "name", value: .string("caf\u{E9} \u{1F600}")),
    PropertyListEntry(
      key: "numbers", value: .array([.integer(-3), .real(2.5), .unsignedInteger(.max)])),
    PropertyListEntry(key: "when", value: .date(-1e9)),
    PropertyListEntry(key: "blob", value: .data([1, 2, 3])),
    PropertyListEntry(
      key: "nested", value: .dictionary([PropertyListEntry(key: "ok", value: .boolean(true))])),
    PropertyListEntry(key: "uid", value: .uid(3)),
  ])

  @Test("Every truncation of a file is refused with its place")
  func truncated() {
    let bytes = BinaryPropertyList.write(Self.sample)
    for length in 0..<bytes.count {
      _ = readError(Array(bytes.prefix(length)))
    }
  }

  @Test("Every byte of a file changed to each of several values: a value or an error, never a trap")
  func mutations() {
    let bytes = BinaryPropertyList.write(Self.sample)
    for index in 0..<bytes.count {
      for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x7F, 0x80, 0xAF, 0xDF, 0xFF] {
        var changed = bytes
        changed[index] = replacement
        _ = try? BinaryPropertyList.read(changed)
      }
    }
    var random = SplitMix64(seed: 36)
    for _ in 0..<2000 {
      var changed = bytes
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      _ = try? BinaryPropertyList.read(changed)
    }
  }

  @Test(
    "The trailer is checked against the file",
    arguments: [
      ("offset size 0", assemble([[0x09]], offsetSize: 1).replacing(at: -26, with: 0)),
      ("offset size 9", assemble([[0x09]], offsetSize: 1).replacing(at: -26, with: 9)),
      ("reference size 0", assemble([[0x09]]).replacing(at: -25, with: 0)),
      ("no objects", assemble([[0x09]], count: 0)),
      ("too many objects for the table", assemble([[0x09]], count: 2)),
      ("a huge object count", assemble([[0x09]], count: UInt64.max)),
      ("top object past the count", assemble([[0x09]], top: 1)),
      ("table offset inside the header", assemble([[0x09]], tableOffset: 4)),
      ("table offset past the trailer", assemble([[0x09]], tableOffset: 1 << 40)),
      ("one-byte references for 300 objects", assemble(Array(repeating: [0x09], count: 300))),
      ("an offset past the objects", assemble([[0x09]]).replacing(at: -33, with: 200)),
      ("an offset inside the header", assemble([[0x09]]).replacing(at: -33, with: 2)),
      ("not bplist0", Array("bplist10".utf8) + [0x09] + [UInt8](repeating: 0, count: 33)),
    ])
  func badTrailer(name: String, bytes: [UInt8]) {
    _ = readError(bytes)
  }

  @Test(
    "Objects that are not property list values, or do not fit, are refused",
    arguments: [
      ("null", assemble([[0x00]])),
      ("fill", assemble([[0x0F]])),
      ("a UUID (bplist1x)", assemble([[0x0E]])),
      ("a UTF-8 string (bplist1x)", assemble([[0x71, 0x61]])),
      ("an ordered set (bplist1x)", assemble([[0xB0]])),
      ("marker 0x9", assemble([[0x90]])),
      ("marker 0xE", assemble([[0xE0]])),
      ("a 32-byte integer", assemble([[0x15] + [UInt8](repeating: 0, count: 32)])),
      (
        "a 128-bit integer above UInt64.max",
        assemble([[0x14, 1] + [UInt8](repeating: 0, count: 15)])
      ),
      ("a 2-byte real", assemble([[0x21, 0, 0]])),
      ("a 4-byte date", assemble([[0x32, 0, 0, 0, 0]])),
      ("an ASCII string with a high byte", assemble([[0x52, 0x61, 0xE9]])),
      ("a lone surrogate", assemble([[0x61, 0xD8, 0x00]])),
      ("a UID above 64 bits", assemble([[0x88, 1, 0, 0, 0, 0, 0, 0, 0, 0]])),
      ("a number as a key", assemble([[0xD1, 1, 1], [0x10, 0x01]])),
      ("a container as a key", assemble([[0xD1, 1, 1], [0xA0]])),
      ("a count that is not an integer", assemble([[0x4F, 0x51, 0x61]])),
      (
        "a count of a 16-byte integer", assemble([[0x4F, 0x14] + [UInt8](repeating: 0, count: 16)])
      ),
      ("data past the objects", assemble([[0x45, 1, 2]])),
      ("a huge count", assemble([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])),
      (
        "a huge UTF-16 count",
        assemble([[0x6F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
      ),
      ("a reference past the objects", assemble([[0xA1, 5]])),
      ("references past the objects", assemble([[0xA4, 0]])),
      ("an array that contains itself", assemble([[0xA1, 0]])),
      ("two arrays that contain each other", assemble([[0xA1, 1], [0xA1, 0]])),
      ("a dictionary whose value is itself", assemble([[0xD1, 1, 0], [0x51, 0x6B]])),
    ])
  func badObjects(name: String, bytes: [UInt8]) {
    _ = readError(bytes)
  }

  @Test("Nesting to the limit reads; one deeper is refused")
  func depth() throws {
    func nested(_ depth: Int) -> [UInt8] {
      // Object N is an array holding object N + 1; the last is empty.
      assemble(
        (0..<depth).map { $0 == depth - 1 ? [0xA0] : [0xA1] + bigEndian(UInt64($0 + 1), size: 4) },
        offsetSize: 4, referenceSize: 4)
    }
    var expected = PropertyListValue.array([])
    for _ in 1..<BinaryPropertyList.maximumDepth { expected = .array([expected]) }
    #expect(try BinaryPropertyList.read(nested(BinaryPropertyList.maximumDepth)) == expected)
    let error = readError(nested(BinaryPropertyList.maximumDepth + 1))
    #expect(error?.message.contains("nested") == true)
    _ = readError(nested(100_000))
  }

  @Test("Containers shared exponentially (a billion laughs) are refused, quickly")
  func sharedContainers() {
    // Object N is [N+1, N+1]; 60 levels stand for 2^60 values.
    let levels = 60
    let bytes = assemble(
      (0..<levels).map { $0 == levels - 1 ? [0x09] : [0xA2, UInt8($0 + 1), UInt8($0 + 1)] })
    let started = ContinuousClock.now
    let error = readError(bytes)
    #expect(error?.message.contains("shared") == true)
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test("A leaf shared by many containers reads, as writers share them")
  func sharedLeaves() throws {
    let value = PropertyListValue.array(
      (0..<2000).map { _ in .dictionary([PropertyListEntry(key: "k", value: .boolean(true))]) })
    let bytes = BinaryPropertyList.write(value)
    #expect(trailer(bytes).count == 2003)
    #expect(try BinaryPropertyList.read(bytes) == value)
    // A million references to one object: 2 objects, all read.
    let wide = PropertyListValue.array(Array(repeating: .boolean(true), count: 1_000_000))
    #expect(try BinaryPropertyList.read(BinaryPropertyList.write(wide)) == wide)
  }
}

extension Array where Element == UInt8 {
  /// A copy with the byte at `index` (from the end when negative) set.
  fileprivate func replacing(at index: Int, with byte: UInt8) -> [UInt8] {
    var copy = self
    copy[index < 0 ? count + index : index] = byte
    return copy
  }
}
