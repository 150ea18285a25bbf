/// `docrepl completion bash|zsh|fish`: prints the shell's completion
/// script (see ``CompletionScript``).
enum CompletionCommand {
  static func run(
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> ExitStatus {
    let command = CommandLineReference.completion
    if arguments.contains("-h") || arguments.contains("--help") {
      output.write(HelpText.help(for: command))
      return .success
    }
    guard arguments.count == 1, let shell = CompletionScript.Shell(rawValue: arguments[0]) else {
      let problem =
        arguments.isEmpty
        ? "missing the shell: bash, zsh or fish"
        : arguments.count > 1
          ? "expected one shell, got \(arguments.count)"
          : "no completion for '\(arguments[0])': bash, zsh or fish"
      errors.write("docrepl completion: error: \(problem)\n\n" + HelpText.usage(for: command))
      return .usage
    }
    output.write(CompletionScript.text(for: shell))
    return .success
  }
}
