import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// `record FILE` and `record stop`: the session written as a script that
/// the transcript checker replays and passes.
@MainActor
@Suite("Record")
struct RecordTests {
  static let inputs = [
    "record session.docscript",
    "new text Notes",
    "append Milk\nappend 'Eggs'",
    "show",
    "use zzz",
    "print \"two\nlines\"; print one",
    "print 'never closed",
    "snapshot s; append Tea\ndiff s",
    "record stop",
    "print after",
  ]

  static let expected = """
    new text Notes
    append Milk
    append 'Eggs'
    show
    #> Milk
    #> Eggs
    use zzz
    #! error: no document named 'zzz'
    #! note: 'docs' lists the open documents
    print "two
    lines"; print one
    #> two
    #> lines
    #> one
    snapshot s; append Tea
    #> s
    diff s
    #> --- s
    #> +++ Notes (current)
    #> @@ -1,2 +1,3 @@
    #>  Milk
    #>  Eggs
    #> +Tea

    """

  @Test("A recorded session holds each input as typed with its output, and replays")
  func recordsAndReplays() async throws {
    let harness = try ScriptHarness()
    var failures = 0
    for input in Self.inputs {
      failures += await harness.run(input, name: "<prompt>").problems
    }
    // `use zzz` failed and the unterminated quote did not parse.
    #expect(failures == 2)
    let file = harness.temporary("session.docscript")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == Self.expected)

    // Replayed in a fresh folder, the checker finds nothing to change.
    let replay = try TemporaryDirectory("replay")
    let url = try replay.write(text, to: "session.docscript")
    let recorder = TranscriptRecorder(scriptName: "session.docscript")
    let options = Interpreter.Options(
      workingDirectory: replay.url, environment: ["SOURCE_DATE_EPOCH": "1767225600"],
      autosaveDirectory: replay("autosave"))
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(), options: options, output: recorder)
    let transcript = await Transcript.check(
      ScriptSource(name: "session.docscript", text: text), url: url, interpreter: interpreter,
      recorder: recorder)
    #expect(transcript.matches, "\(transcript.diff(name: "session.docscript"))")
    #expect(transcript.result.failures == 1)
  }

  @Test("The example in docs/docscript.md records what it shows")
  func documentedExample() async throws {
    let harness = try ScriptHarness()
    var printed = ""
    for input in [
      "record trip.docscript", "new json Trip", "set /title '\"Lisbon\"'", "get /title",
      "use Tirp", "record stop",
    ] {
      printed += await harness.run(input).output
    }
    #expect(printed == "recording to trip.docscript\n\"Lisbon\"\nrecorded to trip.docscript\n")
    let text = try String(contentsOf: harness.temporary("trip.docscript"), encoding: .utf8)
    #expect(
      text == """
        new json Trip
        set /title '"Lisbon"'
        get /title
        #> "Lisbon"
        use Tirp
        #! error: no document named 'Tirp'
        #! note: did you mean 'Trip'?

        """)
  }

  @Test(
    "Documents open when recording starts are reopened or rebuilt first, names and paths quoted")
  func preamble() async throws {
    let harness = try ScriptHarness()
    for folder in ["sub", "rec"] {
      try FileManager.default.createDirectory(
        at: harness.temporary(folder), withIntermediateDirectories: true)
    }
    await harness.setUp("new text Trip; append a; save 'sub/my trip.txt'")
    await harness.setUp("new json Draft; set /x 1")
    await harness.setUp("use Trip")
    let start = await harness.run("record rec/r.docscript")
    #expect(start.problems == 0)
    // The untitled JSON document is rebuilt: nothing to warn about.
    #expect(start.diagnostics.isEmpty)
    await harness.setUp("append b; show")
    try harness.interpreter.finishRecording()
    let file = harness.temporary("rec/r.docscript")
    let text = try String(contentsOf: file, encoding: .utf8)
    let folder = harness.temporary("sub").path
    #expect(
      text == """
        # Recorded by docrepl. It reads these files, which must be there when it replays:
        #   \(folder)/my trip.txt
        # The documents open when the recording began.
        new public.json Draft
        set "" "{\\n  \\"x\\": 1\\n}"
        open "\(folder)/my trip.txt" as Trip --type public.plain-text
        use Trip
        append b; show
        #> a
        #> b

        """)

    // The recording replays, from another working folder.
    let replay = try TemporaryDirectory("replay")
    let recorder = TranscriptRecorder(scriptName: "r.docscript")
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(workingDirectory: replay.url), output: recorder)
    let transcript = await Transcript.check(
      ScriptSource(name: "r.docscript", text: text), url: file, interpreter: interpreter,
      recorder: recorder)
    #expect(transcript.matches, "\(transcript.diff(name: "r.docscript"))")

    // Beside the recording, a document is reopened through $SCRIPT_DIR.
    await harness.setUp("save")
    _ = await harness.run("record sub/r2.docscript\nprint x\nrecord stop")
    #expect(
      try String(contentsOf: harness.temporary("sub/r2.docscript"), encoding: .utf8)
        .hasPrefix(
          "# Recorded by docrepl. It reads these files, which must be there when it replays:\n#   $SCRIPT_DIR/my trip.txt\n# The documents open when the recording began.\nnew public.json Draft\nset \"\" \"{\\n  \\\"x\\\": 1\\n}\"\nopen \"$SCRIPT_DIR\"/\"my trip.txt\" as Trip"
        ))
  }

  @Test("Each input is in the file as soon as it has run")
  func appendsPerInput() async throws {
    let harness = try ScriptHarness()
    await harness.setUp("record r.docscript")
    await harness.setUp("print one")
    let file = harness.temporary("r.docscript")
    #expect(try String(contentsOf: file, encoding: .utf8) == "print one\n#> one\n")
    await harness.setUp("print two")
    #expect(
      try String(contentsOf: file, encoding: .utf8) == "print one\n#> one\nprint two\n#> two\n")
    // Leaving finishes it; later input is not recorded.
    try harness.interpreter.finishRecording()
    #expect(harness.interpreter.recordingURL == nil)
    await harness.setUp("print three")
    #expect(
      try String(contentsOf: file, encoding: .utf8) == "print one\n#> one\nprint two\n#> two\n")
  }

  @Test("Recording starts on the line after 'record' and ends on the line before 'record stop'")
  func linesOfOneScript() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(
      """
      print before
      record r.docscript
      print inside
      record stop
      print outside
      """)
    let text = try String(contentsOf: harness.temporary("r.docscript"), encoding: .utf8)
    #expect(text == "print inside\n#> inside\n")
  }

  @Test(
    "Misuse is an error that names the problem",
    arguments: [
      ("record a.docscript", "record b.docscript", "already recording to 'a.docscript'"),
      ("print x", "record stop", "not recording"),
      ("print x > existing", "record existing.docscript", "'existing.docscript' already exists"),
    ])
  func misuse(_ setup: String, _ command: String, _ message: String) async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("keep me", to: "existing.docscript")
    await harness.setUp(setup)
    let step = await harness.run(command)
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("error: \(message)"))
    // The existing file is never overwritten without --replace.
    #expect(
      try String(contentsOf: harness.temporary("existing.docscript"), encoding: .utf8)
        == "keep me")
  }

  @Test("--replace starts an existing file afresh")
  func replace() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("old text\n", to: "r.docscript")
    await harness.setUp("record r.docscript --replace")
    await harness.setUp("print new")
    let text = try String(contentsOf: harness.temporary("r.docscript"), encoding: .utf8)
    #expect(text == "print new\n#> new\n")
  }
}
