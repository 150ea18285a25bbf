import DocKit
import Foundation

extension Interpreter {
  static let snapshotCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "snapshot", [BuiltinParameter.optionalName],
        summary: "keeps the document's current state under NAME, or snap-1, snap-2 and onward",
        discussion:
          "A FileDocument value is copied; a reference document is snapshotted through its own snapshot(contentType:).",
        example: "snapshot before-edits", topic: .snapshots),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try await interpreter.takeSnapshot(of: handle, name: arguments[BuiltinParameter.optionalName])
    },
    BuiltinCommand(
      spec: CommandSpec(
        "snapshots", summary: "lists the snapshots with their documents, oldest first",
        example: "snapshots", topic: .snapshots),
      actsOnDocument: false
    ) { interpreter, _, _ in
      let rows = interpreter.state.snapshotOrder.compactMap { name in
        interpreter.state.snapshots[name].map { [name, $0.document] }
      }
      for line in table(rows) { interpreter.output.write(line + "\n") }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "diff",
        [BuiltinParameter.diffFirst, BuiltinParameter.diffSecond, BuiltinParameter.diffDisk],
        summary:
          "prints a unified diff between two snapshots, or between a snapshot and the current state; --disk compares the current document with its file as it is now",
        discussion:
          "diff --disk reads the file with the document's own type, as revert would, and shows what revert would change: the file's lines as removed, the document's as added. After a save refused because the file changed on disk, it shows what 'save --force' would replace.",
        example: "diff snap-1", topic: .snapshots,
        completing: ["A": .snapshotName, "B": .snapshotName]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      if arguments[BuiltinParameter.diffDisk] {
        try await interpreter.diffWithDisk(arguments)
      } else {
        try await interpreter.diffSnapshots(arguments)
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "restore", [BuiltinParameter.name],
        summary: "makes the snapshot's document hold the snapshot again, as one undoable step",
        example: "restore snap-1", topic: .snapshots,
        completing: ["NAME": .snapshotName]),
      actsOnDocument: false,
      // It changes the snapshot's document: that is the undo event to end,
      // or to roll back if the command or its group fails.
      target: { interpreter, arguments in
        let name = arguments[BuiltinParameter.name]
        let (documentName, _) = try interpreter.snapshot(named: name)
        guard let handle = interpreter.state.documents[documentName] else {
          throw ScriptError("the document of '\(name.text)' is closed", at: name)
        }
        return handle
      }
    ) { interpreter, arguments, _ in
      let name = arguments[BuiltinParameter.name]
      let (_, snapshot) = try interpreter.snapshot(named: name)
      try snapshot.restore("Restore \(name.text)")
    },
  ]

  func takeSnapshot(of handle: any DocumentHandle, name: Argument?) async throws {
    let document = state.documents.first { $0.value === handle }?.key ?? ""
    let snapshotName: String
    if let name {
      guard !name.text.isEmpty, !name.text.contains(where: \.isWhitespace) else {
        throw ScriptError("a snapshot name must be a word without blanks", at: name)
      }
      guard state.snapshots[name.text] == nil else {
        throw ScriptError("a snapshot named '\(name.text)' exists", at: name)
      }
      snapshotName = name.text
    } else {
      repeat {
        state.snapshotCount += 1
      } while state.snapshots["snap-\(state.snapshotCount)"] != nil
      snapshotName = "snap-\(state.snapshotCount)"
    }
    let snapshot = try await handle.snapshot()
    state.snapshots[snapshotName] = (document, snapshot)
    state.snapshotOrder.append(snapshotName)
    output.write("\(snapshotName)\n")
  }

  func snapshot(named name: Argument) throws -> (String, StoredSnapshot) {
    guard let entry = state.snapshots[name.text] else {
      throw ScriptError(
        "no snapshot named '\(name.text)'", at: name,
        notes: [
          Suggestions.note(for: name.text, among: state.snapshots.keys)
            ?? .init("'snapshots' lists them")
        ])
    }
    return (entry.document, entry.snapshot)
  }

  func diffSnapshots(_ arguments: ParsedArguments) async throws {
    guard let first = arguments[BuiltinParameter.diffFirst] else {
      throw Self.missingSnapshot(arguments)
    }
    let (document, old) = try snapshot(named: first)
    let newName: String
    var currentHandle: (any DocumentHandle)?
    // Both sides as chunks of lines where the type gives them (shared
    // chunks are then passed over unread), else as `show` texts.
    var sides: (old: ScriptLineChunks, new: ScriptLineChunks)?
    var currentText: String?
    if let second = arguments[BuiltinParameter.diffSecond] {
      let new = try snapshot(named: second).1
      newName = second.text
      if let oldChunks = old.chunks(), let newChunks = new.chunks() {
        sides = (oldChunks, newChunks)
      } else {
        currentText = new.text
      }
    } else {
      guard let handle = state.documents[document] else {
        throw ScriptError("the document of '\(first.text)' is closed", at: first)
      }
      newName = "\(document) (current)"
      currentHandle = handle
      if let oldChunks = old.chunks(), let newChunks = try await handle.showChunks() {
        sides = (oldChunks, newChunks)
      } else {
        currentText = try await handle.show()
      }
    }
    let oldSide: DiffSide = sides.map { .chunks($0.old) } ?? .text(old.text)
    let newSide: DiffSide = sides.map { .chunks($0.new) } ?? .text(currentText ?? "")
    let diff = try printDiff(
      oldSide, newSide, oldName: first.text, newName: newName, at: arguments.range)
    // A type that declares its `show` text deterministic is not encoded
    // again: for plain text that would be two more copies of the text.
    if !diff.isEmpty, let currentHandle, !currentHandle.showIsDeterministic {
      var current = currentText
      if current == nil { current = try await currentHandle.show() }
      try await warnIfEncodingIsNondeterministic(
        currentHandle, current: current ?? "", at: arguments.command)
    }
  }

  /// The lines of `text`, without a final empty one for a final newline.
  nonisolated static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// One side of a `diff`: chunks of lines where the type gives them
  /// (chunks both sides share are passed over unread), else a `show` text.
  enum DiffSide {
    case chunks(ScriptLineChunks)
    case text(String)

    /// The side as one text, for a comparison with a side that has no
    /// chunks.
    var text: String {
      switch self {
      case .chunks(let chunks): chunks.text
      case .text(let text): text
      }
    }
  }

  /// Compares `old` with `new` and prints the unified diff, as `diff`
  /// prints it for snapshots and for the disk; then warns of lines that
  /// look the same but differ in their bytes, and of a bounded diff.
  ///
  /// By bytes, line breaks included: a last line without one differs
  /// from the same line with one, as in `diff -u`. A `show` text that is a
  /// description (of a type without script commands, say) may end without
  /// a line break that the file has: when both sides end so, neither is
  /// marked. Ctrl-C stops a long diff, and its output: it changes
  /// nothing, so there is nothing to roll back.
  @discardableResult
  func printDiff(
    _ old: DiffSide, _ new: DiffSide, oldName: String, newName: String, at range: SourceRange
  ) throws -> UnifiedDiff {
    func stop() -> Bool { Task.isCancelled || isInterruptRequested() }
    let compared: UnifiedDiff?
    switch (old, new) {
    case (.chunks(var oldChunks), .chunks(var newChunks)):
      if let oldLast = oldChunks.lastByte, let newLast = newChunks.lastByte, oldLast != 0x0A,
        newLast != 0x0A
      {
        oldChunks = oldChunks.appendingLineBreak()
        newChunks = newChunks.appendingLineBreak()
      }
      compared = UnifiedDiff(
        oldChunks: oldChunks, newChunks: newChunks, oldName: oldName, newName: newName,
        stoppingWhen: stop)
    default:
      var oldText = old.text
      var newText = new.text
      if !oldText.isEmpty, !newText.isEmpty, oldText.utf8.last != 0x0A, newText.utf8.last != 0x0A {
        oldText += "\n"
        newText += "\n"
      }
      compared = UnifiedDiff(
        oldText: oldText, newText: newText, oldName: oldName, newName: newName,
        stoppingWhen: stop)
    }
    guard let diff = compared else { throw InterruptedError() }
    // In pieces: Ctrl-C stops a long diff's output too.
    // A piece at a time: a long diff is never held whole as text.
    try diff.write { try writeInterruptibly($0) }
    // Lines a reader cannot tell apart in the diff, spelled out; the diff
    // itself stays as `diff -u` prints it, for `patch`.
    let lookalikes = diff.lookalikes
    for pair in lookalikes.prefix(10) {
      report(
        Diagnostic(
          .warning, in: range, "lines \(pair.spelled) look the same but differ in their bytes"),
        in: currentSource)
    }
    if lookalikes.count > 10 {
      report(
        Diagnostic(
          .warning, in: range,
          "and \(lookalikes.count - 10) more pairs of lines that look the same but differ in their bytes"
        ), in: currentSource)
    }
    if diff.isBounded {
      report(
        Diagnostic(
          .warning, in: range,
          "more than \(UnifiedDiff.maximumEditDistance) lines differ, so the differing middle is shown removed, then added, not as the shortest diff"
        ), in: currentSource)
    }
    return diff
  }
}
