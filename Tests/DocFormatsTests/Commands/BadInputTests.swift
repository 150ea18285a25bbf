import DocFormats
import DocScript
import DocTestSupport
import Foundation
import Testing

/// No input crashes or hangs the interpreter: each gets a clear error at
/// its place, or works.
@MainActor
@Suite("Bad input")
struct BadInputTests {
  /// Runs `bytes` as the script `s`; returns what it printed and reported.
  private func run(
    _ bytes: [UInt8], in harness: ScriptHarness? = nil
  ) async throws -> (ScriptHarness.Step, ScriptHarness) {
    let harness = try harness ?? ScriptHarness()
    let before = harness.interpreter.currentResult
    let result = await harness.interpreter.run(ScriptSource(name: "s", bytes: bytes))
    let step = ScriptHarness.Step(
      output: harness.output.text,
      diagnostics: harness.output.renderedDiagnostics.joined(separator: "\n"),
      failures: result.failures - before.failures, isMalformed: result.isMalformed)
    return (step, harness)
  }

  @Test("A 1 MB word is one argument, kept whole")
  func hugeWord() async throws {
    let word = String(repeating: "ab", count: 1 << 19)
    let (step, harness) = try await run(Array("new text t\nappend \(word)\nline 1\n".utf8))
    #expect(step.diagnostics == "")
    #expect(step.output == word + "\n")
    let (quoted, _) = try await run(Array("print \"\(word)\"\n".utf8), in: harness)
    #expect(quoted.output == word + "\n" + word + "\n")
  }

  @Test("A line of 100,000 words")
  func manyWords() async throws {
    let words = Array(repeating: "w", count: 100_000).joined(separator: " ")
    let (step, _) = try await run(Array("print \(words)\n".utf8))
    #expect(step.diagnostics == "")
    #expect(step.output == words + "\n")
  }

