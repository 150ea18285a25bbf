import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// Binary property lists as documents: held as their XML rendering,
/// saved as the bytes read while unchanged, else written as binary that
/// `plistlib` and `plistutil` read back.
@Suite("Property lists: binary documents")
struct PropertyListBinaryDocumentTests {
  /// plistlib's binary form of the tagged `value`.
  static func plistlibBinary(_ value: PropertyListValue) throws -> [UInt8] {
    let hex = try BinaryPlistBridge.run("dump", [], input: try BinaryPlistBridge.json([value]))
    let digits = Array(hex.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    return try stride(from: 0, to: digits.count, by: 2).map { (start: Int) throws -> UInt8 in
      try #require(UInt8(String(decoding: digits[start..<(start + 2)], as: UTF8.self), radix: 16))
    }
  }

  /// What plistlib (and plistutil, when installed) read from `bytes`.
  static func readBack(_ bytes: [UInt8]) throws -> PropertyListValue {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plist-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(bytes).write(to: folder.appendingPathComponent("0.bplist"))
    let values = try BinaryPlistBridge.values(
      fromJSON: try BinaryPlistBridge.run("read", [folder.path, "1"]))
    return try #require(values.first)
  }

  static let app: PropertyListValue = .dictionary([
    .init(key: "CFBundleName", value: .string("Trip")),
    .init(key: "Version", value: .integer(3)),
    .init(key: "Created", value: .date(-31_536_000.5)),
    .init(key: "Blob", value: .data([0, 1, 2, 255])),
    .init(
      key: "Items",
      value: .array([.real(1.5), .boolean(true), .unsignedInteger(UInt64.max), .string("é")])),
  ])

  @Test("A plistlib binary file opens as its XML rendering and saves byte-identical unchanged")
  func unchangedSave() throws {
    let file = try Self.plistlibBinary(Self.app)
    let document = try PropertyListDocument(bytes: file)
    #expect(document.format == .binary)
    #expect(document.value == Self.app)
    #expect(document.text.hasPrefix("<?xml"))
    #expect(try [UInt8](document.data) == file)
  }

  @Test(
    "One edited value saves as a binary plist that plistlib and plistutil read back",
    arguments: [
      ("/CFBundleName", PropertyListValue.string("Lisbon & Porto")),
      ("/Version", .integer(-70_000)),
      ("/Items/2", .date(1_000_000_000)),
      ("/New", .data([])),
    ])
  func editedSave(pointer: String, value: PropertyListValue) throws {
    var document = try PropertyListDocument(bytes: try Self.plistlibBinary(Self.app))
    let undo = try document.set(value, at: pointer)
    let saved = try [UInt8](document.data)
    #expect(saved.starts(with: Array("bplist00".utf8)))
    let read = try Self.readBack(saved)
    #expect(read == document.value)
    #expect(read[String(pointer.dropFirst())] == value || pointer.hasPrefix("/Items"))
    if pointer == "/Items/2", case .array(let items) = read["Items"] ?? .string("") {
      #expect(items[2] == value)
    }
    // Undone, the document saves the file as read again.
    _ = undo.apply(to: &document)
    #expect(try [UInt8](document.data) == (try Self.plistlibBinary(Self.app)))
  }

  @Test("A keyed archive's UIDs show as CF$UID dictionaries and save as UIDs")
  func keyedArchive() throws {
    let archive: PropertyListValue = .dictionary([
      .init(key: "$version", value: .integer(100_000)),
      .init(key: "$archiver", value: .string("NSKeyedArchiver")),
      .init(key: "$top", value: .dictionary([.init(key: "root", value: .uid(1))])),
      .init(
        key: "$objects",
        value: .array([
          .string("$null"),
          .dictionary([
            .init(key: "name", value: .uid(2)), .init(key: "$class", value: .uid(3)),
          ]),
          .string("Trip"),
          .dictionary([
            .init(key: "$classname", value: .string("Trip")),
            .init(key: "$classes", value: .array([.string("Trip"), .string("NSObject")])),
          ]),
        ])),
    ])
    var document = try PropertyListDocument(bytes: try Self.plistlibBinary(archive))
    #expect(document.text.contains("<key>CF$UID</key>"))
    #expect(try document.value(at: "/$top/root/CF$UID") == .integer(1))
    try document.set(.string("Lisbon"), at: "/$objects/2")
    try document.set(
      .dictionary([.init(key: "CF$UID", value: .integer(7))]), at: "/$top/extra")
    let read = try Self.readBack(try [UInt8](document.data))
    #expect(read["$top"]?["root"] == .uid(1))
    #expect(read["$top"]?["extra"] == .uid(7))
    guard case .array(let objects) = read["$objects"] ?? .string("") else {
      Issue.record("no $objects")
      return
    }
    #expect(objects[1]["$class"] == .uid(3))
    #expect(objects[2] == .string("Lisbon"))
  }

  @Test("convert binary and convert xml change the saved form, and undo changes it back")
  func convertBetween() throws {
    let xml = try PropertyListDocument(value: Self.app)
    var document = xml
    let toBinary = try document.convert(to: .binary)
    #expect(document.format == .binary)
    let binary = try [UInt8](document.data)
    // XML holds whole seconds, so the date is read from the XML file
    // without its half second.
    #expect(try Self.readBack(binary) == xml.value)
    #expect(xml.value["Created"] == .date(-31_536_001))
    var reopened = try PropertyListDocument(bytes: binary)
    try reopened.convert(to: .xml)
    #expect(reopened.format == .xml)
    #expect(try [UInt8](reopened.data) == (try [UInt8](xml.data)))
    _ = toBinary.apply(to: &document)
    #expect(document == xml)
  }
}
