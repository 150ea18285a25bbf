/// A command line as ``CommandLineParser`` read it against a
/// ``Subcommand``'s table: the options given, in order, and the operands.
struct ParsedCommandLine: Sendable, Equatable {
  /// One option as given.
  struct Occurrence: Sendable, Equatable {
    /// The option, from the table.
    var option: CommandLineOption
    /// How it was spelt (`-j` or `--jobs`), for messages.
    var spelling: String
    /// Its value, for an option that takes one.
    var value: String?
    /// Where it stands in the arguments, from 0.
    var position: Int
  }

  /// Every option given, in the order given; repeated ones repeat.
  var occurrences: [Occurrence] = []
  /// The other words, in order.
  var operands: [String] = []

  /// Whether `option` was given.
  func contains(_ option: CommandLineOption) -> Bool {
    occurrences.contains { $0.option.isSame(as: option) }
  }

  /// Each time `option` was given, in order.
  func occurrences(of option: CommandLineOption) -> [Occurrence] {
    occurrences.filter { $0.option.isSame(as: option) }
  }

  /// The values of `option`, in order (`-c A -c B`).
  func values(of option: CommandLineOption) -> [String] {
    occurrences(of: option).compactMap(\.value)
  }

  /// The value of `option` given last, which wins.
  func value(of option: CommandLineOption) -> String? {
    values(of: option).last
  }

  /// Which of `options` was given last (`--batch` after `--interactive`).
  func last(of options: CommandLineOption...) -> CommandLineOption? {
    occurrences.last { given in options.contains { given.option.isSame(as: $0) } }?.option
  }
}
