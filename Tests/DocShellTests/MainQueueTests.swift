import DocTestSupport
import Foundation
import Testing

/// Work a model queues on the main queue runs between commands and while
/// the prompt waits, in every way statements run: `run`, `-c`, standard
/// input, `test`, `check` and the prompt. The program is
/// `docrepl-mainqueue-host` (Tests/MainQueueHost), a REPL built as an
/// app's is, over a model whose edits happen in work queued by the four
/// ways apps queue it, each registering its undo there.
@Suite("The main queue runs between commands", .serialized)
struct MainQueueTests {
  /// The REPL over the queueing model.
  static var host: URL { productsDirectory.appendingPathComponent("docrepl-mainqueue-host") }

  /// The commands that append TEXT through each way of queueing work.
  static let mechanisms = ["dispatch", "receive", "runloop", "task"]

  /// How a script reaches the interpreter.
  enum Mode: String, CaseIterable, CustomTestStringConvertible {
    case run, commandLine, standardInput
    var testDescription: String { rawValue }
  }

  /// Runs `lines` through the host in `mode`, in a fresh folder.
  static func run(_ lines: [String], _ mode: Mode) throws -> ProcessResult {
    let folder = try TemporaryDirectory()
    switch mode {
    case .run:
      let file = try folder.write(lines.joined(separator: "\n") + "\n", to: "s.docscript")
      return try runProgram(host, ["run", file.path], in: folder.url)
    case .commandLine:
      return try runProgram(host, ["-c", lines.joined(separator: "; ")], in: folder.url)
    case .standardInput:
      return try runProgram(
        host, [], in: folder.url, input: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
  }

  @Test(
    "Each way of queueing work runs before the next command, and its undo is the command's",
    arguments: mechanisms, Mode.allCases)
  func mechanism(command: String, mode: Mode) throws {
    let result = try Self.run(
      ["new queued q", "\(command) hello", "show", "undo", "show", "redo", "show"], mode)
    // `init` set "ready" through DispatchQueue.main.async: the first
    // `show` has it. Undo takes back what the queued work did.
    #expect(result.output == "ready\nhello\nUndo\nready\nRedo\nready\nhello\n", "\(result.errors)")
  }

  @Test("Timers due fire between commands; those not due yet wait", arguments: Mode.allCases)
  func timers(mode: Mode) throws {
    let result = try Self.run(
      [
        "new queued q", "after 400 a", "schedule-after 500 s", "show", "pause 700", "show",
      ], mode)
    #expect(result.output == "ready\nready\na\ns\n", "\(result.errors)")
  }

  @Test("Work that queues itself for ever is stopped at the limit, which is said once")
  func bound() throws {
    for mode in Mode.allCases {
      let result = try Self.run(["new queued q", "forever", "show", "stop", "show"], mode)
      #expect(result.output == "ready\nready\n")
      let warning = "warning: the main queue was still busy after 1000 rounds or 100 ms"
      #expect(
        result.errors.components(separatedBy: warning).count == 2, "\(mode): \(result.errors)")
    }
  }

  @Test("docrepl test: the queued work's results are in the transcript")
  func test() throws {
    let folder = try TemporaryDirectory()
    var script = "new queued q\nshow\n#> ready\n"
    for command in Self.mechanisms {
      script += "\(command) \(command)-text\nshow\n#> ready\n"
      script += Self.mechanisms.prefix(through: Self.mechanisms.firstIndex(of: command)!)
        .map { "#> \($0)-text\n" }.joined()
    }
    script += "after 100 a\npause 300\nshow\n"
    script +=
      (["ready"] + Self.mechanisms.map { "\($0)-text" } + ["a"]).map { "#> \($0)\n" }.joined()
    _ = try folder.write(script, to: "queue.docscript")
    let result = try runProgram(Self.host, ["test", "queue.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"), "\(result.output)")

    _ = try folder.write("new queued q\nforever\nstop\nshow\n#> ready\n", to: "bound.docscript")
    let bound = try runProgram(Self.host, ["test", "bound.docscript"], in: folder.url)
    #expect(
      (bound.output + bound.errors).contains(
        "warning: the main queue was still busy after 1000 rounds or 100 ms"),
      "\(bound.output)\(bound.errors)")
  }

  @Test("docrepl check: undo registered in queued work holds every invariant")
  func check() throws {
    let folder = try TemporaryDirectory()
    let result = try runProgram(
      Self.host, ["check", "queued-check", "--runs", "5", "--steps", "20"], in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  @Test("At the prompt: queued work runs before the next prompt, and while it waits")
  func prompt() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(Self.host, in: folder.url)
    // The empty prompt names the program: the host is a program of its own.
    try session.expect("docrepl-mainqueue-host > ")
    try session.send("new queued q\r")
    try session.expect("q > ")
    for command in Self.mechanisms {
      try session.send("\(command) \(command)-text\r")
      // The undo the queued work registered makes the document dirty
      // before the prompt is drawn.
      try session.expect("q* > ")
    }
    try session.send("show\r")
    #expect(
      try session.expect("q* > ")
        == "show\nready\ndispatch-text\nreceive-text\nrunloop-text\ntask-text\nq* > ")
    // Nothing is typed: the timer fires while readline waits, its line
    // is printed, and the prompt is drawn again below it.
    try session.send("say-after 50 boo\r")
    try session.expect("q* > ")
    try session.expect("boo\n")
    try session.expect("q* > ")
    try session.send("forever\r")
    try session.expect("the main queue was still busy after 1000 rounds or 100 ms")
    try session.expect("q* > ")
    try session.send("stop\r")
    try session.expect("q* > ")
    try session.send("quit\r")
    try session.expect("discard")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }
}
