import DocTestSupport
import Foundation
import Testing

/// The prompt under a real pseudo-terminal: what a person typing sees.
@Suite("docrepl at a terminal")
struct InteractiveTests {
  @Test("Typing commands: output, the document in the prompt, continuation, Ctrl-D leaves")
  func typing() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(in: folder.url)
    try session.expect("docrepl > ")
    try session.send("new text Trip\r")
    try session.expect("Trip > ")
    try session.send("append hello\r")
    try session.expect("Trip* > ")
    try session.send("set-text <<EOF\r")
    try session.expect("... > ")
    try session.send("one\r")
    try session.expect("... > ")
    try session.send("EOF\r")
    try session.expect("Trip* > ")
    try session.send("group g {\r")
    try session.expect("... > ")
    try session.send("append two; }\r")
    try session.expect("Trip* > ")
    try session.send("show\r")
    #expect(try session.expect("Trip* > ") == "show\none\ntwo\nTrip* > ")
    try session.send("save trip.txt\r")
    try session.expect("Trip > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: folder("trip.txt"), encoding: .utf8) == "one\ntwo\n")
  }

  @Test("History persists across sessions, in a file of mode 0600; Ctrl-P and Ctrl-R find it")
  func history() throws {
    let folder = try TemporaryDirectory()
    let file = folder("state/docrepl/history")
    let environment = ["XDG_STATE_HOME": folder("state").path, "DOCREPL_HISTORY": ""]
    // DOCREPL_HISTORY, even empty, wins over XDG_STATE_HOME: no history.
    let off = try PseudoTerminal(environment: environment)
    try off.expect("docrepl > ")
    try off.send("echo nothing kept\r")
    try off.expect("docrepl > ")
    try off.send(control: "d")
    #expect(try off.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: file.path))

    var unset = environment
    unset.removeValue(forKey: "DOCREPL_HISTORY")
    let first = try PseudoTerminal(
      environment: unset.merging(["DOCREPL_HISTORY": file.path]) { $1 })
    try first.expect("docrepl > ")
    for line in ["echo alpha", "echo alpha", " echo secret", "echo beta"] {
      try first.send(line + "\r")
      try first.expect("docrepl > ")
    }
    try first.send("print <<EOF\r")
    try first.expect("... > ")
    try first.send("x\r")
    try first.expect("... > ")
    try first.send("EOF\r")
    try first.expect("docrepl > ")
    try first.send(control: "d")
    #expect(try first.waitForExit() == 0)

    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    // Duplicates once, no line that starts with a space, the heredoc as one entry.
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "echo alpha\necho beta\nprint <<EOF\\nx\\nEOF\n")

