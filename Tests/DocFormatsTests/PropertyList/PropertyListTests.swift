import DocKit
import DocScript
import Foundation
import Testing

@testable import DocFormats

@Suite("Property lists: reading XML and ASCII as Apple does, refusing what it refuses")
struct PropertyListReadingTests {
  @Test("Every value kind of an XML plist reads as plistlib reads it")
  func everyKind() throws {
    let bytes = Array(PropertyListFixtures.crlf.utf8)
    let document = try PropertyListDocument(bytes: bytes)
    #expect(document.format == .xml)
    let value = document.value
    #expect(value["Name"] == .string("Tom & Jerry <3"))
    #expect(value["Raw"] == .string("a<b>&c"))
    #expect(value["Count"] == .integer(31))
    #expect(value["Big"] == .unsignedInteger(.max))
    #expect(value["Low"] == .integer(.min))
    #expect(value["Ratio"] == .real(-.infinity))
    #expect(value["Blob"] == .data([0, 1, 2, 3]))
    #expect(value["Off"] == .boolean(false))
    // 1969-07-20T20:17:40Z, before 1970: seconds from 2001.
    #expect(value["When"] == .date(-14_182_940 - 978_307_200))
    #expect(try document.data == Data(bytes))
    // plistlib agrees on the strings, integers and the date.
    let python = try PropertyListFixtures.plistlibJSON(bytes)
    #expect(python.contains(#""Name": "Tom & Jerry <3""#))
    #expect(python.contains(#""Big": 18446744073709551615"#))
    #expect(python.contains(#""When": {"date": "1969-07-20T20:17:40Z"}"#))
  }

  @Test(
    "The fixtures read, and save byte for byte",
    arguments: [
      PropertyListFixtures.infoPlist, PropertyListFixtures.entitlements,
      PropertyListFixtures.crlf, PropertyListFixtures.pbxproj,
    ])
  func fixturesRoundTrip(text: String) throws {
    let document = try PropertyListDocument(bytes: Array(text.utf8))
    #expect(try document.data == Data(text.utf8))
    let wrapper = try document.fileWrapper(
      configuration: .init(contentType: .propertyList, existingFile: nil))
    #expect(wrapper.regularFileContents == Data(text.utf8))
  }

  @Test("An ASCII plist's scalars are strings; data, comments and escapes read")
  func asciiValues() throws {
    let document = try PropertyListDocument(bytes: Array(PropertyListFixtures.pbxproj.utf8))
    #expect(document.format == .ascii)
    #expect(try document.value(at: "/objectVersion") == .string("56"))
    #expect(
      try document.value(at: "/objects/AA00000000000000000000C1/buildSettings/OTHER_LDFLAGS")
        == .array([.string("-ObjC"), .string("-lz")]))
    #expect(
      try document.value(at: "/objects/AA00000000000000000000B1/fileRef")
        == .string("AA00000000000000000000F1"))
    let escapes = try PropertyListDocument(
      bytes: Array(#"{ a = "x\n\t\"\\\U00e9\101"; b = <0fbd 7778>; c = ( 1, two, ); }"#.utf8))
    #expect(escapes.value["a"] == .string("x\n\t\"\\éA"))
    #expect(escapes.value["b"] == .data([0x0F, 0xBD, 0x77, 0x78]))
    #expect(escapes.value["c"] == .array([.string("1"), .string("two")]))
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var testDescription: String { text.debugDescription }
  }

  @Test(
    "What Apple's parser refuses is refused at its line and column",
    arguments: [
      Malformed(
        text: "<plist version=\"1.0\">\n<dict>\n\t<color/>\n</dict>\n</plist>", line: 3, column: 2),
      Malformed(text: "<plist>\n<dict>\n</array>\n</plist>", line: 3, column: 1),
      Malformed(text: "<?xml version=\"1.0\"?>\n<dict/>", line: 2, column: 1),
      Malformed(text: "<plist>\n<dict>\n\t<key>A</key>\n</dict>\n</plist>", line: 3, column: 2),
      Malformed(text: "<plist>\n<data>AA!A</data>\n</plist>", line: 2, column: 9),
      Malformed(text: "<plist>\n<integer>12x</integer>\n</plist>", line: 2, column: 10),
      Malformed(
        text: "<plist>\n<integer>18446744073709551616</integer>\n</plist>", line: 2, column: 10),
      Malformed(text: "<plist>\n<string>a &bogus; b</string>\n</plist>", line: 2, column: 11),
      Malformed(
        text: "<plist>\r\n<date>2026-13-01T00:00:00Z</date>\r\n</plist>", line: 2, column: 7),
      Malformed(text: "{\n\ta = b\n}", line: 3, column: 1),
      Malformed(text: "(\n\ta,\n\t\"b\n", line: 3, column: 2),
    ])
  func malformed(_ example: Malformed) throws {
    let error = #expect(throws: FormatError.self) {
      try PropertyListDocument(bytes: Array(example.text.utf8))
    }
    #expect(error?.code == .malformedPropertyList)
    #expect(error?.line == example.line)
    #expect(error?.column == example.column)
  }

  @Test("Nesting deeper than the limit is refused, not followed")
  func deepNesting() throws {
    let depth = PropertyListDocument.maximumDepth + 1
    let xml =
      "<plist>" + String(repeating: "<array>", count: depth)
      + String(repeating: "</array>", count: depth) + "</plist>"
    #expect(throws: FormatError.self) { try PropertyListDocument(bytes: Array(xml.utf8)) }
    let ascii = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
    let error = #expect(throws: FormatError.self) {
      try PropertyListDocument(bytes: Array(ascii.utf8))
    }
    #expect(error?.code == .nestingTooDeep)
  }

  @Test(
    "The format is found by content",
    arguments: [
      ("\u{FEFF}  <?xml version=\"1.0\"?><plist/>", PropertyListFormat.xml),
      ("\n<plist version=\"1.0\">", .xml), ("bplist00\u{0}", .binary),
      ("// !$*UTF8*$!\n{", .ascii), ("/* c */ (a)", .ascii), ("hello", nil),
    ])
  func detection(text: String, format: PropertyListFormat?) {
    #expect(PropertyListFormat.detect(Array(text.utf8)) == format)
  }

  @Test("A truncated binary plist is refused with its byte offset")
  func binaryTruncated() {
    let error = #expect(throws: FormatError.self) {
      try PropertyListDocument(bytes: Array("bplist00".utf8) + [0xD0])
    }
    #expect(error?.code == .malformedPropertyList)
    #expect(error?.byteOffset != nil)
  }
}

