import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// The tables that `--help`, the man page and the completion scripts are
/// made from hold what the parsers accept.
@Suite("docrepl's command-line tables")
struct CommandLineReferenceTests {
  /// A value each kind of option takes without complaint.
  static func sample(for option: CommandLineOption) -> [String] {
    switch option.value {
    case nil: []
    case "<n>": ["2"]
    case "<k>/<n>": ["1/2"]
    case "NAME=VALUE": ["name=value"]
    case "<commands>": ["print hi"]
    default: ["x"]
    }
  }

  @Test("Every option a subcommand's table lists, its parser accepts")
  @MainActor
  func subcommandOptions() throws {
    for command in CommandLineReference.subcommands where !command.options.isEmpty {
      for option in command.options {
        for name in option.names {
          let result = try runDocrepl([command.name, name] + Self.sample(for: option))
          #expect(!result.errors.contains("unknown option"), "\(command.name) \(name)")
          #expect(!result.errors.contains("needs"), "\(command.name) \(name): \(result.errors)")
        }
      }
    }
  }

  @Test("Every option of the program's table is accepted before a command")
  @MainActor
  func programOptions() throws {
    for option in CommandLineReference.program.options {
      for name in option.names {
        let result = try runDocrepl([name] + Self.sample(for: option) + ["--version"])
        #expect(!result.errors.contains("unknown option"), "\(name)")
        #expect(result.status == 0 || name == "-c", "\(name): \(result.errors)")
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
