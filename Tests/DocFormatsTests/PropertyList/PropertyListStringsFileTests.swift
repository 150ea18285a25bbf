import DocKit
import Foundation
import Testing

@testable import DocFormats

/// `.strings` files: a dictionary's entries without braces, as
/// `Localizable.strings` is written, read as CoreFoundation reads them and
/// edited byte for byte.
@Suite("Property lists: .strings files")
struct PropertyListStringsFileTests {
  /// A Localizable.strings as Xcode and genstrings lay it out: a header
  /// comment, a comment before each entry, blank lines between them.
  static let localizable = """
    /* 
      Localizable.strings
      Trips
    */

    /* The title of the main window */
    "window.title" = "Trips & Tours";

    /* A button: \\"Book\\" */
    "button.book" = "R\\U00e9server";

    // Shown when nothing is booked.
    "empty" = "Nothing booked yet.\\nTap \\"Book\\" to start.";

    "café" = "Café ☕️";

    """

  @Test("A Localizable.strings reads as a dictionary, with escapes and UTF-8, and saves unchanged")
  func reads() throws {
    let bytes = Array(Self.localizable.utf8)
    let document = try PropertyListDocument(bytes: bytes)
    #expect(document.format == .strings)
    #expect(
      document.value
        == .dictionary([
          .init(key: "window.title", value: .string("Trips & Tours")),
          .init(key: "button.book", value: .string("Réserver")),
          .init(key: "empty", value: .string("Nothing booked yet.\nTap \"Book\" to start.")),
          .init(key: "café", value: .string("Café ☕️")),
        ]))
    #expect(try document.value(at: "/café") == .string("Café ☕️"))
    #expect(try document.data == Data(bytes))
  }

  @Test("Unquoted keys and values, and no line break at the end, read too")
  func unquoted() throws {
    let read = try PropertyListDocument(bytes: Array("key = value;\n\"b\" = \"c\";".utf8))
    #expect(read.format == .strings)
    #expect(
      read.value
        == .dictionary([
          .init(key: "key", value: .string("value")), .init(key: "b", value: .string("c")),
        ]))
  }

  @Test("set replaces only the value's bytes; undo gives the file back")
  func set() throws {
    var document = try PropertyListDocument(bytes: Array(Self.localizable.utf8))
    let undo = try document.set(.string("Réserver \"maintenant\""), at: "/button.book")
    #expect(
      document.text
        == Self.localizable.replacingOccurrences(
          of: #""R\U00e9server""#, with: #""Réserver \"maintenant\"""#))
    #expect(try document.value(at: "/button.book") == .string("Réserver \"maintenant\""))
    _ = undo.apply(to: &document)
    #expect(document.bytes == Array(Self.localizable.utf8))
  }

  @Test("A new entry is a quoted line like its siblings; the file stays braceless")
  func add() throws {
    var document = try PropertyListDocument(bytes: Array(Self.localizable.utf8))
    try document.set(.string("Line 1\nLine 2"), at: "/new key")
    // After the last entry, with the blank line its siblings have.
    #expect(
      document.text == Self.localizable.dropLast() + "\n\n\"new key\" = \"Line 1\\nLine 2\";\n")
    let reread = try PropertyListDocument(bytes: document.bytes)
    #expect(reread.format == .strings)
    #expect(reread.value == document.value)
  }

  @Test("remove takes the entry and its line; the comments of the others stay")
  func remove() throws {
    var document = try PropertyListDocument(bytes: Array(Self.localizable.utf8))
    let undo = try document.remove(at: "/café")
    #expect(
      document.text
        == Self.localizable.replacingOccurrences(of: "\n\n\"café\" = \"Café ☕️\";", with: ""))
    #expect(document.value["café"] == nil)
    #expect(try PropertyListDocument(bytes: document.bytes).value == document.value)
    _ = undo.apply(to: &document)
    #expect(document.bytes == Array(Self.localizable.utf8))
  }

  @Test("An empty .strings file, or one of comments, is an empty dictionary that takes entries")
  func empty() throws {
    for text in ["", "/* No strings yet */\n", "// none"] {
      var document = try PropertyListDocument(bytes: Array(text.utf8))
      #expect(document.format == .strings)
      #expect(document.value == .dictionary([]))
      try document.set(.string("v"), at: "/k")
      let expected = text + (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + "\"k\" = \"v\";\n"
      #expect(document.text == expected)
      #expect(try PropertyListDocument(bytes: document.bytes).value == document.value)
    }
  }

  @Test("CRLF line endings are kept by a new entry")
  func crlf() throws {
    let text = "/* a */\r\n\"a\" = \"1\";\r\n"
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    try document.set(.string("2"), at: "/b")
    #expect(document.text == text + "\"b\" = \"2\";\r\n")
  }

  @Test("convert strings writes a dictionary braceless; a root that is not a dictionary is refused")
  func convert() throws {
    var document = try PropertyListDocument(
      value: .dictionary([
        .init(key: "a", value: .string("x y")), .init(key: "b", value: .string("1")),
      ]))
    try document.convert(to: .strings)
    #expect(document.text == "\"a\" = \"x y\";\n\"b\" = \"1\";\n")
    #expect(try PropertyListDocument(bytes: document.bytes).format == .strings)
    var array = try PropertyListDocument(value: .array([.string("a")]))
    #expect(throws: FormatError.self) { try array.convert(to: .strings) }
    #expect(array.format == .xml)
    #expect(throws: FormatError.self) { try document.set(.array([]), at: "") }
    try document.set(.dictionary([.init(key: "c", value: .string("d"))]), at: "")
    #expect(document.text == "\"c\" = \"d\";\n")
  }

  @Test("A file that is neither one value nor entries is refused at its place")
  func malformed() throws {
    let error = #expect(throws: FormatError.self) {
      try PropertyListDocument(bytes: Array("\"a\" = \"b\"\n\"c\" = \"d\";\n".utf8))
    }
    #expect(error?.code == .malformedPropertyList)
    #expect(error?.line == 2)
    #expect(error?.message.contains("expected ';'") == true)
  }

  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      bytes +=
        bigEndian
        ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    return bytes
  }

  @Test(
    "A UTF-16 .strings file reads as its text and saves in UTF-16 again, in its byte order",
    arguments: [false, true])
  func utf16(bigEndian: Bool) throws {
    let file = Self.utf16(Self.localizable, bigEndian: bigEndian)
    var document = try PropertyListDocument(bytes: file)
    #expect(document.format == .strings)
    #expect(document.utf16BigEndian == bigEndian)
    #expect(document.text == Self.localizable)
    #expect(try document.data == Data(file))
    let undo = try document.set(.string("Trips 🧳"), at: "/window.title")
    let edited = Self.localizable.replacingOccurrences(of: "Trips & Tours", with: "Trips 🧳")
    #expect(try document.data == Data(Self.utf16(edited, bigEndian: bigEndian)))
    let reread = try PropertyListDocument(bytes: [UInt8](try document.data))
    #expect(reread.value == document.value)
    #expect(reread.utf16BigEndian == bigEndian)
    _ = undo.apply(to: &document)
    #expect(try document.data == Data(file))
  }

  @Test("Bytes after a UTF-16 mark that are not UTF-16 are refused, saying so")
  func notUTF16() throws {
    // An odd count, and an unpaired surrogate.
    for bytes: [UInt8] in [[0xFF, 0xFE, 0x22], [0xFF, 0xFE, 0x00, 0xD8, 0x22, 0x00]] {
      let error = #expect(throws: FormatError.self) { try PropertyListDocument(bytes: bytes) }
      #expect(error?.message.contains("UTF-16") == true)
    }
  }

  @Test("The .strings extension is com.apple.xcode.strings-text, which the plist type reads")
  func contentType() throws {
    DocFormats.registerTypes()
    #expect(UTType(filenameExtension: "strings") == .stringsText)
    #expect(PropertyListDocument.readableContentTypes.contains(.stringsText))
    let untitled = try PropertyListDocument.makeUntitled(contentType: .stringsText)
    #expect(untitled.format == .strings)
    #expect(untitled.bytes.isEmpty)
  }
}
