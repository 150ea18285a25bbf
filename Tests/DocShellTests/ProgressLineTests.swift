import DocTestSupport
import Foundation
import Testing

/// Long work shows a percentage on a terminal's standard error, rewritten
/// in place and erased when the work ends; never in piped or scripted
/// output. The threshold is set to 0 through DOCREPL_PROGRESS_AFTER, so
/// that nothing here depends on how fast the machine is.
@Suite("Progress of long work at the prompt")
struct ProgressLineTests {
  /// An 8 MB log: reading, saving, replacing and comparing it each pass
  /// several megabytes, where progress is reported.
  static func makeLog(in folder: TemporaryDirectory) throws {
    let lines = (0..<100_000).map {
      "2026-12-02T04:00:00Z host\($0 % 7) service[\($0)]: request \($0) served in 12 ms \($0 % 50 == 0 ? "foo" : "ok")\n"
    }
    try Data(lines.joined().utf8).write(to: folder("big.log"))
  }

  static let commands = [
    "open big.log", "snapshot s", "set-line 99000 changed", "diff s", "replace foo bar --all",
    "save",
  ]

  static let environment = ["DOCREPL_PROGRESS_AFTER": "0", "DOCREPL_HISTORY": ""]

  @Test(
    "At a terminal: open, diff, replace --all and save's write show a percentage, then erase it")
  func atTerminal() throws {
    let folder = try TemporaryDirectory()
    try Self.makeLog(in: folder)
    let session = try PseudoTerminal(environment: Self.environment, in: folder.url)
    try session.expect("docrepl > ")
    for command in Self.commands {
      try session.send(command + "\r")
      try session.expect(" > ")
    }
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    let raw = String(decoding: session.rawTranscript, as: UTF8.self)
    // `save` shows its write to the disk (`writing`), to the last byte.
    for title in ["reading", "comparing", "replacing", "writing"] {
      #expect(raw.contains("\r\(title) "), "no progress for \(title)")
      #expect(
        raw.range(of: "\r\(title) [0-9]+%\u{1B}\\[K", options: .regularExpression) != nil,
        "\(title): not a percentage rewritten in place")
    }
    #expect(raw.contains("\rwriting 100%"), "the save's write did not reach its last byte")
    // Each progress line is erased: the last thing before the next
    // output is the erase sequence.
    #expect(raw.contains("%\u{1B}[K\r\u{1B}[K"))
    // And the file is what the commands made.
    let saved = try String(contentsOf: folder("big.log"), encoding: .utf8)
    #expect(saved.contains("changed\n"))
    #expect(!saved.contains("foo"))
  }

  @Test("Never in -c, piped input or a script: the output holds no progress")
  func neverPiped() throws {
    let folder = try TemporaryDirectory()
    let script = Self.commands.joined(separator: "\n") + "\n"
    try Data(script.utf8).write(to: folder("edit.docscript"))
    let ways: [(arguments: [String], input: String?)] = [
      (Self.commands.flatMap { ["-c", $0] }, nil), ([], script), (["run", "edit.docscript"], nil),
    ]
    for way in ways {
      // Each from the same start: the one before replaced every foo.
      try Self.makeLog(in: folder)
      let result = try runDocrepl(
        way.arguments, in: folder.url, input: way.input, environment: Self.environment)
      #expect(result.status == 0, "\(result.errors)")
      #expect(!result.errors.contains("%"))
      #expect(!result.errors.contains("\u{1B}["))
      #expect(!result.output.contains("\u{1B}["))
      #expect(!result.output.contains("reading"))
    }
  }
}
