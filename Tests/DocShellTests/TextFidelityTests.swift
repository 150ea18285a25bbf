import DocTestSupport
import Foundation
import Testing

/// A text file's byte-order mark and line endings survive every edit, as
/// bytes, through the built program.
@Suite("Text fidelity: the byte-order mark and line endings")
struct TextFidelityTests {
  static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Writes `bytes` to `w.txt`, runs `commands` with `-c`, and returns
  /// the result and the file's bytes afterwards.
  static func edit(_ bytes: [UInt8], _ commands: String) throws -> (ProcessResult, [UInt8]) {
    let folder = try TemporaryDirectory("text-fidelity")
    try Data(bytes).write(to: folder("w.txt"))
    let result = try runDocrepl(["-c", "open w.txt; " + commands], in: folder.url)
    return (result, Array(try Data(contentsOf: folder("w.txt"))))
  }

  @Test("Editing line 1 of a file with a byte-order mark keeps the mark; 'line 1' does not show it")
  func reportedCase() throws {
    let (result, bytes) = try Self.edit(
      Self.mark + Array("alpha\r\n".utf8), "line 1; set-line 1 ALPHA; save")
    #expect(result.status == 0, "\(result.errors)")
    #expect(Array(result.output.utf8) == Array("alpha\n".utf8))
    #expect(bytes == Self.mark + Array("ALPHA\r\n".utf8))
  }

  /// An edit, and the bytes it leaves after the mark.
  struct MarkCase: Sendable, CustomTestStringConvertible {
    var commands: String
    var after: String
    var testDescription: String { commands }
  }

  @Test(
    "The mark stays through every edit, and never shows in line, show, replace or diff",
    arguments: [
      MarkCase(commands: "set-text \"new\\n\"", after: "new\n"),
      MarkCase(commands: "set-text ''", after: ""),
      MarkCase(commands: "insert 1 first", after: "first\r\none\r\ntwo\r\n"),
      MarkCase(commands: "append last", after: "one\r\ntwo\r\nlast\r\n"),
      MarkCase(commands: "delete 1", after: "two\r\n"),
      MarkCase(commands: "delete 1,2", after: ""),
      MarkCase(commands: "replace --regex '^o' O", after: "One\r\ntwo\r\n"),
      MarkCase(commands: "replace --regex '^\\uFEFF' X", after: "one\r\ntwo\r\n"),
      MarkCase(commands: "set-line 1 uno; undo; redo", after: "uno\r\ntwo\r\n"),
    ])
  func markStays(_ testCase: MarkCase) throws {
    let (result, bytes) = try Self.edit(
      Self.mark + Array("one\r\ntwo\r\n".utf8),
      "snapshot s; " + testCase.commands + "; save; show; diff s")
    // The regex that looks for the mark finds none: it is not in the text.
    if testCase.commands.contains("uFEFF") {
      #expect(result.errors.contains("does not occur in the text"), "\(result.errors)")
    } else {
      #expect(result.status == 0, "\(result.errors)")
    }
    #expect(bytes == Self.mark + Array(testCase.after.utf8), "\(testCase.commands)")
    #expect(!result.output.unicodeScalars.contains("\u{FEFF}"), "\(result.output)")
  }

  /// A file, an edit, and the bytes it must leave.
  struct EndingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var before: String
    var commands: String
    var after: String
    var testDescription: String { name }
  }

  @Test(
    "New lines take the ending of the last line that has one",
    arguments: [
      EndingCase(name: "LF", before: "a\n", commands: "append x", after: "a\nx\n"),
      EndingCase(name: "empty file", before: "", commands: "append x", after: "x\n"),
      EndingCase(
        name: "CRLF", before: "a\r\nb\r\n", commands: "insert 2 x", after: "a\r\nx\r\nb\r\n"),
      EndingCase(
        name: "CRLF without a final newline", before: "a\r\nb", commands: "append x",
        after: "a\r\nb\r\nx"),
      EndingCase(
        name: "mixed, last line LF", before: "a\r\nb\n", commands: "insert 1 x",
        after: "x\na\r\nb\n"),
      EndingCase(
        name: "mixed, last line CRLF", before: "a\nb\r\n", commands: "append x",
        after: "a\nb\r\nx\r\n"),
      EndingCase(
        name: "mixed without a final newline", before: "a\nb\r\nc", commands: "append x",
        after: "a\nb\r\nc\r\nx"),
      EndingCase(
        name: "an edited line keeps its own ending", before: "a\r\nb\n",
        commands: "set-line 1 A; set-line 2 B", after: "A\r\nB\n"),
      EndingCase(
        name: "mark and CRLF", before: "\u{FEFF}a\r\n", commands: "insert 1 x",
        after: "\u{FEFF}x\r\na\r\n"),
    ])
  func endings(_ testCase: EndingCase) throws {
    let (result, bytes) = try Self.edit(
      Array(testCase.before.utf8), testCase.commands + "; save")
    #expect(result.status == 0, "\(result.errors)")
    #expect(bytes == Array(testCase.after.utf8))
  }

  @Test("A CRLF file shows as it is, and a transcript of it is expected line by line")
  func crlfTranscript() throws {
    let folder = try TemporaryDirectory("text-fidelity")
    try Data((Self.mark + Array("a\r\nb\r\n".utf8))).write(to: folder("f.txt"))
    // `show` prints the text's own bytes, no blank line after them.
    let shown = try runDocrepl(["-c", "open f.txt; show; print end"], in: folder.url)
    #expect(Array(shown.output.utf8) == Array("a\r\nb\r\nend\n".utf8))

    let script = "open \"$SCRIPT_DIR\"/f.txt\nshow\n#> wrong\nexpect show \"a\\r\\nb\\r\\n\"\n"
    try folder.write(script, to: "s.docscript")
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0, "\(update.output)")
    #expect(
      Array(try Data(contentsOf: folder("s.docscript")))
        == Array(
          "open \"$SCRIPT_DIR\"/f.txt\nshow\n#> a\n#> b\nexpect show \"a\\r\\nb\\r\\n\"\n".utf8))
    let test = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(test.status == 0, "\(test.output)")
  }
}
