import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// A text in another encoding than UTF-8 reads, edits and saves in that
/// encoding, and a line not edited keeps its bytes.
@Suite("Text encodings: read, edit and save byte for byte")
struct TextEncodingTests {
  /// Reads `bytes` as a plain-text file in `encoding` (nil: the type's
  /// own choice).
  static func read(_ bytes: [UInt8], _ encoding: String.Encoding?) throws -> PlainTextDocument {
    try PlainTextDocument(
      configuration: .init(
        contentType: .plainText, file: FileWrapper(regularFileWithContents: Data(bytes))),
      encoding: encoding)
  }

  /// The bytes a save of `document` writes.
  static func saved(_ document: PlainTextDocument) throws -> [UInt8] {
    let wrapper = try document.fileWrapper(
      configuration: .init(contentType: .plainText, existingFile: nil))
    return Array(try #require(wrapper.regularFileContents))
  }

  /// An encoding, and bytes in it with the text they hold.
  struct Case: Sendable, CustomTestStringConvertible {
    var encoding: String.Encoding
    var bytes: [UInt8]
    var text: String
    var testDescription: String { TextEncodingName.name(of: encoding) }
  }

  @Test(
    "Each encoding reads its bytes as the text they hold, and writes them back unchanged",
    arguments: [
      Case(encoding: .isoLatin1, bytes: [0x63, 0x61, 0x66, 0xE9, 0x0A], text: "café\n"),
      Case(encoding: .windowsCP1252, bytes: [0x80, 0x20, 0x93, 0x71, 0x94, 0x0A], text: "€ “q”\n"),
      Case(encoding: .ascii, bytes: Array("plain\r\n".utf8), text: "plain\r\n"),
      Case(
        encoding: .utf16LittleEndian, bytes: [0x68, 0x00, 0xE9, 0x00, 0x3D, 0xD8, 0x00, 0xDE],
        text: "hé😀"),
      Case(encoding: .utf16BigEndian, bytes: [0x00, 0x68, 0x00, 0x0A], text: "h\n"),
    ])
  func roundTrip(_ testCase: Case) throws {
    let document = try Self.read(testCase.bytes, testCase.encoding)
    #expect(document.text.text == testCase.text)
    #expect(document.encoding == testCase.encoding)
    #expect(try Self.saved(document) == testCase.bytes)
  }

  @Test(
    "Every byte value reads and writes back unchanged in the single-byte encodings",
    arguments: [String.Encoding.isoLatin1, .windowsCP1252])
  func everyByte(_ encoding: String.Encoding) throws {
    let bytes = (0...255).map(UInt8.init)
    let document = try Self.read(bytes, encoding)
    #expect(try Self.saved(document) == bytes)
  }

  @Test("A UTF-16 byte-order mark is read by itself, in its order, and written back")
  func byteOrderMarkDetected() throws {
    let little: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x0D, 0x00, 0x0A, 0x00]
    let document = try Self.read(little, nil)
    #expect(document.encoding == .utf16LittleEndian)
    #expect(document.text.hasByteOrderMark)
    #expect(document.text.text == "a\r\n")
    #expect(try Self.saved(document) == little)

    let big: [UInt8] = [0xFE, 0xFF, 0x00, 0x61]
    let named = try Self.read(big, .utf16)
    #expect(named.encoding == .utf16BigEndian)
    #expect(named.text.text == "a")
    #expect(try Self.saved(named) == big)
  }

