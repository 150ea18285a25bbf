import DocKit
import Foundation
import Testing

@testable import DocFormats

/// JSON with comments and trailing commas (JSONC: `tsconfig.json`, VS
/// Code's `settings.json`): read by the JSON parser under an option, kept
/// byte for byte, and edited as jsonc-parser's `modify` edits it.
@Suite("JSON with comments")
struct JSONWithCommentsTests {
  static func read(_ text: String, as type: UTType = .jsonWithComments) throws -> JSONDocument {
    try JSONDocument(
      configuration: .init(
        contentType: type, file: FileWrapper(regularFileWithContents: Data(text.utf8))))
  }

  /// Inputs in the styles real files use: comments everywhere whitespace
  /// may be, trailing commas, CRLF, tabs, blank lines.
  static let inputs = [
    "// top\n{\n  \"a\": 1, // one\n  /* two */ \"b\": [1, 2,],\n}\n",
    "{\r\n\t// tabs and CRLF\r\n\t\"a\": {\r\n\t\t\"b\": true,\r\n\t},\r\n}\r\n",
    "{\"k\" /* between key and colon */ : /* and value */ 1}",
    "[1 /* after */, // line\n 2, /* before close */ ]",
    "{\n  \"a\": 1,\n\n  // commented out: \"b\": 2,\n\n  \"c\": \"// not a comment /* nor this */\",\n}\n",
    "/* only */ [] // trailing\n",
    "{}\n// end without newline",
    "{\n  \"x\": [\n    {\"y\": 1,},\n  ],\n}",
    "\u{FEFF}// with a byte-order mark\n{\"a\": 1,}",
    "{ /* nested? /* no */ \"a\": 1 }",
  ]

  @Test("Reading and writing without an edit gives every byte back", arguments: inputs)
  func unchanged(_ text: String) throws {
    let document = try Self.read(text)
    #expect(Array(document.data) == Array(text.utf8))
  }

  @Test(
    "Values read through the comments",
    arguments: [
      ("{\"a\": 1, // one\n \"b\": [1, 2,],}", "/b/1", JSONValue.number("2")),
      (
        "{\"c\": \"// not a comment /* nor this */\"}", "/c",
        .string("// not a comment /* nor this */")
      ),
      ("{\"k\" /* c */ : /* c */ 1}", "/k", .number("1")),
    ])
  func values(_ text: String, _ pointer: String, _ expected: JSONValue) throws {
    #expect(try Self.read(text).value(at: pointer) == expected)
  }

