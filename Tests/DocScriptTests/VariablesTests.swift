import DocScript
import Testing

@Suite("Variables and suggestions")
struct VariablesTests {
  private func word(_ text: String) throws -> Word {
    let (statements, diagnostics) = Parser.parse(ScriptSource(name: "t", text: "echo " + text))
    #expect(diagnostics.isEmpty)
    guard case .command(let command) = try #require(statements.first) else {
      throw Diagnostic(.error, at: SourceLocation(file: "t", line: 1, column: 1), "not a command")
    }
    return command.words[1]
  }

  @Test(
    "Expansion replaces references and uses fallbacks only for undefined names",
    arguments: [
      (#""$name-$n""#, "Trip-3"),
      ("${name}s", "Trips"),
      ("${missing:-none}", "none"),
      ("${name:-none}", "Trip"),
      ("${missing:-${name}!}", "Trip!"),
      ("'$name'", "$name"),
      ("a$", "a$"),
    ])
  func expansion(_ source: String, _ expected: String) throws {
    let variables = Variables(["name": "Trip", "n": "3"])
    #expect(try variables.expand(word(source)) == expected)
  }

  @Test("An undefined variable is an error at the reference, with a suggestion")
  func undefined() throws {
    let variables = Variables(["title": "x", "count": "1"])
    let error = #expect(throws: Diagnostic.self) { try variables.expand(word("a$titel")) }
    #expect(error?.description == "t:1:7: error: undefined variable 'titel'")
    #expect(error?.range.end.column == 13)
    #expect(error?.notes.map(\.description) == ["note: did you mean 'title'?"])
    let far = #expect(throws: Diagnostic.self) { try variables.expand(word("$zzzzzz")) }
    #expect(
      far?.notes.map(\.description) == [
        "note: define it with 'let zzzzzz = …', or write '${zzzzzz:-default}'"
      ])
  }

  @Test(
    "Suggestions: close names only, ties broken by byte order",
    arguments: [
      ("sav", ["save", "show", "snapshot"], "save"),
      ("notse", ["notes", "note"], "note"),
      ("shwo", ["show", "save"], "show"),
      ("undp", ["undo", "redo"], "undo"),
      ("undo", ["undo", "redo"], nil),
      ("x", ["save"], nil),
      ("snapshit", ["snapshot", "snapshots"], "snapshot"),
      ("abc", ["abd", "abe"], "abd"),
    ] as [(String, [String], String?)])
  func suggestions(_ name: String, _ candidates: [String], _ expected: String?) {
    #expect(Suggestions.closest(to: name, among: candidates) == expected)
    #expect(Suggestions.closest(to: name, among: candidates.reversed()) == expected)
  }
}
