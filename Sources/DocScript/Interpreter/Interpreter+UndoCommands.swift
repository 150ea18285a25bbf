import DocKit
import Foundation

extension Interpreter {
  static let historyCommands: [BuiltinCommand] = [
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
    BuiltinCommand(
      spec: CommandSpec(
        "tree",
        summary:
          "prints the FileWrapper tree the next save would write, marking what is reused and what is new",
        discussion:
          "An entry is reused when it is the very wrapper read or written last (a save links or copies it, or leaves it in place); new when the document made it since. Nothing is written.",
        example: "tree", topic: .inspecting),
      actsOnDocument: true
    ) { interpreter, _, handle in
      guard let handle else { return }
      try await interpreter.printTree(of: handle)
    },
  ]

  func printHistory(of handle: any DocumentHandle) {
    let undoManager = handle.undoManager
    undoManager.markEventBoundary()
    let undo = undoManager.undoSteps
    let redo = undoManager.redoSteps
    let savedLabel = handle.fileURL == nil ? "clean" : "saved"
    // Where the saved state is, in steps from now: positive back through
    // the undo stack, negative forward through the redo stack.
    var savedOffset: Int?
    if let saved = handle.savedChangeCount {
      var count = handle.changeCount
      if count == saved { savedOffset = 0 }
      for (index, step) in undo.reversed().enumerated() where savedOffset == nil {
        if !step.isDiscardable { count -= 1 }
        if count == saved { savedOffset = index + 1 }
      }
      count = handle.changeCount
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

  func printTree(of handle: any DocumentHandle) async throws {
    guard let (wrapper, existing, reusesRoot) = try await handle.nextSaveTree() else {
      throw ScriptError(
        "this document's writer writes by itself; there is no tree to show before it saves")
    }
    var reused: Set<ObjectIdentifier> = reusesRoot ? [ObjectIdentifier(wrapper)] : []
    if let existing {
      var pending = [existing]
      while let next = pending.popLast() {
        reused.insert(ObjectIdentifier(next))
        pending += next.fileWrappers.map { Array($0.values) } ?? []
      }
    }
    var lines: [String] = []
    // Iterative, depth first, children sorted by their bytes.
    var pending:
      [(name: String, wrapper: FileWrapper, prefix: String, isLast: Bool, isRoot: Bool)] = [
        (
          handle.fileURL?.lastPathComponent ?? wrapper.preferredFilename ?? "(untitled)", wrapper,
          "", true, true
        )
      ]
    while let (name, node, prefix, isLast, isRoot) = pending.popLast() {
      let mark = reused.contains(ObjectIdentifier(node)) ? "reused" : "new"
      let branch = isRoot ? "" : prefix + (isLast ? "└── " : "├── ")
      if node.isDirectory {
        lines.append(branch + name + "/  (directory, \(mark))")
        let children = (node.fileWrappers ?? [:]).sorted {
          Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8))
        }
        let childPrefix = isRoot ? "" : prefix + (isLast ? "    " : "│   ")
        for (index, child) in children.enumerated().reversed() {
          pending.append((child.key, child.value, childPrefix, index == children.count - 1, false))
        }
      } else if node.isSymbolicLink {
        let target = node.symbolicLinkDestinationURL?.relativePath ?? "?"
        lines.append(branch + name + " -> \(target)  (symbolic link, \(mark))")
      } else {
        let size = node.regularFileSize.map { "\($0) bytes" } ?? "size unknown"
        lines.append(branch + name + "  (file, \(size), \(mark))")
      }
    }
    for line in lines { output.write(line + "\n") }
  }
}
