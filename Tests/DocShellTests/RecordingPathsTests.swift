import DocTestSupport
import Foundation
import Testing

/// A recording replays under `docrepl test`, which runs each script in a
/// temporary folder: what a session read is recorded by a path that does
/// not depend on the working folder, what an export dialog chose is
/// recorded as `export to`, and the header names the files a replay
/// needs.
@Suite("docrepl record: paths and dialog choices that replay", .serialized)
struct RecordingPathsTests {
  /// A folder with `data/settings file.json`, `work/` to run in and
  /// `lib/setup.docscript`.
  static func makeFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("recording-paths")
    for name in ["data", "work", "lib"] {
      try FileManager.default.createDirectory(at: folder(name), withIntermediateDirectories: true)
    }
    try folder.write(#"{"a": 1}"# + "\n", to: "data/settings file.json")
    try folder.write("new text scratch\n", to: "lib/setup.docscript")
    return folder
  }

  @Test(
    "A file read by a path relative to the working folder is recorded through $SCRIPT_DIR or by its absolute path",
    arguments: [
      // The recording beside the working folder: the files lie under its folder.
      ("../session.docscript", "session.docscript", true),
      // The recording in the working folder: the files lie outside it.
      ("session.docscript", "work/session.docscript", false),
    ])
  func readPaths(_ recordAt: String, _ recording: String, _ underScriptFolder: Bool) throws {
    let folder = try Self.makeFolder()
    let session = """
      record \(recordAt)
      open "../data/settings file.json" as s
      get /a
      source ../lib/setup.docscript
      save-to copy.txt
      open copy.txt as c
      record stop
      """
    let result = try runDocrepl(["-c", session], in: folder("work"))
    #expect(result.status == 0, "\(result.errors)")
    let text = try String(contentsOf: folder(recording), encoding: .utf8)
    let root = folder.url.standardizedFileURL.path
    let (settings, setup, settingsShown, setupShown) =
      underScriptFolder
      ? (
        #""$SCRIPT_DIR"/"data/settings file.json""#, #""$SCRIPT_DIR"/lib/setup.docscript"#,
        "$SCRIPT_DIR/data/settings file.json", "$SCRIPT_DIR/lib/setup.docscript"
      )
      : (
        "\"\(root)/data/settings file.json\"", "\(root)/lib/setup.docscript",
        "\(root)/data/settings file.json", "\(root)/lib/setup.docscript"
      )
    #expect(
      text == """
        # Recorded by docrepl. It reads these files, which must be there when it replays:
        #   \(settingsShown)
        #   \(setupShown)
        open \(settings) as s
        get /a
        #> 1
        source \(setup)
        save-to copy.txt
        open copy.txt as c

        """)
    // `docrepl test` replays it in a temporary folder, and it passes.
    let test = try runDocrepl(["test", recording], in: folder.url)
    #expect(test.status == 0, "\(test.output)\(test.errors)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("An export whose file the prompt's dialog chose is recorded as export to that file")
  func exportDialog() throws {
    let folder = try TemporaryDirectory("recording-export")
    try folder.write(#"{"a": 1}"# + "\n", to: "settings.json")
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open settings.json\r")
    try session.expect("settings > ")
    try session.send("record r.docscript\r")
    try session.expect("settings > ")
    try session.send("set /a 2\r")
    try session.expect("settings* > ")
    // The dialog offers the first free name beside the document's own.
    try session.send("export\r")
    try session.expect("export to: settings 2.json")
    try session.send("\r")
    try session.expect("exported settings 2.json\n")
    try session.expect("settings* > ")
    try session.send("record stop\r")
    try session.expect("settings* > ")
    try session.send("close --discard\r")
    try session.expect("docrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0, "\(session.transcript)")

    let text = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    #expect(
      text.contains("\nexport to \"settings 2.json\"\n#> exported settings 2.json\n"), "\(text)")
    let test = try runDocrepl(["test", "r.docscript"], in: folder.url)
    #expect(test.status == 0, "\(test.output)\(test.errors)")
    // The replay wrote its export in its own temporary folder, not here.
    #expect(
      try String(contentsOf: folder("settings 2.json"), encoding: .utf8) == #"{"a": 2}"# + "\n")
  }
}
