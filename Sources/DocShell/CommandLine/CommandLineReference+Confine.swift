extension CommandLineReference {
  /// The options `run` and `test` share for scripts from people the user
  /// does not trust (see ``ConfinedRun``).
  enum ConfineOptions {
    static let confine = CommandLineOption(
      "--confine",
      help:
        "Run the scripts confined, for scripts from people you do not trust: a script reads only under its own folder (and the --allow-read paths), writes only under the run's temporary folder, and runs no other program. Anything else fails with an error that names the path and the rule (exit 1). The kernel enforces it too with Landlock where it offers it (Linux 5.13 and later), so that a document type's own code is held to it; the first line on standard error says which is in force. More in docs/testing.md.",
      examples: ["docrepl test --confine tests/"])
    static let allowRead = CommandLineOption(
      "--allow-read", value: "<path>", needs: "a path", completion: .path,
      help:
        "With --confine, also let the scripts read <path> (a file, or a folder and everything under it). Repeatable.",
      examples: ["docrepl test --confine --allow-read fixtures/ tests/"])
  }
}
