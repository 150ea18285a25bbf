import DocKit
import DocScript

/// docrepl's manual page, in troff with the `man` macros: made from
/// ``CommandLineReference``'s tables (as `--help` is) and from the script
/// commands `help` lists, so that none of them can disagree. `docrepl man`
/// prints it; `docs/docrepl.1` is its output for the built-in types.
enum ManPage {
  /// The page, for the script commands of the types in `registry`, with
  /// the program's own name (``ProgramName/current``).
  @MainActor
  static func text(registry: DocumentTypeRegistry) -> String {
    let name = ProgramName.current
    var page = Page()
    page.macro(
      ".TH \(Page.escaped(name.text.uppercased())) 1 \"\" \(Page.quoted(Docrepl.versionName)) \"User Commands\""
    )
    // Left-aligned and unhyphenated: command lines must read as typed.
    page.macro(".nh")
    page.macro(".ad l")
    page.section("NAME")
    page.text("\(name) - create, edit, save and inspect documents, and test scripts that do")

    let program = CommandLineReference.program.named(name)
    page.section("SYNOPSIS")
    for (index, line) in program.synopsis.enumerated() {
      if index > 0 { page.macro(".br") }
      page.bold(name.text, then: line)
    }
    let visible = CommandLineReference.subcommands.filter { !$0.isHidden }.map { $0.named(name) }
    for subcommand in visible where !subcommand.synopsis.isEmpty {
      page.macro(".br")
      page.bold(subcommand.commandName, then: subcommand.synopsis.joined(separator: " "))
    }

    page.section("DESCRIPTION")
    page.text(program.abstract)
    for paragraph in program.discussion {
      page.macro(".PP")
      page.text(paragraph)
    }
    page.section("OPTIONS")
    page.options(program.options)

    page.section("COMMANDS")
    for subcommand in visible {
      page.macro(
        ".SS " + Page.quoted(([subcommand.name] + subcommand.synopsis).joined(separator: " ")))
      page.text(subcommand.discussion.isEmpty ? subcommand.abstract : subcommand.discussion[0])
      for paragraph in subcommand.discussion.dropFirst() {
        page.macro(".PP")
        page.text(paragraph)
      }
      let options = subcommand.options.filter { $0.names != CommandLineReference.help.names }
      if !options.isEmpty {
        page.macro(".PP")
        page.text("Options:")
        page.options(options)
      }
      if !subcommand.examples.isEmpty {
        page.macro(".PP")
        page.text("Examples:")
        page.example(subcommand.examples)
      }
      if subcommand.name != CommandLineReference.helpCommand.name {
        page.macro(".PP")
        page.text("Exit status:")
        page.macro(".RS")
        page.statuses(subcommand.exitStatuses)
        page.macro(".RE")
      }
    }

    page.section("SCRIPT COMMANDS")
    page.text(
      "What the prompt, -c, run and test accept, one command a line (or ';' between them). "
        + "'help' at the prompt lists them, and 'help COMMAND' shows one; "
        + "the language is described in docs/docscript.md.")
    let reference = Interpreter.commandReference(for: registry)
    for topic in CommandSpec.Topic.allCases where topic != .document {
      let specs = reference.filter { $0.spec.topic == topic && $0.types.isEmpty }.map(\.spec)
      guard !specs.isEmpty else { continue }
      page.macro(".SS " + Page.quoted(topic.rawValue))
      page.commands(specs.map { ($0, []) })
    }
    page.macro(".SS syntax")
    page.commands(Interpreter.syntaxReference.map { ($0, []) })
    let typed = reference.filter { !$0.types.isEmpty }
    if !typed.isEmpty {
      page.macro(".SS " + Page.quoted("document types' commands"))
      page.commands(typed)
    }

    page.section("EXIT STATUS")
    page.statuses(program.exitStatuses)
    page.section("ENVIRONMENT")
    page.definitions([
      ("HOME", "The folder ~ and $HOME stand for in scripts, as in a shell."),
      ("NO_COLOR", "When set and not empty, diagnostics are never coloured."),
      (
        "SOURCE_DATE_EPOCH",
        "The clock documents see, in seconds since 1970, so that runs repeat byte for byte."
      ),
      (name.historyVariable, "The prompt's history file, unless --history names one."),
      (
        "XDG_STATE_HOME",
        "Where the history file (when \(name.historyVariable) is not set) and the autosaves of untitled documents are kept; without it, $HOME/.local/state, and for autosaves without HOME either, the home folder in the user database."
      ),
      (
        "TEST_TOTAL_SHARDS, TEST_SHARD_INDEX, TEST_SHARD_STATUS_FILE, XML_OUTPUT_FILE, TEST_TMPDIR, TEST_UNDECLARED_OUTPUTS_DIR",
        "Bazel's test protocol, which test follows: the shard to run (0-based), the file touched to say test shards, where the JUnit report goes, where the temporary folders are made, and where a failing script's report and files are copied."
      ),
      (
        "DOCREPL_PROGRESS_AFTER",
        "Seconds a command runs at the prompt before its progress shows on a terminal's standard error (default 0.5)."
      ),
      (
        "DOCREPL_PAGER, PAGER",
        "The pager for output longer than the terminal at the prompt, run with /bin/sh -c: DOCREPL_PAGER if set, else PAGER, else less or more, whichever is on PATH. Set to '' to turn paging off; 'set pager off' does for the session."
      ),
      (
        "LESS",
        "The pager less's options; FRX when not set, as git sets it."
      ),
    ])
    page.section("FILES")
    page.definitions([
      ("~/.local/state/\(name)/history", "The prompt's history, by default."),
      (
        "~/.local/state/\(DocumentHost.current.identifier)/autosave",
        "Where untitled documents autosave, by default: a folder of mode 0700 that only its owner may write, files of mode 0600. 'recover' lists and opens what is left there."
      ),
    ])
    page.section("EXAMPLES")
    page.example(program.examples)
    page.section("SEE ALSO")
    page.text(
      "\(name) completion bash|zsh|fish prints a completion script. The guides are in the "
        + "docs folder of docrepl's sources: repl.md (the prompt), docscript.md (the language), "
        + "testing.md (scripts as tests) and ci.md (docrepl in CI).")
    return page.text
  }