  /// Ten thousand groups, opened and closed on separate lines, on one
  /// line, or mixed: one error at the 65th, and nothing runs.
  @Test(
    "group nested 10,000 deep is one error at the 65th level, and nothing runs",
    arguments: [
      ("group g {\n", "\n}", 66, 1), ("group g { ", " }", 2, 641), ("group g {\n", " }", 66, 1),
      ("group g { ", "\n}", 2, 641),
    ])
  func deepGroups(_ open: String, _ close: String, _ line: Int, _ column: Int) async throws {
    let depth = 10_000
    let script =
      "new text t\n" + String(repeating: open, count: depth) + "append x"
      + String(repeating: close, count: depth) + "\n"
    let (step, harness) = try await run(Array(script.utf8))
    #expect(step.isMalformed)
    #expect(harness.output.diagnostics.count == 1)
    #expect(
      harness.output.diagnostics.first?.description
        == "s:\(line):\(column): error: groups nested more than 64 deep")
    #expect(harness.interpreter.currentDocument == nil)
  }

  @Test("group nested 64 deep runs, as one undo step", arguments: ["group g {\n", "group g { "])
  func deepestGroups(_ open: String) async throws {
    let close = open.hasSuffix("\n") ? "\n}" : " }"
    let script =
      "new text t\n" + String(repeating: open, count: 64) + "append x\nappend y"
      + String(repeating: close, count: 64) + "\nshow\nundo\nshow\n"
    let (step, _) = try await run(Array(script.utf8))
    #expect(step.diagnostics == "")
    #expect(step.output == "x\ny\nUndo g\n")
  }

  @Test("${a:-${a:-…}} nested 10,000 deep is one error, and nothing runs")
  func deepFallbacks() async throws {
    let script =
      "print " + String(repeating: "${a:-", count: 10_000) + "x"
      + String(repeating: "}", count: 10_000) + "\n"
    let (step, harness) = try await run(Array(script.utf8))
    #expect(step.isMalformed)
    #expect(
      harness.output.diagnostics.map(\.description)
        == ["s:1:87: error: fallbacks nested more than 16 deep"])
  }

  /// A NUL byte or invalid UTF-8 anywhere: reported at its line and
  /// column (in bytes), and nothing runs.
  @Test(
    "A NUL byte or invalid UTF-8 is reported at its place, and nothing runs",
    arguments: [
      (
        [0x70, 0x72, 0x69, 0x6E, 0x74, 0x20, 0x61, 0x00, 0x62, 0x0A],
        "s:1:8: error: NUL byte in the script; a script must be UTF-8 text"
      ),
      (
        Array("print a\nprint b\n\0".utf8),
        "s:3:1: error: NUL byte in the script; a script must be UTF-8 text"
      ),
      (
        Array("print a\nprint ".utf8) + [0xFF, 0x0A],
        "s:2:7: error: invalid UTF-8 (byte 0xFF); a script must be UTF-8 text"
      ),
      (
        Array("print ".utf8) + [0xE2, 0x82, 0x0A],
        "s:1:7: error: invalid UTF-8 (byte 0xE2); a script must be UTF-8 text"
      ),
      (
        Array("print ".utf8) + [0xC0, 0xAF, 0x0A],
        "s:1:7: error: invalid UTF-8 (byte 0xC0); a script must be UTF-8 text"
      ),
      (
        Array("print ".utf8) + [0xED, 0xA0, 0x80, 0x0A],
        "s:1:7: error: invalid UTF-8 (byte 0xED); a script must be UTF-8 text"
      ),
      (
        Array("print é ".utf8) + [0x80, 0x0A],
        "s:1:10: error: invalid UTF-8 (byte 0x80); a script must be UTF-8 text"
      ),
      (
        Array("print a".utf8) + [0xFF, 0x00],
        "s:1:8: error: invalid UTF-8 (byte 0xFF); a script must be UTF-8 text"
      ),
    ] as [([UInt8], String)])
  func encoding(_ bytes: [UInt8], _ expected: String) async throws {
    let (step, harness) = try await run(bytes)
    #expect(step.isMalformed)
    #expect(step.output == "")
    #expect(harness.output.diagnostics.map(\.description) == [expected])
  }

  @Test("A sourced script with a NUL byte is malformed: nothing in it runs, with the include stack")
  func sourcedNul() async throws {
    let harness = try ScriptHarness()
    try Data("print inner\nprint \0\n".utf8).write(to: harness.temporary("bad.docscript"))
    let step = await harness.run("print before\nsource bad.docscript\nprint after")
    #expect(step.output == "before\nafter\n")
    #expect(step.failures == 1)
    #expect(
      step.diagnostics == """
        bad.docscript:2:7: error: NUL byte in the script; a script must be UTF-8 text
        print \0
              ^
        note: in file included from t:2
        t:2:8: error: 'bad.docscript' is malformed; nothing in it ran
        source bad.docscript
               ^~~~~~~~~~~~~
        """)
  }

  @Test("An unterminated heredoc or quote points at where it was opened")
  func unterminated() async throws {
    let harness = try ScriptHarness()
    let heredoc = await harness.run("new text t\nset-text <<EOF\nline\n", name: "h")
    #expect(heredoc.isMalformed)
    #expect(
      heredoc.diagnostics == """
        h:2:10: error: unterminated heredoc; expected 'EOF' on a line by itself
        set-text <<EOF
                 ^~~~~
        note: the script ends at line 4
        """)
    let quote = try await ScriptHarness().run("print 'a\nb\n", name: "q")
    #expect(quote.isMalformed)
    #expect(
      quote.diagnostics == """
        q:1:7: error: unterminated single-quoted string
        print 'a
              ^
        """)
  }

  @Test("source: a chain deeper than 32 stops there, with the whole include stack")
  func deepSources() async throws {
    let harness = try ScriptHarness()
    for index in 0..<40 {
      try Data("source s\(index + 1).docscript\n".utf8).write(
        to: harness.temporary("s\(index).docscript"))
    }
    let step = await harness.run("source s0.docscript")
    #expect(step.failures == 1)
    #expect(harness.output.diagnostics.count == 1)
    let diagnostic = try #require(harness.output.diagnostics.first)
    #expect(
      diagnostic.description
        == "s30.docscript:1:8: error: scripts sourced more than 32 deep")
    #expect(diagnostic.notes.count == 31)
    #expect(diagnostic.notes.first?.message == "in file included from s29.docscript:1")
    #expect(diagnostic.notes.last?.message == "in file included from t:1")
  }

  @Test(
    "source: a cycle is found however the path is spelt, a symbolic link included",
    arguments: ["a.docscript", "./a.docscript", "../dir/a.docscript", "link.docscript"])
  func sourceCycle(_ path: String) async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("print a\nsource \(path)\nprint done\n", to: "dir/a.docscript")
    try FileManager.default.createSymbolicLink(
      at: harness.temporary("dir/link.docscript"),
      withDestinationURL: harness.temporary("dir/a.docscript"))
    let step = await harness.run("source dir/a.docscript")
    #expect(step.output == "a\ndone\n")
    #expect(step.failures == 1)
    #expect(
      harness.output.diagnostics.map(\.description) == [
        "dir/a.docscript:2:8: error: '\(path)' is already being run; sourcing it again would never end"
      ])
  }
}
