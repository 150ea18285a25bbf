import DocKit
import Foundation

extension Interpreter {
  static let undoCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "undo", [BuiltinParameter.count],
        summary: "undoes the last N steps (1 by default), printing each one's title",
        example: "undo 2", topic: .undo, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try interpreter.step(handle, arguments, redo: false)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "redo", [BuiltinParameter.count],
        summary: "redoes the last N undone steps (1 by default), printing each one's title",
        example: "redo", topic: .undo, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try interpreter.step(handle, arguments, redo: true)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "history",
        summary:
          "lists the redo and undo steps around the current state, and marks the saved point",
        discussion:
          "Redo steps come first, the farthest at the top; then the current state; then the undo steps, the nearest first. The line '--- saved' (or '--- clean' for a document never saved) is where undo or redo gets back to the saved state.",
        example: "history", topic: .undo),
      actsOnDocument: true
    ) { interpreter, _, handle in
      guard let handle else { return }
      interpreter.printHistory(of: handle)
    },
  ]

  /// `undo N` or `redo N`: all N or none.
  func step(_ handle: any DocumentHandle, _ arguments: ParsedArguments, redo: Bool) throws {
    let count = try arguments[BuiltinParameter.count]?.integer("N", in: 1...Int.max) ?? 1
    let undoManager = handle.session.undoManager
    undoManager.markEventBoundary()
    var titles: [String] = []
    for done in 0..<count {
      // A safe point: the steps taken are put back, below.
      var interruption: InterruptedError?
      do { try checkInterruption() } catch { interruption = error }
      guard interruption == nil, redo ? undoManager.canRedo : undoManager.canUndo else {
        // The steps taken are put back as any failed command's work is
        // (``EventMark``), so that it leaves nothing.
        if let interruption { throw interruption }
        let what = redo ? "redo" : "undo"
        throw ScriptError(
          done == 0 ? "nothing to \(what)" : "only \(done) step\(done == 1 ? "" : "s") to \(what)",
          at: arguments[BuiltinParameter.count]?.range ?? arguments.command.range)
      }
      titles.append(redo ? undoManager.redoMenuItemTitle : undoManager.undoMenuItemTitle)
      if redo { undoManager.redo() } else { undoManager.undo() }
    }
    for title in titles { output.write(title + "\n") }
  }

  func printHistory(of handle: any DocumentHandle) {
    let undoManager = handle.session.undoManager
    undoManager.markEventBoundary()
    let undo = undoManager.undoSteps
    let redo = undoManager.redoSteps
    let savedLabel = handle.session.isUntitled ? "clean" : "saved"
    // Where the saved state is, in steps from now: positive back through
    // the undo stack, negative forward through the redo stack.
    var savedOffset: Int?
    if let saved = handle.session.savedChangeCount {
      var count = handle.session.changeCount
      if count == saved { savedOffset = 0 }
      for (index, step) in undo.reversed().enumerated() where savedOffset == nil {
        if !step.isDiscardable { count -= 1 }
        if count == saved { savedOffset = index + 1 }
      }
      count = handle.session.changeCount
      for (index, step) in redo.reversed().enumerated() where savedOffset == nil {
        if !step.isDiscardable { count += 1 }
        if count == saved { savedOffset = -(index + 1) }
      }
    }
    func name(_ step: (actionName: String, isDiscardable: Bool)) -> String {
      step.actionName.isEmpty ? "(unnamed)" : step.actionName
    }
    // Top to bottom: the farthest redo first; the state -j (after redoing
    // j steps) is above the j-th redo; the state +k (after undoing k) is
    // below the k-th undo.
    var lines: [String] = []
    for j in stride(from: redo.count, through: 1, by: -1) {
      if savedOffset == -j { lines.append("--- \(savedLabel)") }
      lines.append("redo: " + name(redo[redo.count - j]))
    }
    lines.append(savedOffset == 0 ? "--- now (\(savedLabel))" : "--- now")
    for k in stride(from: 1, through: undo.count, by: 1) {
      lines.append("undo: " + name(undo[undo.count - k]))
      if savedOffset == k { lines.append("--- \(savedLabel)") }
    }
    if savedOffset == nil {
      lines.append("(undo and redo cannot reach the \(savedLabel) state)")
    }
    for line in lines { output.write(line + "\n") }
  }
}
