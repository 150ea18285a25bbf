/// `docrepl help [COMMAND]`: the program's help, or a command's (`help
/// run` is `run --help`).
enum HelpCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.helpCommand }

  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws(CommandLineError) -> ExitStatus {
    guard let name = commandLine.operands.first else {
      output.write(HelpText.help(for: CommandLineReference.program))
      return .success
    }
    guard commandLine.operands.count == 1,
      let subcommand = CommandLineReference.subcommand(named: name)
    else {
      throw CommandLineError(
        .other(
          commandLine.operands.count == 1
            ? "unknown command '\(name)'" : "'help' takes one command"))
    }
    // `help help` is the program's help, which lists the commands.
    let shown = subcommand.name == reference.name ? CommandLineReference.program : subcommand
    output.write(HelpText.help(for: shown))
    return .success
  }
}
