import DocScript
import Testing

/// `Word.quoted(_:)`, which a recording writes names, paths and content
/// with: whatever the text, the lexer reads it back exactly, as one word.
@Suite("Word.quoted reads back as the text it quotes")
struct WordQuotingTests {
  static let texts = [
    "plain", "reading list", "my folder/reading list.txt", "tab\there", "line\nbreak",
    "crlf\r\n", "$HOME and ${x:-y}", "\"quoted\"", "back\\slash", "'single'", "#not-a-comment",
    "semi;colon", "-starts-with-dash", "\u{FEFF}mark", "\u{2028}separator", "nul\u{0}byte",
    "ünïcödé 🎉", "{", "}", "<<EOF", "trailing\\", "   ",
  ]

  @Test("Each text is one word that holds it", arguments: texts)
  func roundTrip(_ text: String) throws {
    let quoted = Word.quoted(text)
    var parser = Parser(ScriptSource(name: "t", text: "print " + quoted + " end\n"))
    let next = parser.next()
    let statement = try #require(next)
    #expect(parser.diagnostics.isEmpty, "\(quoted)")
    guard case .command(let command) = statement else {
      Issue.record("not a command: \(quoted)")
      return
    }
    #expect(command.words.count == 3, "\(quoted)")
    #expect(command.words.dropFirst().first?.literalText == text, "\(quoted)")
    #expect(parser.next() == nil)
    // What a terminal would show is visible: no raw control or invisible
    // character, and one line.
    #expect(!quoted.unicodeScalars.contains { $0.properties.generalCategory == .format })
    #expect(!quoted.contains("\n"))
  }

  @Test("Plain names stay as they are")
  func plain() {
    #expect(Word.quoted("notes.txt") == "notes.txt")
    #expect(Word.quoted("public.plain-text") == "public.plain-text")
    #expect(Word.quoted("reading list") == "\"reading list\"")
    #expect(Word.quoted("") == "\"\"")
  }
}
