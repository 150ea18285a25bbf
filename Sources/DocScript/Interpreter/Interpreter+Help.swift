extension Interpreter {
  /// Every command's spec that `help` knows: built-in, then each
  /// registered type's, with the type's names.
  var helpEntries: [(spec: CommandSpec, types: [String])] {
    Self.commandReference(for: registry)
  }

  /// Every command that `help` describes: the built-in ones, then each
  /// type's in `registry`, each with the short names of the types that
  /// have it (none for a built-in command). `help` and docrepl's manual
  /// page are both made from this list.
  package static func commandReference(
    for registry: DocumentTypeRegistry
  ) -> [(spec: CommandSpec, types: [String])] {
    // `--doc NAME` is accepted by every command that acts on a document.
    func withDoc(_ spec: CommandSpec) -> CommandSpec {
      var spec = spec
      spec.parameters.append(BuiltinParameter.doc.declaration)
      return spec
    }
    var entries = builtinCommands.map {
      ($0.actsOnDocument ? withDoc($0.spec) : $0.spec, [String]())
    }
    // Types whose commands of one name are the same command share an
    // entry; commands that only share a name (JSON's and text's `insert`)
    // have one each.
    var byUsage: [String: Int] = [:]
    for entry in registry.entries {
      let typeName = entry.typeNames.first?.name ?? "?"
      for spec in entry.commandSpecs.map(withDoc) {
        let key = spec.usage + "\n" + spec.summary
        if let index = byUsage[key] {
          entries[index].1.append(typeName)
        } else {
          byUsage[key] = entries.count
          entries.append((spec, [typeName]))
        }
      }
    }
    return entries
  }

  func help(_ command: Argument?) throws {
    guard let command else {
      output.write(helpOverview())
      return
    }
    let matches = helpEntries.filter { $0.spec.name == command.text }
    guard !matches.isEmpty else {
      if ["let", "group"].contains(command.text) {
        output.write(Self.syntaxHelp[command.text, default: ""])
        return
      }
      throw ScriptError(
        "no command named '\(command.text)'", at: command,
        notes: [
          Suggestions.note(for: command.text, among: allCommandNames)
            ?? .init("'help' lists the commands")
        ])
    }
    var text = ""
    for (index, match) in matches.enumerated() {
      if index > 0 { text += "\n" }
      text += Self.helpText(for: match.spec, types: match.types)
    }
    output.write(text)
  }

  /// The syntax that is not a command, described as commands are:
  /// `let` and `group`.
  package static let syntaxReference: [CommandSpec] = [
    CommandSpec(
      "let", [.required("NAME"), .required("="), .required("VALUE")],
      summary: "defines a variable; $NAME and ${NAME} use it, ${NAME:-fallback} falls back",
      example: "let title = \"Weekly review\"", topic: .other),
    CommandSpec(
      "group", [.required("NAME"), .required("{ COMMAND… }")],
      summary: "runs the commands as one undo step named NAME; if one fails, all are rolled back",
      example: "group \"Plan day\" { note add d1 \"Museum\"; note add d2 \"Tram\" }",
      topic: .other),
  ]

  static let syntaxHelp: [String: String] = Dictionary(
    uniqueKeysWithValues: syntaxReference.map { ($0.name, helpText(for: $0, types: [])) })

  static func helpText(for spec: CommandSpec, types: [String]) -> String {
    var lines = ["usage: \(spec.usage)", spec.summary]
    if !types.isEmpty { lines.append("for: " + types.joined(separator: ", ") + " documents") }
    if let discussion = spec.discussion { lines.append(discussion) }
    lines.append("example: \(spec.example)")
    return lines.joined(separator: "\n") + "\n"
  }

  func helpOverview() -> String {
    var text = ""
    let entries = helpEntries
    for topic in CommandSpec.Topic.allCases where topic != .document {
      let rows = entries.filter { $0.spec.topic == topic && $0.types.isEmpty }.map {
        ["  " + $0.spec.name, $0.spec.summary]
      }
      guard !rows.isEmpty else { continue }
      text += "\(topic.rawValue):\n" + Self.table(rows).joined(separator: "\n") + "\n"
    }
    text +=
      "syntax:\n"
      + Self.table([
        ["  let", "defines a variable"], ["  group", "runs commands as one undo step"],
      ]).joined(separator: "\n") + "\n"
    for entry in registry.entries {
      let name = entry.typeNames.map(\.name).joined(separator: ", ")
      let rows = entry.commandSpecs.map { ["  " + $0.name, $0.summary] }
      guard !rows.isEmpty else { continue }
      text += "\(name) documents:\n" + Self.table(rows).joined(separator: "\n") + "\n"
    }
    return text
      + "'help COMMAND' shows a command's usage and an example. Ctrl-D, quit or exit leaves.\n"
  }
}
