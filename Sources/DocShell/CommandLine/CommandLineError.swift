/// A command line that `docrepl` refuses: a word its table does not
/// allow, or a value its command cannot use. Exit status 64 (usage).
struct CommandLineError: Error, Sendable, Equatable {
  /// What is wrong.
  enum Reason: Sendable, Equatable {
    /// A word starting with `-` that is none of the command's options.
    case unknownOption(String)
    /// A first operand of the program that names no subcommand.
    case unknownCommand(String)
    /// An option with no value after it, or one its command refuses:
    /// `'--jobs' needs a number of jobs, 1 or more`.
    case needsValue(option: String, needs: String)
    /// `--flag=value` for an option that takes none.
    case takesNoValue(option: String)
    /// Anything else, in words: `no script given`.
    case other(String)
  }

  /// What is wrong.
  var reason: Reason
  /// Where the word at fault stands in the command's arguments, from 0,
  /// when one word is.
  var position: Int?
  /// Whether the report ends with the command's usage lines.
  var showsUsage: Bool

  /// Creates an error.
  init(_ reason: Reason, position: Int? = nil, showsUsage: Bool = true) {
    self.reason = reason
    self.position = position
    self.showsUsage = showsUsage
  }

  /// The message, after `docrepl run: error: `.
  var message: String {
    switch reason {
    case .unknownOption(let word): "unknown option '\(word)'"
    case .unknownCommand(let word): "unknown command '\(word)'"
    case .needsValue(let option, let needs): "'\(option)' needs \(needs)"
    case .takesNoValue(let option): "'\(option)' takes no value"
    case .other(let message): message
    }
  }

  /// What standard error gets for this error in `command`'s arguments:
  /// `docrepl run: error: MESSAGE`, then (most often) a blank line and
  /// the usage lines.
  func report(for command: Subcommand) -> String {
    "\(command.commandName): error: \(message)\n"
      + (showsUsage ? "\n" + HelpText.usage(for: command) : "")
  }
}
