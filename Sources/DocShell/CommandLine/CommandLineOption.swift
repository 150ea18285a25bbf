/// One option of `docrepl` or of one of its subcommands, as `--help`, the
/// man page and the shell completion scripts describe it and as
/// ``CommandLineParser`` reads it.
struct CommandLineOption: Sendable, Equatable {
  /// Its spellings, the preferred first: `["--jobs", "-j"]`. An option is
  /// the same option wherever it is listed if its spellings are the same.
  var names: [String]
  /// The name of its value as help shows it (`<n>`), or nil for a flag.
  var value: String?
  /// What the usage error for a missing or refused value says it needs,
  /// after its name: `'--jobs' needs a number of jobs, 1 or more`.
  var needs: String
  /// Whether parsing stops at it, whatever follows: `--help` and
  /// `--version` answer at once.
  var stopsParsing: Bool
  /// What the shells complete its value to.
  var completion: CommandLineValue
  /// What it does, as prose; help wraps it.
  var help: String
  /// Command lines that use it, shown under it.
  var examples: [String]

  /// Creates an option.
  init(
    _ names: String..., value: String? = nil, needs: String = "a value",
    stopsParsing: Bool = false, completion: CommandLineValue = .none, help: String,
    examples: [String] = []
  ) {
    self.names = names
    self.value = value
    self.needs = needs
    self.stopsParsing = stopsParsing
    self.completion = value == nil ? .none : completion
    self.help = help
    self.examples = examples
  }

  /// `--jobs <n>, -j <n>`: every spelling with its value.
  var label: String {
    names.map { name in value.map { "\(name) \($0)" } ?? name }.joined(separator: ", ")
  }

  /// Whether `other` is this option, perhaps listed with other help text
  /// (`--no-color` says something different for each command).
  func isSame(as other: CommandLineOption) -> Bool { names == other.names }
}

extension CommandLineOption {
  /// The option with its help and examples naming `program` where they
  /// name `docrepl`.
  func named(_ program: ProgramName) -> CommandLineOption {
    var option = self
    option.help = program.naming(help)
    option.examples = examples.map(program.naming)
    return option
  }
}
