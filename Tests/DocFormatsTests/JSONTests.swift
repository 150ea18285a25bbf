import DocKit
import Foundation
import Testing

@testable import DocFormats

@Suite("JSON: exact numbers, the author's bytes, pointers, hostile input")
struct JSONTests {
  @Test("Canonical JSON round-trips byte for byte")
  func canonicalRoundTrip() throws {
    let text = """
      {
        "array": [
          1,
          -0.0,
          1e-7,
          2.5E+10,
          true,
          null
        ],
        "big": 123456789012345678901234567890,
        "empty": {},
        "emptyArray": [],
        "int64": 9223372036854775807,
        "nested": {
          "a~b/c": "quote \\" backslash \\\\ newline \\n tab \\t control \\u0001 é 🎉"
        },
        "z": "last"
      }

      """
    let document = try JSONDocument(text: text)
    #expect(document.text == text)
    let wrapper = try document.fileWrapper(
      configuration: .init(contentType: .json, existingFile: nil))
    let reread = try JSONDocument(configuration: .init(contentType: .json, file: wrapper))
    #expect(reread == document)
    #expect(reread.data == Data(text.utf8))
  }

  @Test(
    "Numbers keep their text exactly",
    arguments: [
      "0", "-0", "9007199254740993", "-9223372036854775808", "18446744073709551615", "0.1", "1.10",
      "6.02e23", "1E-400",
    ])
  func numbers(_ literal: String) throws {
    let document = try JSONDocument(text: "[\(literal)]")
    #expect(try document.value(at: "/0") == .number(literal))
    #expect(document.data == Data("[\(literal)]".utf8))
    #expect(JSONDocument(root: .array([.number(literal)])).text == "[\n  \(literal)\n]\n")
  }

