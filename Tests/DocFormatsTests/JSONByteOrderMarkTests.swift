import DocKit
import Foundation
import Testing

@testable import DocFormats

/// JSON that starts with a UTF-8 byte-order mark reads (RFC 8259 lets a
/// parser ignore one), and a save keeps the mark, as plain text does.
@Suite("JSON with a byte-order mark")
struct JSONByteOrderMarkTests {
  static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

  static func read(_ bytes: [UInt8]) throws -> JSONDocument {
    try JSONDocument(
      configuration: .init(
        contentType: .json, file: FileWrapper(regularFileWithContents: Data(bytes))))
  }

  @Test("The mark is accepted, kept through an edit, and not part of the text")
  func keptThroughAnEdit() throws {
    var document = try Self.read(Self.mark + Array("{\r\n  \"a\": 1\r\n}\r\n".utf8))
    #expect(document.root == .object([JSONMember("a", .number("1"))]))
    #expect(!document.text.hasPrefix("\u{FEFF}"))
    try document.set(.number("2"), at: "/a")
    #expect(Array(document.data) == Self.mark + Array("{\r\n  \"a\": 2\r\n}\r\n".utf8))
    try document.set(.string("root"), at: "")
    #expect(Array(document.data).starts(with: Self.mark))
  }

  @Test("An error after the mark counts columns from after it")
  func errorColumns() throws {
    let error = try #require(throws: FormatError.self) {
      try Self.read(Self.mark + Array("{x".utf8))
    }
    #expect(error.line == 1 && error.column == 2)
  }

  @Test("A mark anywhere but the start is still an error")
  func markInside() throws {
    #expect(throws: FormatError.self) {
      try Self.read(Array(" ".utf8) + Self.mark + Array("1".utf8))
    }
  }
}