@Suite("Property lists: edits change only the bytes of the value, and undo gives them back")
struct PropertyListEditingTests {
  struct Edit: Sendable, CustomTestStringConvertible {
    var fixture: String
    var pointer: String
    var value: PropertyListValue
    var old: String
    var new: String
    var testDescription: String { "set \(pointer)" }
  }

  @Test(
    "set replaces one value's bytes; undo restores the file",
    arguments: [
      Edit(
        fixture: PropertyListFixtures.infoPlist, pointer: "/CFBundleShortVersionString",
        value: .string("2.0 & more"), old: "<string>1.0</string>",
        new: "<string>2.0 &amp; more</string>"),
      Edit(
        fixture: PropertyListFixtures.infoPlist, pointer: "/LSRequiresIPhoneOS",
        value: .boolean(false), old: "<true/>", new: "<false/>"),
      Edit(
        fixture: PropertyListFixtures.infoPlist,
        pointer: "/CFBundleDocumentTypes/0/LSItemContentTypes",
        value: .array([.string("a"), .string("b")]),
        old: "<array>\n\t\t\t\t<string>com.example.trip</string>\n\t\t\t</array>",
        new: "<array>\n\t\t\t\t<string>a</string>\n\t\t\t\t<string>b</string>\n\t\t\t</array>"),
      Edit(
        fixture: PropertyListFixtures.entitlements,
        pointer: "/com.apple.security.app-sandbox", value: .boolean(false),
        old: "<true></true>", new: "<false/>"),
      Edit(
        fixture: PropertyListFixtures.crlf, pointer: "/Blob", value: .data([9, 9, 9, 9]),
        old: "<data>\r\n\tAAEC\r\n\tAw==\r\n\t</data>", new: "<data>\r\n\tCQkJCQ==\r\n\t</data>"),
      Edit(
        fixture: PropertyListFixtures.crlf, pointer: "/When", value: .date(0),
        old: "<date>1969-07-20T20:17:40Z</date>", new: "<date>2001-01-01T00:00:00Z</date>"),
      Edit(
        fixture: PropertyListFixtures.pbxproj,
        pointer: "/objects/AA00000000000000000000C1/buildSettings/PRODUCT_NAME",
        value: .string("My App"), old: #""$(TARGET_NAME)""#, new: #""My App""#),
    ])
  func setOneValue(_ edit: Edit) throws {
    let before = Array(edit.fixture.utf8)
    var document = try PropertyListDocument(bytes: before)
    let undo = try document.set(edit.value, at: edit.pointer)
    #expect(
      document.bytes
        == PropertyListFixtures.splice(edit.fixture, replacing: edit.old, with: edit.new))
    #expect(try document.value(at: edit.pointer) == edit.value)
    let redo = undo.apply(to: &document)
    #expect(document.bytes == before)
    _ = redo.apply(to: &document)
    #expect(try document.value(at: edit.pointer) == edit.value)
  }