  @Test("A file is written as it was read; a new document in the stable form, members in order")
  func stableOutput() throws {
    let minified = #"{"b":1,"a":{"d":[],"c":"\u00e9\/"}}"#
    let document = try JSONDocument(text: minified)
    #expect(document.data == Data(minified.utf8))
    #expect(
      try document.formatted(at: "")
        == "{\n  \"b\": 1,\n  \"a\": {\n    \"d\": [],\n    \"c\": \"\\u00e9\\/\"\n  }\n}")
    #expect(
      JSONDocument(root: document.root).text
        == "{\n  \"b\": 1,\n  \"a\": {\n    \"d\": [],\n    \"c\": \"é/\"\n  }\n}\n")
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
  }

  static let malformed: [Malformed] = [
    Malformed(text: "", line: 1, column: 1, message: "unexpected end of input, expected a value"),
    Malformed(
      text: "{\n  \"a\": 1,\n}", line: 2, column: 9,
      message: "a comma after the last member is not JSON (RFC 8259 has no trailing commas)"),
    Malformed(text: "[1 2]", line: 1, column: 4, message: "unexpected '2', expected ',' or ']'"),
    Malformed(text: "{\"a\" 1}", line: 1, column: 6, message: "unexpected '1', expected ':'"),
    Malformed(text: "[01]", line: 1, column: 3, message: "a number cannot have a leading zero"),
    Malformed(text: "[1.]", line: 1, column: 4, message: "expected a digit after '.'"),
    Malformed(text: "[tru]", line: 1, column: 5, message: "unexpected ']', expected 'true'"),
    Malformed(text: "\"abc", line: 1, column: 1, message: "unterminated string"),
    Malformed(
      text: "[\"a\tb\"]", line: 1, column: 4,
      message: "unescaped control character byte 0x9 in a string"),
    Malformed(text: "[\"\\x\"]", line: 1, column: 4, message: "invalid escape '\\'x''"),
    Malformed(
      text: "[\"\\ud800\"]", line: 1, column: 9,
      message: "a high surrogate must be followed by a low one"),
    Malformed(text: "{} {}", line: 1, column: 4, message: "unexpected '{' after the value"),
    Malformed(
      text: "[1,]", line: 1, column: 3,
      message: "a comma after the last element is not JSON (RFC 8259 has no trailing commas)"),
    Malformed(
      text: "[1 // one\n]", line: 1, column: 4,
      message: "a comment is not JSON (RFC 8259 has no comments)"),
  ]

  @Test("Malformed JSON gets its line and column", arguments: malformed)
  func malformedJSON(_ testCase: Malformed) {
    let error = #expect(throws: FormatError.self) { try JSONDocument(text: testCase.text) }
    #expect(error?.code == .malformedJSON)
    #expect(error?.message == testCase.message)
    #expect(error?.line == testCase.line)
    #expect(error?.column == testCase.column)
  }

  @Test("Errors read from a file name the file")
  func errorNamesFile() throws {
    let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
      "docrepl-json-\(UUID().uuidString).json")
    try Data("{\n  \"a\": nope\n}".utf8).write(to: temporary)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let error = #expect(throws: FormatError.self) {
      try JSONDocument(configuration: .init(contentType: .json, file: FileWrapper(url: temporary)))
    }
    #expect(
      error?.description == "\(temporary.lastPathComponent):2:9: unexpected 'o', expected 'null'")
  }

  @Test("Nesting up to the limit is read; one level more is refused, not a stack overflow")
  func depthLimit() throws {
    let limit = JSONDocument.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(try JSONDocument(text: deepest).root != .null)
    let error = #expect(throws: FormatError.self) {
      try JSONDocument(
        text: String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
    }
    #expect(error?.code == .nestingTooDeep)
    let bomb = #expect(throws: FormatError.self) {
      try JSONDocument(text: String(repeating: "[", count: 1_000_000))
    }
    #expect(bomb?.code == .nestingTooDeep)
  }

  @Test("JSON Pointers read members and elements, with ~0 and ~1 escapes")
  func pointers() throws {
    let document = try JSONDocument(text: #"{"a/b": {"m~n": [10, 20]}, "": 1}"#)
    #expect(try document.value(at: "/a~1b/m~0n/1") == .number("20"))
    #expect(try document.value(at: "/") == .number("1"))
    #expect(try document.value(at: "") == document.root)
    for (pointer, message) in [
      ("a", "a JSON Pointer must be empty or start with '/': 'a'"),
      ("/a~2", "'~' must be followed by '0' or '1' in '/a~2'"),
      ("/missing", "/missing does not exist"),
      ("/a~1b/m~0n/2", "/a~1b/m~0n/2 does not exist (the array has 2 elements)"),
      (
        "/a~1b/m~0n/01",
        "/a~1b/m~0n/01 has the array index '01' with a leading zero, which JSON Pointer (RFC 6901) does not allow; write /a~1b/m~0n/1"
      ),
      ("/a~1b/m~0n/0/x", "/a~1b/m~0n/0 is a number, not a container"),
    ] {
      let error = #expect(throws: FormatError.self) { try document.value(at: pointer) }
      #expect(error?.code == .invalidPointer)
      #expect(error?.message == message)
    }
  }

  @Test("set, insert and remove return inverses that undo and redo exactly")
  func edits() throws {
    var document = try JSONDocument(text: #"{"trip": {"days": 3, "stops": ["Alfama", "Belem"]}}"#)
    let original = document
    var undos: [DocumentEdit<JSONDocument>] = []
    undos.append(try document.set(.number("4"), at: "/trip/days"))
    undos.append(try document.set(.string("EUR"), at: "/trip/currency"))
    undos.append(try document.insert(.string("Sintra"), at: "/trip/stops/-"))
    undos.append(try document.insert(.string("Baixa"), at: "/trip/stops/0"))
    undos.append(try document.remove(at: "/trip/stops/1"))
    undos.append(try document.set(.array([.bool(true)]), at: "/trip/stops/-"))
    #expect(
      document.text
        == #"{"trip": {"days": 4, "stops": ["Baixa", "Belem", "Sintra", [true]], "currency": "EUR"}}"#
    )
    let edited = document
    var redos: [DocumentEdit<JSONDocument>] = []
    for undo in undos.reversed() { redos.append(undo.apply(to: &document)) }
    #expect(document == original)
    for redo in redos.reversed() { redo.apply(to: &document) }
    #expect(document == edited)
    let root = try document.set(.null, at: "")
    #expect(document.root == .null)
    root.apply(to: &document)
    #expect(document == edited)
  }

  @Test("Bad edits are refused and change nothing")
  func badEdits() throws {
    var document = try JSONDocument(text: #"{"a": [1], "n": 1}"#)
    let before = document
    let attempts: [(String, (inout JSONDocument) throws -> Void)] = [
      ("/a/5", { doc in _ = try doc.set(.null, at: "/a/5") }),
      ("/n/x", { doc in _ = try doc.set(.null, at: "/n/x") }),
      ("/a exists", { doc in _ = try doc.insert(.null, at: "/a") }),
      ("root insert", { doc in _ = try doc.insert(.null, at: "") }),
      ("root remove", { doc in _ = try doc.remove(at: "") }),
      ("missing", { doc in _ = try doc.remove(at: "/zzz") }),
      ("/a/-", { doc in _ = try doc.remove(at: "/a/-") }),
    ]
    for (label, attempt) in attempts {
      let error = #expect(throws: FormatError.self, "\(label)") { try attempt(&document) }
      #expect(error?.code == .invalidPointer)
    }
    #expect(document == before)
  }

  @Test(
    "Duplicate keys are read and kept; a pointer through one is refused, naming the key and its lines"
  )
  func duplicateKeys() throws {
    let text = "{\n  \"a\": 1,\n  \"d\": {\"k\": 1,\n    \"k\": 2},\n  \"a\": 3\n}\n"
    var document = try JSONDocument(text: text)
    #expect(
      document.root
        == .object([
          .init("a", .number("1")),
          .init("d", .object([.init("k", .number("1")), .init("k", .number("2"))])),
          .init("a", .number("3")),
        ]))
    let attempts: [(String, (inout JSONDocument) throws -> Void)] = [
      ("/a", { doc in _ = try doc.value(at: "/a") }),
      ("/a", { doc in _ = try doc.set(.null, at: "/a") }),
      ("/a", { doc in _ = try doc.remove(at: "/a") }),
      ("/d/k", { doc in _ = try doc.set(.null, at: "/d/k") }),
    ]
    for (pointer, attempt) in attempts {
      let error = #expect(throws: FormatError.self, "\(pointer)") { try attempt(&document) }
      #expect(error?.code == .invalidPointer)
      #expect(error?.message.hasPrefix("\(pointer) is ambiguous: the key ") == true)
    }
    let error = #expect(throws: FormatError.self) { try document.value(at: "/a/x") }
    #expect(
      error?.message
        == "/a is ambiguous: the key \"a\" appears 2 times in the root object (lines 2 and 5), and RFC 6901 does not say which one a pointer names"
    )
    let inner = #expect(throws: FormatError.self) { try document.remove(at: "/d/k") }
    #expect(inner?.message.contains("appears 2 times in /d (lines 3 and 4)") == true)
    #expect(document.data == Data(text.utf8))
    // Edits elsewhere work, and the duplicates stay as they were.
    try document.set(.bool(true), at: "/d/new")
    try document.insert(.null, at: "/b")
    #expect(
      document.text
        == "{\n  \"a\": 1,\n  \"d\": {\"k\": 1,\n    \"k\": 2,\n    \"new\": true},\n  \"a\": 3,\n  \"b\": null\n}\n"
    )
  }

  @Test("Values set keep their text: 64-bit integers, decimals, exponents, escapes")
  func literalText() throws {
    var document = try JSONDocument(text: "{\"n\": 0}")
    for literal in [
      "9223372036854775807", "-9223372036854775808", "1.50", "1e3", "-0", #""\u00e9""#,
    ] {
      try document.set(JSONDocument.literal(literal), at: "/n")
      #expect(document.text == "{\"n\": \(literal)}")
      #expect(try document.formatted(at: "/n") == literal)
    }
  }

  @Test("A number that is not JSON is refused by an edit, and kept as a string by init(root:)")
  func badNumbers() throws {
    var document = try JSONDocument(text: "[1]")
    let error = #expect(throws: FormatError.self) { try document.set(.number("1.2.3"), at: "/0") }
    #expect(error?.code == .invalidEdit)
    #expect(error?.message == "'1.2.3' is not a JSON number")
    #expect(document.text == "[1]")
    let made = JSONDocument(root: .array([.number("abc"), .number("-1.5e3")]))
    #expect(made.text == "[\n  \"abc\",\n  -1.5e3\n]\n")
  }
}
