/// A subcommand of `docrepl`: its table, and what it does with a command
/// line parsed against it.
///
/// ``Docrepl`` parses the arguments after the subcommand's name with
/// ``CommandLineParser``, answers `-h` and `--help` from the table, and
/// calls ``run(_:in:output:errors:)`` with the rest; a
/// ``CommandLineError`` thrown from there is reported as a usage error
/// (64), with the usage lines. To add a subcommand, see
/// ``CommandLineReference``.
protocol ShellCommand: SendableMetatype {
  /// Its entry in ``CommandLineReference``.
  static var reference: Subcommand { get }

  /// Runs the subcommand, writing to the given streams, and returns the
  /// exit status; throws for a usage error.
  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus
}
