import Foundation

/// The `--help` texts of `docrepl` and its subcommands, made from
/// ``CommandLineReference``'s tables.
enum HelpText {
  /// The width help is wrapped to.
  static let width = 80
  /// The column descriptions start at, beside option names.
  static let descriptionColumn = 20

  /// The help of the program (`docrepl --help`) or of a subcommand, with
  /// the program's own name (``ProgramName/current``) for `docrepl`.
  static func help(for reference: Subcommand) -> String {
    let program = ProgramName.current
    let command = reference.named(program)
    var sections: [String] = []
    if command.name.isEmpty {
      sections.append(wrap(command.abstract, firstPrefix: "OVERVIEW: ", prefix: ""))
    }
    sections.append(usageLines(for: command))
    sections += command.discussion.map { wrap($0, firstPrefix: "", prefix: "") }
    if command.name.isEmpty {
      let listed = CommandLineReference.subcommands.filter { !$0.isHidden }.map {
        $0.named(program)
      }
      let rows = listed.map { subcommand in
        (
          label: ([subcommand.name] + subcommand.synopsis.prefix(1)).joined(separator: " "),
          continuation: subcommand.synopsis.dropFirst().map {
            String(repeating: " ", count: subcommand.name.count + 1) + $0
          }, text: subcommand.abstract
        )
      }
      sections.append("COMMANDS:\n" + table(rows))
    }
    if !command.options.isEmpty {
      sections.append(
        "OPTIONS:\n"
          + command.options.map { option in
            table([(option.label, [], option.help)])
              + option.examples.map { indent(descriptionColumn + 2) + $0 + "\n" }.joined()
          }.joined())
    }
    if !command.examples.isEmpty {
      sections.append("EXAMPLES:\n" + command.examples.map { "  " + $0 + "\n" }.joined())
    }
    if !command.exitStatuses.isEmpty {
      let text = command.exitStatuses.map { status, meaning in
        wrap(
          meaning,
          firstPrefix: "  "
            + String(status.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0),
          prefix: indent(7))
      }
      sections.append("EXIT STATUS:\n" + text.joined())
    }
    return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
  }

  /// `USAGE: docrepl test …`, a line for each synopsis line.
  static func usageLines(for command: Subcommand) -> String {
    let lead = "USAGE: \(command.commandName) "
    let synopsis = command.synopsis.isEmpty ? [""] : command.synopsis
    if command.name.isEmpty {
      // Each form of the program is a command line of its own.
      return synopsis.enumerated().map { index, line in
        (index == 0 ? "USAGE: " : indent(7)) + ProgramName.current.text + " " + line + "\n"
      }.joined()
    }
    return synopsis.enumerated().map { index, line in
      ((index == 0 ? lead : indent(lead.count)) + line).trimmingTrailingSpaces + "\n"
    }.joined()
  }

  /// What a usage error prints after its message: the usage lines and
  /// where to find the rest.
  static func usage(for command: Subcommand) -> String {
    usageLines(for: command) + "Run '\(command.commandName) --help' for more.\n"
  }

  /// Rows of a label and its wrapped text, the text at
  /// ``descriptionColumn``, or under the label when the label is too long.
  static func table(_ rows: [(label: String, continuation: [String], text: String)]) -> String {
    rows.map { row in
      var text = "  " + row.label
      let fits = row.continuation.isEmpty && text.count + 2 <= descriptionColumn
      let description = wrap(
        row.text, firstPrefix: indent(descriptionColumn), prefix: indent(descriptionColumn))
      if fits {
        text += String(description.dropFirst(text.count))
      } else {
        text += "\n" + row.continuation.map { "  " + $0 + "\n" }.joined() + description
      }
      return text
    }.joined()
  }

  /// `text` in lines of at most ``width`` characters (longer words stand
  /// alone), the first after `firstPrefix`, the others after `prefix`.
  static func wrap(_ text: String, firstPrefix: String, prefix: String) -> String {
    var lines: [String] = []
    var line = firstPrefix
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = prefix
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }

  static func indent(_ count: Int) -> String { String(repeating: " ", count: count) }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
