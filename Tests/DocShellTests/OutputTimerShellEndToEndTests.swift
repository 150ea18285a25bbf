import DocTestSupport
import Foundation
import Testing

/// `set timer on`, `output FILE` and the shell escape, through the built
/// binary: what goes to standard output, standard error and the file, and
/// `!COMMAND` at a real pseudo-terminal.
@Suite("docrepl's timer, output FILE and shell escape, end to end")
struct OutputTimerShellEndToEndTests {
  @Test("The timer's lines go to standard error; output is unchanged")
  func timer() throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(
      ["--no-color", "-c", "set timer on\nprint a\nprint b"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.output == "a\nb\n")
    #expect(result.errors.wholeMatch(of: /(took \d+\.\d ms\n){3}/) != nil, "\(result.errors)")
  }

  @Test("output FILE takes standard output only, until output alone")
  func output() throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(
      ["--no-color", "-c", "output out.txt\nprint one\nget /x\noutput\nprint two"],
      in: folder.url)
    #expect(result.status == 1)
    #expect(result.output == "two\n")
    #expect(result.errors.contains("error:"), "\(result.errors)")
    #expect(try String(contentsOf: folder("out.txt"), encoding: .utf8) == "one\n")
  }

  @Test("A script's shell needs set shell on, and --confine refuses it")
  func shellInScript() throws {
    let folder = try TemporaryDirectory()
    try folder.write("set shell on\nshell 'echo from-sh; exit 4'\n", to: "s.docscript")
    let result = try runDocrepl(["--no-color", "run", "s.docscript"], in: folder.url)
    #expect(result.output == "from-sh\n")
    #expect(result.status == 1)
    #expect(result.errors.contains("exited with status 4"), "\(result.errors)")
    try folder.write("shell echo no\n", to: "t.docscript")
    let refused = try runDocrepl(["--no-color", "run", "t.docscript"], in: folder.url)
    #expect(refused.output == "")
    #expect(refused.errors.contains("only after 'set shell on'"), "\(refused.errors)")
    let confined = try runDocrepl(
      ["--no-color", "run", "--confine", "s.docscript"], in: folder.url)
    #expect(confined.output == "")
    #expect(confined.errors.contains("--confine"), "\(confined.errors)")
  }

  @Test("!COMMAND at the prompt runs the rest of the line with /bin/sh, as typed")
  func bangAtPrompt() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("!echo \"bang $((40 + 2))\" > made.txt; cat made.txt\r")
    let printed = try session.expect("docrepl > ")
    #expect(printed.contains("bang 42"), "\(printed)")
    try session.send("!exit 5\r")
    #expect(try session.expect("docrepl > ").contains("exited with status 5"))
    try session.send("shell echo plain\r")
    #expect(try session.expect("docrepl > ").contains("plain"))
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: folder("made.txt"), encoding: .utf8) == "bang 42\n")
  }
}
