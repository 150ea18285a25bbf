import DocTestSupport
import Foundation
import Testing

/// A recording replays under `docrepl test`, however the session was
/// typed (standard input, `-c`, `run`, a terminal), whatever the names of
/// its documents, and whatever unsaved content they held when it began.
@Suite("docrepl record: every recording replays")
struct RecordReplayTests {
  /// How a session reaches the program.
  enum Mode: String, CaseIterable, Sendable {
    case standardInput, commandLine, runScript, terminal
  }

  /// The session: a document whose path and name have blanks, a command
  /// that prints, one that fails, and commands sharing the lines of
  /// `record` and `record stop`.
  static let session = [
    "open \"my folder/reading list.txt\"",
    "record s.docscript; append gamma",
    "show",
    "use nope",
    "append delta; record stop",
    "close --discard",
  ]

  /// A folder holding `my folder/reading list.txt`.
  static func makeFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("record-replay")
    try FileManager.default.createDirectory(
      at: folder("my folder"), withIntermediateDirectories: true)
    try folder.write("alpha\nbeta\n", to: "my folder/reading list.txt")
    return folder
  }

  /// Runs the session in `mode` and returns the recording's bytes.
  static func record(_ mode: Mode, in folder: TemporaryDirectory) throws -> [UInt8] {
    let text = session.joined(separator: "\n") + "\n"
    switch mode {
    case .standardInput:
      _ = try runDocrepl([], in: folder.url, input: text)
    case .commandLine:
      _ = try runDocrepl(["-c", text], in: folder.url)
    case .runScript:
      try folder.write(text, to: "session.docscript")
      _ = try runDocrepl(["run", "session.docscript"], in: folder.url)
    case .terminal:
      let terminal = try PseudoTerminal(in: folder.url)
      try terminal.expect("docrepl > ")
      for line in session {
        try terminal.send(line + "\r")
        try terminal.expect(" > ")
      }
      try terminal.send(control: "d")
      #expect(try terminal.waitForExit() == 0, "\(terminal.transcript)")
    }
    return Array(try Data(contentsOf: folder("s.docscript")))
  }

  @Test(
    "The same session records the same replayable file in every mode",
    arguments: Mode.allCases)
  func everyMode(_ mode: Mode) throws {
    let folder = try Self.makeFolder()
    let recorded = try Self.record(mode, in: folder)
    let text = String(decoding: recorded, as: UTF8.self)
    // What each command printed is there, and `record stop` is not.
    #expect(
      text == """
        # Recorded by docrepl. It reads these files, which must be there when it replays:
        #   $SCRIPT_DIR/my folder/reading list.txt
        # The documents open when the recording began.
        open "$SCRIPT_DIR"/"my folder/reading list.txt" as "reading list" --type public.plain-text
        use "reading list"
        append gamma
        show
        #> alpha
        #> beta
        #> gamma
        use nope
        #! error: no document named 'nope'
        #! note: 'docs' lists the open documents
        append delta

        """)
    let test = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(test.status == 0, "\(test.output)\(test.errors)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
    // Replaying changed nothing on disk.
    #expect(
      Array(try Data(contentsOf: folder("my folder/reading list.txt")))
        == Array("alpha\nbeta\n".utf8))
  }

  @Test("A name with a blank, which open gives, is a name 'as' and 'new' take too")
  func namesWithBlanks() throws {
    let folder = try Self.makeFolder()
    let result = try runDocrepl(
      [
        "-c",
        """
        open "my folder/reading list.txt" as "my list"; new text "a b"; docs
        """,
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("my list"))
    #expect(result.output.contains("> a b "))
  }

  @Test("Unsaved untitled documents are rebuilt at the top of the recording, byte for byte")
  func unsavedContentIsRebuilt() throws {
    let folder = try TemporaryDirectory("record-rebuild")
    let result = try runDocrepl(
      [],
      in: folder.url,
      input: """
        new text T
        set-text "\\u{FEFF}one\\r\\ntwo $ \\"quoted\\" \\\\ end"
        new json "J son"
        set /x '[1, "two"]'
        new binary B
        patch 0 00ff0a
        new text Empty
        new markdown M
        append '# Title'
        use T
        record r.docscript
        save t.txt; save --doc "J son" j.json; save --doc B b.bin; save --doc M m.md
        expect file t.txt "\\u{FEFF}one\\r\\ntwo $ \\"quoted\\" \\\\ end"
        docs
        record stop

        """)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    // Nothing needed a warning: every type here can be rebuilt.
    #expect(!result.errors.contains("warning"), "\(result.errors)")
    let recorded = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    #expect(recorded.contains("new public.plain-text T\nset-text "))
    #expect(recorded.contains("new public.json \"J son\"\nset \"\" "))
    #expect(recorded.contains("new public.data B\ntruncate 0\npatch 0 00ff0a\n"))
    #expect(recorded.contains("new public.plain-text Empty\nnew "))
    #expect(try Data(contentsOf: folder("b.bin")) == Data([0x00, 0xFF, 0x0A]))

    // A replay in a fresh folder writes the same bytes.
    let replay = try TemporaryDirectory("record-rebuild-replay")
    try Data(contentsOf: folder("r.docscript")).write(to: replay("r.docscript"))
    let test = try runDocrepl(["test", "r.docscript"], in: replay.url)
    #expect(test.status == 0, "\(test.output)\(test.errors)")
    let run = try runDocrepl(["run", "r.docscript"], in: replay.url)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    for name in ["t.txt", "j.json", "b.bin", "m.md"] {
      #expect(
        try Data(contentsOf: replay(name)) == Data(contentsOf: folder(name)), "\(name)")
    }
  }

  @Test("A saved document with unsaved changes is reopened, then given its content")
  func unsavedChangesOfASavedFile() throws {
    let original: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\r\n".utf8)
    let folder = try TemporaryDirectory("record-dirty")
    try Data(original).write(to: folder("f.txt"))
    let result = try runDocrepl(
      ["-c", "open f.txt; append c; record r.docscript; save; record stop"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.errors.contains("warning"), "\(result.errors)")
    let recorded = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    #expect(
      recorded == """
        # Recorded by docrepl. It reads these files, which must be there when it replays:
        #   $SCRIPT_DIR/f.txt
        # The documents open when the recording began.
        open "$SCRIPT_DIR"/f.txt as f --type public.plain-text
        set-text "\\u{FEFF}a\\r\\nb\\r\\nc\\r\\n"
        use f
        save

        """)
    let saved = Array(try Data(contentsOf: folder("f.txt")))
    #expect(saved == original + Array("c\r\n".utf8))

    // Replayed beside the file as it was, the save writes the same bytes.
    let replay = try TemporaryDirectory("record-dirty-replay")
    try Data(original).write(to: replay("f.txt"))
    try Data(contentsOf: folder("r.docscript")).write(to: replay("r.docscript"))
    let run = try runDocrepl(["run", "r.docscript"], in: replay.url)
    #expect(run.status == 0, "\(run.errors)")
    #expect(Array(try Data(contentsOf: replay("f.txt"))) == saved)
  }

  @Test("A document whose unsaved content its type cannot rebuild gets a warning")
  func notesWarn() throws {
    let folder = try TemporaryDirectory("record-notes")
    let result = try runDocrepl(
      [], in: folder.url,
      input: "new notes N\ntitle Lisbon\nnew text T\nrecord r.docscript\nrecord stop\n")
    #expect(
      result.errors.contains(
        "warning: 'N' has unsaved changes that a notes document cannot replay, so a replay of the recording starts without it"
      ), "\(result.errors)")
    let recorded = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    #expect(
      recorded
        == "# The documents open when the recording began.\nnew public.plain-text T\nuse T\n")
  }
}