  /// The troff being written.
  private struct Page {
    var text = ""

    mutating func macro(_ line: String) { text += line + "\n" }

    mutating func section(_ name: String) { macro(".SH " + Page.quoted(name)) }

    /// A line of prose, escaped.
    mutating func text(_ line: String) { text += Page.escaped(line) + "\n" }

    /// `word` in bold, then `rest` in roman on the same line.
    mutating func bold(_ word: String, then rest: String) {
      text += "\\fB" + Page.escaped(word) + "\\fR " + Page.escaped(rest) + "\n"
    }

    mutating func options(_ options: [CommandLineOption]) {
      for option in options {
        macro(".TP")
        text += "\\fB" + Page.escaped(option.label) + "\\fR\n"
        text(option.help)
        if !option.examples.isEmpty {
          macro(".br")
          literal(option.examples.map { "  " + $0 })
        }
      }
    }

    mutating func commands(_ entries: [(spec: CommandSpec, types: [String])]) {
      let name = ProgramName.current
      for (spec, types) in entries {
        macro(".TP")
        text += "\\fB" + Page.escaped(spec.usage) + "\\fR\n"
        text(
          name.naming(spec.summary)
            + (types.isEmpty ? "." : " (" + types.joined(separator: ", ") + ")."))
        if let discussion = spec.discussion.map(name.naming) {
          macro(".br")
          // A discussion of several lines is laid out as a table already.
          if discussion.contains("\n") {
            literal(discussion.split(separator: "\n").map(String.init))
          } else {
            text(discussion)
          }
        }
        macro(".br")
        if spec.example.contains("\n") {
          // A heredoc: its lines as typed, not filled into one.
          text += "Example:\n"
          macro(".nf")
          text += "\\fB" + Page.escaped(spec.example) + "\\fR\n"
          macro(".fi")
        } else {
          text += "Example: \\fB" + Page.escaped(spec.example) + "\\fR\n"
        }
      }
    }

    mutating func statuses(_ statuses: [(status: ExitStatus, meaning: String)]) {
      definitions(statuses.map { (String($0.status.rawValue), $0.meaning) })
    }

    mutating func definitions(_ items: [(term: String, meaning: String)]) {
      for (term, meaning) in items {
        macro(".TP")
        text += "\\fB" + Page.escaped(term) + "\\fR\n"
        text(
          meaning.prefix(1).uppercased() + meaning.dropFirst() + (meaning.hasSuffix(".") ? "" : ".")
        )
      }
    }

    mutating func example(_ lines: [String]) {
      macro(".PP")
      macro(".RS 4")
      literal(lines)
      macro(".RE")
    }

    /// Lines printed as they are, unfilled.
    mutating func literal(_ lines: [String]) {
      macro(".nf")
      for line in lines { text(line) }
      macro(".fi")
    }

    /// `text` as troff prints it literally: backslashes and hyphens
    /// escaped, characters beyond ASCII named, and a control character at
    /// the start of a line made harmless.
    static func escaped(_ text: String) -> String {
      var result = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\e"
        case "-": result += "\\-"
        case "'": result += "\\(aq"
        case "\"": result += "\\(dq"
        case "`": result += "\\(ga"
        case "\n": result += "\n"
        // Plain ASCII, which every output device has (man -Tascii in the
        // C locale has no glyph for U+2026).
        case "\u{2026}": result += "..."
        default:
          if scalar.isASCII {
            result.unicodeScalars.append(scalar)
          } else {
            result +=
              "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
          }
        }
      }
      // A line that starts with a control character would be a request.
      return result.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.hasPrefix(".") ? "\\&" + $0 : String($0)
      }.joined(separator: "\n")
    }

    /// `text` as one argument of a macro line.
    static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
