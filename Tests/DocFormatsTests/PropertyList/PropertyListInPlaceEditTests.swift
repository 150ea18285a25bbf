import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// An XML or ASCII property list's bytes change where they are when the
/// document holds the only reference to them: an edit costs what it
/// replaces, not a copy of the file. A refused edit leaves the bytes and
/// the index exactly as they were, undo gives the bytes back, and a copy
/// of the document held while the other is edited keeps its own bytes.
@Suite("Property lists: edits change the bytes where they are")
struct PropertyListInPlaceEditTests {
  /// A fixture, a value in it that an edit replaces with one of the same
  /// length or shorter, and bytes that do not read in that value's place.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var pointer: String
    var value: PropertyListValue
    var old: String
    var unreadable: String
    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "XML", text: PropertyListFixtures.infoPlist, pointer: "/CFBundleShortVersionString",
      value: .string("2"), old: "<string>1.0</string>", unreadable: "<string>1.0</strin"),
    Case(
      name: "XML with CRLF and a byte-order mark", text: PropertyListFixtures.crlf,
      pointer: "/When", value: .date(0), old: "<date>1969-07-20T20:17:40Z</date>",
      unreadable: "<date>1969-07-20T20:17:40Z<date>"),
    Case(
      name: "ASCII", text: PropertyListFixtures.pbxproj,
      pointer: "/objects/AA00000000000000000000C1/buildSettings/PRODUCT_NAME",
      value: .string("App"), old: #""$(TARGET_NAME)""#, unreadable: #""$(TARGET_NAME)"#),
    Case(
      name: ".strings", text: "/* Greeting */\n\"hello\" = \"Hello, world\";\n\"bye\" = \"Bye\";\n",
      pointer: "/hello", value: .string("Hi"), old: #""Hello, world""#,
      unreadable: #""Hello, world"#),
  ]

  static func address(_ bytes: [UInt8]) -> UInt? {
    bytes.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
  }

  /// Where `old` is in `text`'s bytes.
  static func range(of old: String, in text: String) throws -> Range<Int> {
    let bytes = Array(text.utf8)
    let needle = Array(old.utf8)
    let start = try #require(
      bytes.indices.first { bytes[$0...].starts(with: needle) }, "\(old) is not in the fixture")
    return start..<(start + needle.count)
  }

  @Test("A set changes the bytes where they are, and reads as a fresh open does", arguments: cases)
  func setInPlace(_ test: Case) throws {
    var document = try PropertyListDocument(bytes: Array(test.text.utf8))
    let before = Self.address(document.bytes)
    try document.set(test.value, at: test.pointer)
    #expect(Self.address(document.bytes) == before, "the edit copied the bytes")
    #expect(try document.value(at: test.pointer) == test.value)
    let fresh = try PropertyListDocument(bytes: document.bytes)
    #expect(document.tree.nodes == fresh.tree.nodes)
  }

  @Test(
    "A splice that would not read is refused: the bytes and the index are exactly as before",
    arguments: cases)
  func refusedSpliceChangesNothing(_ test: Case) throws {
    var document = try PropertyListDocument(bytes: Array(test.text.utf8))
    let bytes = document.bytes
    let nodes = document.tree.nodes
    let range = try Self.range(of: test.old, in: test.text)
    #expect(throws: FormatError.self) {
      try document.splice(range, with: Array(test.unreadable.utf8), actionName: "Set")
    }
    #expect(document.bytes == bytes)
    #expect(document.tree.nodes == nodes)
    #expect(document.value == (try PropertyListDocument(bytes: bytes)).value)
    // The document still edits, and undo gives back the file.
    let undo = try document.set(test.value, at: test.pointer)
    _ = undo.apply(to: &document)
    #expect(document.bytes == bytes)
    #expect(document.tree.nodes == nodes)
  }

  @Test("Undo of several edits in place gives back every byte and the index", arguments: cases)
  func undoAfterEditsInPlace(_ test: Case) throws {
    let original = Array(test.text.utf8)
    var document = try PropertyListDocument(bytes: original)
    let nodes = document.tree.nodes
    var undos: [DocumentEdit<PropertyListDocument>] = []
    var states: [[UInt8]] = [document.bytes]
    for value in [test.value, .string("a longer value than the one it replaces"), test.value] {
      undos.append(try document.set(value, at: test.pointer))
      states.append(document.bytes)
    }
    undos.append(try document.remove(at: test.pointer))
    states.append(document.bytes)
    var redos: [DocumentEdit<PropertyListDocument>] = []
    for (undo, state) in zip(undos.reversed(), states.dropLast().reversed()) {
      redos.append(undo.apply(to: &document))
      #expect(document.bytes == state)
      #expect(document.tree.nodes == (try PropertyListDocument(bytes: state)).tree.nodes)
    }
    #expect(document.bytes == original)
    #expect(document.tree.nodes == nodes)
    for (redo, state) in zip(redos.reversed(), states.dropFirst()) {
      _ = redo.apply(to: &document)
      #expect(document.bytes == state)
    }
  }

  @Test(
    "A copy held while the document is edited, or refuses an edit, keeps its bytes and values",
    arguments: cases)
  func copyKeepsItsBytes(_ test: Case) throws {
    var document = try PropertyListDocument(bytes: Array(test.text.utf8))
    let copy = document
    let bytes = copy.bytes
    let nodes = copy.tree.nodes
    let value = copy.value
    let undo = try document.set(test.value, at: test.pointer)
    #expect(document.bytes != bytes)
    #expect(copy.bytes == bytes)
    #expect(copy.tree.nodes == nodes)
    #expect(copy.value == value)
    // The copy edited in turn leaves the document as it is.
    var other = copy
    let edited = document.bytes
    try other.set(test.value, at: test.pointer)
    #expect(other.bytes == edited)
    #expect(copy.bytes == bytes)
    _ = undo.apply(to: &document)
    #expect(document.bytes == bytes)
    #expect(other.bytes == edited)
    // A refused splice of a shared document leaves both as they were.
    let shared = document
    let range = try Self.range(of: test.old, in: test.text)
    #expect(throws: FormatError.self) {
      try document.splice(range, with: Array(test.unreadable.utf8), actionName: "Set")
    }
    #expect(document.bytes == bytes)
    #expect(shared.bytes == bytes)
    #expect(document.tree.nodes == nodes)
  }

  @Test("A UTF-16 file edited in place saves in UTF-16 again; undo gives back its bytes")
  func utf16InPlace() throws {
    let text = "\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n"
    var file: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { file += [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)] }
    var document = try PropertyListDocument(bytes: file)
    let before = Self.address(document.bytes)
    let undo = try document.set(.string("Hi"), at: "/hello")
    #expect(Self.address(document.bytes) == before, "the edit copied the bytes")
    let saved = try document.savedBytes()
    #expect(saved.starts(with: [0xFF, 0xFE]))
    #expect(try PropertyListDocument(bytes: saved).value(at: "/hello") == .string("Hi"))
    _ = undo.apply(to: &document)
    #expect(try document.savedBytes() == file)
  }

  /// The session holds the only reference to the document's bytes after
  /// an open and after a save: an edit through it, and its undo, change
  /// them where they are, and each save writes the edited file.
  @Test("Edits through a session, after open and after a save, copy nothing; the file is exact")
  @MainActor
  func sessionEditsInPlace() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("Info.plist")
    let original = Array(PropertyListFixtures.infoPlist.utf8)
    try Data(original).write(to: url)
    let session = try await DocumentSession<PropertyListDocument>.open(
      url, environment: .init(autosavePolicy: .never))
    for round in 0..<3 {
      let before = Self.address(session.document.bytes)
      try session.perform { try $0.set(.string("\(round)"), at: "/CFBundleShortVersionString") }
      session.undoManager.markEventBoundary()
      #expect(Self.address(session.document.bytes) == before, "round \(round): copied")
      try await session.save()
      let saved = try [UInt8](Data(contentsOf: url))
      #expect(saved == session.document.bytes)
      #expect(
        try PropertyListDocument(bytes: saved).value(at: "/CFBundleShortVersionString")
          == .string("\(round)"))
    }
    session.undoManager.undo()
    session.undoManager.undo()
    session.undoManager.undo()
    #expect(session.document.bytes == original)
    try await session.save()
    #expect(try [UInt8](Data(contentsOf: url)) == original)
  }
}
