import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// `convert json`, and JSON read as a property list: held as its XML
/// rendering, saved as the file read while unchanged, else as JSON.
@Suite("Property lists: the JSON format")
struct PropertyListJSONFormatTests {
  static let value: PropertyListValue = .dictionary([
    .init(key: "name", value: .string("Trip \"é\"")),
    .init(key: "count", value: .integer(-3)),
    .init(key: "big", value: .unsignedInteger(UInt64.max)),
    .init(key: "ratio", value: .real(0.1)),
    .init(key: "on", value: .boolean(true)),
    .init(key: "list", value: .array([.string("a"), .dictionary([])])),
  ])

  /// What python3's `json` module reads from `bytes`, printed back in
  /// its own form.
  static func python(_ bytes: [UInt8]) throws -> String {
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", "import json, sys; print(json.dumps(json.load(sys.stdin)))"], input: Data(bytes))
    #expect(result.status == 0, "\(result.errors)")
    return result.output
  }

  @Test("convert json saves JSON that python reads; undo gives back the XML")
  func convertToJSON() throws {
    var document = try PropertyListDocument(value: Self.value)
    let xml = try [UInt8](document.data)
    let undo = try document.convert(to: .json)
    #expect(document.format == .json)
    let saved = try [UInt8](document.data)
    #expect(
      try Self.python(saved)
        == #"{"name": "Trip \"\u00e9\"", "count": -3, "big": 18446744073709551615, "ratio": 0.1, "on": true, "list": ["a", {}]}"#
        + "\n")
    _ = undo.apply(to: &document)
    #expect(document.format == .xml)
    #expect(try [UInt8](document.data) == xml)
  }

  @Test(
    "convert json refuses a value JSON cannot hold, naming it; nothing changes",
    arguments: [
      ("/when", PropertyListValue.date(0)), ("/blob", .data([1])), ("/list/0", .real(.nan)),
    ])
  func refused(pointer: String, value: PropertyListValue) throws {
    var document = try PropertyListDocument(value: Self.value)
    try document.set(value, at: pointer)
    let before = document
    let error = #expect(throws: FormatError.self) { try document.convert(to: .json) }
    #expect(error?.message.contains(pointer) == true)
    #expect(document == before)
  }

  @Test("JSON reopens as the JSON format: unchanged saves byte-identical, edits save as JSON")
  func reopen() throws {
    let file = Array("{ \"name\": \"Trip\",\n  \"n\": [1, 2.5, true] }\n".utf8)
    var document = try PropertyListDocument(bytes: file)
    #expect(document.format == .json)
    #expect(try document.value(at: "/n/1") == .real(2.5))
    #expect(try [UInt8](document.data) == file)
    try document.set(.integer(7), at: "/n/0")
    #expect(
      try Self.python([UInt8](document.data)) == #"{"name": "Trip", "n": [7, 2.5, true]}"# + "\n")
    let error = #expect(throws: FormatError.self) {
      try document.set(.date(0), at: "/when")
    }
    #expect(error?.code == .invalidEdit)
    try document.convert(to: .xml)
    #expect(document.format == .xml)
    #expect(try document.value(at: "/n/0") == .integer(7))
    // `[` and JSON that is not ASCII plist syntax read as JSON; null is refused.
    #expect(try PropertyListDocument(bytes: Array("[1]".utf8)).format == .json)
    #expect(throws: FormatError.self) { try PropertyListDocument(bytes: Array("[null]".utf8)) }
    // What is an old-style ASCII plist stays one.
    #expect(try PropertyListDocument(bytes: Array("{ a = b; }".utf8)).format == .ascii)
  }
}
