import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// The one parser every command line goes through, against a table made
/// for the test, and against docrepl's own tables.
@Suite("docrepl's command-line parser")
struct CommandLineParserTests {
  static let flag = CommandLineOption("--flag", "-f", help: "A flag.")
  static let value = CommandLineOption(
    "--value", "-v", value: "<v>", needs: "a v", help: "A value.")
  static let stop = CommandLineOption("--stop", stopsParsing: true, help: "Answers at once.")

  static func table(stopsAtFirstOperand: Bool = false) -> Subcommand {
    Subcommand(
      name: "demo", synopsis: [], abstract: "", discussion: [], options: [flag, value, stop],
      operands: .path, examples: [], exitStatuses: [], stopsAtFirstOperand: stopsAtFirstOperand)
  }

  /// A parsed option, as the cases below write it.
  struct Given: Equatable, CustomStringConvertible {
    var spelling: String
    var value: String?
    var position: Int
    var description: String { "\(spelling)=\(value ?? "nil")@\(position)" }
  }

  static let accepted: [(arguments: [String], options: [Given], operands: [String])] = [
    ([], [], []),
    (["a", "b"], [], ["a", "b"]),
    (["-f", "a"], [Given(spelling: "-f", position: 0)], ["a"]),
    (["a", "--flag", "b"], [Given(spelling: "--flag", position: 1)], ["a", "b"]),
    (["-v", "x", "a"], [Given(spelling: "-v", value: "x", position: 0)], ["a"]),
    // A value is the next word, whatever it looks like.
    (["--value", "-f"], [Given(spelling: "--value", value: "-f", position: 0)], []),
    (["--value", "--"], [Given(spelling: "--value", value: "--", position: 0)], []),
    (["--value=x=y"], [Given(spelling: "--value", value: "x=y", position: 0)], []),
    (["--value="], [Given(spelling: "--value", value: "", position: 0)], []),
    (
      ["-v", "1", "--value", "2"],
      [
        Given(spelling: "-v", value: "1", position: 0),
        Given(spelling: "--value", value: "2", position: 2),
      ],
      []
    ),
    // '-' alone is an operand; after '--' everything is.
    (["-"], [], ["-"]),
    (["--", "-f", "--", "--nope"], [], ["-f", "--", "--nope"]),
    (["a", "--", "-v"], [], ["a", "-v"]),
    // An option that answers at once ends parsing: nothing after it is judged.
    (
      ["-f", "--stop", "--nope", "-v"],
      [Given(spelling: "-f", position: 0), Given(spelling: "--stop", position: 1)], []
    ),
  ]

  @Test("What the parser accepts, and how it reads it", arguments: accepted)
  func accepts(_ arguments: [String], _ options: [Given], _ operands: [String]) throws {
    let parsed = try CommandLineParser.parse(arguments, for: Self.table())
    let given = parsed.occurrences.map {
      Given(spelling: $0.spelling, value: $0.value, position: $0.position)
    }
    #expect(given == options)
    #expect(parsed.operands == operands)
  }

  static let refused: [(arguments: [String], error: CommandLineError, message: String)] = [
    (
      ["--nope"], CommandLineError(.unknownOption("--nope"), position: 0), "unknown option '--nope'"
    ),
    (["a", "-x"], CommandLineError(.unknownOption("-x"), position: 1), "unknown option '-x'"),
    (
      ["--nope=1"], CommandLineError(.unknownOption("--nope"), position: 0),
      "unknown option '--nope'"
    ),
    // Only long options take '=': '-v=1' is no spelling of '-v'.
    (["-v=1"], CommandLineError(.unknownOption("-v=1"), position: 0), "unknown option '-v=1'"),
    (["-fv"], CommandLineError(.unknownOption("-fv"), position: 0), "unknown option '-fv'"),
    (
      ["a", "-v"], CommandLineError(.needsValue(option: "-v", needs: "a v"), position: 1),
      "'-v' needs a v"
    ),
    (
      ["--flag=yes"], CommandLineError(.takesNoValue(option: "--flag"), position: 0),
      "'--flag' takes no value"
    ),
  ]

  @Test("What the parser refuses, with the word at fault and its position", arguments: refused)
  func refuses(_ arguments: [String], _ error: CommandLineError, _ message: String) {
    #expect(throws: error) { try CommandLineParser.parse(arguments, for: Self.table()) }
    #expect(error.message == message)
  }

