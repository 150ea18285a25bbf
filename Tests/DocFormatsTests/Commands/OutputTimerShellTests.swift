import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// `set timer on` (sqlite3's `.timer`), `output FILE` (sqlite3's
/// `.output`, psql's `\o`) and `shell` (sqlite3's `.shell`, psql's `\!`),
/// run in process.
@MainActor
@Suite("timer, output FILE and shell")
struct OutputTimerShellTests {
  /// One status line of the timer, whatever the time.
  static let timerLine = /took \d+\.\d ms\n/

  @Test(
    "set timer on writes one 'took N.N ms' status line a command, not output",
    arguments: [
      "set timer on", "timer on",
    ])
  func timer(_ switchOn: String) async throws {
    let harness = try ScriptHarness()
    let step = await harness.run("\(switchOn)\nprint a\nprint b")
    #expect(step.output == "a\nb\n")
    #expect(step.diagnostics == "")
    let lines = harness.output.status.split(separator: "\n", omittingEmptySubsequences: false)
    // `set timer on` itself, then the two prints; and the trailing break.
    #expect(lines.count == 4, "\(harness.output.status)")
    #expect(harness.output.status.wholeMatch(of: /(took \d+\.\d ms\n){3}/) != nil)
    let off = await harness.run("set timer off\nprint c")
    #expect(off.output == "c\n")
    let before = harness.output.status
    await harness.setUp("print d")
    #expect(harness.output.status == before)
  }

  @Test("set timer takes on or off only")
  func timerValue() async throws {
    let harness = try ScriptHarness()
    let step = await harness.run("set timer maybe")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("expected on or off, not 'maybe'"))
  }

  @Test("output FILE takes what commands print until 'output' alone; diagnostics stay")
  func output() async throws {
    let harness = try ScriptHarness()
    let step = await harness.run(
      "print before\noutput out.txt\nprint one\nnew json J\nset /a 1\nget /a\nget /nope\noutput\nprint after"
    )
    #expect(step.output == "before\nafter\n")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("/nope"), "\(step.diagnostics)")
    let written = try String(contentsOf: harness.temporary("out.txt"), encoding: .utf8)
    #expect(written == "one\n1\n")
  }

  @Test("output keeps an existing file unless --replace, which writes over it")
  func replace() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("keep\n", to: "out.txt")
    let refused = await harness.run("output out.txt\nprint x")
    #expect(refused.failures == 1)
    #expect(refused.diagnostics.contains("'out.txt' already exists"), "\(refused.diagnostics)")
    #expect(refused.diagnostics.contains("--replace"))
    #expect(refused.output == "x\n")
    #expect(try String(contentsOf: harness.temporary("out.txt"), encoding: .utf8) == "keep\n")
    let replaced = await harness.run("output out.txt --replace\nprint new\noutput")
    #expect(replaced == .init(output: "", diagnostics: "", failures: 0))
    #expect(try String(contentsOf: harness.temporary("out.txt"), encoding: .utf8) == "new\n")
  }

  @Test("output refuses a folder, a FIFO, an open document's file and an empty name")
  func refusals() async throws {
    let harness = try ScriptHarness()
    try FileManager.default.createDirectory(
      at: harness.temporary("folder"), withIntermediateDirectories: true)
    #expect(mkfifo(harness.temporary("fifo").path, 0o600) == 0)
    try harness.temporary.write("text\n", to: "doc.txt")
    await harness.setUp("open doc.txt")
    for (command, message) in [
      ("output folder --replace", "folder"),
      ("output fifo --replace", "fifo"),
      ("output doc.txt --replace", "is the file of the open document 'doc'"),
      ("output ''", "'' is empty"),
    ] {
      let step = await harness.run(command)
      #expect(step.failures == 1, "\(command)")
      #expect(step.diagnostics.contains(message), "\(command): \(step.diagnostics)")
    }
    #expect(try String(contentsOf: harness.temporary("doc.txt"), encoding: .utf8) == "text\n")
    let after = await harness.run("print still here")
    #expect(after.output == "still here\n")
  }

  @Test("output honours --confine's rule")
  func confined() async throws {
    let harness = try ScriptHarness()
    let inside = harness.temporary("inside")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    harness.interpreter.state.options.confinement = Confinement(
      readable: [], writable: [.init(inside, role: "the run's folder")])
    let step = await harness.run("output out.txt")
    #expect(step.failures == 1)
    #expect(!FileManager.default.fileExists(atPath: harness.temporary("out.txt").path))
    let allowed = await harness.run("output inside/out.txt\nprint ok\noutput")
    #expect(allowed.diagnostics == "")
    #expect(
      try String(contentsOf: inside.appendingPathComponent("out.txt"), encoding: .utf8) == "ok\n")
  }

  @Test(
    "A script runs shell only after 'set shell on'; its output is output, in the working folder")
  func shellInScript() async throws {
    let harness = try ScriptHarness()
    let refused = await harness.run("shell echo hi")
    #expect(refused.failures == 1)
    #expect(refused.diagnostics.contains("only after 'set shell on'"), "\(refused.diagnostics)")
    #expect(refused.output == "")
    let step = await harness.run("set shell on\nshell 'echo hi; pwd'")
    #expect(step.diagnostics == "")
    let folder = harness.temporary.url.resolvingSymlinksInPath().path
    #expect(step.output == "hi\n\(folder)\n")
  }

  @Test("A non-zero exit fails the command with its status; output FILE takes shell output")
  func shellStatus() async throws {
    let harness = try ScriptHarness()
    let step = await harness.run("set shell on\nshell 'echo partial; exit 3'")
    #expect(step.output == "partial\n")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("exited with status 3"), "\(step.diagnostics)")
    await harness.setUp("output o.txt\nshell \"printf 'a b'\"\noutput")
    #expect(try String(contentsOf: harness.temporary("o.txt"), encoding: .utf8) == "a b")
  }

  @Test("At the prompt shell runs without set shell on; never under --confine")
  func shellAtPromptAndConfined() async throws {
    let harness = try ScriptHarness()
    harness.interpreter.isAtPrompt = true
    let step = await harness.run("shell echo typed")
    #expect(step == .init(output: "typed\n", diagnostics: "", failures: 0))
    harness.interpreter.state.options.confinement = Confinement(
      readable: [], writable: [.init(harness.temporary.url, role: "the run's folder")])
    let confined = await harness.run("shell echo typed")
    #expect(confined.failures == 1)
    #expect(confined.diagnostics.contains("do not run under"), "\(confined.diagnostics)")
    let setting = await harness.run("set shell on")
    #expect(setting.failures == 1)
  }
}
