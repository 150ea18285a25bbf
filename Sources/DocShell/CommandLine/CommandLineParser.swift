/// Reads a command line against a ``Subcommand``'s table: the one parser
/// for the program and every subcommand, so that what `--help`, the man
/// page and the completion scripts list is exactly what is accepted.
///
/// The rules, the same everywhere:
/// - A word that starts with `-` (other than `-` alone, an operand that
///   usually means standard input) is an option, spelt as the table
///   spells it; any other is an unknown option.
/// - An option that takes a value takes the next word, whatever it is,
///   or is written `--name=value`. A flag given a value (`--bail=yes`) is
///   an error.
/// - Options may repeat; the command decides whether the last wins or
///   each counts (`-c`, `--var`).
/// - `--` ends the options: every word after it is an operand.
/// - Options and operands come in any order, except for the program,
///   whose first operand (a subcommand) ends its options
///   (``Subcommand/stopsAtFirstOperand``).
/// - Parsing stops at an option that answers at once (`--help`,
///   `--version`), so that what follows it is never judged.
///
/// What an option's value or the operands mean is the command's to check.
enum CommandLineParser {
  /// `arguments` (without the program's or the subcommand's name) read
  /// against `command`'s table.
  static func parse(
    _ arguments: [String], for command: Subcommand
  ) throws(CommandLineError) -> ParsedCommandLine {
    var parsed = ParsedCommandLine()
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      let position = index
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        if command.stopsAtFirstOperand {
          parsed.operands += arguments[position...]
          break
        }
        parsed.operands.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var spelling = word
      var attached: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        spelling = String(word[..<equals])
        attached = String(word[word.index(after: equals)...])
      }
      guard let option = command.option(named: spelling) else {
        throw CommandLineError(.unknownOption(spelling), position: position)
      }
      var value: String?
      if option.value == nil {
        guard attached == nil else {
          throw CommandLineError(.takesNoValue(option: spelling), position: position)
        }
      } else if let attached {
        value = attached
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw CommandLineError(
          .needsValue(option: spelling, needs: option.needs), position: position)
      }
      parsed.occurrences.append(
        .init(option: option, spelling: spelling, value: value, position: position))
      if option.stopsParsing { break }
    }
    return parsed
  }
}
