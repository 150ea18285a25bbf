import DocKit
import Foundation
import Testing

@testable import DocFormats

/// A binary property list from parts: the objects in order, then the
/// offset table and the trailer (4-byte offsets and references).
private func assembled(_ objects: [[UInt8]], referenceSize: Int = 4) -> [UInt8] {
  var bytes = Array("bplist00".utf8)
  var offsets: [Int] = []
  for object in objects {
    offsets.append(bytes.count)
    bytes += object
  }
  let table = bytes.count
  for offset in offsets { bytes += big(UInt64(offset), 4) }
  bytes += [0, 0, 0, 0, 0, 0, 4, UInt8(referenceSize)]
  bytes += big(UInt64(objects.count), 8) + big(0, 8) + big(UInt64(table), 8)
  return bytes
}

private func big(_ number: UInt64, _ size: Int) -> [UInt8] {
  (0..<size).reversed().map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
}

/// An array object holding `references` (4 bytes each).
private func array(_ references: [Int]) -> [UInt8] {
  precondition(references.count < 15)
  return [0xA0 | UInt8(references.count)] + references.flatMap { big(UInt64($0), 4) }
}

/// Binary documents held as their own bytes: checked at open as the
/// value reader checks them, read by pointer, edited by appending objects
/// and saved with a new offset table.
@Suite("Property lists: binary documents held as their bytes")
struct BinaryPropertyListStoreTests {
  /// Whether opening `bytes` as a document and reading them whole
  /// agree: the same value, or the same error at the same offset.
  static func expectAgreement(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let read: Result<PropertyListValue, FormatError>
    do { read = .success(try BinaryPropertyList.read(bytes)) } catch { read = .failure(error) }
    let held: Result<PropertyListValue, FormatError>
    do {
      let store = try BinaryPropertyListStore(bytes)
      held = .success(store.value(of: store.top, uidsAsDictionaries: false))
    } catch {
      held = .failure(error)
    }
    switch (read, held) {
    case (.success(let a), .success(let b)):
      #expect(a == b, sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
      #expect(a.message == b.message, sourceLocation: sourceLocation)
      #expect(a.byteOffset == b.byteOffset, sourceLocation: sourceLocation)
    default:
      Issue.record("read: \(read), held: \(held)", sourceLocation: sourceLocation)
    }
  }

  static let sample: PropertyListValue = .dictionary([
    .init(key: "name", value: .string("Trip")),
    .init(key: "é", value: .string("Lisboa é bonita")),
    .init(key: "count", value: .integer(-3)),
    .init(key: "big", value: .unsignedInteger(.max)),
    .init(key: "real", value: .real(0.25)),
    .init(key: "when", value: .date(-1.5)),
    .init(key: "blob", value: .data([1, 2, 3])),
    .init(key: "list", value: .array([.boolean(true), .string("Trip"), .integer(-3)])),
    .init(key: "nested", value: .dictionary([.init(key: "name", value: .string("Trip"))])),
    .init(key: "uid", value: .uid(3)),
  ])

