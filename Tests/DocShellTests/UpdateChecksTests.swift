import DocTestSupport
import Foundation
import Testing

/// `docrepl test --update` rewrites what commands print, never what a
/// check concluded: a check that does not hold stays a failure.
@Suite("docrepl test --update: checks stay checks")
struct UpdateChecksTests {
  /// A script whose checks do not hold, and what `--update` makes of it.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var script: String
    /// What --update writes: the other commands' output, checks as they were.
    var updated: String
    /// The lines of the checks reported.
    var lines: [Int]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a failing expect dirty",
      script: "new text t\nappend a\nshow\nsave a.txt\nexpect dirty\n",
      updated: "new text t\nappend a\nshow\n#> a\nsave a.txt\nexpect dirty\n", lines: [5]),
    Case(
      name: "a failing expect-error, and a failing expect sharing a line",
      script: "new text t\nexpect-error zzz undo 5\nprint x; expect dirty\n",
      updated: "new text t\nexpect-error zzz undo 5\nprint x; expect dirty\n", lines: [2, 3]),
    Case(
      name: "a check expected to fail that now holds",
      script: "new text t\nappend a\nexpect dirty\n#! error: expected the document to be clean\n",
      updated: "new text t\nappend a\nexpect dirty\n#! error: expected the document to be clean\n",
      lines: [3]),
    Case(
      name: "a failing check in a group",
      script: "new text t\ngroup g {\n  append a\n  expect clean\n}\n",
      updated: "new text t\ngroup g {\n  append a\n  expect clean\n}\n", lines: [4]),
    Case(
      name: "a failing check in a sourced script",
      script: "print a\nsource inner.txt\n",
      updated: "print a\n#> a\nsource inner.txt\n", lines: [2]),
  ]

  @Test("A check that does not hold stays a failure; the rest is updated", arguments: cases)
  func checksAreNotRewritten(_ testCase: Case) throws {
    let folder = try TemporaryDirectory("update-checks")
    try folder.write(testCase.script, to: "s.docscript")
    try folder.write("new text t\nexpect dirty\n", to: "inner.txt")
    let result = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.hasPrefix("FAIL s.docscript\n"), "\(result.output)")
    for line in testCase.lines {
      #expect(
        result.output.contains(
          "s.docscript:\(line): error: a check in '"), "\(result.output)")
    }
    #expect(result.output.contains("--update does not rewrite checks"), "\(result.output)")
    // A script whose other lines were rewritten counts as updated.
    let rewritten = testCase.updated != testCase.script
    #expect(
      result.output.hasSuffix("0 passed, 1 failed, \(rewritten ? 1 : 0) updated\n"),
      "\(result.output)")
    let written = Array(try Data(contentsOf: folder("s.docscript")))
    #expect(written == Array(testCase.updated.utf8))
    // Still a failure on the next run, with or without --update.
    let again = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(again.status == 1)
    let updateAgain = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(updateAgain.status == 1)
  }

  @Test("A check whose failure the script expects still passes, and --update keeps it")
  func expectedFailureStays() throws {
    let folder = try TemporaryDirectory("update-checks")
    let script =
      "new text t\nexpect dirty\n#! error: expected the document to be dirty; it is clean\nprint a\n"
    try folder.write(script, to: "s.docscript")
    let result = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.output)")
    #expect(
      Array(try Data(contentsOf: folder("s.docscript")))
        == Array((script + "#> a\n").utf8))
  }
}
