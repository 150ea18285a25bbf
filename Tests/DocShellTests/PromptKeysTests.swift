import DocTestSupport
import Foundation
import Glibc
import Testing

/// Ctrl-C, Ctrl-D, `quit` and `exit`, in the builds users run: CI runs
/// this suite against the release binary too (`DOCREPL_BINARY`), where
/// the signal flag once lived in a header and the handler set one copy
/// while the loop read another.
@Suite("Ctrl-C, Ctrl-D, quit and exit")
struct PromptKeysTests {
  /// The terminal readline sees: `dumb` (no escape sequences), or
  /// `xterm`, where readline 8 turns bracketed paste on and its terminal
  /// reset ends in a carriage return.
  static let terminals = ["dumb", "xterm"]

  /// What the person sees: the transcript without escape sequences.
  static func visible(_ text: String) -> String {
    text.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
  }

  @Test(
    "Ctrl-C mid-line: ^C after the typed text, and every later entry runs", arguments: terminals)
  func controlCThenMore(_ terminal: String) throws {
    let session = try PseudoTerminal(arguments: ["--no-color"], environment: ["TERM": terminal])
    try session.expect("docrepl > ")
    try session.send("append hel")
    try session.expect("append hel")
    try session.send(control: "c")
    try session.expect("^C")
    try session.expect("docrepl > ")
    for word in ["one", "two", "three"] {
      try session.send("print \(word)\r")
      #expect(Self.visible(try session.expect("docrepl > ")).hasSuffix("\(word)\ndocrepl > "))
    }
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    let text = session.transcript
    #expect(!text.contains("interrupted"))
    #expect(!text.contains("helprint"))
    // ^C follows the line as typed; nothing moved the cursor back first.
    let raw = String(decoding: session.rawTranscript, as: UTF8.self)
    #expect(raw.contains("append hel^C"))
    #expect(!raw.contains("\r^C"))
  }

  @Test(
    "Ctrl-D at a continuation prompt: the error on a line of its own, and no blank lines later",
    arguments: terminals)
  func controlDAtContinuation(_ terminal: String) throws {
    let session = try PseudoTerminal(arguments: ["--no-color"], environment: ["TERM": terminal])
    try session.expect("docrepl > ")
    try session.send("group x {\r")
    try session.expect("... > ")
    try session.send(control: "d")
    try session.expect("unterminated group")
    try session.expect("docrepl > ")
    try session.send("print one\r")
    try session.expect("docrepl > ")
    try session.send("print two\r")
    try session.expect("docrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    let text = Self.visible(session.transcript)
    #expect(
      text.contains(
        "... > \(LineEditorBuild.endOfInputEcho)\n<input>:1:9: error: unterminated group"))
    #expect(text.contains("print one\none\ndocrepl > print two\ntwo\ndocrepl > "))
    #expect(!text.contains("\n\n"))
  }

  @Test("Ctrl-D leaves on a new line, once", arguments: terminals)
  func controlDLeaves(_ terminal: String) throws {
    let session = try PseudoTerminal(arguments: ["--no-color"], environment: ["TERM": terminal])
    try session.expect("docrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    #expect(
      Self.visible(session.transcript).hasSuffix("docrepl > \(LineEditorBuild.endOfInputEcho)\n"))
  }

  static let leavingCommands = ["quit", "exit"]

  @Test(
    "quit and exit leave as Ctrl-D does, asking about unsaved changes", arguments: leavingCommands)
  func quitAtThePrompt(_ command: String) throws {
    let session = try PseudoTerminal(arguments: ["--no-color"])
    try session.expect("docrepl > ")
    try session.send("new text t; append x\r")
    try session.expect("t* > ")
    try session.send("\(command); print not-run\r")
    try session.expect("discard changes to t? [y/N] ")
    try session.send("n\r")
    try session.expect("t* > ")
    try session.send("print still-here\r")
    try session.expect("still-here\nt* > ")
    try session.send("\(command)\r")
    try session.expect("discard changes to t? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
    #expect(!session.transcript.contains("\nnot-run\n"))
  }

  @Test("quit in -c, standard input and run: the rest does not run; unsaved changes are warned of")
  func quitInBatch() throws {
    let inline = try runDocrepl(["-c", "print a; quit; print b"])
    #expect(inline.status == 0)
    #expect(inline.output == "a\n")

    let piped = try runDocrepl(
      ["--batch"], input: "new text t\nappend x\nexit\nprint after\n")
    #expect(piped.status == 0)
    #expect(piped.output == "")
    #expect(piped.errors == "docrepl: warning: 't' has unsaved changes, which are discarded\n")

    let folder = try TemporaryDirectory()
    try folder.write("print inner\nquit\nprint inner-after\n", to: "inner.docscript")
    try folder.write("print outer\nsource inner.docscript\nprint outer-after\n", to: "a.docscript")
    try folder.write("print second-script\n", to: "b.docscript")
    let run = try runDocrepl(["run", "a.docscript", "b.docscript"], in: folder.url)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "outer\ninner\n")
  }

  @Test("help mentions how to leave")
  func helpMentionsLeaving() throws {
    let help = try runDocrepl(["-c", "help"])
    #expect(help.output.contains("Ctrl-D, quit or exit leaves."))
    let quit = try runDocrepl(["-c", "help quit"])
    #expect(quit.output.hasPrefix("usage: quit\n"))
  }

  @Test("SIGINT during docrepl run: exit 130, with the diagnostic, and the rest does not run")
  func interruptedRun() throws {
    let folder = try TemporaryDirectory()
    let appends = String(repeating: "append x\n", count: 400_000)
    try folder.write(
      "new text t\nprint started\n\(appends)print finished\n", to: "long.docscript")
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["run", "--no-color", "long.docscript"]
    process.currentDirectoryURL = folder.url
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("started\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    try #require(String(decoding: seen, as: UTF8.self).contains("started\n"))
    kill(process.processIdentifier, SIGINT)
    seen += output.fileHandleForReading.readDataToEndOfFile()
    let diagnostics = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    #expect(diagnostics.contains("long.docscript:"))
    #expect(diagnostics.contains(": error: interrupted\n"))
    #expect(diagnostics.contains("note: the rest of the input did not run"))
    #expect(!String(decoding: seen, as: UTF8.self).contains("finished"))
  }
}