  @Test(
    "Every truncation and every byte changed: opening refuses as reading does, at the same offset")
  func validationAgrees() {
    let bytes = BinaryPropertyList.write(Self.sample)
    for length in 0...bytes.count { Self.expectAgreement(Array(bytes.prefix(length))) }
    for index in 0..<bytes.count {
      for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x13, 0x7F, 0x80, 0xAF, 0xD1, 0xFF] {
        var changed = bytes
        changed[index] = replacement
        Self.expectAgreement(changed)
      }
    }
  }

  @Test("Shared containers: the budget and the depth run out where reading stops")
  func sharedContainerErrors() {
    // Object N is [N+1, N+1]: the second reference reaches what the first
    // checked, and the values double each level.
    let laughs = assembled(
      (0..<60).map { $0 == 59 ? [0x09] : array([$0 + 1, $0 + 1]) })
    Self.expectAgreement(laughs)
    // Object 0 is [1, 2]; 1 starts a chain 300 deep; 2 starts a chain of
    // 300 that ends in object 1: the second time, 1 is too deep.
    var objects: [[UInt8]] = [array([1, 302])]
    for level in 0..<300 { objects.append(level == 299 ? [0xA0] : array([objects.count + 1])) }
    for level in 0..<300 { objects.append(level == 299 ? array([1]) : array([objects.count + 1])) }
    let deep = assembled(objects)
    Self.expectAgreement(deep)
    #expect(throws: FormatError.self) { try PropertyListDocument(bytes: deep) }
    // Shallow enough, the shared chain reads from both places.
    var shallow: [[UInt8]] = [array([1, 102])]
    for level in 0..<100 { shallow.append(level == 99 ? [0xA0] : array([shallow.count + 1])) }
    for level in 0..<100 { shallow.append(level == 99 ? array([1]) : array([shallow.count + 1])) }
    Self.expectAgreement(assembled(shallow))
  }

  @Test("Random edits of a binary document hold what the same edits of an XML one hold")
  func editsMatchXML() throws {
    var random = SplitMix64(seed: 36)
    let start: PropertyListValue = .dictionary([
      .init(key: "name", value: .string("Trip")),
      .init(key: "list", value: .array((0..<20).map { .integer(Int64($0 % 3)) })),
      .init(
        key: "items",
        value: .array(
          (0..<5).map { index in
            .dictionary([
              .init(key: "name", value: .string("Trip")),
              .init(key: "size", value: .integer(Int64(index))),
            ])
          })),
    ])
    let file = try PropertyListBinaryDocumentTests.plistlibBinary(start)
    var binary = try PropertyListDocument(bytes: file)
    var xml = try PropertyListDocument(value: start)
    var undos: [(DocumentEdit<PropertyListDocument>, DocumentEdit<PropertyListDocument>)] = []
    let pointers = [
      "/name", "/list/0", "/list/19", "/list/-", "/list/7", "/items/2/size", "/items/4/name",
      "/items/0/new", "/items/-", "/items/1", "/missing/x", "/name/x", "/list/99", "",
    ]
    let values: [PropertyListValue] = [
      .string("Lisbon"), .integer(-70_000), .real(1.5), .boolean(false), .data([9]),
      .array([.string("a"), .dictionary([])]),
      .dictionary([.init(key: "CF$UID", value: .integer(4))]),
    ]
    for step in 0..<300 {
      let pointer = pointers[Int.random(in: 0..<(pointers.count - 1), using: &random)]
      let value = values[Int.random(in: 0..<values.count, using: &random)]
      let operation = Int.random(in: 0..<3, using: &random)
      func run(
        _ document: inout PropertyListDocument
      ) -> Result<DocumentEdit<PropertyListDocument>, FormatError> {
        do {
          switch operation {
          case 0: return .success(try document.set(value, at: pointer))
          case 1: return .success(try document.insert(value, at: pointer))
          default: return .success(try document.remove(at: pointer))
          }
        } catch {
          return .failure(error)
        }
      }
      switch (run(&binary), run(&xml)) {
      case (.success(let binaryUndo), .success(let xmlUndo)):
        undos.append((binaryUndo, xmlUndo))
      case (.failure(let a), .failure(let b)):
        #expect(a.message == b.message, "step \(step)")
      case (let a, let b):
        Issue.record("step \(step): binary \(a), XML \(b)")
      }
      #expect(binary.value == xml.value, "step \(step): \(operation) \(pointer)")
      if step % 60 == 59 {
        let saved = try [UInt8](binary.data)
        #expect(try PropertyListDocument(bytes: saved).value == binary.value)
      }
    }
    let saved = try [UInt8](binary.data)
    // A one-key dictionary {CF$UID = N} is saved as the UID N.
    #expect(
      try PropertyListBinaryDocumentTests.readBack(saved)
        == PropertyListDocument.restoringUIDs(in: binary.value))
    // Undone to the start, the file is as read, byte for byte; redone, it
    // holds the edits again.
    var redos: [DocumentEdit<PropertyListDocument>] = []
    for (binaryUndo, _) in undos.reversed() { redos.append(binaryUndo.apply(to: &binary)) }
    #expect(try [UInt8](binary.data) == file)
    for redo in redos.reversed() { _ = redo.apply(to: &binary) }
    #expect(try [UInt8](binary.data) == saved)
  }

  @Test("One set appends its objects: the file's objects are saved as they were")
  func appendedSave() throws {
    let value: PropertyListValue = .dictionary([
      .init(
        key: "items",
        value: .array(
          (0..<300).map { index in
            .dictionary([
              .init(key: "name", value: .string("item \(index)")),
              .init(key: "size", value: .integer(Int64(index))),
            ])
          }))
    ])
    let file = try PropertyListBinaryDocumentTests.plistlibBinary(value)
    let table = try BinaryPropertyListTrailer(file).offsetTable
    var document = try PropertyListDocument(bytes: file)
    try document.set(.integer(-1), at: "/items/150/size")
    try document.set(.string("renamed"), at: "/items/7/name")
    let saved = try [UInt8](document.data)
    #expect(saved.starts(with: file[..<table]))
    // Two small objects and two dictionaries of two entries each, with
    // 2-byte references: far less than the file.
    #expect(saved.count - file.count < 64)
    let read = try PropertyListBinaryDocumentTests.readBack(saved)
    #expect(read == document.value)
    #expect(try document.value(at: "/items/150/size") == .integer(-1))
    #expect(try document.value(at: "/items/149/size") == .integer(149))
    #expect(try document.value(at: "/items/7/name") == .string("renamed"))
    // The file's own reader reads the saved bytes whole.
    #expect(try BinaryPropertyList.read(saved) == document.value)
    // The same through a file wrapper's buffers.
    let wrapper = try document.fileWrapper(
      configuration: .init(contentType: .binaryPropertyList, existingFile: nil))
    #expect(wrapper.regularFileContents.map([UInt8].init) == saved)
  }

  @Test("A container referenced from two places is written anew; the other place keeps it")
  func sharedContainerEdit() throws {
    // Object 0 is [1, 1]; object 1 is [2]; object 2 is true.
    let file = assembled([array([1, 1]), array([2]), [0x09]])
    var document = try PropertyListDocument(bytes: file)
    try document.set(.integer(5), at: "/0/0")
    #expect(document.value == .array([.array([.integer(5)]), .array([.boolean(true)])]))
    let saved = try [UInt8](document.data)
    #expect(try BinaryPropertyList.read(saved) == document.value)
    #expect(try PropertyListBinaryDocumentTests.readBack(saved) == document.value)
  }

  @Test("A string CoreFoundation writes once is changed at the one place set names")
  func sharedScalarEdit() throws {
    let value: PropertyListValue = .array([.string("same"), .string("same"), .string("same")])
    var document = try PropertyListDocument(bytes: BinaryPropertyList.write(value))
    try document.set(.string("other"), at: "/1")
    #expect(document.value == .array([.string("same"), .string("other"), .string("same")]))
    #expect(try BinaryPropertyList.read(try [UInt8](document.data)) == document.value)
  }

  @Test("An edit past what 1-byte references name writes the file again, references widened")
  func widenedReferences() throws {
    let value = PropertyListValue.array((0..<250).map { .integer(Int64($0)) })
    let file = BinaryPropertyList.write(value)
    #expect(file[file.count - 25] == 1)
    var document = try PropertyListDocument(bytes: file)
    let undo = try document.insert(
      .array((1000..<1020).map { .integer(Int64($0)) }), at: "/0")
    let saved = try [UInt8](document.data)
    #expect(saved[saved.count - 25] == 2)
    #expect(try PropertyListBinaryDocumentTests.readBack(saved) == document.value)
    _ = undo.apply(to: &document)
    #expect(try [UInt8](document.data) == file)
  }

  @Test("When dead objects outweigh the rest, a save writes the file whole")
  func compaction() throws {
    let value = PropertyListValue.array((0..<100).map { .integer(Int64($0)) })
    var document = try PropertyListDocument(bytes: BinaryPropertyList.write(value))
    for round in 0..<2 { try document.set(.integer(-1), at: "/\(round)") }
    let store = try #require(document.binary)
    #expect(!store.needsCompaction)
    for round in 0..<10 { try document.set(.integer(-2), at: "/\(round)") }
    #expect(document.binary?.needsCompaction == true)
    let saved = try [UInt8](document.data)
    #expect(saved == BinaryPropertyList.write(document.value))
  }

  @Test(
    "Values replaced or removed count as dead: a file edited again and again stays near its live size",
    arguments: ["set", "remove"])
  func replacedValuesAreDead(edit: String) throws {
    let blob = [UInt8](repeating: 0xAB, count: 50_000)
    let value: PropertyListValue = .dictionary([
      PropertyListEntry(key: "name", value: .string("small")),
      PropertyListEntry(key: "blob", value: .data(blob)),
    ])
    var document = try PropertyListDocument(bytes: BinaryPropertyList.write(value))
    for round in 0..<20 {
      let next = PropertyListValue.data(blob.map { $0 &+ UInt8(round) })
      if edit == "set" {
        try document.set(next, at: "/blob")
      } else {
        _ = try document.remove(at: "/blob")
        _ = try document.insert(next, at: "/blob")
      }
      // Once more than half of what a save writes is dead, the save
      // writes the file whole: never more than twice the live bytes.
      let saved = try [UInt8](document.data)
      #expect(saved.count <= 2 * BinaryPropertyList.write(document.value).count + 64)
      #expect(try BinaryPropertyList.read(saved) == document.value)
    }
  }

  @Test("A removed subtree's objects are dead, but a container it shares with another place is not")
  func removedSubtree() throws {
    func string(_ text: String) -> [UInt8] {
      let utf8 = Array(text.utf8)
      guard utf8.count >= 15 else { return [0x50 | UInt8(utf8.count)] + utf8 }
      return [0x5F, 0x11] + big(UInt64(utf8.count), 2) + utf8
    }
    func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
      [0xD0 | UInt8(keys.count)] + (keys + values).flatMap { big(UInt64($0), 4) }
    }
    // {gone = {text = 300 g; shared = (400 s)}; kept = the same array}:
    // object 3, the array, is referenced from both dictionaries.
    let file = assembled([
      dictionary(keys: [4, 5], values: [1, 3]),
      dictionary(keys: [6, 7], values: [2, 3]),
      string(String(repeating: "g", count: 300)),
      array([8]),
      string("gone"), string("kept"), string("text"), string("shared"),
      string(String(repeating: "s", count: 400)),
    ])
    var document = try PropertyListDocument(bytes: file)
    #expect(try #require(document.binary).deadBytes == 0)
    _ = try document.remove(at: "/gone")
    // The top dictionary written again (17 bytes), the key "gone" (5),
    // the removed dictionary (17), its keys (5 and 7) and its 300-byte
    // string (304); not the array it shares with /kept, nor its string.
    #expect(try #require(document.binary).deadBytes == 17 + 5 + 17 + 5 + 7 + 304)
    #expect(
      try BinaryPropertyList.read(try [UInt8](document.data))
        == .dictionary([
          PropertyListEntry(
            key: "kept", value: .array([.string(String(repeating: "s", count: 400))]))
        ]))
  }

  @Test("A set (marker 0xC) edited stays a set, and reads as an array")
  func setEdit() throws {
    let file = assembled([[0xC2] + big(1, 4) + big(2, 4), [0x10, 7], [0x09]])
    var document = try PropertyListDocument(bytes: file)
    try document.set(.integer(8), at: "/0")
    #expect(document.value == .array([.integer(8), .boolean(true)]))
    let saved = try [UInt8](document.data)
    let top = try BinaryPropertyListStore(saved)
    #expect(top.kind(of: top.top) == 0xC)
  }

  @Test("show prints the XML rendering, built from the objects; the document holds no XML")
  func rendering() throws {
    let document = try PropertyListDocument(bytes: BinaryPropertyList.write(Self.sample))
    #expect(document.bytes.isEmpty)
    #expect(
      document.text
        == String(
          decoding: try PropertyListXMLWriter.document(Self.sample, exactDates: true),
          as: UTF8.self))
    #expect(document.children(at: "").count == 10)
    #expect(document.children(at: "/uid").map(\.key) == ["CF$UID"])
    #expect(try document.value(at: "/uid/CF$UID") == .integer(3))
  }
}