  @Test("A set changes only the value's bytes")
  func setKeepsComments() throws {
    var document = try Self.read(
      "{\n  \"compilerOptions\": {\n    // Be strict.\n    \"strict\": false, // for now\n    \"target\": /* ES */ \"es5\",\n  },\n}\n"
    )
    try document.set(.bool(true), at: "/compilerOptions/strict")
    try document.set(.string("es2022"), at: "/compilerOptions/target")
    #expect(
      document.text
        == "{\n  \"compilerOptions\": {\n    // Be strict.\n    \"strict\": true, // for now\n    \"target\": /* ES */ \"es2022\",\n  },\n}\n"
    )
  }

  @Test(
    "A new member follows its siblings' trailing-comma style",
    arguments: [
      (
        "{\n  \"a\": 1,\n}\n", "{\n  \"a\": 1,\n  \"b\": 2,\n}\n"
      ),
      (
        "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1,\n  \"b\": 2\n}\n"
      ),
      (
        "{\r\n\t\"a\": 1, // one\r\n\t// \"old\": 0,\r\n}\r\n",
        "{\r\n\t\"a\": 1, // one\r\n\t\"b\": 2,\r\n\t// \"old\": 0,\r\n}\r\n"
      ),
      (
        "{\n  \"a\": 1 // one\n}\n", "{\n  \"a\": 1, // one\n  \"b\": 2\n}\n"
      ),
      ("{\"a\": 1,}", "{\"a\": 1, \"b\": 2,}"),
      (
        "{\n  // nothing yet\n}\n", "{\n  // nothing yet\n  \"b\": 2\n}\n"
      ),
    ])
  func insertAtEnd(_ text: String, _ expected: String) throws {
    var document = try Self.read(text)
    try document.insert(.number("2"), at: "/b")
    #expect(document.text == expected)
  }

  @Test("An element inserted before one with a comment above it leaves the comment with it")
  func insertBefore() throws {
    var document = try Self.read("[\n  1, // one\n  // two\n  2,\n]\n")
    try document.insert(.number("9"), at: "/1")
    #expect(document.text == "[\n  1, // one\n  9,\n  // two\n  2,\n]\n")
    try document.insert(.number("0"), at: "/0")
    #expect(document.text == "[\n  0,\n  1, // one\n  9,\n  // two\n  2,\n]\n")
  }

  @Test(
    "A removal takes the member's comma and its line comment, and keeps other comments",
    arguments: [
      (
        "{\n  \"a\": 1, // one\n  // about b\n  \"b\": 2, // two\n  // about c\n  \"c\": 3\n}\n",
        "/b",
        "{\n  \"a\": 1, // one\n  // about b\n  // about c\n  \"c\": 3\n}\n"
      ),
      (
        "{\n  // about a\n  \"a\": 1, // one\n  \"b\": 2\n}\n", "/a",
        "{\n  // about a\n  \"b\": 2\n}\n"
      ),
      (
        "{\n  \"a\": 1, // one\n  \"b\": 2, // two\n}\n", "/b",
        "{\n  \"a\": 1, // one\n}\n"
      ),
      (
        "{\n  \"a\": 1, // one\n  \"b\": 2 // two\n}\n", "/b",
        "{\n  \"a\": 1 // one\n}\n"
      ),
      ("{\n  \"a\": 1, // one\n}\n", "/a", "{\n}\n"),
      ("{\r\n\t\"a\": 1, // one\r\n\t\"b\": 2, // two\r\n}", "/a", "{\r\n\t\"b\": 2, // two\r\n}"),
      ("[1, /* two */ 2]", "/1", "[1]"),
      ("[1, 2,]", "/1", "[1,]"),
    ])
  func remove(_ text: String, _ pointer: String, _ expected: String) throws {
    var document = try Self.read(text)
    try document.remove(at: pointer)
    #expect(document.text == expected)
  }

  @Test("An edit and its undo give the bytes back", arguments: inputs)
  func undo(_ text: String) throws {
    var document = try Self.read(text)
    guard case .object(let members) = document.root, let key = members.first?.key else { return }
    let pointer = JSONPointer(tokens: [key]).description
    let edits = [
      try document.remove(at: pointer), try document.insert(.null, at: "/new"),
    ]
    for edit in edits.reversed() { _ = edit.apply(to: &document) }
    #expect(document.text == (try Self.read(text)).text)
  }

  @Test(
    "Bad input is refused with where and why",
    arguments: [
      ("{\"a\": 1 /* never closed", "unterminated block comment", 1, 9),
      ("{\"a\": / 1}", "unexpected '/', expected a value", 1, 7),
      ("{ /* /* */ */ }", "unexpected '*', expected a string key", 1, 12),
      ("[,]", "unexpected ',', expected a value", 1, 2),
      ("{\"a\": 1,,}", "unexpected ',', expected a string key", 1, 9),
    ])
  func badInput(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
    let error = try #require(throws: FormatError.self) { try Self.read(text) }
    #expect(error.message.contains(message), "\(error)")
    #expect(error.line == line && error.column == column, "\(error)")
  }

  @Test(
    "Strict JSON refuses a comment and a trailing comma, and says to open it as JSONC",
    arguments: [
      ("{\"a\": 1 // one\n}", "a comment is not JSON", 1, 9),
      ("[1, 2,]", "a comma after the last element is not JSON", 1, 6),
      ("{\"a\": 1,\n}", "a comma after the last member is not JSON", 1, 8),
    ])
  func strict(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
    let file = FileWrapper(regularFileWithContents: Data(text.utf8))
    file.preferredFilename = "a.json"
    let error = try #require(throws: FormatError.self) {
      try JSONDocument(configuration: .init(contentType: .json, file: file))
    }
    #expect(error.message.contains(message), "\(error)")
    #expect(error.message.contains("'open a.json --type jsonc'"), "\(error)")
    #expect(error.line == line && error.column == column, "\(error)")
  }

  @Test("A string holding comment markers is a string, in strict JSON too")
  func commentInString() throws {
    let text = #"{"url": "http://example.com/*x*/", "c": "// no"}"#
    #expect(try Self.read(text, as: .json).text == text)
    #expect(try Self.read(text).value(at: "/url") == .string("http://example.com/*x*/"))
  }

  @Test(
    "Fuzz-ish: comments and trailing commas put at every place trivia may go read and write back unchanged"
  )
  func everyPlace() throws {
    let base = #"{"a": [1, {"b": null}], "c": "s"}"#
    let tokens = Array(base.utf8)
    // Places between tokens: after each structural byte and value.
    let places = tokens.indices.filter { index in
      let byte = tokens[index]
      return "{[,:".utf8.contains(byte)
        || (index + 1 < tokens.count && "}],:".utf8.contains(tokens[index + 1]))
    }
    for comment in ["/* c */", "// c\n", "\r\n//\r\n", "/**/"] {
      for place in places {
        var bytes = tokens
        bytes.insert(contentsOf: Array(comment.utf8), at: place + 1)
        let text = String(decoding: bytes, as: UTF8.self)
        let document = try Self.read(text)
        #expect(document.text == text)
        #expect(document.root == (try Self.read(base, as: .json)).root, "\(text)")
      }
    }
  }

  @Test("A new document of type jsonc is JSON with comments, and its type reads .jsonc")
  func type() throws {
    #expect(JSONDocument.makeUntitled(contentType: .jsonWithComments).dialect == .jsonWithComments)
    #expect(UTType(filenameExtension: "jsonc") == .jsonWithComments)
    #expect(!UTType.jsonWithComments.conforms(to: .json))
    #expect(JSONDocument.readableContentTypes.contains(.jsonWithComments))
  }
}

