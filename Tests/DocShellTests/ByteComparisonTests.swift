import DocTestSupport
import Foundation
import Testing

/// The program compares a document's content by its bytes: `diff`,
/// `expect show` and snapshots tell a precomposed `é` from a decomposed
/// one, as `diff`, `cmp` and git do.
@Suite("Content compared by its bytes, through the built program")
struct ByteComparisonTests {
  static let precomposed: [UInt8] = Array("caf\u{E9}\n".utf8)
  static let decomposed: [UInt8] = Array("cafe\u{301}\n".utf8)

  struct FormCase: Sendable, CustomTestStringConvertible {
    var file: [UInt8]
    var other: String
    var testDescription: String { other }
  }

  static let cases = [
    FormCase(file: precomposed, other: "cafe\\u{301}"),
    FormCase(file: decomposed, other: "caf\\u{e9}"),
  ]

  @Test("diff shows a change between the two forms, and save writes it", arguments: cases)
  func diffShowsTheChange(_ testCase: FormCase) throws {
    let folder = try TemporaryDirectory("byte-comparison")
    try Data(testCase.file).write(to: folder("a.txt"))
    let result = try runDocrepl(
      ["-c", "open a.txt; snapshot s; set-line 1 \"\(testCase.other)\"; diff s; save"],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let saved = Array(try Data(contentsOf: folder("a.txt")))
    #expect(saved != testCase.file)
    let old = String(decoding: testCase.file.dropLast(), as: UTF8.self)
    let new = String(decoding: saved.dropLast(), as: UTF8.self)
    #expect(
      Array(result.output.utf8)
        == Array("s\n--- s\n+++ a (current)\n@@ -1 +1 @@\n-\(old)\n+\(new)\n".utf8))
    // The two lines look the same: a warning spells them out.
    #expect(result.errors.contains("look the same but differ in their bytes"), "\(result.errors)")
  }

  @Test("expect show fails for the other form, and spells out the difference", arguments: cases)
  func expectShowFails(_ testCase: FormCase) throws {
    let folder = try TemporaryDirectory("byte-comparison")
    try Data(testCase.file).write(to: folder("a.txt"))
    let result = try runDocrepl(
      ["-c", "open a.txt; expect show \"\(testCase.other)\""], in: folder.url)
    #expect(result.status != 0)
    #expect(result.errors.contains("'show' does not match"), "\(result.errors)")
    #expect(result.errors.contains("\\u{"), "\(result.errors)")
    let same = try runDocrepl(
      ["-c", "open a.txt; set-line 1 \"\(testCase.other)\"; expect show \"\(testCase.other)\""],
      in: folder.url)
    #expect(same.status == 0, "\(same.errors)")
  }

  @Test("A document changed to the other form and back diffs as equal to its snapshot")
  func roundTrip() throws {
    let folder = try TemporaryDirectory("byte-comparison")
    try Data(Self.precomposed).write(to: folder("a.txt"))
    let result = try runDocrepl(
      [
        "-c",
        "open a.txt; snapshot s; set-line 1 \"cafe\\u{301}\"; set-line 1 \"caf\\u{e9}\"; diff s",
      ],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "s\n")
  }

  @Test("replace --all changes the lines that hold OLD's bytes; undo gives back every byte")
  func replaceAllByBytes() throws {
    let folder = try TemporaryDirectory("byte-comparison")
    let original = Self.precomposed + Self.decomposed + Array("plain\r\nno newline".utf8)
    try Data(original).write(to: folder("a.txt"))
    let result = try runDocrepl(
      ["-c", "open a.txt; replace \"caf\\u{e9}\" X --all; save-to b.txt; undo; save --force"],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      Array(try Data(contentsOf: folder("b.txt")))
        == Array("X\n".utf8) + Self.decomposed + Array("plain\r\nno newline".utf8))
    #expect(Array(try Data(contentsOf: folder("a.txt"))) == original)
  }
}

extension ByteComparisonTests {
  @Test(
    "replace --all over every line, undo and save give back a CRLF file without a final newline exactly",
    arguments: ["\r\n", "\n"])
  func replaceEveryLineUndo(_ ending: String) throws {
    let folder = try TemporaryDirectory("replace-every-line")
    let original = Array(
      ((0..<3_000).map { "line \($0) foo foo" }.joined(separator: ending) + ending + "last foo")
        .utf8)
    try Data(original).write(to: folder("a.txt"))
    let result = try runDocrepl(
      [
        "-c",
        "open a.txt; replace foo barbaz --all; save-to b.txt; undo; save --force; redo; save-to c.txt",
      ],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let replaced = Array(
      String(decoding: original, as: UTF8.self).replacing("foo", with: "barbaz").utf8)
    #expect(Array(try Data(contentsOf: folder("b.txt"))) == replaced)
    #expect(Array(try Data(contentsOf: folder("c.txt"))) == replaced)
    #expect(Array(try Data(contentsOf: folder("a.txt"))) == original)
  }
}
