/// `docrepl man`: prints the manual page (see ``ManPage``), for the
/// document types the program was given.
enum ManCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.manual }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws(CommandLineError) -> ExitStatus {
    if let operand = commandLine.operands.first {
      throw CommandLineError(.other("unexpected argument '\(operand)'"))
    }
    output.write(ManPage.text(registry: context.registry))
    return .success
  }
}
