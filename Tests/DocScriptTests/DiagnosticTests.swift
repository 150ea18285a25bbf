import DocScript
import Testing

@Suite("Diagnostic rendering")
struct DiagnosticTests {
  @Test("file:line:col: error: message, then the line and a caret under the column")
  func caret() {
    let source = "open trip.notes\nsav trip.notes\n"
    let diagnostic = Diagnostic(
      .error, at: SourceLocation(file: "trip.docscript", line: 2, column: 1),
      "unknown command 'sav'")
    #expect(diagnostic.description == "trip.docscript:2:1: error: unknown command 'sav'")
    #expect(
      diagnostic.rendered(source: source) == """
        trip.docscript:2:1: error: unknown command 'sav'
        sav trip.notes
        ^
        """)
  }

  @Test("Columns count UTF-8 bytes; the caret counts characters and keeps tabs")
  func columns() {
    let source = "\tset \"café\" x\r\n"
    // Column 14 is `x`: tab(1) set(3) space(1) "café"(7) space(1) = 13 bytes before it,
    // which are 12 characters: a tab and 11 spaces of indent.
    let diagnostic = Diagnostic(
      .warning, at: SourceLocation(file: "a", line: 1, column: 14), "here")
    #expect(
      diagnostic.rendered(source: source)
        == "a:1:14: warning: here\n\tset \"café\" x\n\t           ^")
  }

  @Test("A location outside the source gives the one-line form")
  func outside() {
    let diagnostic = Diagnostic(.note, at: SourceLocation(file: "a", line: 9, column: 1), "gone")
    #expect(diagnostic.rendered(source: "one line") == "a:9:1: note: gone")
  }

  @Test("Locations order by file, then line, then column")
  func ordering() {
    let a = SourceLocation(file: "a", line: 2, column: 1)
    let b = SourceLocation(file: "a", line: 10, column: 1)
    let c = SourceLocation(file: "b", line: 1, column: 1)
    #expect([c, b, a].sorted() == [a, b, c])
  }
}