  @Test("A new entry copies its siblings' tabs; plistlib reads the result")
  func insertCopiesTabs() throws {
    let text = PropertyListFixtures.infoPlist
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    try document.set(.string("audio"), at: "/UIBackgroundModes/-")
    try document.set(.integer(42), at: "/Answer")
    try document.insert(.string("first"), at: "/CFBundleDocumentTypes/0/LSItemContentTypes/0")
    var expected = text.replacingOccurrences(
      of: "\t<array/>\n", with: "\t<array>\n\t\t<string>audio</string>\n\t</array>\n")
    expected = expected.replacingOccurrences(
      of: "</array>\n</dict>\n</plist>",
      with: "</array>\n\t<key>Answer</key>\n\t<integer>42</integer>\n</dict>\n</plist>")
    expected = expected.replacingOccurrences(
      of: "\t\t\t\t<string>com.example.trip</string>",
      with: "\t\t\t\t<string>first</string>\n\t\t\t\t<string>com.example.trip</string>")
    #expect(document.bytes == Array(expected.utf8))
    let python = try PropertyListFixtures.plistlibJSON(document.bytes)
    #expect(python.contains(#""Answer": 42"#))
    #expect(python.contains(#""UIBackgroundModes": ["audio"]"#))
    #expect(python.contains(#""LSItemContentTypes": ["first", "com.example.trip"]"#))
  }

  @Test("In a file of spaces and CRLF, a new entry takes spaces and CRLF")
  func insertCopiesSpacesAndCRLF() throws {
    let entitlements = PropertyListFixtures.entitlements
    var document = try PropertyListDocument(bytes: Array(entitlements.utf8))
    try document.set(.array([.string("x")]), at: "/com.apple.developer.team")
    let expected = entitlements.replacingOccurrences(
      of: "    </array>\n  </dict>",
      with:
        "    </array>\n    <key>com.apple.developer.team</key>\n    <array>\n      <string>x</string>\n    </array>\n  </dict>"
    )
    #expect(document.bytes == Array(expected.utf8))

    let crlf = PropertyListFixtures.crlf
    var other = try PropertyListDocument(bytes: Array(crlf.utf8))
    try other.set(.boolean(true), at: "/On")
    #expect(
      other.bytes
        == PropertyListFixtures.splice(
          crlf, replacing: "\t<false/>\r\n</dict>",
          with: "\t<false/>\r\n\t<key>On</key>\r\n\t<true/>\r\n</dict>"))
  }

  @Test("remove takes the entry and the whitespace before it, keeping comments elsewhere")
  func removeEntry() throws {
    let text = PropertyListFixtures.entitlements
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    let undo = try document.remove(at: "/com.apple.security.application-groups")
    #expect(
      document.bytes
        == PropertyListFixtures.splice(
          text,
          replacing:
            "\n    <key>com.apple.security.application-groups</key>\n    <array>\n      <string>group.com.example</string>\n    </array>",
          with: ""))
    _ = undo.apply(to: &document)
    #expect(document.bytes == Array(text.utf8))
  }

  @Test("ASCII edits keep comments, one-line entries and Xcode's quoting")
  func asciiEdits() throws {
    let text = PropertyListFixtures.pbxproj
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    let flags = "/objects/AA00000000000000000000C1/buildSettings/OTHER_LDFLAGS"
    try document.set(.string("-lc++"), at: flags + "/-")
    try document.remove(at: flags + "/0")
    try document.set(
      .dictionary([PropertyListEntry(key: "ATTRIBUTES", value: .array([.string("Weak")]))]),
      at: "/objects/AA00000000000000000000B1/settings")
    var expected = text.replacingOccurrences(
      of: "\t\t\t\t\t\"-ObjC\",\n\t\t\t\t\t\"-lz\",\n",
      with: "\t\t\t\t\t\"-lz\",\n\t\t\t\t\t\"-lc++\",\n")
    expected = expected.replacingOccurrences(
      of: "/* App.swift */; };",
      with: "/* App.swift */; settings = {ATTRIBUTES = (Weak, ); }; };")
    #expect(document.bytes == Array(expected.utf8))
    #expect(
      try PropertyListDocument(bytes: document.bytes).value(at: flags)
        == .array([.string("-lz"), .string("-lc++")]))
  }

  @Test("A boolean or date cannot go into an ASCII plist; nothing changes")
  func asciiRefusesBooleans() throws {
    let text = PropertyListFixtures.pbxproj
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    #expect(throws: FormatError.self) { try document.set(.boolean(true), at: "/flag") }
    #expect(throws: FormatError.self) { try document.set(.date(0), at: "/classes/when") }
    #expect(document.bytes == Array(text.utf8))
  }

  @Test("convert writes Apple's layout as one undoable step")
  func convert() throws {
    let text = PropertyListFixtures.pbxproj
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    let value = document.value
    let undo = try document.convert(to: .xml)
    #expect(document.format == .xml)
    #expect(document.value == value)
    _ = undo.apply(to: &document)
    #expect(document.format == .ascii)
    #expect(document.bytes == Array(text.utf8))

    // An integer would come back from ASCII as a string: refused.
    var xml = try PropertyListDocument(bytes: Array(PropertyListFixtures.crlf.utf8))
    let error = #expect(throws: FormatError.self) { try xml.convert(to: .ascii) }
    #expect(error?.message.contains("/Count is an integer") == true)
    #expect(xml.bytes == Array(PropertyListFixtures.crlf.utf8))
  }

  @Test("Pointers that name nothing, or go through a scalar, are refused")
  func badPointers() throws {
    var document = try PropertyListDocument(bytes: Array(PropertyListFixtures.infoPlist.utf8))
    for pointer in ["/Nope/x", "/CFBundleDocumentTypes/5", "/CFBundleDocumentTypes/01", "x"] {
      #expect(throws: FormatError.self) { try document.value(at: pointer) }
    }
    #expect(throws: FormatError.self) {
      try document.set(.string("x"), at: "/CFBundleShortVersionString/a")
    }
    #expect(throws: FormatError.self) { try document.remove(at: "") }
    #expect(throws: FormatError.self) {
      try document.insert(.string("x"), at: "/CFBundleShortVersionString")
    }
    #expect(document.bytes == Array(PropertyListFixtures.infoPlist.utf8))
  }
}

