import DocTestSupport
import Foundation
import Glibc
import Testing

/// The prompt's pager, at a pseudo-terminal of the built binary (the
/// release binary in CI): output longer than the screen goes through
/// `PAGER`, shorter output does not, `set pager off` turns it off, scripts
/// never page, and Ctrl-C, a pager that quits early and a pager that is
/// not there each leave the prompt as it should be.
@Suite("The pager at the prompt", .serialized)
struct PagerTests {
  /// A pager that keeps what it reads in `paged.txt`, then says it ended.
  static let recordingPager = "cat > paged.txt; echo pager-ended"

  /// A folder with `n.txt`, the numbers 1 to `count`, one a line.
  static func numbers(_ count: Int) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.write((1...count).map { "\($0)\n" }.joined(), to: "n.txt")
    return folder
  }

  /// A prompt on a `rows`-line terminal in `folder`, with `pager`, and
  /// `n.txt` open.
  static func session(
    in folder: TemporaryDirectory, pager: String = recordingPager, rows: UInt16 = 10
  ) throws -> PseudoTerminal {
    let session = try PseudoTerminal(
      arguments: ["--no-color"], environment: ["PAGER": pager], in: folder.url, rows: rows)
    try session.expect("docrepl > ")
    try session.send("open n.txt\r")
    try session.expect("n > ")
    return session
  }

  static func paged(_ folder: TemporaryDirectory) -> String? {
    try? String(contentsOf: folder("paged.txt"), encoding: .utf8)
  }

  @Test("Output longer than the screen goes to the pager, all of it, and none of it to the screen")
  func longOutputPages() throws {
    let folder = try Self.numbers(100)
    let session = try Self.session(in: folder)
    try session.send("show\r")
    let shown = try session.expect("n > ")
    #expect(shown == "show\npager-ended\nn > ", "\(shown)")
    #expect(Self.paged(folder) == (1...100).map { "\($0)\n" }.joined())
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "Output that leaves the prompt's line on the screen is printed; one line more is paged",
    arguments: [(9, false), (10, true)])
  func screenBoundary(lines: Int, pages: Bool) throws {
    let folder = try Self.numbers(lines)
    let session = try Self.session(in: folder, rows: 10)
    try session.send("show\r")
    let shown = try session.expect("n > ")
    #expect((Self.paged(folder) != nil) == pages, "\(shown)")
    #expect(shown.contains("\n\(lines)\n") != pages, "\(shown)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A line wider than the terminal takes the screen lines it wraps to")
  func wrappedLinesCount() throws {
    let folder = try TemporaryDirectory()
    // Four lines of 200 characters on 80 columns: 12 screen lines.
    try folder.write(
      String(repeating: String(repeating: "w", count: 200) + "\n", count: 4), to: "n.txt")
    let session = try Self.session(in: folder, rows: 10)
    try session.send("show\r")
    try session.expect("pager-ended\nn > ")
    #expect(Self.paged(folder)?.count == 4 * 201)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("set pager off prints long output, from the same entry on; set pager on pages again")
  func pagerOff() throws {
    let folder = try Self.numbers(30)
    let session = try Self.session(in: folder)
    try session.send("set pager off; show\r")
    #expect(try session.expect("n > ").hasSuffix("\n29\n30\nn > "))
    #expect(Self.paged(folder) == nil)
    try session.send("set pager on\r")
    try session.expect("n > ")
    try session.send("show\r")
    try session.expect("pager-ended\nn > ")
    #expect(Self.paged(folder)?.hasSuffix("\n30\n") == true)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("Diagnostics come after the pager ends, below what it showed, in order")
  func diagnosticsAfterPager() throws {
    let folder = try Self.numbers(30)
    let session = try Self.session(in: folder)
    try session.send("show; line 500\r")
    let shown = try session.expect("n > ")
    let ended = try #require(shown.range(of: "pager-ended"))
    let error = try #require(shown.range(of: "error: "))
    #expect(ended.upperBound <= error.lowerBound, "\(shown)")
    #expect(Self.paged(folder)?.hasSuffix("\n30\n") == true)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A diagnostic before the output fills the screen keeps its place among the lines")
  func diagnosticInOrder() throws {
    let folder = try Self.numbers(3)
    let session = try Self.session(in: folder)
    try session.send("show; line 500; show\r")
    let shown = try session.expect("n > ")
    // The entry stops at the error; what ran before it is printed first.
    #expect(shown.hasPrefix("show; line 500; show\n1\n2\n3\n"), "\(shown)")
    #expect(shown.contains("error: "), "\(shown)")
    #expect(Self.paged(folder) == nil)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "Scripts and -c never page, even on a terminal",
    arguments: [["run", "s.docscript"], ["-c", "open n.txt\nshow"]])
  func scriptsNeverPage(arguments: [String]) throws {
    let folder = try Self.numbers(30)
    try folder.write("open n.txt\nshow\n", to: "s.docscript")
    let session = try PseudoTerminal(
      arguments: ["--no-color"] + arguments, environment: ["PAGER": Self.recordingPager],
      in: folder.url, rows: 10)
    #expect(try session.waitForExit() == 0)
    #expect(session.transcript.hasSuffix("29\n30\n"), "\(session.transcript)")
    #expect(Self.paged(folder) == nil)
  }

  @Test("A shell command's entry is not paged: what came before it is printed first")
  func shellEntryNotPaged() throws {
    let folder = try Self.numbers(30)
    let session = try Self.session(in: folder)
    try session.send("line 1,3; shell 'echo from-shell'; show\r")
    let shown = try session.expect("n > ")
    #expect(shown.contains("1\n2\n3\nfrom-shell\n1\n"), "\(shown)")
    #expect(Self.paged(folder) == nil)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("The export dialog asks after the pager has ended, never inside it")
  func exportDialogAfterPager() throws {
    let folder = try Self.numbers(30)
    let session = try Self.session(in: folder)
    try session.send("show; export\r")
    let before = try session.expect("export to: n 2.txt")
    #expect(before.contains("pager-ended\n"), "\(before)")
    #expect(Self.paged(folder)?.hasSuffix("\n30\n") == true)
    try session.send("\r")
    try session.expect("exported n 2.txt\n")
    try session.expect("n > ")
    #expect(FileManager.default.fileExists(atPath: folder("n 2.txt").path))
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("Ctrl-C while the pager holds up a long output stops it at once and says interrupted")
  func interruptWhilePaging() throws {
    let folder = try TemporaryDirectory()
    try InterruptTests.writeLines(to: folder("n.txt"), size: 20 << 20, tag: "a")
    // A pager that reads nothing: the output fills the pipe and waits.
    let session = try Self.session(in: folder, pager: "sleep 120")
    try session.send("show\r")
    // The pager has started once the output waits on it.
    try session.expect("show\n")
    Thread.sleep(forTimeInterval: 0.5)
    try session.send(control: "c")
    let said = try session.expect("n > ", timeout: .seconds(30))
    #expect(said.contains("error: interrupted"), "\(said)")
    try session.send("print still here\r")
    #expect(try session.expect("n > ").hasSuffix("still here\nn > "))
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A pager that quits early ends the output quietly; the prompt goes on")
  func pagerQuitsEarly() throws {
    let folder = try TemporaryDirectory()
    try InterruptTests.writeLines(to: folder("n.txt"), size: 20 << 20, tag: "a")
    let session = try Self.session(in: folder, pager: "head -n 2")
    try session.send("show\r")
    let shown = try session.expect("n > ", timeout: .seconds(60))
    #expect(shown.contains("0000000001 a"), "\(shown)")
    #expect(!shown.contains("0000000002 a"), "\(shown)")
    #expect(!shown.contains("error"), "\(shown)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A pager that is not there: a warning, once, and the output printed")
  func missingPager() throws {
    let folder = try Self.numbers(30)
    let session = try Self.session(in: folder, pager: "no-such-pager-7c1 -x")
    try session.send("show\r")
    let first = try session.expect("n > ")
    #expect(first.contains("warning: the pager 'no-such-pager-7c1 -x' cannot start"), "\(first)")
    #expect(first.contains("\n29\n30\n"), "\(first)")
    try session.send("show\r")
    let second = try session.expect("n > ")
    #expect(!second.contains("warning"), "\(second)")
    #expect(second.contains("\n30\n"), "\(second)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "less pages at a real terminal; q leaves it and the prompt goes on",
    .enabled(if: access("/usr/bin/less", X_OK) == 0, "less is not installed"))
  func realLess() throws {
    let folder = try Self.numbers(100)
    let session = try PseudoTerminal(
      arguments: ["--no-color"], environment: ["PAGER": "less", "TERM": "xterm"],
      in: folder.url, rows: 10)
    try session.expect("docrepl > ")
    try session.send("open n.txt\r")
    try session.expect("n > ")
    try session.send("show\r")
    // less shows the first screen and waits at its own prompt.
    try session.expect("9")
    try session.expect(":")
    try session.send("q")
    try session.expect("n > ")
    try session.send("print after\r")
    // The output line, after the echo (and any escape the line editor
    // sends before it).
    let lines = try session.expect("n > ").components(separatedBy: "\n")
    #expect(lines.contains { $0.hasSuffix("after") && !$0.hasSuffix("print after") }, "\(lines)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }
}
