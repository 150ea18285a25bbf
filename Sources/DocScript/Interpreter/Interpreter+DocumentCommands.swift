import DocKit
import Foundation

extension Interpreter {
  static let documentCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "new", [BuiltinParameter.newType, BuiltinParameter.optionalName],
        summary: "creates an untitled document and makes it current",
        discussion:
          "TYPE is a short name (text, markdown, json, notes, binary) or a UTI. NAME defaults to untitled-1, untitled-2 and onward. If it fails, no document is current: 'use NAME' makes an open one current again.",
        example: "new notes Trip", topic: .documents, isAllowedInGroup: false),
      actsOnDocument: false, makesCurrent: true
    ) { interpreter, arguments, _ in
      try interpreter.newDocument(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "open",
        [
          BuiltinParameter.path, BuiltinParameter.asName, BuiltinParameter.type,
          BuiltinParameter.encoding,
        ],
        summary: "opens a file and makes it current",
        discussion:
          "The type comes from the file's extension unless --type gives it (a UTI, or a type's name: --type jsonc). A well-known name says more than the extension: tsconfig.json, VS Code's settings.json and the like are JSON with comments (jsonc). A file whose name does not say (no extension, or one no type reads, as .yaml or .toml) is text if its first 8 KB are UTF-8 without a NUL byte, and binary otherwise. Text is UTF-8, or UTF-16 after its byte-order mark; --encoding reads and saves it in another (utf-16, utf-16le, utf-16be, latin1, windows-1252, us-ascii; IANA names and their aliases, in any case). NAME defaults to the file's base name. If it fails, no document is current: 'use NAME' makes an open one current again.",
        example: "open Trip.notes as trip", topic: .documents, isAllowedInGroup: false,
        completing: ["ENCODING": .choice(TextEncodingName.choices)]),
      actsOnDocument: false, makesCurrent: true
    ) { interpreter, arguments, _ in
      try await interpreter.openDocument(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "use", [BuiltinParameter.name], summary: "makes NAME the current document",
        example: "use Trip", topic: .documents, isAllowedInGroup: false,
        completing: ["NAME": .documentName]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      let name = arguments[BuiltinParameter.name]
      _ = try interpreter.document(named: name, at: arguments.command)
      interpreter.state.currentName = name.text
    },
    BuiltinCommand(
      spec: CommandSpec(
        "close", [BuiltinParameter.optionalName, BuiltinParameter.discard],
        summary: "closes a document; refuses a dirty one without --discard",
        discussion:
          "Closing the current document makes the one current before it current again, and prints 'current document: NAME'.",
        example: "close Trip --discard", topic: .documents, isAllowedInGroup: false,
        completing: ["NAME": .documentName]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try interpreter.closeDocument(arguments)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "docs", summary: "lists the open documents with dirty marks, types and files",
        example: "docs", topic: .documents),
      actsOnDocument: false
    ) { interpreter, _, _ in
      interpreter.listDocuments()
    },
  ]

  func newDocument(_ arguments: ParsedArguments) throws {
    let typeArgument = arguments[BuiltinParameter.newType]
    guard let (entry, contentType) = registry.entry(forNew: typeArgument.text) else {
      throw ScriptError(
        "unknown document type '\(typeArgument.text)'", at: typeArgument,
        notes: [
          Suggestions.note(for: typeArgument.text, among: registry.typeNames)
            ?? Suggestions.note(for: typeArgument.text, among: registry.typeIdentifiers)
            ?? .init("the types are " + registry.typeNames.joined(separator: ", "))
        ])
    }
    let name: String
    if let given = arguments[BuiltinParameter.optionalName] {
      try checkNewName(given)
      name = given.text
    } else {
      name = nextUntitledName()
    }
    state.documents[name] = try entry.makeNew(contentType, sessionEnvironment)
    state.currentName = name
  }

  /// `untitled-1`, `untitled-2` and onward: the next that no open document
  /// has, for a document given no name.
  func nextUntitledName() -> String {
    repeat {
      state.untitledCount += 1
    } while state.documents["untitled-\(state.untitledCount)"] != nil
    return "untitled-\(state.untitledCount)"
  }

  func openDocument(_ arguments: ParsedArguments) async throws {
    let path = arguments[BuiltinParameter.path]
    let url = try resolver.url(for: path, toRead: true)
    let contentType = try type(arguments[BuiltinParameter.type])
    let encoding = try textEncoding(arguments[BuiltinParameter.encoding])
    let name =
      arguments[BuiltinParameter.asName]?.text ?? url.deletingPathExtension().lastPathComponent
    if let given = arguments[BuiltinParameter.asName] {
      try checkNewName(given)
    } else if state.documents[name] != nil {
      throw ScriptError(
        "a document named '\(name)' is already open", at: path,
        notes: [.init("open it under another name with 'as NAME'")])
    }
    // The host looks at the name (after recovery, as opening does) and
    // says its type, which picks the registered type to open it with.
    var type: UTType
    var openAs: UTType?
    do {
      (type, openAs) = try DocumentSession<Void>.typeForContents(of: url, explicit: contentType)
    } catch {
      throw MissingFileError(
        error: ScriptError("no such file '\(resolver.display(url))'", at: path))
    }
    // A well-known name (`tsconfig.json`) says more than its extension.
    if contentType == nil, let wellKnown = registry.contentType(forWellKnownName: url) {
      (type, openAs) = (wellKnown, wellKnown)
    }
    let choice = try openingChoice(
      for: url, type: type, openAs: openAs, explicit: contentType, encoding: encoding, at: path)
    do {
      let handle = try await TextEncodingName.$reading.withValue(choice.encoding) {
        try await choice.entry.open(url, choice.openAs, sessionEnvironment)
      }
      handle.encoding = choice.encoding
      state.documents[name] = handle
    } catch {
      let named = naming(fileOf: error, inDocumentAt: url)
      // Bytes the text's encoding does not allow: say how to name another.
      if encoding == nil, Self.readsText(choice.entry),
        (error as? any DocumentFileError)?.byteOffset != nil
      {
        throw ScriptError(
          errorMessage.text(for: named), at: path,
          notes: [encodingAdvice(for: arguments, path: path)])
      }
      throw Located(error: named, range: path.range)
    }
    state.currentName = name
    recordRead(of: url, at: path)
  }

  /// A name given with `new` or `as` may be anything but empty, blanks
  /// included: `open` gives a file's base name, whatever it holds, and a
  /// recording replays every name it writes.
  func checkNewName(_ name: Argument) throws {
    guard !name.text.isEmpty else {
      throw ScriptError("a document name must not be empty", at: name)
    }
    guard state.documents[name.text] == nil else {
      throw ScriptError("a document named '\(name.text)' is already open", at: name)
    }
  }

  func closeDocument(_ arguments: ParsedArguments) throws {
    let handle = try document(
      named: arguments[BuiltinParameter.optionalName], at: arguments.command)
    guard let name = state.documents.first(where: { $0.value === handle })?.key else { return }
    do {
      try handle.session.close(discardingChanges: arguments[BuiltinParameter.discard])
    } catch {
      throw ScriptError(
        "'\(name)' has unsaved changes",
        at: arguments[BuiltinParameter.optionalName]?.range ?? arguments.command.range,
        notes: [.init("save it, or close it with --discard")])
    }
    state.documents[name] = nil
    recoveredAutosaves[ObjectIdentifier(handle)] = nil
    state.snapshots = state.snapshots.filter { $0.value.document != name }
    let snapshots = state.snapshots
    state.snapshotOrder.removeAll { snapshots[$0] == nil }
    state.recentNames.removeAll { $0 == name }
    if state.currentName == name {
      // As a window closing brings the one behind it forward: the
      // document current before this one, and saying so, so that the
      // next command's target is never a surprise.
      state.currentName =
        state.recentNames.last { state.documents[$0] != nil }
        ?? state.documents.keys.min { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      if let next = state.currentName { output.write("current document: \(next)\n") }
    }
  }

  func listDocuments() {
    let names = state.documents.keys.sorted {
      Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
    }
    let rows = names.compactMap { name -> [String]? in
      guard let handle = state.documents[name] else { return nil }
      let mark = name == state.currentName ? ">" : " "
      let file = handle.session.fileURL.map(resolver.display) ?? "(untitled)"
      return [
        mark + " " + name + (handle.session.isDirty ? "*" : ""),
        handle.session.contentType.identifier, file,
      ]
    }
    for line in Self.table(rows) { output.write(line + "\n") }
  }

  /// Rows with their columns padded to line up; no trailing blanks. Each
  /// cell has its control characters and backslashes escaped as `tree`
  /// escapes names, so that a file name holding a line break cannot
  /// forge a row.
  static func table(_ rows: [[String]]) -> [String] {
    let rows = rows.map { $0.map(FileTreeText.escaped) }
    guard let columns = rows.map(\.count).max() else { return [] }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1
          ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
      }.joined()
    }
  }

  var resolver: PathResolver {
    PathResolver(
      workingDirectory: state.options.workingDirectory, homeDirectory: state.options.homeDirectory,
      confinement: state.options.confinement)
  }

  /// `error`, naming the file of the document at `url` it is about by its
  /// path from the working folder: a file inside the package, or the
  /// document's file itself.
  func naming(fileOf error: any Error, inDocumentAt url: URL) -> any Error {
    guard let error = error as? any DocumentFileError, let file = error.fileInDocument,
      !file.hasPrefix("/")
    else { return error }
    // A folder read as a file type fails about the folder itself, whose
    // name is its own: not a file inside it (no `adir/adir`).
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue, file != url.lastPathComponent
    {
      return error.naming(file: resolver.display(url.appendingPathComponent(file)))
    }
    guard file == url.lastPathComponent else { return error }
    return error.naming(file: resolver.display(url))
  }

  var sessionEnvironment: SessionEnvironment {
    let clock = clock
    return SessionEnvironment(
      now: { clock.now }, autosaveDirectory: state.options.autosaveDirectory,
      autosavePolicy: state.options.autosavePolicy,
      makeAutosaveName: { AutosaveNames.next() }, confinement: state.options.confinement)
  }
}