extension JSONWithCommentsTests {
  @Test("JSON with comments is not written as public.json while it holds a comment")
  func notWrittenAsJSON() throws {
    let document = try Self.read("{\"a\": 1, // one\n}\n")
    let error = try #require(throws: FormatError.self) {
      try document.fileWrapper(configuration: .init(contentType: .json, existingFile: nil))
    }
    #expect(error.code == .unsupportedContentType)
    #expect(error.message.contains("line 1: a comment is not JSON"), "\(error)")
    let plain = try Self.read("{\"a\": 1}\n")
    let wrapper = try plain.fileWrapper(configuration: .init(contentType: .json, existingFile: nil))
    #expect(wrapper.regularFileContents == Data("{\"a\": 1}\n".utf8))
  }
}

extension JSONWithCommentsTests {
  @Test("A value typed into JSON with comments may hold comments, and is kept as typed")
  func typedValueWithComments() throws {
    var document = try Self.read("{\n  \"a\": 1, // one\n}\n")
    let literal = try JSONDocument.typedLiteral(
      "[1, // first\n 2,]", dialect: .jsonWithComments)
    try document.set(literal, at: "/a")
    #expect(document.text == "{\n  \"a\": [1, // first\n 2,], // one\n}\n")
    let outside = try JSONDocument.typedLiteral("/* c */ 3", dialect: .jsonWithComments)
    let error = try #require(throws: FormatError.self) { try document.insert(outside, at: "/b") }
    #expect(error.message.contains("a comment before or after the value would not be kept"))
    #expect(throws: FormatError.self) { try JSONDocument.typedLiteral("[1, // one\n 2]") }
  }

  @Test(
    "set \"\" of a whole document with comments (as record writes it) gives its bytes, and undo the old"
  )
  func wholeDocument() throws {
    let old = "\u{FEFF}{\"a\": 1}\r\n"
    var document = try Self.read(old)
    let text = "// top\r\n{\r\n  \"a\": 2, // two\r\n}\r\n// end"
    let edit = try document.set(
      try JSONDocument.typedLiteral(text, dialect: .jsonWithComments), at: "")
    #expect(Array(document.data) == [0xEF, 0xBB, 0xBF] + Array((text + "\r\n").utf8))
    _ = edit.apply(to: &document)
    #expect(Array(document.data) == Array(old.utf8))
  }
}
