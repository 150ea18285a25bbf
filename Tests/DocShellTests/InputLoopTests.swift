import DocTestSupport
import Foundation
import Glibc
import Testing

/// The input loop without a terminal: batch from standard input, `-c`,
/// and `run -C`, through the built binary.
@Suite("docrepl batch input and -c")
struct InputLoopTests {
  @Test("Batch from standard input: no prompt, no echo, each statement as it comes")
  func batch() throws {
    let input = """
      new text notes
      append Milk
      append "Eggs
      and bread"
      set-text <<EOF
      one
      two
      EOF
      show
      group both {
        append three
        append four
      }
      line 4
      save notes.txt

      """
    let folder = try TemporaryDirectory()
    let result = try runDocrepl([], in: folder.url, input: input)
    #expect(result.status == 1)  // the quoted line break fails, and only it
    #expect(result.output == "one\ntwo\nfour\n")
    #expect(!result.output.contains(">"))
    #expect(
      result.errors.hasPrefix("<stdin>:3:8: error: line 1 of the new text contains a line break\n"))
    #expect(
      try String(contentsOf: folder("notes.txt"), encoding: .utf8) == "one\ntwo\nthree\nfour\n")
  }

  @Test("A statement that does not parse is reported at its line in the stream and skipped")
  func syntaxErrorSkipsOneStatement() throws {
    let input = "echo before\necho \"\\q\"\necho after\n"
    let result = try runDocrepl(["--batch"], input: input)
    #expect(result.status == 1)
    #expect(result.output == "before\nafter\n")
    #expect(
      result.errors.hasPrefix("<stdin>:2:7: error: unknown escape sequence '\\q'\necho \"\\q\"\n"))
  }

  @Test(
    "A line that does not parse runs none of its statements, as --help and the docs say; the next line runs",
    arguments: [["--batch"], ["-c"]])
  func syntaxErrorSkipsTheWholeLine(_ mode: [String]) throws {
    let folder = try TemporaryDirectory()
    try folder.write("kept\n", to: "canary.txt")
    let text =
      "echo one; open canary.txt; append lost; save; frob\necho 'two\nlines'; frob\necho three"
    let result =
      mode == ["-c"]
      ? try runDocrepl(["-c", text], in: folder.url)
      : try runDocrepl(mode, in: folder.url, input: text + "\n")
    #expect(result.status == 1)
    #expect(result.output == "three\n")
    #expect(result.errors.components(separatedBy: "error: unknown command 'frob'").count == 3)
    #expect(try Data(contentsOf: folder("canary.txt")) == Data("kept\n".utf8))
    let help = try runDocrepl(["--help"]).output
    #expect(help.contains("none of it runs"))
  }

  @Test("An unterminated quote at the end of input is reported")
  func unterminatedAtEnd() throws {
    let result = try runDocrepl([], input: "echo one\necho \"two\n")
    #expect(result.status == 1)
    #expect(result.output == "one\n")
    #expect(result.errors.contains("<stdin>:2:6: error: unterminated double-quoted string"))
  }

  @Test("Dirty documents at the end of batch input get a warning on standard error")
  func dirtyWarning() throws {
    let result = try runDocrepl([], input: "new text a\nappend x\nnew text b\n")
    #expect(result.status == 0)
    #expect(result.errors == "docrepl: warning: 'a' has unsaved changes, which are discarded\n")
  }

  @Test("-c runs its commands and exits; its status is the commands'")
  func dashC() throws {
    let ok = try runDocrepl(["-c", "new text n; append hi\nshow"], input: "echo never\n")
    #expect(ok.status == 0)
    #expect(ok.output == "hi\n")
    let failed = try runDocrepl(["-c", "nosuch"])
    #expect(failed.status == 1)
    #expect(failed.errors.hasPrefix("<command line>:1:1: error: unknown command 'nosuch'"))
    let usage = try runDocrepl(["-c"])
    #expect(usage.status == 64)
    #expect(usage.errors.hasPrefix("docrepl: error: '-c' needs a value"))
  }

  @Test("set bail on stops batch input at the first failure, with status 1")
  func bail() throws {
    let result = try runDocrepl([], input: "set bail on\necho one\nexpect dirty\necho two\n")
    #expect(result.status == 1)
    #expect(result.output == "one\n")
  }

  @Test("run -C DIR runs in DIR: the script's path and its files are DIR's")
  func runInFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write("new text t\nappend hi\nsave out.txt\n", to: "work/s.docscript")
    let result = try runDocrepl(["run", "-C", "work", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(FileManager.default.fileExists(atPath: folder("work/out.txt").path))
    #expect(!FileManager.default.fileExists(atPath: folder("out.txt").path))
    let missing = try runDocrepl(["run", "-C", "nowhere", "s.docscript"], in: folder.url)
    #expect(missing.status == 66)
    #expect(missing.errors == "docrepl run: error: no such folder 'nowhere' for '-C'\n")
    let noValue = try runDocrepl(["run", "-C"], in: folder.url)
    #expect(noValue.status == 64)
    try folder.write("echo \"open\n", to: "work/bad.docscript")
    let malformed = try runDocrepl(
      ["run", "-C", "work", "s.docscript", "bad.docscript"], in: folder.url)
    #expect(malformed.status == 65)
    #expect(malformed.output.isEmpty)
  }

  static let statuses: [([String], Int32)] = [
    (["-c", "echo ok"], 0), (["-c", "expect dirty"], 1), (["--frob"], 64),
    (["--batch", "--interactive", "run"], 64), (["run", "no-such.docscript"], 66),
  ]

  @Test("Exit statuses: 0, 1, 64, 66 (65 and 130 have their own tests)", arguments: statuses)
  func exitStatuses(_ arguments: [String], _ status: Int32) throws {
    let result = try runDocrepl(arguments)
    #expect(result.status == status, "\(result.errors)")
  }

  /// Each way of running commands, given the commands: `-c`, batch from
  /// standard input, and `run` of a script file.
  enum Mode: String, CaseIterable, Sendable {
    case commandLine = "-c", batch, run

    func run(_ commands: String, in folder: TemporaryDirectory) throws -> ProcessResult {
      switch self {
      case .commandLine: return try runDocrepl(["-c", commands], in: folder.url)
      case .batch: return try runDocrepl([], in: folder.url, input: commands + "\n")
      case .run:
        try folder.write(commands + "\n", to: "s.docscript")
        return try runDocrepl(["run", "s.docscript"], in: folder.url)
      }
    }
  }

  @Test(
    "A document to open (or a script to source) that is missing exits 66 in every mode, even after another failure; the rest still runs",
    arguments: Mode.allCases, ["open missing.txt", "source missing.docscript"])
  func missingDocument(_ mode: Mode, _ command: String) throws {
    let folder = try TemporaryDirectory()
    try folder.write("kept\n", to: "canary.txt")
    let result = try mode.run(
      "expect-error 'no such' open gone.txt\nexpect dirty --doc c\n\(command)\necho after",
      in: folder)
    #expect(result.status == 66, "\(result.errors)")
    #expect(result.output == "after\n")
    #expect(result.errors.contains("error: no such "))
    #expect(try Data(contentsOf: folder("canary.txt")) == Data("kept\n".utf8))
    // An expected missing file is no failure; another failure is 1.
    let expected = try mode.run("expect-error 'no such' \(command)\necho ok", in: folder)
    #expect(expected.status == 0, "\(expected.errors)")
    let other = try mode.run("expect dirty", in: folder)
    #expect(other.status == 1, "\(other.errors)")
  }

  @Test("SIGINT while batch input waits: exit 130, with the dirty-document warning")
  func interruptedBatch() throws {
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["--batch"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Once "ready" is printed the handlers are installed and docrepl
    // waits in read(2) for the next line.
    input.fileHandleForWriting.write(Data("new text t\nappend x\necho ready\n".utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("ready\n") {
      let chunk = output.fileHandleForReading.availableData
      #expect(!chunk.isEmpty, "docrepl exited before it was ready")
      if chunk.isEmpty { break }
      seen += chunk
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    let warning = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(warning == "docrepl: warning: 't' has unsaved changes, which are discarded\n")
    try? input.fileHandleForWriting.close()
  }

  @Test("--help documents every exit status, and each subcommand has help with examples")
  func help() throws {
    let help = try runDocrepl(["--help"])
    for status in ["0 ", "1 ", "64 ", "65 ", "66 ", "130 "] {
      #expect(help.output.contains("\n  \(status)"), "\(status)")
    }
    #expect(help.output.contains("--no-color"))
    #expect(help.output.contains("--history <file>"))
    let run = try runDocrepl(["run", "--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("EXAMPLES:"))
    #expect(run.output.contains("-C <dir>"))
  }
}
