import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// Tab completion: what `Interpreter.completions(for:cursor:)` offers in
/// each context, against a JSON document, a snapshot and a few files.
@MainActor
@Suite("Completion")
struct CompletionTests {
  /// One line typed, and what Tab must offer at its end.
  struct Case: Sendable, CustomTestStringConvertible {
    var line: String
    var values: [String]
    var testDescription: String { line.debugDescription }

    init(_ line: String, _ values: [String]) {
      self.line = line
      self.values = values
    }
  }

  /// A harness with `Trip` (JSON) current, a snapshot, `notes` open too,
  /// and `Trip.json`, `my file.txt`, `notes/a.txt` and `.hidden` on disk.
  static func harness() async throws -> ScriptHarness {
    let harness = try ScriptHarness()
    try harness.temporary.write("{}", to: "Trip.json")
    try harness.temporary.write("x", to: "my file.txt")
    try harness.temporary.write("x", to: "notes/a.txt")
    try harness.temporary.write("x", to: ".hidden")
    await harness.setUp(
      """
      new notes Plans
      note add tram x
      note add ferry y
      new json Trip
      set /items '[{"name": "a", "nav": 1, "id": 2}]'
      set /a~1b 1
      set /title '"x"'
      snapshot before
      """)
    return harness
  }

  nonisolated static let cases: [Case] = [
    // Command names, first word of a command.
    Case("ne", ["new"]),
    Case("sn", ["snapshot", "snapshots"]),
    Case("ge", ["get"]),
    Case("print x; us", ["use"]),
    Case("print x\nus", ["use"]),
    Case("group g { us", ["use"]),
    Case(
      "  group g {\n  re", ["record", "recover", "redo", "remove", "replace", "restore", "revert"]),
    // Document names, snapshot names, types.
    Case("use ", ["Plans", "Trip"]),
    Case("close T", ["Trip"]),
    Case("restore ", ["before"]),
    Case("diff before b", ["before"]),
    Case("new j", ["json", "jsonc"]),
    Case("new public.pl", ["public.plain-text"]),
    Case("open Trip.json --type public.js", ["public.json"]),
    Case("open tsconfig.json --type js", ["json", "jsonc"]),
    // Options.
    Case("show --d", ["--doc"]),
    Case("close --", ["--discard"]),
    Case("save --", ["--doc", "--force", "--replace"]),
    Case("diff --", ["--disk"]),
    Case("get --doc P", ["Plans"]),
    Case("export --", ["--doc", "--force", "--name", "--replace", "--type"]),
    Case("export t", ["to"]),
    // Paths.
    Case("open T", ["Trip.json"]),
    Case("open n", ["notes/"]),
    Case("open notes/", ["notes/a.txt"]),
    Case("open .h", [".hidden"]),
    Case("source \"my", ["my file.txt"]),
    Case("open \\\n  Tr", ["Trip.json"]),
    Case("export to T", ["Trip.json"]),
    Case("expect file m", ["my file.txt"]),
    // JSON Pointer keys of the current (or --doc) document.
    // In the document's order, not sorted; containers end in `/`.
    Case("get /", ["/items/", "/a~1b", "/title"]),
    Case("get /items", ["/items/"]),
    Case("get /items/", ["/items/0/"]),
    Case("get /items/0/", ["/items/0/name", "/items/0/nav", "/items/0/id"]),
    Case("remove /items/0/na", ["/items/0/name", "/items/0/nav"]),
    Case("set /t", ["/title"]),
    Case("insert /a", ["/a~1b"]),
    Case("get --doc Plans /", []),
    // Note ids of the note collection.
    Case("note edit --doc Plans ", ["ferry", "tram"]),
    Case("note remove --doc Plans t", ["tram"]),
    Case("note title --doc Plans f", ["ferry"]),
    // Choices and commands inside commands.
    Case("set b", ["bail"]),
    Case("set bail o", ["off", "on"]),
    Case("set fo", ["follow"]),
    Case("set follow o", ["off", "on"]),
    Case("autosave o", ["off", "on"]),
    Case("expect c", ["can-redo", "can-undo", "clean"]),
    Case("expect-error 'x' us", ["use"]),
    Case("expect-error 'x' use T", ["Trip"]),
    Case("help sa", ["save", "save-as", "save-to"]),
    // Variables.
    Case("print $PW", ["PWD"]),
    Case("print \"${SCR", ["SCRIPT_DIR}"]),
    // Nothing: a comment, free text, a heredoc body.
    Case("new text # ne", []),
    Case("print ne", []),
    Case("set-text <<EOF\nne", []),
  ]

