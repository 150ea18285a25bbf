import DocTestSupport
import Foundation
import Testing

/// `replace --regex` through the built binary, on lines a backtracking
/// engine cannot finish: each is searched to the end and replaced, and
/// a construct that would need backtracking is refused with a caret.
@Suite("replace --regex end to end")
struct RegexReplaceEndToEndTests {
  /// A file's lines, a `replace --regex … --all`, and the lines after.
  struct LongLineCase: Sendable, CustomTestStringConvertible {
    var name: String
    var lines: [String]
    var command: String
    var after: [String]
    var testDescription: String { name }
  }

  static let longLines: [LongLineCase] = [
    LongLineCase(
      name: "x+ on a second line of 1,000,000 x's",
      lines: ["xx", String(repeating: "x", count: 1_000_000), "ab"],
      command: "replace --regex 'x+' Q --all", after: ["Q", "Q", "ab"]),
    LongLineCase(
      name: "a(x|y)* on a line of 400,001 characters",
      lines: ["one", "a" + String(repeating: "xy", count: 200_000) + "!"],
      command: "replace --regex 'a(x|y)*' '<$1>' --all", after: ["one", "<y>!"]),
    LongLineCase(
      name: "^(a+)+[bc]$ on 24 a's and then a c",
      lines: [String(repeating: "a", count: 24), String(repeating: "a", count: 24) + "c"],
      command: "replace --regex '^(a+)+[bc]$' M --all",
      after: [String(repeating: "a", count: 24), "M"]),
  ]

  @Test("Every line is searched to its end", .timeLimit(.minutes(3)), arguments: longLines)
  func longLine(_ testCase: LongLineCase) throws {
    let folder = try TemporaryDirectory()
    let file = folder("big.txt")
    try Data(testCase.lines.map { $0 + "\n" }.joined().utf8).write(to: file)
    try folder.write("open big.txt\n\(testCase.command)\nsave\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors == "")
    let after = try String(decoding: Data(contentsOf: file), as: UTF8.self)
    #expect(after == testCase.after.map { $0 + "\n" }.joined())
  }

  @Test("^(a+)+[bc]$ on 24 a's alone does not occur, and says so")
  func noMatch() throws {
    let folder = try TemporaryDirectory()
    try folder.write(String(repeating: "a", count: 24) + "\n", to: "a.txt")
    try folder.write("open a.txt\nreplace --regex '^(a+)+[bc]$' M\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("s.docscript:2:17: error: '^(a+)+[bc]$' does not occur"))
  }

  @Test(
    "A construct that needs backtracking: file:line:col, the line, a caret under it",
    arguments: [
      (
        "replace '(o)\\1' x --regex",
        "s.docscript:3:13: error: backreferences are not supported: matching time must be linear in the line\nreplace '(o)\\1' x --regex\n            ^\n"
      ),
      (
        "replace --regex o(?!n) x",
        "s.docscript:3:18: error: lookahead is not supported: matching time must be linear in the line\nreplace --regex o(?!n) x\n                 ^\n"
      ),
      (
        "replace --regex 'a{2000}' x",
        "s.docscript:3:20: error: a repetition count above 1000 is not supported\nreplace --regex 'a{2000}' x\n                   ^\n"
      ),
    ])
  func refused(command: String, errors: String) throws {
    let folder = try TemporaryDirectory()
    try folder.write("new text t\nappend one\n\(command)\nshow\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix(errors), "\(result.errors)")
    // Nothing was replaced.
    #expect(result.output == "one\n")
  }

  @Test("A line that would take too long fails, names the line, and changes nothing")
  func tooMuchWork() throws {
    let folder = try TemporaryDirectory()
    let lines = "xx\n" + String(repeating: "x", count: 20_000) + "\n"
    try folder.write(lines, to: "x.txt")
    try folder.write(
      "open x.txt\nreplace --regex '.*y|x' Q --all\nsave\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        "s.docscript:2:17: error: cannot search line 2 (20000 bytes): the regular expression needs more than"
      ), "\(result.errors)")
    #expect(try String(decoding: Data(contentsOf: folder("x.txt")), as: UTF8.self) == lines)
  }
}
