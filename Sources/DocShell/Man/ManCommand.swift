import DocScript

/// `docrepl man`, not listed: prints the manual page (see ``ManPage``),
/// for the document types the program was given.
enum ManCommand {
  @MainActor
  static func run(
    arguments: [String], registry: DocumentTypeRegistry, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> ExitStatus {
    let command = CommandLineReference.manual
    if arguments == ["-h"] || arguments == ["--help"] {
      output.write(HelpText.help(for: command))
      return .success
    }
    guard arguments.isEmpty else {
      errors.write(
        "docrepl man: error: unexpected argument '\(arguments[0])'\n\n"
          + HelpText.usage(for: command))
      return .usage
    }
    output.write(ManPage.text(registry: registry))
    return .success
  }
}