  @Test("Editing one line of an ISO-8859-1 file with CRLF endings changes only that line's bytes")
  func oneLineEdit() throws {
    let line1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]  // café
    let line2: [UInt8] = [0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0D, 0x0A]  // naïve
    let line3: [UInt8] = [0xFC, 0x62, 0x65, 0x72, 0x0D, 0x0A]  // über
    var document = try Self.read(line1 + line2 + line3, .isoLatin1)
    try document.replace(lineAt: 1, with: "ÇA")
    #expect(try Self.saved(document) == line1 + [0xC7, 0x41, 0x0D, 0x0A] + line3)
    try document.insert(["ß"], at: 3)
    #expect(
      try Self.saved(document) == line1 + [0xC7, 0x41, 0x0D, 0x0A] + line3 + [0xDF, 0x0D, 0x0A])
  }

  @Test(
    "A character the encoding cannot hold fails the save, naming its line, column and code point")
  func unrepresentable() throws {
    var document = try Self.read(Array("one\ntwo\n".utf8), .isoLatin1)
    try document.replace(lineAt: 1, with: "t€n")
    let error = try #require(throws: FormatError.self) { try Self.saved(document) }
    #expect(error.code == .unrepresentableCharacter)
    #expect(error.message.contains("line 2, column 2"), "\(error.message)")
    #expect(error.message.contains("'€' (U+20AC)"), "\(error.message)")
    #expect(error.message.contains("ISO-8859-1"), "\(error.message)")
  }

  @Test("Bytes that are not of the encoding are refused with their place")
  func invalidBytes() throws {
    let ascii = try #require(throws: FormatError.self) {
      try Self.read(Array("ok\nnot ".utf8) + [0xE9], .ascii)
    }
    #expect(ascii.code == .invalidEncoding)
    #expect(ascii.line == 2 && ascii.column == 5 && ascii.byteOffset == 7)
    #expect(ascii.message == "invalid US-ASCII byte 0xE9 at byte offset 7")

    let odd = try #require(throws: FormatError.self) {
      try Self.read([0x61, 0x00, 0x62], .utf16LittleEndian)
    }
    #expect(odd.code == .invalidEncoding)

    let surrogate = try #require(throws: FormatError.self) {
      try Self.read([0x00, 0x61, 0xDC, 0x00], .utf16BigEndian)
    }
    #expect(surrogate.byteOffset == 2)
  }

  @Test("Without an encoding, a file that is not UTF-8 still fails as before")
  func utf8StaysTheDefault() throws {
    let error = try #require(throws: FormatError.self) { try Self.read([0x63, 0xE9], nil) }
    #expect(error.message == "invalid UTF-8 byte 0xE9 at byte offset 1")
    #expect(try Self.read(Array("x\n".utf8), nil).encoding == .utf8)
  }

  @Test("Encoding names: IANA names and aliases in any case; unknown ones are nil")
  func names() {
    #expect(TextEncodingName.encoding(named: "LATIN1") == .isoLatin1)
    #expect(TextEncodingName.encoding(named: "iso-8859-1") == .isoLatin1)
    #expect(TextEncodingName.encoding(named: "CP1252") == .windowsCP1252)
    #expect(TextEncodingName.encoding(named: "utf-16LE") == .utf16LittleEndian)
    #expect(TextEncodingName.encoding(named: "us-ascii") == .ascii)
    #expect(TextEncodingName.encoding(named: "latin2") == nil)
    for choice in TextEncodingName.choices {
      #expect(TextEncodingName.encoding(named: choice) != nil, "\(choice)")
    }
  }

  @Test(
    "Content: UTF-8 without NUL is text, a NUL or invalid UTF-8 is not, UTF-16 after its mark is")
  func content() {
    #expect(TextContent(sample: Array("all:\n\techo hi\n".utf8), isWholeFile: true) == .utf8)
    #expect(TextContent(sample: [0x61, 0x00, 0x62], isWholeFile: true) == .notText)
    #expect(TextContent(sample: [0x63, 0xE9, 0x0A], isWholeFile: true) == .notText)
    // A character cut by the end of the sample is not held against it.
    #expect(TextContent(sample: [0x61, 0xC3], isWholeFile: false) == .utf8)
    #expect(TextContent(sample: [0x61, 0xC3], isWholeFile: true) == .notText)
    #expect(
      TextContent(sample: [0xFF, 0xFE, 0x61, 0x00], isWholeFile: true) == .utf16(.utf16LittleEndian)
    )
    #expect(
      TextContent(sample: [0xFE, 0xFF, 0x00, 0x61], isWholeFile: true) == .utf16(.utf16BigEndian))
    #expect(TextContent(sample: [0xFF, 0xFE, 0x00, 0x00], isWholeFile: true) == .notText)
  }
}
