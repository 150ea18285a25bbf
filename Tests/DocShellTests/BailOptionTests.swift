import DocTestSupport
import Foundation
import Testing

/// `docrepl --bail`: `set bail on` from the command line, as sqlite3's
/// `-bail` and psql's `ON_ERROR_STOP`, wherever commands come from.
@Suite("docrepl --bail")
struct BailOptionTests {
  /// A failure between two lines of output: `show` with no document.
  static let script = "echo one\nshow\necho two"

  enum Mode: String, CaseIterable, Sendable {
    case commandLine = "--bail -c", batch = "--bail < FILE", run = "--bail run FILE"
    case runOwn = "run --bail FILE"

    func run(
      _ commands: String, bail: Bool, in folder: TemporaryDirectory
    ) throws -> ProcessResult {
      let program = bail && self != .runOwn ? ["--bail"] : []
      switch self {
      case .commandLine: return try runDocrepl(program + ["-c", commands], in: folder.url)
      case .batch: return try runDocrepl(program, in: folder.url, input: commands + "\n")
      case .run, .runOwn:
        try folder.write(commands + "\n", to: "s.docscript")
        let own = bail && self == .runOwn ? ["--bail"] : []
        return try runDocrepl(program + ["run"] + own + ["s.docscript"], in: folder.url)
      }
    }
  }

  @Test(
    "--bail stops at the first failed command with its status; without it the rest runs",
    arguments: Mode.allCases)
  func stops(_ mode: Mode) throws {
    let folder = try TemporaryDirectory()
    let without = try mode.run(Self.script, bail: false, in: folder)
    #expect(without.status == 1, "\(without.errors)")
    #expect(without.output == "one\ntwo\n")
    let with = try mode.run(Self.script, bail: true, in: folder)
    #expect(with.status == 1, "\(with.errors)")
    #expect(with.output == "one\n")
    #expect(with.errors.contains("error: no document is open"))
    // A missing file stops it too, with 66.
    let missing = try mode.run("echo one\nopen gone.txt\necho two", bail: true, in: folder)
    #expect(missing.status == 66, "\(missing.errors)")
    #expect(missing.output == "one\n")
  }

  @Test("'set bail off' in the input turns --bail off")
  func setBailOff() throws {
    let result = try runDocrepl(["--bail", "-c", "set bail off; show; echo two"])
    #expect(result.status == 1)
    #expect(result.output == "two\n")
  }

  @Test("At the prompt, --bail stops the rest of the entry, and the next entry runs")
  func prompt() throws {
    let session = try PseudoTerminal(arguments: ["--bail", "--no-color"])
    try session.expect("docrepl > ")
    try session.send("echo one; show; echo two\r")
    let entry = try session.expect("docrepl > ")
    #expect(entry.contains("\none\n"))
    #expect(entry.contains("error: no document is open"))
    #expect(!entry.contains("\ntwo\n"))
    try session.send("echo three\r")
    #expect(try session.expect("docrepl > ") == "echo three\nthree\ndocrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("--help, the man page and completion list --bail among the program's options")
  func documented() throws {
    let help = try runDocrepl(["--help"]).output
    let options = try #require(help.range(of: "\nOPTIONS:\n"))
    let examples = try #require(help.range(of: "\nEXAMPLES:\n"))
    #expect(help[options.upperBound..<examples.lowerBound].contains("\n  --bail "))
    let page = try runDocrepl(["man"]).output
    let pageOptions = try #require(page.range(of: ".SH \"OPTIONS\"\n"))
    let pageCommands = try #require(page.range(of: ".SH \"COMMANDS\"\n"))
    #expect(page[pageOptions.upperBound..<pageCommands.lowerBound].contains("\\fB\\-\\-bail\\fR"))
    // zsh and fish as text; bash is asked what it offers, in CompletionScriptTests.
    let zsh = try runDocrepl(["completion", "zsh"]).output
    let programArguments = try #require(zsh.range(of: "'(-): :->command'"))
    #expect(zsh[..<programArguments.lowerBound].contains("'--bail[Stop at the first"))
    let fish = try runDocrepl(["completion", "fish"]).output
    #expect(fish.contains("complete -c docrepl -n '__docrepl_needs_command' -l bail -d 'Stop"))
  }

  @Test("--bail before a command other than run is a usage error")
  func onlyForScripts() throws {
    let result = try runDocrepl(["--bail", "inspect", "docs"])
    #expect(result.status == 64)
    #expect(result.errors.hasPrefix("docrepl: error: '--bail' is for the prompt, '-c' and 'run'"))
  }
}
