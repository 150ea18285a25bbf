import DocKit
import Foundation

extension Interpreter {
  /// Printing, settings, sourcing scripts, leaving, and help.
  static let scriptCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "print", [BuiltinParameter.text], summary: "prints its arguments, separated by blanks",
        example: "print \"saved $name\"", topic: .other),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      interpreter.output.write(
        arguments[BuiltinParameter.text].map(\.text).joined(separator: " ") + "\n")
    },
    BuiltinCommand(
      spec: CommandSpec(
        "echo", [BuiltinParameter.text], summary: "the same as print", example: "echo done",
        topic: .other),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      interpreter.output.write(
        arguments[BuiltinParameter.text].map(\.text).joined(separator: " ") + "\n")
    },
    BuiltinCommand(
      spec: CommandSpec(
        "set", [BuiltinParameter.setting, BuiltinParameter.settingValue],
        summary: "changes a setting: " + Setting.summary,
        discussion:
          "bail stops the script at the first failed command. echo prints each command before it runs. clock fixes the time documents and autosave see, or lets it run. follow, at the prompt, reloads a document without unsaved changes when its file changes on disk (as tail -f follows); off, the prompt only says that it changed. timer prints how long each command took (took 12.3 ms) on standard error. shell lets a script run 'shell' commands, which the prompt always may (never under --confine). pager, at the prompt, sends output longer than the terminal through PAGER (less by default); off, it scrolls. Scripts never page.",
        example: "set clock 2026-01-01T00:00:00Z", topic: .other,
        completing: ["SETTING": .choice(Setting.names.sorted())]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try interpreter.changeSetting(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "source", [BuiltinParameter.path],
        summary: "runs another script; a relative PATH is relative to the including script",
        example: "source setup.docscript", topic: .other, isAllowedInGroup: false),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try await interpreter.source(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "quit",
        summary:
          "leaves docrepl as Ctrl-D does; at the prompt, asks before discarding unsaved changes",
        discussion:
          "The rest of the input does not run. In a script, quit ends the run there, and sourced scripts with it. exit is the same command.",
        example: "quit", topic: .other, isAllowedInGroup: false),
      actsOnDocument: false
    ) { interpreter, _, _ in
      interpreter.requestLeaving()
    },
    BuiltinCommand(
      spec: CommandSpec(
        "exit", summary: "the same as quit", example: "exit", topic: .other,
        isAllowedInGroup: false),
      actsOnDocument: false
    ) { interpreter, _, _ in
      interpreter.requestLeaving()
    },
    BuiltinCommand(
      spec: CommandSpec(
        "help", [BuiltinParameter.helpCommand],
        summary: "lists the commands, or shows one's usage, description and example",
        example: "help export", topic: .other),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try interpreter.help(arguments[BuiltinParameter.helpCommand])
    },
  ]

  /// `quit` and `exit`: the rest of the input does not run, and the run's
  /// result asks whoever reads the input to leave.
  func requestLeaving() {
    result.stopReason = .leaving
  }

  func changeSetting(_ arguments: ParsedArguments) throws {
    let setting = arguments[BuiltinParameter.setting]
    let value = arguments[BuiltinParameter.settingValue]
    func onOff() throws -> Bool { try Self.onOff(value) }
    switch Setting(rawValue: setting.text) {
    case .bail: state.options.bail = try onOff()
    case .echo: state.options.echo = try onOff()
    case .follow: state.options.followsDisk = try onOff()
    case .timer: state.options.timer = try onOff()
    case .pager: state.options.pagesOutput = try onOff()
    case .shell:
      let on = try onOff()
      if on, let confinement = state.options.confinement, !confinement.allowsShellEscapes {
        throw ScriptError(
          "shell commands do not run under \(confinement.optionName): nothing would confine them",
          at: value)
      }
      state.options.allowsShellInScripts = on
    case .clock:
      if value.text == "now" {
        state.options.clock = nil
      } else {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: value.text) else {
          throw ScriptError(
            "expected an ISO 8601 time such as 2026-01-01T00:00:00Z, or now", at: value)
        }
        state.options.clock = date
      }
    case nil where setting.text.hasPrefix("/"):
      // `set /a 1` reaches this only when no JSON document is current:
      // JSON's own `set` takes pointers.
      let current = state.currentName.flatMap { name in
        state.documents[name].map { (name, $0.session.contentType.identifier) }
      }
      throw ScriptError(
        "'set \(setting.text)' sets a value in a JSON document, and "
          + (current.map { "the current document '\($0.0)' is \($0.1)" }
            ?? "no document is open"),
        at: setting,
        notes: [.init("'use NAME' makes an open JSON document current")])
    case nil:
      throw ScriptError(
        "unknown setting '\(setting.text)'", at: setting,
        notes: [
          Suggestions.note(for: setting.text, among: Setting.names)
            ?? .init("the settings are \(Setting.list)")
        ])
    }
  }

  /// Limits `source` nesting, so that no chain of includes exhausts the
  /// stack.
  static let maximumSourceDepth = 32

  func source(_ arguments: ParsedArguments) async throws {
    let path = arguments[BuiltinParameter.path]
    let base =
      sourceStack.last?.url?.deletingLastPathComponent() ?? state.options.workingDirectory
    let url =
      path.text.hasPrefix("/")
      ? URL(fileURLWithPath: path.text) : base.appendingPathComponent(path.text)
    try resolver.check(.read, url, at: path)
    let canonical = url.standardizedFileURL.resolvingSymlinksInPath()
    if sourceStack.contains(where: {
      $0.url?.standardizedFileURL.resolvingSymlinksInPath() == canonical
    }) {
      throw ScriptError(
        "'\(path.text)' is already being run; sourcing it again would never end", at: path)
    }
    guard sourceStack.count < Self.maximumSourceDepth else {
      throw ScriptError("scripts sourced more than \(Self.maximumSourceDepth) deep", at: path)
    }
    let source: ScriptSource
    do {
      source = try ScriptSource.reading(name: resolver.display(url), contentsOfFile: canonical.path)
    } catch  where error == .noSuchFile {
      throw MissingFileError(
        error: ScriptError("no such script '\(resolver.display(url))'", at: path))
    } catch {
      throw ScriptError("\(resolver.display(url)): \(error.reason)", at: path)
    }
    recordRead(of: url, at: path)
    let location = path.range.start
    // Diagnostics inside the included file carry the include stack.
    sourceStack.append((source, canonical, location))
    let entries = await checkedEntries(of: source)
    sourceStack.removeLast()
    guard let entries else {
      throw ScriptError("'\(path.text)' is malformed; nothing in it ran", at: path)
    }
    // Failures inside are reported and counted where they happen; the
    // `source` command itself succeeded in running the script, which goes
    // through the loop every input goes through, an entry at a time.
    await runEntries(entries, url: canonical, includedAt: location)
  }
}