  @Test("The program's first operand, the command, ends its options")
  func firstOperandEndsOptions() throws {
    let parsed = try CommandLineParser.parse(
      ["-f", "run", "-f", "--nope", "--", "x"], for: Self.table(stopsAtFirstOperand: true))
    #expect(parsed.occurrences.map(\.spelling) == ["-f"])
    #expect(parsed.operands == ["run", "-f", "--nope", "--", "x"])
    let afterDashes = try CommandLineParser.parse(
      ["--", "-f", "x"], for: Self.table(stopsAtFirstOperand: true))
    #expect(afterDashes.occurrences.isEmpty)
    #expect(afterDashes.operands == ["-f", "x"])
  }

  @Test("Repeated options: every value in order, the last one wins, and the last of two flags")
  func repeated() throws {
    let parsed = try CommandLineParser.parse(
      ["-v", "1", "--flag", "--value=2", "--stop"], for: Self.table())
    #expect(parsed.values(of: Self.value) == ["1", "2"])
    #expect(parsed.value(of: Self.value) == "2")
    #expect(parsed.contains(Self.flag))
    #expect(parsed.last(of: Self.flag, Self.stop) == Self.stop)
    #expect(parsed.last(of: Self.value, Self.flag) == Self.value)
  }

  @Test("A usage error's report: the command, the message, then the usage lines unless told not")
  func report() {
    let run = CommandLineReference.run
    #expect(
      CommandLineError(.other("no script given")).report(for: run)
        == "docrepl run: error: no script given\n\n" + HelpText.usage(for: run))
    #expect(
      CommandLineError(.other("bad"), showsUsage: false).report(for: run)
        == "docrepl run: error: bad\n")
  }

  @Test("Every option in docrepl's tables parses, with a value where it takes one")
  func everyListedOption() throws {
    for command in [CommandLineReference.program] + CommandLineReference.subcommands {
      for option in command.options {
        for name in option.names {
          let arguments = [name] + (option.value == nil ? [] : ["x"])
          let parsed = try CommandLineParser.parse(arguments, for: command)
          #expect(parsed.contains(option), "\(command.name) \(name)")
          #expect(parsed.operands.isEmpty, "\(command.name) \(name)")
          if option.value != nil {
            #expect(parsed.value(of: option) == "x")
          }
          if option.value != nil, name.hasPrefix("--") {
            let attached = try CommandLineParser.parse(["\(name)=y"], for: command)
            #expect(attached.value(of: option) == "y", "\(command.name) \(name)")
          }
        }
      }
    }
  }

  // End to end: what every command now shares.

  @Test(
    "--name=value works for every long option that takes a value",
    arguments: [
      (["run", "--var=name=Lisbon", "s.docscript"], "Lisbon\n"),
      (["run", "-C", "work", "--var=name=x", "../s.docscript"], "x\n"),
      (["--history=", "-c", "print ok"], "ok\n"),
    ] as [([String], String)])
  func attachedValues(_ arguments: [String], _ expected: String) throws {
    let folder = try TemporaryDirectory()
    try folder.write("print $name\n", to: "s.docscript")
    try folder.write("", to: "work/.keep")
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == expected)
  }

  @Test(
    "A flag given a value is a usage error, not silently the flag",
    arguments: [
      ["run", "--bail=yes", "s.docscript"], ["test", "--update=no", "s.docscript"],
      ["--batch=1"], ["run", "--echo=", "s.docscript"],
    ])
  func flagWithAValue(_ arguments: [String]) throws {
    let folder = try TemporaryDirectory()
    try folder.write("print a\n", to: "s.docscript")
    let original = try Data(contentsOf: folder("s.docscript"))
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    let option = try #require(arguments.first { $0.contains("=") }?.split(separator: "=").first)
    let command = arguments.count > 1 ? "docrepl \(arguments[0])" : "docrepl"
    #expect(result.errors.hasPrefix("\(command): error: '\(option)' takes no value\n\nUSAGE: "))
    // --update=no must not have rewritten the script.
    #expect(try Data(contentsOf: folder("s.docscript")) == original)
  }

  @Test("'--' lets a file start with '-', in every command that takes files")
  func dashDash() throws {
    let folder = try TemporaryDirectory()
    try folder.write("print dashed\n#> dashed\n", to: "-s.docscript")
    let run = try runDocrepl(["run", "--", "-s.docscript"], in: folder.url)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "dashed\n")
    let test = try runDocrepl(["test", "--", "-s.docscript"], in: folder.url)
    #expect(test.status == 0, "\(test.errors)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
    let inspect = try runDocrepl(["inspect", "--", "-s.docscript"], in: folder.url)
    #expect(inspect.status == 0, "\(inspect.errors)")
    #expect(inspect.output.hasPrefix("-s.docscript"))
  }
}
