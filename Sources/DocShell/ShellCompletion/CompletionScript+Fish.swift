import Foundation

extension CompletionScript {
  /// The fish script: `complete -c docrepl` lines.
  static var fish: String {
    let needsCommand = "__\(name.identifier)_needs_command"
    let usingCommand = "__\(name.identifier)_using_command"
    var script = """
      # Completion of \(name)'s subcommands, options and .docscript files, for
      # fish: save it as ~/.config/fish/completions/\(name).fish.

      function \(needsCommand)
          set -l tokens (commandline -opc)
          for token in $tokens[2..-1]
              if contains -- $token \(subcommands.map(\.name).joined(separator: " "))
                  return 1
              end
          end
          return 0
      end

      function \(usingCommand)
          set -l tokens (commandline -opc)
          contains -- $argv[1] $tokens[2..-1]
      end

      complete -c \(name) -f

      """
    for option in program.options {
      script += line(for: option, condition: needsCommand)
    }
    for subcommand in subcommands {
      script +=
        "complete -c \(name) -n \(needsCommand) -a \(subcommand.name) -d \(quoted(summary(subcommand.abstract)))\n"
    }
    for subcommand in subcommands {
      let condition = "\(usingCommand) \(subcommand.name)"
      for option in subcommand.options {
        script += line(for: option, condition: condition)
      }
      if let operands = arguments(subcommand.operands) {
        script += "complete -c \(name) -n \(quoted(condition)) \(operands)\n"
      }
    }
    return script
  }

  private static func line(for option: CommandLineOption, condition: String) -> String {
    var text = "complete -c \(name) -n \(quoted(condition))"
    for name in option.names {
      text += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
    }
    if option.value != nil {
      text += " " + (arguments(option.completion) ?? "-x")
    }
    return text + " -d \(quoted(summary(option.help)))\n"
  }

  /// The `complete` arguments for what `value` completes to.
  private static func arguments(_ value: CommandLineValue) -> String? {
    switch value {
    case .none: nil
    case .directory: "-x -a '(__fish_complete_directories)'"
    case .path: "-r -F"
    case .scripts: "-k -a '(__fish_complete_suffix .docscript)'"
    case .choices(let words): "-x -a \(quoted(words.joined(separator: " ")))"
    }
  }

  /// `text` in single quotes, as fish reads them.
  private static func quoted(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }
}
