extension CompletionScript {
  /// The bash script: `complete -F _docrepl docrepl`.
  static var bash: String {
    var script = """
      #!/bin/bash
      # Completion of \(name)'s subcommands, options and .docscript files, for
      # bash: 'source <(\(name) completion bash)' in ~/.bashrc, or save it as
      # \(name) in bash-completion's completions folder.

      \(functionName(program))() {
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
          COMPREPLY=()
          local i=1
          while [[ $i -lt $COMP_CWORD ]]; do
              case "${COMP_WORDS[i]}" in

      """
    for subcommand in subcommands {
      script +=
        "            \(subcommand.name)) \(functionName(subcommand)) $((i + 1)); return ;;\n"
    }
    let valued = program.options.filter { $0.value != nil }.flatMap(\.names)
    if !valued.isEmpty {
      script += "            \(valued.joined(separator: "|"))) i=$((i + 1)) ;;\n"
    }
    script += """
                  -*) ;;
                  *) return ;;
              esac
              i=$((i + 1))
          done

      """
    script += valueCases(program.options)
    let words = program.options.flatMap(\.names) + subcommands.map(\.name)
    script += """
          COMPREPLY=($(compgen -W "\(words.joined(separator: " "))" -- "$cur"))
      }

      """
    for subcommand in subcommands {
      script += """

        # \(subcommand.commandName): its options, then its operands.
        \(functionName(subcommand))() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            COMPREPLY=()

        """
      script += valueCases(subcommand.options)
      let options = subcommand.options.flatMap(\.names)
      if !options.isEmpty {
        script += """
              if [[ "$cur" == -* ]]; then
                  COMPREPLY=($(compgen -W "\(options.joined(separator: " "))" -- "$cur"))
                  return
              fi

          """
      }
      script += "    " + completing(subcommand.operands) + "\n}\n"
    }
    return script + "\ncomplete -F \(functionName(program)) \(name)\n"
  }

  /// A `case "$prev"` that completes the values of `options`.
  private static func valueCases(_ options: [CommandLineOption]) -> String {
    let valued = options.filter { $0.value != nil }
    guard !valued.isEmpty else { return "" }
    var text = "    case \"$prev\" in\n"
    for option in valued {
      let action = [completing(option.completion), "return ;;"].filter { !$0.isEmpty }
      text += "        \(option.names.joined(separator: "|"))) \(action.joined(separator: " "))\n"
    }
    return text + "    esac\n"
  }

  /// The bash that sets COMPREPLY to what `value` completes to.
  private static func completing(_ value: CommandLineValue) -> String {
    switch value {
    case .none: ""
    case .directory:
      "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"));"
    case .path:
      "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"));"
    case .scripts:
      "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\") $(compgen -f -X '!*.docscript' -- \"$cur\"));"
    case .choices(let words):
      "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"));"
    }
  }
}
