import DocKit
import Foundation

extension Interpreter {
  // MARK: - Snapshots

  static let snapshotCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "snapshot", [.optional("NAME")],
        summary: "keeps the document's current state under NAME, or snap-1, snap-2 and onward",
        discussion:
          "A FileDocument value is copied; a reference document is snapshotted through its own snapshot(contentType:).",
        example: "snapshot before-edits", topic: .snapshots),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try await interpreter.takeSnapshot(of: handle, name: arguments[0])
    },
    BuiltinCommand(
      spec: CommandSpec(
        "snapshots", summary: "lists the snapshots with their documents, oldest first",
        example: "snapshots", topic: .snapshots),
      actsOnDocument: false
    ) { interpreter, _, _ in
      let rows = interpreter.snapshotOrder.compactMap { name in
        interpreter.snapshots[name].map { [name, $0.document] }
      }
      for line in table(rows) { interpreter.output.write(line + "\n") }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "diff", [.required("A"), .optional("B")],
        summary:
          "prints a unified diff between two snapshots, or between a snapshot and the current state",
        example: "diff snap-1", topic: .snapshots,
        completing: ["A": .snapshotName, "B": .snapshotName]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try await interpreter.diffSnapshots(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "restore", [.required("NAME")],
        summary: "makes the snapshot's document hold the snapshot again, as one undoable step",
        example: "restore snap-1", topic: .snapshots,
        completing: ["NAME": .snapshotName]),
      actsOnDocument: false,
      // It changes the snapshot's document: that is the undo event to end,
      // or to roll back if the command or its group fails.
      target: { interpreter, arguments in
        guard let name = arguments[0] else { return nil }
        let (documentName, _) = try interpreter.snapshot(named: name)
        guard let handle = interpreter.documents[documentName] else {
          throw ScriptError("the document of '\(name.text)' is closed", at: name)
        }
        return handle
      }
    ) { interpreter, arguments, _ in
      guard let name = arguments[0] else { return }
      let (_, snapshot) = try interpreter.snapshot(named: name)
      try snapshot.restore("Restore \(name.text)")
    },
  ]

  func takeSnapshot(of handle: any DocumentHandle, name: Argument?) async throws {
    let document = documents.first { $0.value === handle }?.key ?? ""
    let snapshotName: String
    if let name {
      guard !name.text.isEmpty, !name.text.contains(where: \.isWhitespace) else {
        throw ScriptError("a snapshot name must be a word without blanks", at: name)
      }
      guard snapshots[name.text] == nil else {
        throw ScriptError("a snapshot named '\(name.text)' exists", at: name)
      }
      snapshotName = name.text
    } else {
      repeat { snapshotCount += 1 } while snapshots["snap-\(snapshotCount)"] != nil
      snapshotName = "snap-\(snapshotCount)"
    }
    let snapshot = try await handle.snapshot()
    snapshots[snapshotName] = (document, snapshot)
    snapshotOrder.append(snapshotName)
    output.write("\(snapshotName)\n")
  }

  func snapshot(named name: Argument) throws -> (String, StoredSnapshot) {
    guard let entry = snapshots[name.text] else {
      throw ScriptError(
        "no snapshot named '\(name.text)'", at: name,
        notes: [
          Suggestions.note(for: name.text, among: snapshots.keys)
            ?? .init("'snapshots' lists them")
        ])
    }
    return (entry.document, entry.snapshot)
  }

  func diffSnapshots(_ arguments: ParsedArguments) async throws {
    guard let first = arguments[0] else { return }
    let (document, old) = try snapshot(named: first)
    let newText: String
    let newName: String
    if let second = arguments[1] {
      newText = try snapshot(named: second).1.text
      newName = second.text
    } else {
      guard let handle = documents[document] else {
        throw ScriptError("the document of '\(first.text)' is closed", at: first)
      }
      newText = try await handle.show()
      newName = "\(document) (current)"
    }
    let diff = UnifiedDiff(
      old: Self.lines(of: old.text), new: Self.lines(of: newText), oldName: first.text,
      newName: newName)
    if !diff.isEmpty { output.write(diff.description + "\n") }
  }

  /// The lines of `text`, without a final empty one for a final newline.
  nonisolated static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  // MARK: - Saving

  static let savingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "save", [.optional("PATH"), .flag("force")],
        summary: "saves the document to its file; PATH is for an untitled document only",
        discussion:
          "With --force, saves even if the file changed on disk since it was read, replacing the other version.",
        example: "save", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      if let path = arguments[0] {
        guard handle.fileURL == nil else {
          throw ScriptError(
            "the document already has a file", at: path,
            notes: [.init("use 'save-as PATH' to save it somewhere else")])
        }
        try await handle.save(as: interpreter.resolver.url(for: path.text), contentType: nil)
      } else {
        guard handle.fileURL != nil else {
          throw ScriptError(
            "the document is untitled", at: arguments.command,
            notes: [.init("give it a file: save PATH")])
        }
        try await handle.save(force: arguments.has("force"))
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "save-as", [.required("PATH"), .option("type", value: "UTI")],
        summary: "saves the document to PATH and makes that its file",
        example: "save-as Trip-copy.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle, let path = arguments[0] else { return }
      try await handle.save(
        as: interpreter.resolver.url(for: path.text),
        contentType: try interpreter.type(arguments.option("type")))
    },
    BuiltinCommand(
      spec: CommandSpec(
        "save-to", [.required("PATH"), .option("type", value: "UTI")],
        summary: "writes a copy to PATH; the document's file and unsaved state stay as they are",
        example: "save-to backup.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle, let path = arguments[0] else { return }
      try await handle.save(
        to: interpreter.resolver.url(for: path.text),
        contentType: try interpreter.type(arguments.option("type")))
    },
    BuiltinCommand(
      spec: CommandSpec(
        "revert", summary: "rereads the document from its file, discarding unsaved changes",
        example: "revert", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { _, _, handle in
      try await handle?.revert()
    },
    BuiltinCommand(
      spec: CommandSpec(
        "autosave", [.required("on|off|now")],
        summary: "turns autosave after each command on or off, or autosaves now",
        discussion:
          "Autosave is off when a script starts. When on, the session's policy decides after each command: a saved document is saved in place, an untitled one to the autosave folder.",
        example: "autosave on", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle, let mode = arguments[0] else { return }
      switch mode.text {
      case "on": interpreter.autosaveEnabled = true
      case "off": interpreter.autosaveEnabled = false
      case "now":
        try await handle.autosaveNow()
      default:
        throw ScriptError("expected on, off or now, not '\(mode.text)'", at: mode)
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "export",
        [
          .option("type", value: "UTI"), .option("name", value: "DEFAULT"),
          .keyword("to", value: "PATH"),
        ],
        summary:
          "exports a copy as fileExporter does; without 'to', into the working folder under the default name",
        example: "export --type net.daringfireball.markdown to Trip.md", topic: .saving,
        isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try await interpreter.export(handle, arguments)
    },
  ]

  func type(_ argument: Argument?) throws -> UTType? {
    guard let argument else { return nil }
    guard let type = UTType(argument.text) else {
      throw ScriptError(
        "unknown type '\(argument.text)'", at: argument,
        notes: [
          Suggestions.note(for: argument.text, among: registry.typeIdentifiers)
            ?? .init("'types' lists the types a document reads and writes")
        ])
    }
    return type
  }

  func export(_ handle: any DocumentHandle, _ arguments: ParsedArguments) async throws {
    let contentType = try type(arguments.option("type"))
    let name = documents.first { $0.value === handle }?.key
    let defaultName =
      arguments.option("name")?.text ?? handle.fileURL?.deletingPathExtension()
      .lastPathComponent ?? name ?? "Untitled"
    let exportType = contentType ?? handle.writableContentTypes.first ?? handle.contentType
    let url: URL
    if let destination = arguments.option("to") {
      url = resolver.url(for: destination.text)
    } else {
      let file = exportType.preferredFilenameExtension.map { "\(defaultName).\($0)" } ?? defaultName
      url = options.workingDirectory.appendingPathComponent(file)
    }
    let written = try await handle.export(
      to: url, contentType: contentType, defaultFilename: defaultName)
    output.write("exported \(resolver.display(written))\n")
  }
}
