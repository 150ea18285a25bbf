import Foundation

extension CompletionScript {
  /// The zsh script: a `#compdef docrepl` function for `fpath`.
  static var zsh: String {
    var script = """
      #compdef \(name)
      # Completion of \(name)'s subcommands, options and .docscript files, for
      # zsh: save it as _\(name) in a folder of $fpath, before compinit runs.

      \(functionName(program))() {
          local context state state_descr line
          typeset -A opt_args
          local -a args
          args=(

      """
    script += program.options.map { "        " + specification($0) + "\n" }.joined()
    script += """
              '(-): :->command'
              '(-)*:: :->argument'
          )
          _arguments -s -S $args && return
          case $state in
              command)
                  local -a commands
                  commands=(

      """
    for subcommand in subcommands {
      script +=
        "                " + quoted(subcommand.name + ":" + summary(subcommand.abstract)) + "\n"
    }
    script += """
                  )
                  _describe 'command' commands
                  ;;
              argument)
                  case $words[1] in

      """
    for subcommand in subcommands {
      script += "                \(subcommand.name)) \(functionName(subcommand)) ;;\n"
    }
    script += """
                  esac
                  ;;
          esac
      }

      """
    for subcommand in subcommands {
      script += "\n\(functionName(subcommand))() {\n    local -a args\n    args=(\n"
      script += subcommand.options.map { "        " + specification($0) + "\n" }.joined()
      if let operands = action(subcommand.operands) {
        script +=
          "        " + quoted("*:\(subcommand.name == "completion" ? "shell" : "file"):" + operands)
          + "\n"
      }
      script += "    )\n    _arguments -s $args\n}\n"
    }
    return script + "\n\(functionName(program)) \"$@\"\n"
  }

  /// An `_arguments` specification: `'(--jobs -j)'{--jobs,-j}'[…]:n: '`.
  private static func specification(_ option: CommandLineOption) -> String {
    var text = ""
    if option.names.count > 1 {
      text += quoted("(" + option.names.joined(separator: " ") + ")")
      text += "{" + option.names.joined(separator: ",") + "}"
    } else {
      text += option.names[0]
    }
    var rest = "[" + escaped(summary(option.help)) + "]"
    if let value = option.value {
      let name = value.trimmingCharacters(in: "<>")
      rest += ":" + escaped(name) + ":" + (action(option.completion) ?? " ")
    }
    if option.names.count > 1 {
      return text + quoted(rest)
    }
    return quoted(text + rest)
  }

  /// What `_arguments` runs to complete `value`, if anything.
  private static func action(_ value: CommandLineValue) -> String? {
    switch value {
    case .none: nil
    case .directory: "_files -/"
    case .path: "_files"
    case .scripts: "_files -g '*.docscript'"
    case .choices(let words): "(" + words.joined(separator: " ") + ")"
    }
  }

  /// `text` in single quotes.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` safe inside an `_arguments` description.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "[]:\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

extension String {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}