  @Test("Tab offers what fits where the cursor is", arguments: cases)
  func offers(_ example: Case) async throws {
    let harness = try await Self.harness()
    let completion = harness.interpreter.completions(for: example.line)
    #expect(completion.values == example.values)
    #expect(completion.range.upperBound == example.line.utf8.count)
  }

  /// A line, and the text a unique completion puts in place of the word.
  nonisolated static let insertions: [(line: String, insertion: String)] = [
    ("use Tr", "Trip "),
    ("open n", "notes/"),
    ("open my", "my\\ file.txt "),
    ("open \"my", "\"my file.txt\" "),
    ("open 'my", "'my file.txt' "),
    ("open m\"y", "m\"y file.txt\" "),
    ("get /items/0/i", "/items/0/id "),
    ("get /it", "/items/"),
    ("get /items/0/n", "/items/0/na"),
    ("note move --doc Plans tr", "tram "),
    ("print ${SCR", "${SCRIPT_DIR}"),
    ("sav", "save"),
    ("save-as $PWD/Tr", "$PWD/Trip.json "),
  ]

  @Test(
    "A unique match is escaped for its quote, closed, and followed by a blank unless it goes on",
    arguments: insertions)
  func insertion(_ line: String, _ expected: String) async throws {
    let harness = try await Self.harness()
    let completion = harness.interpreter.completions(for: line)
    let start = line.utf8.index(line.utf8.startIndex, offsetBy: completion.range.lowerBound)
    let word = String(line[start...])
    #expect(expected.hasPrefix(word))
    #expect(completion.insertion == expected)
  }

  @Test(
    "The range is the word from its first character (an opening quote included) to the cursor",
    arguments: [
      ("use T", 4..<5, nil), ("use ", 4..<4, nil), ("open \"my", 5..<8, "\""),
      ("open 'my", 5..<8, "'"), ("print x; us", 9..<11, nil), ("open a\\ b", 5..<9, nil),
      ("print ${SC", 6..<10, nil),
    ] as [(String, Range<Int>, Character?)])
  func range(_ line: String, _ range: Range<Int>, _ quote: Character?) async throws {
    let harness = try ScriptHarness()
    let completion = harness.interpreter.completions(for: line)
    #expect(completion.range == range)
    #expect(completion.openQuote == quote)
  }

  @Test("Only the text before the cursor counts")
  func cursorInTheMiddle() async throws {
    let harness = try await Self.harness()
    let line = "use Tr and more"
    let completion = harness.interpreter.completions(for: line, cursor: 6)
    #expect(completion.range == 4..<6)
    #expect(completion.values == ["Trip"])
  }

  @Test("With no document open, pointer keys are not offered, but options are")
  func noDocument() throws {
    let harness = try ScriptHarness()
    #expect(harness.interpreter.completions(for: "get /").values == [])
    #expect(
      harness.interpreter.completions(for: "get --").values == [
        "--doc", "--json", "--literal", "--raw",
      ])
    #expect(harness.interpreter.completions(for: "").values.contains("record"))
    #expect(harness.interpreter.completions(for: "").values.contains("help"))
  }

  @Test("Every command help lists completes from an empty line")
  func commandNamesAreHelps() throws {
    let harness = try ScriptHarness()
    let offered = Set(harness.interpreter.completions(for: "").values)
    let listed = Set(harness.interpreter.helpEntries.map(\.spec.name))
    #expect(listed.isSubset(of: offered))
  }
}
