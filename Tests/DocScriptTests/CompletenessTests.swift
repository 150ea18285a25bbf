import DocScript
import Testing

/// `Parser.isComplete`: when the prompt runs what was typed, and when it
/// shows `... > ` for more.
@Suite("Input completeness")
struct CompletenessTests {
  static let complete = [
    "", "show", "append hello", "append 'one'; append \"two\"", "echo a\\\nb",
    "set-text <<EOF\nMilk\nEOF", "set-text <<-EOF\n\tMilk\n\tEOF", "set-text <<'END'\n$x\nEND",
    "group g {\nappend a\n}", "group g { append a; }", "group a {\ngroup b {\nappend x\n}\n}",
    "echo \"a\nb\"", "echo 'a\nb'",
    // Errors other than unterminated ones are complete: running reports them.
    "}", "echo \"\\q\"", "echo ${x", "set-text <<", "echo ${x:-a\nb}",
    "# a comment", "#> expected", "echo # \"not a quote",
  ]

  static let incomplete = [
    "echo \"open", "echo 'open", "echo \"line one\nline two", "echo a \\",
    "set-text <<EOF", "set-text <<EOF\nMilk", "set-text <<-EOF\n\tMilk\nEOF more",
    "group g {", "group {", "group g {\nappend a", "group a {\ngroup b {\nappend x\n}",
    "set-text <<EOF\nMilk\nEOF\ngroup g {",
  ]

  @Test("Complete input", arguments: complete)
  func isComplete(_ text: String) {
    #expect(Parser.isComplete(text))
  }

  @Test("Input that needs more lines", arguments: incomplete)
  func needsMore(_ text: String) {
    #expect(!Parser.isComplete(text))
  }

  @Test("Invalid UTF-8 is complete: running it reports the encoding")
  func invalidUTF8() {
    #expect(
      Parser.isComplete(ScriptSource(name: "s", bytes: [0x65, 0x63, 0x68, 0x6F, 0x20, 0xFF])))
    #expect(!Parser.isComplete(ScriptSource(name: "s", bytes: Array("echo \"é".utf8))))
  }

  @Test("A piece of a stream numbers its lines from firstLine, in diagnostics too")
  func firstLine() throws {
    var source = ScriptSource(name: "<stdin>", text: "echo ok\necho \"\\q\"")
    source.firstLine = 41
    let (_, diagnostics) = Parser.parse(source)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.location.line == 42)
    #expect(
      diagnostic.rendered(source: source.text, firstLine: 41)
        == "<stdin>:42:7: error: unknown escape sequence '\\q'\necho \"\\q\"\n      ^~\nnote: use '\\\\' for a backslash, or single quotes for literal text"
    )
  }
}
