/// `docrepl completion bash|zsh|fish`: prints the shell's completion
/// script (see ``CompletionScript``).
enum CompletionCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.completion }

  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws(CommandLineError) -> ExitStatus {
    let operands = commandLine.operands
    guard operands.count == 1, let shell = CompletionScript.Shell(rawValue: operands[0]) else {
      throw CommandLineError(
        .other(
          operands.isEmpty
            ? "missing the shell: bash, zsh or fish"
            : operands.count > 1
              ? "expected one shell, got \(operands.count)"
              : "no completion for '\(operands[0])': bash, zsh or fish"))
    }
    output.write(CompletionScript.text(for: shell))
    return .success
  }
}