@Suite("Property lists: a fresh rendering is what Apple's writer and plistlib write")
struct PropertyListRenderingTests {
  @Test(
    "The XML writer writes plistlib's bytes",
    arguments: [
      #"{"A": "x & <y>", "B": 7, "C": true, "D": [], "E": {}, "F": [1, {"G": false}]}"#,
      #"{"When": {"date": "2040-02-29T23:59:59Z"}, "Old": {"date": "1901-01-01T00:00:00Z"}}"#,
      #"{"Blob": {"data": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9Q"}, "Empty": {"data": ""}}"#,
      #"["é", "🎉", -9223372036854775808, 18446744073709551615]"#,
    ])
  func matchesPlistlib(json: String) throws {
    let expected = try PropertyListFixtures.plistlibXML(json)
    let value = try PropertyListValue.fromTestJSON(json)
    #expect(try PropertyListXMLWriter.document(value) == expected)
    // And it reads back to the same value.
    #expect(try PropertyListDocument(bytes: expected).value == value)
  }

  @Test("Dates before 1970 and after 2038 convert both ways")
  func dates() {
    for text in [
      "1901-12-13T20:45:52Z", "2001-01-01T00:00:00Z", "2038-01-19T03:14:08Z",
      "2200-06-30T12:00:00Z", "0001-01-01T00:00:00Z",
    ] {
      let seconds = PropertyListDate.parse(Array(text.utf8))
      #expect(seconds.map(PropertyListDate.format) == text)
    }
    #expect(PropertyListDate.parse(Array("2001-01-01T00:00:00Z".utf8)) == 0)
  }
}

extension PropertyListValue {
  /// The value of the JSON the rendering tests give plistlib:
  /// `{"date": …}` and `{"data": …}` objects are dates and data.
  static func fromTestJSON(_ json: String) throws -> PropertyListValue {
    func convert(_ value: JSONValue) throws -> PropertyListValue {
      switch value {
      case .object(let members):
        if members.count == 1, members[0].key == "date", case .string(let text) = members[0].value {
          return .date(PropertyListDate.parse(Array(text.utf8)) ?? .nan)
        }
        if members.count == 1, members[0].key == "data", case .string(let text) = members[0].value {
          guard case .bytes(let bytes) = PropertyListBase64.decode(Array(text.utf8)[...]) else {
            return .string("bad")
          }
          return .data(bytes)
        }
        return .dictionary(
          try members.map { PropertyListEntry(key: $0.key, value: try convert($0.value)) })
      default:
        return try PropertyListDocument.propertyListValue(value)
      }
    }
    return try convert(try JSONDocument.parse(Array(json.utf8)))
  }
}

@Suite("Property lists at the prompt: Tab completes keys")
struct PropertyListCompletionTests {
  @Test(
    "Tab offers a dictionary's keys in the document's order, containers ending in /",
    arguments: [
      ("get /", ["/Name", "/Modes/", "/a~1b"]), ("get /Mo", ["/Modes/"]),
      ("remove /Modes/", ["/Modes/0", "/Modes/1"]), ("set /N", ["/Name"]),
    ])
  @MainActor
  func keys(line: String, expected: [String]) async throws {
    let harness = try ScriptHarness()
    await harness.setUp(
      """
      new plist Info
      set /Name '"x"'
      set /Modes '["a", "b"]'
      set /a~1b 1
      """)
    #expect(harness.interpreter.completions(for: line).values == expected)
  }
}
