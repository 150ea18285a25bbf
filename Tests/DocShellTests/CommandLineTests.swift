import DocTestSupport
import Foundation
import Testing

/// End-to-end tests: each runs the built `docrepl` binary.
@Suite("docrepl command line")
struct CommandLineTests {
  @Test("--help lists the commands and exits 0", arguments: ["--help", "-h", "help"])
  func help(_ flag: String) throws {
    let result = try runDocrepl([flag])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: docrepl"))
    #expect(result.output.contains("inspect <path>"))
    #expect(result.errors.isEmpty)
  }

  @Test(
    "'help COMMAND' prints that command's help, as 'COMMAND --help' does",
    arguments: ["run", "test", "check", "inspect", "completion", "man", "help"])
  func helpForACommand(_ command: String) throws {
    let result = try runDocrepl(["help", command])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    let own = try runDocrepl(command == "help" ? ["--help"] : [command, "--help"])
    #expect(result.output == own.output)
    if command != "help" { #expect(result.output.hasPrefix("USAGE: docrepl \(command)")) }
  }

  @Test("'help' with an unknown command, or two, is a usage error")
  func helpForAnUnknownCommand() throws {
    for arguments in [["help", "frob"], ["help", "run", "test"]] {
      let result = try runDocrepl(arguments)
      #expect(result.status == 64)
      #expect(result.output.isEmpty)
      #expect(result.errors.hasPrefix("docrepl help: error: "))
      #expect(result.errors.contains("USAGE: docrepl help [<command>]"))
    }
  }

  @Test("--help lists every subcommand, 'man' and 'help' included")
  func helpListsEveryCommand() throws {
    let help = try runDocrepl(["--help"]).output
    for command in ["run", "test", "check", "inspect", "completion", "help", "man"] {
      #expect(help.contains("\n  \(command) "), "\(command)")
    }
  }

  @Test("--version names docrepl's version and the line editor's")
  func version() throws {
    let result = try runDocrepl(["--version"])
    #expect(result.status == 0)
    #if LineEditingLibedit
      #expect(result.output.wholeMatch(of: /docrepl \d+\.\d+\.\d+ \(libedit\)\n/) != nil)
    #else
      #expect(
        result.output.wholeMatch(of: /docrepl \d+\.\d+\.\d+ \(GNU readline \d+\.\d+\)\n/) != nil)
    #endif
  }

  /// The shared library of the line editor the package's traits chose for
  /// this build, and the other one's, which must not be linked.
  #if LineEditingLibedit
    static let lineEditor = (name: "libedit", linked: "libedit.so", notLinked: "libreadline.so")
  #else
    static let lineEditor = (
      name: "GNU readline", linked: "libreadline.so", notLinked: "libedit.so"
    )
  #endif

  @Test(
    "The binary links the line editor its traits chose, not the other, and --version says which")
  func lineEditorLinked() throws {
    let version = try runDocrepl(["--version"])
    #expect(version.output.contains("(\(Self.lineEditor.name)"), "\(version.output)")
    // What the dynamic loader maps: a GPL library must not come in
    // through a libedit build.
    let libraries = try runProgram(
      URL(fileURLWithPath: "/usr/bin/ldd"), [docreplExecutable.path]
    ).output
    #expect(libraries.contains(Self.lineEditor.linked), "\(libraries)")
    #expect(!libraries.contains(Self.lineEditor.notLinked), "\(libraries)")
  }

  @Test("An unknown command or option is a usage error (64) on standard error")
  func usageErrors() throws {
    let unknown = try runDocrepl(["frobnicate"])
    #expect(unknown.status == 64)
    #expect(unknown.errors.hasPrefix("docrepl: error: unknown command 'frobnicate'\n"))
    let option = try runDocrepl(["--frob"])
    #expect(option.errors.hasPrefix("docrepl: error: unknown option '--frob'\n"))
  }
}
