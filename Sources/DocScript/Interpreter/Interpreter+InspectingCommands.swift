import DocKit
import Foundation

extension Interpreter {
  static let inspectingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "show",
        summary:
          "prints the content: text and JSON as a save writes them, notes as a listing, binary as hex",
        example: "show", topic: .inspecting),
      actsOnDocument: true
    ) { interpreter, _, handle in
      guard let handle else { return }
      // A type that gives its text as chunks (a text document's leaves) is
      // written a chunk at a time: no `String` of the whole document.
      // Ctrl-C stops it between pieces of output.
      if let chunks = try await handle.showChunks() {
        try interpreter.writeBlock(chunks)
      } else {
        try interpreter.writeBlock(try await handle.show())
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "status",
        summary:
          "prints whether the document is dirty, its change count, file, type, and whether the file changed on disk",
        example: "status", topic: .inspecting),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      interpreter.printStatus(of: handle)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "types", summary: "prints the types the document reads and writes",
        example: "types", topic: .inspecting),
      actsOnDocument: true
    ) { interpreter, _, handle in
      guard let handle else { return }
      interpreter.output.write(
        "readable: " + handle.session.readableContentTypes.map(\.identifier).joined(separator: ", ")
          + "\n"
          + "writable: "
          + handle.session.writableContentTypes.map(\.identifier).joined(separator: ", ")
          + "\n")
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

  /// Writes `chunks` as the `String` form writes their text: a
  /// chunk at a time, then a line break if the last line has none.
  /// Stops with ``InterruptedError`` between pieces when the user asks.
  func writeBlock(_ chunks: ScriptLineChunks) throws(InterruptedError) {
    for chunk in chunks.chunks where !chunk.bytes.isEmpty {
      try writeInterruptibly(String(decoding: chunk.bytes, as: UTF8.self))
    }
    if let last = chunks.lastByte, last != UInt8(ascii: "\n") { output.write("\n") }
  }

  /// Writes `text`, adding a newline if it does not end with one.
  /// Stops with ``InterruptedError`` between pieces when the user asks.
  func writeBlock(_ text: String) throws(InterruptedError) {
    // By bytes: in a `String`, a final `\r\n` is one character, which
    // `hasSuffix("\n")` does not find.
    try writeInterruptibly(
      text.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n")
  }

  func printStatus(of handle: any DocumentHandle) {
    let name = state.documents.first { $0.value === handle }?.key ?? "?"
    var disk = "untitled"
    if let url = handle.session.fileURL {
      disk = handle.session.hasConflict ? "changed since read" : "unchanged since read"
      switch (try? WriteDestination.inspect(url)).map({ ($0.kind, $0) }) {
      case (.nothing, _)?, (.danglingLink, _)?: disk = "missing"
      case (.file, let file)? where file.isReadOnly: disk += ", " + file.readOnlyDescription
      default: break
      }
    }
    var rows = [
      ["document:", name],
      ["dirty:", handle.session.isDirty ? "yes" : "no"],
      ["changes:", "\(handle.session.changeCount)"],
      ["file:", handle.session.fileURL.map(resolver.display) ?? "(untitled)"],
      ["type:", handle.session.contentType.identifier],
      ["on disk:", disk],
    ]
    // UTF-8, the default, goes without saying.
    if let encoding = handle.encoding, encoding != .utf8 {
      rows.insert(["encoding:", TextEncodingName.name(of: encoding)], at: 5)
    }
    for line in Self.table(rows) { output.write(line + "\n") }
  }

  func printTree(of handle: any DocumentHandle) async throws {
    let next = try await handle.session.contentsForNextSave()
    guard !next.writtenByDocument else {
      throw ScriptError(
        "this document's writer writes by itself; there is no tree to show before it saves")
    }
    let (wrapper, existing, reusesRoot) = (next.wrapper, next.existing, next.reusesRoot)
    var reused: Set<ObjectIdentifier> = reusesRoot ? [ObjectIdentifier(wrapper)] : []
    if let existing {
      var pending = [existing]
      while let next = pending.popLast() {
        reused.insert(ObjectIdentifier(next))
        pending += next.fileWrappers.map { Array($0.values) } ?? []
      }
    }
    var text = ""
    let name =
      handle.session.fileURL?.lastPathComponent ?? wrapper.preferredFilename ?? "(untitled)"
    FileTreeText.draw(wrapper, name: name, into: &text) { entry, text in
      let node = entry.wrapper
      let mark = reused.contains(ObjectIdentifier(node)) ? "reused" : "new"
      if node.isDirectory {
        text += "  (directory, \(mark))"
      } else if node.isSymbolicLink {
        text += "  (symbolic link, \(mark))"
      } else {
        let size = node.regularFileSize.map { "\($0) bytes" } ?? "size unknown"
        text += "  (file, \(size), \(mark))"
      }
    }
    output.write(text)
  }
}
