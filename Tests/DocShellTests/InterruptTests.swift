import DocTestSupport
import Foundation
import Glibc
import Testing

/// Ctrl-C at the prompt while a command writes long output, and a Ctrl-C
/// that comes after the command's last point of asking: what the person
/// at the terminal sees. Serialized: each test writes tens of megabytes
/// through a pseudo-terminal, and on two cores they would hold each other
/// up.
@Suite("Ctrl-C stops long output at the prompt, and a late one is said", .serialized)
struct InterruptTests {
  /// Writes `size` bytes of numbered lines of 100 bytes to `url`, a line
  /// that `tag` makes differ from another file's.
  static func writeLines(to url: URL, size: Int, tag: String) throws {
    let body = String(repeating: "x", count: 100 - 1 - 10 - tag.utf8.count - 1)
    var block = ""
    block.reserveCapacity(1 << 20)
    try Data().write(to: url)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let lines = size / 100
    for number in 0..<lines {
      let digits = String(number)
      block += String(repeating: "0", count: 10 - digits.count) + digits + " " + tag + body + "\n"
      if block.utf8.count >= 1 << 20 {
        try handle.write(contentsOf: Data(block.utf8))
        block.removeAll(keepingCapacity: true)
      }
    }
    try handle.write(contentsOf: Data(block.utf8))
  }

  /// Sends Ctrl-C once `session` has printed `marker`, and returns how
  /// many bytes it printed after the Ctrl-C was sent, by the time it
  /// printed `interrupted` and the prompt again. (Counted from the Ctrl-C,
  /// not from the start: on a loaded machine the test may see the marker
  /// late, while the program has gone on printing.)
  static func interrupt(
    _ session: PseudoTerminal, after marker: String, prompt: String
  ) throws -> (total: Int, text: String) {
    try session.expect(marker)
    try session.send(control: "c")
    let sent = session.rawTranscript.count
    // The output does not run on to its end: a generous bound, which only
    // limits how long a failure takes.
    let text = try session.expect("error: interrupted", timeout: .seconds(30))
    try session.expect(prompt)
    return (session.rawTranscript.count - sent, text)
  }

  @Test("Ctrl-C during show of a 100 MB file stops the output at once and says interrupted")
  func showStops() throws {
    let folder = try TemporaryDirectory()
    let size = 100 << 20
    try Self.writeLines(to: folder("big.txt"), size: size, tag: "a")
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open big.txt\r")
    try session.expect("big > ", timeout: .seconds(120))
    try session.send("show\r")
    let (total, _) = try Self.interrupt(session, after: "0000000100 a", prompt: "big > ")
    // What was written after Ctrl-C is what the terminal held and a
    // piece or two: nowhere near the file.
    #expect(total < size / 50, "\(total) bytes written after Ctrl-C, of a \(size)-byte file")
    // Nothing was changed, and the prompt goes on.
    try session.send("print still here\r")
    #expect(try session.expect("big > ").hasSuffix("still here\nbig > "))
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("Ctrl-C during diff of two large documents stops the output at once")
  func diffStops() throws {
    let folder = try TemporaryDirectory()
    let size = 16 << 20
    try Self.writeLines(to: folder("a.txt"), size: size, tag: "a")
    try Self.writeLines(to: folder("b.txt"), size: size, tag: "b")
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open a.txt; snapshot old; open b.txt; snapshot new\r")
    try session.expect("b > ", timeout: .seconds(120))
    try session.send("diff old new\r")
    let before = session.rawTranscript.count
    let (total, _) = try Self.interrupt(session, after: "-0000000100 a", prompt: "b > ")
    // The diff of two files that differ on every line is about twice
    // their size.
    #expect(total - before < size / 10, "\(total - before) bytes of a diff of twice \(size)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "A Ctrl-C after the command's last point of asking: the command had finished, said after its output and before the prompt"
  )
  func lateInterruptIsSaid() throws {
    let folder = try TemporaryDirectory()
    let session = try PseudoTerminal(MainQueueTests.host, arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl-mainqueue-host > ")
    try session.send("new queued q\r")
    try session.expect("q > ")
    // The command prints, then waits for the file `go` with no point of
    // asking left: Ctrl-C comes, the terminal echoes it, and only then
    // may the command finish.
    try session.send("append-then-wait started go\r")
    try session.expect("started\n")
    try session.send(control: "c")
    try session.expect("^C")
    _ = try folder.write("", to: "go")
    let text = try session.expect("q* > ")
    #expect(text.contains("Ctrl-C came after the command had finished"), "\(text)")
    #expect(!text.contains("interrupted"))
    // The command's edit stands, as the message says.
    try session.send("show\r")
    #expect(try session.expect("q* > ").hasSuffix("ready\nstarted\nq* > "))
    // A Ctrl-C at the prompt is the prompt's own: no such message.
    try session.send(control: "c")
    try session.expect("q* > ")
    try session.send("print after\r")
    let after = try session.expect("q* > ")
    #expect(!after.contains("had finished"))
    try session.send(control: "d")
    try session.expect("[y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }
}
