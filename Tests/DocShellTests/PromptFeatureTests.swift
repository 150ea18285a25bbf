import DocTestSupport
import Foundation
import Testing

/// Tab completion, the export dialog and `record`, as a person at a real
/// pseudo-terminal meets them.
@Suite("docrepl at a terminal: completion, export dialog, record")
struct PromptFeatureTests {
  /// Backspace, as a terminal sends it.
  static let backspace = "\u{7F}"

  @Test(
    "Tab completes a command, a document name and a JSON Pointer key",
    .enabled(
      if: !LineEditorBuild.isLibedit,
      "libedit draws a completion by moving the cursor back and rewriting the word, so the completed text never appears whole in the transcript this test reads"
    ))
  func completion() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("ne\t")
    try session.expect("new ")
    try session.send("json Trip\r")
    try session.expect("Trip > ")
    try session.send("set /items '[{\"name\":1}]'\r")
    try session.expect("Trip* > ")
    try session.send("new text Other\r")
    try session.expect("Other > ")
    try session.send("use Tr\t")
    try session.expect("use Trip ")
    try session.send("\r")
    try session.expect("Trip* > ")
    // A container completes without a blank, so the path goes on.
    try session.send("get /it\t")
    try session.expect("get /items/")
    try session.send("0/n\t")
    try session.expect("0/name ")  // a dumb terminal redraws from the last break
    try session.send("\r")
    #expect(try session.expect("Trip* > ").hasPrefix("\n1\n"))
    try session.send(control: "d")
    try session.expect("discard changes to Trip? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "Tab lists a JSON object's keys in the file's order, not sorted",
    .enabled(
      if: !LineEditorBuild.isLibedit,
      "libedit sorts the matches it lists: it does not read rl_sort_completion_matches"))
  func keysInFileOrder() throws {
    let folder = try TemporaryDirectory()
    try folder.write(#"{"zeta": 1, "alpha": 2, "mid": 3}"#, to: "c.json")
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open c.json\r")
    try session.expect("c > ")
    try session.send("get /\t\t")
    let listing = try session.expect("mid")
    let zeta = try #require(listing.range(of: "zeta"))
    let alpha = try #require(listing.range(of: "alpha"))
    #expect(zeta.upperBound <= alpha.lowerBound)
    try session.send(control: "u")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("export with no destination asks on a pre-filled line: edited, cancelled, replacing")
  func exportDialog() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("new json Trip; set /a 1\r")
    try session.expect("Trip* > ")

    // The default filename, with its extension, is typed in already.
    try session.send("export\r")
    try session.expect("export to: Trip.json")
    try session.send(String(repeating: Self.backspace, count: 4) + "md\r")
    try session.expect("exported Trip.md\n")
    try session.expect("Trip* > ")
    #expect(try folder.names() == ["Trip.md"])
    #expect(try String(contentsOf: folder("Trip.md"), encoding: .utf8) == "{\n  \"a\": 1\n}\n")

    // Ctrl-C cancels: onCancellation. An emptied line takes the default.
    try session.send("export\r")
    try session.expect("export to: Trip.json")
    try session.send(control: "c")
    try session.expect("export cancelled\n")
    try session.expect("Trip* > ")
    try session.send("export\r")
    try session.expect("export to: Trip.json")
    try session.send(control: "u")
    try session.send("\r")
    try session.expect("exported Trip.json\n")
    try session.expect("Trip* > ")
    #expect(try folder.names() == ["Trip.json", "Trip.md"])
    try FileManager.default.removeItem(at: folder("Trip.json"))

    // An existing file is replaced only after a yes.
    try session.send("set /a 2\r")
    try session.expect("Trip* > ")
    try session.send("export\r")
    try session.expect("export to: Trip.json")
    try session.send(String(repeating: Self.backspace, count: 4) + "md\r")
    try session.expect("replace 'Trip.md'? [y/N] ")
    try session.send("\r")
    try session.expect("export cancelled\n")
    try session.expect("Trip* > ")
    #expect(try String(contentsOf: folder("Trip.md"), encoding: .utf8) == "{\n  \"a\": 1\n}\n")
    try session.send("export\r")
    try session.expect("export to: Trip.json")
    try session.send(String(repeating: Self.backspace, count: 4) + "md\r")
    try session.expect("replace 'Trip.md'? [y/N] ")
    try session.send("y\r")
    try session.expect("exported Trip.md\n")
    try session.expect("Trip* > ")
    #expect(try String(contentsOf: folder("Trip.md"), encoding: .utf8) == "{\n  \"a\": 2\n}\n")
    #expect(try folder.names() == ["Trip.md"])

    try session.send(control: "d")
    try session.expect("discard changes to Trip? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A session recorded at the prompt, a failing command included, passes docrepl test")
  func record() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("record s.docscript\r")
    try session.expect("recording to s.docscript\n")
    try session.send("new json Trip\r")
    try session.expect("Trip > ")
    try session.send("set /title '\"Lisbon\"'\r")
    try session.expect("Trip* > ")
    try session.send("get /title\r")
    try session.expect("Trip* > ")
    try session.send("get /nope\r")
    try session.expect("does not exist")
    try session.expect("Trip* > ")
    try session.send("print <<EOF\r")
    try session.expect("... > ")
    try session.send("two\r")
    try session.expect("... > ")
    try session.send("EOF\r")
    try session.expect("Trip* > ")
    // Leaving ends the recording.
    try session.send(control: "d")
    try session.expect("discard changes to Trip? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)

    let recording = try String(contentsOf: folder("s.docscript"), encoding: .utf8)
    #expect(
      recording == """
        new json Trip
        set /title '"Lisbon"'
        get /title
        #> "Lisbon"
        get /nope
        #! error: /nope does not exist
        print <<EOF
        two
        EOF
        #> two
        #>

        """)
    let replay = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    #expect(replay.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