    let second = try PseudoTerminal(environment: ["DOCREPL_HISTORY": file.path])
    try second.expect("docrepl > ")
    try second.send(control: "p")  // the previous entry: the heredoc, whole
    try second.send(control: "p")
    try second.send("\r")
    try second.expect("beta\n")
    try second.expect("docrepl > ")
    // Ctrl-R is GNU readline's reverse search. libedit's (`bck:`) does
    // not hand the entry it finds to the callback interface the prompt
    // reads with, so it is not tested there.
    if !LineEditorBuild.isLibedit {
      try second.send(control: "r")
      try second.send("alp")
      try second.expect("echo alpha")
      try second.send("\r")
      try second.expect("alpha\n")
      try second.expect("docrepl > ")
    }
    try second.send(control: "d")
    #expect(try second.waitForExit() == 0)
    let searched = LineEditorBuild.isLibedit ? "" : "echo alpha\n"
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "echo alpha\necho beta\nprint <<EOF\\nx\\nEOF\necho beta\n" + searched)
  }

  @Test("Ctrl-C clears the line being typed, and an open quote")
  func controlC() throws {
    let session = try PseudoTerminal()
    try session.expect("docrepl > ")
    try session.send("echo partial")
    try session.expect("echo partial")
    try session.send(control: "c")
    try session.expect("^C\n")
    try session.expect("docrepl > ")
    try session.send("echo \"open\r")
    try session.expect("... > ")
    try session.send(control: "c")
    try session.expect("docrepl > ")
    try session.send("echo done\r")
    #expect(try session.expect("docrepl > ") == "echo done\ndone\ndocrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    #expect(!session.transcript.contains("\npartial\n"))
    #expect(!session.transcript.contains("\nopen\n"))
  }

  @Test("Leaving with a dirty document asks; N keeps the prompt, y leaves")
  func leavingDirty() throws {
    let session = try PseudoTerminal()
    try session.expect("docrepl > ")
    try session.send("new text Trip\r")
    try session.expect("Trip > ")
    try session.send("append x\r")
    try session.expect("Trip* > ")
    try session.send(control: "d")
    try session.expect("discard changes to Trip? [y/N] ")
    try session.send("\r")
    try session.expect("Trip* > ")
    try session.send(control: "d")
    try session.expect("discard changes to Trip? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  static let colorCases: [([String], [String: String], Bool)] = [
    ([], [:], true), ([], ["NO_COLOR": "1"], false), (["--no-color"], [:], false),
  ]

  @Test(
    "Diagnostics are coloured on a terminal, unless NO_COLOR or --no-color", arguments: colorCases)
  func color(_ arguments: [String], _ environment: [String: String], _ colored: Bool) throws {
    let session = try PseudoTerminal(arguments: arguments, environment: environment)
    try session.expect("docrepl > ")
    try session.send("nosuch\r")
    try session.expect("unknown command 'nosuch'")
    try session.expect("docrepl > ")
    #expect(session.transcript.contains("\u{1B}[1;31merror:\u{1B}[0m") == colored)
    #expect(session.transcript.contains("\u{1B}[") == colored)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("Ctrl-C while a command runs stops it and rolls it back; the prompt stays")
  func interruptRunningCommand() throws {
    let folder = try TemporaryDirectory()
    // A group far too long to finish before Ctrl-C arrives: interrupted,
    // all of it is rolled back; finished, the document would hold it.
    let appends = String(repeating: "append x\n", count: 200_000)
    try folder.write(
      "group long {\necho started\n\(appends)}\necho finished\n", to: "long.docscript")
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("new text t; append kept\r")
    try session.expect("t* > ")
    try session.send("source long.docscript\r")
    // Parsing 200,000 lines takes minutes under ThreadSanitizer on two
    // busy cores: the wait is for the text, the bound only ends a failure.
    try session.expect("started\n", timeout: .seconds(600))
    try session.send(control: "c")
    try session.expect("error: interrupted")
    try session.expect("note: nothing in the group 'long' was kept")
    try session.expect("t* > ")
    try session.send("show\r")
    #expect(try session.expect("t* > ") == "show\nkept\nt* > ")
    #expect(!session.transcript.contains("finished"))
    try session.send(" new text u\r")  // the prompt still reads and runs
    try session.expect("u > ")
    try session.send(control: "d")
    try session.expect("discard changes to t? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "A whole session, as the person at the terminal sees it",
    .enabled(
      if: !LineEditorBuild.isLibedit,
      "compares the screen with GNU readline's drawing of it, byte for byte; libedit draws the same lines differently (^D echoed, completions rewritten in place)"
    ))
  func session() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    for (keys, prompt) in [
      ("new text Trip\r", "Trip > "), ("append Lisbon\r", "Trip* > "),
      ("set-text <<EOF\r", "... > "), ("Lisbon\r", "... > "), ("Porto\r", "... > "),
      ("EOF\r", "Trip* > "), ("show\r", "Trip* > "), ("sav trip.txt\r", "Trip* > "),
      ("echo half-typed", "half-typed"),
    ] {
      try session.send(keys)
      try session.expect(prompt)
    }
    try session.send(control: "c")
    try session.expect("Trip* > ")
    try session.send(control: "d")
    try session.expect("[y/N] ")
    try session.send("n\r")
    try session.expect("Trip* > ")
    try session.send("save trip.txt\r")
    try session.expect("Trip > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    // Lines that end in a prompt end in a space.
    let expected = [
      "docrepl 0.1.0: type 'help' for the commands, Ctrl-D to leave.",
      "docrepl > new text Trip",
      "Trip > append Lisbon",
      "Trip* > set-text <<EOF",
      "... > Lisbon",
      "... > Porto",
      "... > EOF",
      "Trip* > show",
      "Lisbon",
      "Porto",
      "Trip* > sav trip.txt",
      "<input>:1:1: error: unknown command 'sav'",
      "sav trip.txt",
      "^~~",
      "note: did you mean 'save'?",
      "Trip* > echo half-typed^C",
      "Trip* > ",
      "discard changes to Trip? [y/N] n",
      "Trip* > save trip.txt",
      "Trip > ",
      "",
    ]
    #expect(session.transcript == expected.joined(separator: "\n"))
  }
}
