/// One option of `docrepl` or of one of its subcommands, as `--help`, the
/// man page and the shell completion scripts describe it.
struct CommandLineOption: Sendable {
  /// Its spellings, the preferred first: `["--jobs", "-j"]`.
  var names: [String]
  /// The name of its value as help shows it (`<n>`), or nil for a flag.
  var value: String?
  /// What the shells complete its value to.
  var completion: CommandLineValue
  /// What it does, as prose; help wraps it.
  var help: String
  /// Command lines that use it, shown under it.
  var examples: [String]

  /// Creates an option.
  init(
    _ names: String..., value: String? = nil, completion: CommandLineValue = .none,
    help: String, examples: [String] = []
  ) {
    self.names = names
    self.value = value
    self.completion = value == nil ? .none : completion
    self.help = help
    self.examples = examples
  }

  /// `--jobs <n>, -j <n>`: every spelling with its value.
  var label: String {
    names.map { name in value.map { "\(name) \($0)" } ?? name }.joined(separator: ", ")
  }
}
