import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// `docrepl test` parses each entry of a script once: the run reads the
/// script an entry at a time, and the comparison with its `#>` and `#!`
/// lines takes the statements the run parsed (``TranscriptRecorder``
/// keeps them) instead of parsing the script again.
@MainActor
@Suite("docrepl test parses a script once")
struct TestParseCountTests {
  /// A script, what `test --update` makes of it, and how many entries it
  /// has: how many parsers its test makes.
  struct Case: Sendable, CustomTestStringConvertible {
    var label: String
    var script: String
    /// Other files in the script's folder, by name.
    var files: [String: String] = [:]
    var updated: String
    var verdict: TestOutcome.Verdict = .updated
    var entries: Int
    var testDescription: String { label }
  }

  nonisolated static let cases: [Case] = [
    Case(
      label: "a script that matches",
      script: "echo a\n#> a\necho b; echo c\n#> b\n#> c\n",
      updated: "echo a\n#> a\necho b; echo c\n#> b\n#> c\n", verdict: .passed, entries: 2),
    Case(
      label: "a group, with expectations inside and after its closing brace",
      script: "group g {\n  echo a\n  #> stale\n  echo b\n}\n#> stale\necho c\n",
      updated: "group g {\n  echo a\n  #> a\n  echo b\n  #> b\n}\necho c\n#> c\n", entries: 2),
    Case(
      label: "a sourced script, whose own lines are not the top-level script's",
      script: "echo one\nsource inner.docscript\n#> stale\n",
      files: ["inner.docscript": "echo two\n#> not compared\necho three\n#> not compared\n"],
      updated: "echo one\n#> one\nsource inner.docscript\n#> two\n#> three\n",
      // The top-level script's two entries, and the sourced script's two.
      entries: 4),
    Case(
      label: "a CRLF script, with a heredoc",
      script: "echo a\r\n#> b\r\necho <<EOF\r\nx\r\nEOF\r\n\r\necho c\r\n",
      updated:
        "echo a\r\n#> a\r\necho <<EOF\r\nx\r\nEOF\r\n#> x\r\n#>\r\n\r\necho c\r\n#> c\r\n",
      entries: 3),
    Case(
      label: "a run that quit early: the expectations of what never ran still count",
      script: "echo a\n#> a\nquit\necho never\n#> never\n",
      updated: "echo a\n#> a\nquit\necho never\n", entries: 3),
    Case(
      label: "a run that bailed at a failure",
      script: "set bail on\nclose\n#! stale\necho never\n#> never\n",
      updated:
        "set bail on\nclose\n#! error: no document is open\n#! note: create one with 'new', or 'open' a file\necho never\n",
      entries: 3),
    Case(
      label: "a check that failed, which --update leaves as it is",
      script: "echo a\n#> stale\nexpect-error '' echo fine\n",
      updated: "echo a\n#> a\nexpect-error '' echo fine\n", verdict: .failed, entries: 2),
  ]

  @Test(
    "test --update of a script parses each entry once and writes what it wrote before",
    arguments: cases)
  func parsesOnce(_ example: Case) async throws {
    let folder = try TemporaryDirectory()
    let url = try folder.write(example.script, to: "s.docscript")
    for (name, text) in example.files { _ = try folder.write(text, to: name) }
    let runner = TestRunner(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      environment: ["HOME": folder.url.path], update: true)
    let counter = ParseCounter()
    let outcome = await Parser.$counter.withValue(counter) {
      await runner.run(TestSelection.Script(path: "s.docscript", url: url))
    }
    #expect(outcome.verdict == example.verdict, "\(outcome.report)")
    #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == example.updated)
    for (name, text) in example.files {
      #expect(String(decoding: try Data(contentsOf: folder(name)), as: UTF8.self) == text)
    }
    #expect(counter.parsers == example.entries)
  }

  @Test("A malformed script is parsed an entry at a time, then whole to report its problems")
  func malformed() async throws {
    let folder = try TemporaryDirectory()
    let url = try folder.write("echo a\nnosuchcommand\necho \"b\n", to: "s.docscript")
    let runner = TestRunner(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      environment: ["HOME": folder.url.path], update: true)
    let counter = ParseCounter()
    let outcome = await Parser.$counter.withValue(counter) {
      await runner.run(TestSelection.Script(path: "s.docscript", url: url))
    }
    #expect(outcome.verdict == .malformed)
    #expect(outcome.errors.contains("s.docscript:2:1: error: unknown command 'nosuchcommand'"))
    #expect(outcome.errors.contains("s.docscript:3:6: error: "))
    // Three entries, and the whole script once for its diagnostics.
    #expect(counter.parsers == 4)
  }
}
