import DocKit
import Foundation
import Testing

/// DocKit's binary property list reader: it reads what Foundation writes
/// as Foundation reads it back, and refuses hostile input with an error
/// where Foundation's reader crashes.
@Suite("Binary property list reader")
struct BinaryPropertyListReaderTests {
  /// A canonical text of a property list value, keys sorted, so that two
  /// readers' results compare whatever their dictionaries' order.
  static func canonical(_ value: Any) -> String {
    switch value {
    case let dictionary as [String: Any]:
      "{"
        + dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\(canonical($0.value))" }
        .joined(separator: ",") + "}"
    case let array as [Any]: "[" + array.map(canonical).joined(separator: ",") + "]"
    // Foundation reads 0 and 1 back as numbers that also cast to Bool,
    // so numbers and booleans compare by value.
    case let bool as Bool where type(of: value) == Bool.self: "number:\(bool ? 1 : 0)"
    case let number as NSNumber: "number:\(number.doubleValue)"
    case let integer as Int: "number:\(Double(integer))"
    case let real as Double: "number:\(real)"
    case let string as String: "string:\(Array(string.utf8))"
    case let data as Data: "data:\(Array(data))"
    case let date as Date: "date:\(date.timeIntervalSinceReferenceDate)"
    default: "other:\(type(of: value))"
    }
  }

  static var values: [(name: String, value: Any)] {
    [
      (
        "an Info.plist's shape",
        [
          "CFBundleDocumentTypes": [
            ["CFBundleTypeName": "Notes", "LSItemContentTypes": ["org.example.notes"]]
          ],
          "UTExportedTypeDeclarations": [
            [
              "UTTypeIdentifier": "org.example.notes", "UTTypeConformsTo": ["com.apple.package"],
              "UTTypeTagSpecification": ["public.filename-extension": ["notes"]],
            ]
          ],
        ] as [String: Any]
      ),
      ("text that is not ASCII", ["name": "Crème brûlée 🍮", "other": "plain"] as [String: Any]),
      (
        "a long string and a long array",
        [
          "text": String(repeating: "abcdefghij", count: 40),
          "list": Array(0..<40),
        ] as [String: Any]
      ),
      (
        "integers of every width",
        [0, 1, 255, 256, 65_535, 65_536, 4_294_967_296, -1, Int.min, Int.max]
      ),
      (
        "reals, booleans, data and a date",
        [
          1.5, -0.25, true, false, Data([0, 1, 2, 255]),
          Date(timeIntervalSinceReferenceDate: 123.5),
        ] as [Any]
      ),
    ]
  }

  @Test("Reads what Foundation writes as Foundation reads it back", arguments: 0..<5)
  func parity(_ index: Int) throws {
    let value = Self.values[index].value
    let data = try PropertyListSerialization.data(
      fromPropertyList: value, format: .binary, options: 0)
    let foundation = try PropertyListSerialization.propertyList(from: data, format: nil)
    let ours = try BinaryPropertyListReader.value(from: data)
    #expect(Self.canonical(ours) == Self.canonical(foundation), "\(Self.values[index].name)")
  }

  /// A binary property list of `objects` (each an encoded object), with
  /// one-byte offsets and references, whose top object is the first.
  static func plist(_ objects: [[UInt8]], referenceCount: UInt8? = nil) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, referenceCount ?? UInt8(objects.count)]
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
    return Data(bytes)
  }

  @Test("A set is read as an array (Foundation's reader crashes bridging it)")
  func set() throws {
    // A set (0xC2) of two ASCII strings.
    let data = Self.plist([[0xC2, 1, 2], [0x51, 0x61], [0x51, 0x62]])
    let value = try BinaryPropertyListReader.value(from: data)
    #expect(Self.canonical(value) == Self.canonical(["a", "b"]))
  }

  @Test(
    "Hostile input is refused with the reason",
    arguments: [
      ("an array that contains itself", [[0xA1, 0]] as [[UInt8]], "contains itself"),
      ("a reference past the objects", [[0xA1, 7]], "a reference to object 7"),
      ("a length longer than the file", [[0x5F, 0x10, 0xFF]], "larger than the file"),
      ("a string that runs past the objects", [[0x55, 0x61]], "runs past the objects"),
      ("a UID", [[0x80, 1]], "UID"),
      ("a dictionary key that is not a string", [[0xD1, 1, 1], [0x10, 5]], "not a string"),
      ("an unknown marker", [[0x70]], "unknown object marker 0x70"),
    ])
  func hostile(_ name: String, _ objects: [[UInt8]], _ reason: String) {
    #expect(throws: BinaryPropertyListReader.Failure.self, "\(name)") {
      try BinaryPropertyListReader.value(from: Self.plist(objects))
    }
    do {
      _ = try BinaryPropertyListReader.value(from: Self.plist(objects))
    } catch {
      #expect(error.message.contains(reason), "\(name): \(error)")
    }
  }

  @Test("Booleans, integers and reals keep their Swift types")
  func types() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: [true, 7, 2.5] as [Any], format: .binary, options: 0)
    let values = try #require(try BinaryPropertyListReader.value(from: data) as? [Any])
    #expect(values.count == 3)
    #expect(type(of: values[0]) == Bool.self)
    #expect(values[1] as? Int == 7)
    #expect(values[2] as? Double == 2.5)
  }

  @Test("A trailer that claims more objects than the file holds is refused")
  func trailer() {
    #expect(throws: BinaryPropertyListReader.Failure.self) {
      try BinaryPropertyListReader.value(from: Self.plist([[0x08]], referenceCount: 200))
    }
  }

  @Test("Objects shared by many containers cannot stand for exponentially many values")
  func sharedObjects() {
    // Object i is an array holding object i+1 twice; 40 levels stand for
    // 2^40 reads of the last.
    var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    #expect(throws: BinaryPropertyListReader.Failure.self) {
      try BinaryPropertyListReader.value(from: Self.plist(objects))
    }
  }
}
