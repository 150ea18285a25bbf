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

@Suite("Diagnostic ranges and notes")
struct DiagnosticRangeTests {
  @Test("A range on one line gets a caret and tildes; notes follow")
  func rangeAndNotes() {
    let source = "open a.notes\nshow nots\n"
    let start = SourceLocation(file: "s.docscript", line: 2, column: 6)
    let end = SourceLocation(file: "s.docscript", line: 2, column: 10)
    let diagnostic = Diagnostic(
      .error, in: SourceRange(start, end), "unknown document 'nots'",
      notes: [
        .init("did you mean 'notes'?"),
        .init("in file included from main.docscript:3", at: nil),
      ])
    #expect(
      diagnostic.rendered(source: source) == """
        s.docscript:2:6: error: unknown document 'nots'
        show nots
             ^~~~
        note: did you mean 'notes'?
        note: in file included from main.docscript:3
        """)
  }

  @Test("Tildes count characters, not bytes; a range past the line gets a caret only")
  func tildesCountCharacters() {
    let source = "echo \"café\" x\n"
    let diagnostic = Diagnostic(
      .error,
      in: SourceRange(
        SourceLocation(file: "a", line: 1, column: 6),
        SourceLocation(file: "a", line: 1, column: 13)),
      "here")
    #expect(
      diagnostic.rendered(source: source) == "a:1:6: error: here\necho \"café\" x\n     ^~~~~~")
    let multiline = Diagnostic(
      .error,
      in: SourceRange(
        SourceLocation(file: "a", line: 1, column: 6), SourceLocation(file: "a", line: 3, column: 1)
      ),
      "open")
    #expect(multiline.rendered(source: source) == "a:1:6: error: open\necho \"café\" x\n     ^")
  }

  @Test("A note with a location names it")
  func locatedNote() {
    let note = Diagnostic.Note(
      "the group starts here", at: SourceLocation(file: "a", line: 4, column: 2))
    #expect(note.description == "a:4:2: note: the group starts here")
  }
}
