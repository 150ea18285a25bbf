import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// The tables that parsing, `--help`, the man page and the completion
/// scripts are made from.
@Suite("docrepl's command-line tables")
struct CommandLineReferenceTests {
  @Test("Every subcommand is listed once, takes -h and --help, and 'help' offers it")
  func everySubcommandIsComplete() {
    let names = CommandLineReference.subcommands.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    guard case .choices(let offered) = CommandLineReference.helpCommand.operands else {
      Issue.record("'help' offers no commands")
      return
    }
    #expect(Set(offered) == Set(names))
    for command in CommandLineReference.subcommands where command.name != "help" {
      #expect(command.option(named: "-h")?.stopsParsing == true, "\(command.name)")
      #expect(command.option(named: "--help")?.stopsParsing == true, "\(command.name)")
      #expect(!command.stopsAtFirstOperand, "\(command.name)")
    }
    #expect(CommandLineReference.program.stopsAtFirstOperand)
  }

  @Test("No two options of one command share a spelling, and every spelling is an option's")
  func spellings() {
    for command in [CommandLineReference.program] + CommandLineReference.subcommands {
      let spellings = command.options.flatMap(\.names)
      #expect(Set(spellings).count == spellings.count, "\(command.name): \(spellings)")
      for spelling in spellings {
        #expect(
          spelling.wholeMatch(of: /-[A-Za-z]|--[a-z][a-z-]*/) != nil, "\(command.name) \(spelling)"
        )
      }
    }
  }

  @Test("Help is wrapped to 80 columns, and every subcommand's help has its exit statuses")
  @MainActor
  func helpShape() {
    for command in [CommandLineReference.program] + CommandLineReference.subcommands {
      let help = HelpText.help(for: command)
      for line in help.split(separator: "\n") where !line.hasPrefix("      docrepl") {
        #expect(line.count <= 80, "\(command.name): \(line)")
      }
      #expect(
        help.hasPrefix(command.name.isEmpty ? "OVERVIEW: " : "USAGE: docrepl \(command.name)"))
      #expect(help.contains("EXIT STATUS:\n  0    "), "\(command.name)")
    }
  }

  @Test("A word longer than the width stands alone on its line")
  func wrapping() {
    let text = HelpText.wrap(
      String(repeating: "x", count: 90) + " y z", firstPrefix: "> ", prefix: "  ")
    #expect(text == "> " + String(repeating: "x", count: 90) + "\n  y z\n")
  }
}
