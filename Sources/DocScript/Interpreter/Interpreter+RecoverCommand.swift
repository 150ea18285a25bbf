import DocKit
package import Foundation

extension Interpreter {
  /// `recover`: lists the autosaves untitled documents left, or opens one.
  static let recoverCommand = BuiltinCommand(
    spec: CommandSpec(
      "recover", [BuiltinParameter.autosave, BuiltinParameter.asName],
      summary:
        "lists the autosaves untitled documents left, or opens one as a new untitled document",
      discussion:
        "Without AUTOSAVE, prints each autosave in the autosave folder that no open document writes: its name, type, size and time (UTC; with the clock fixed, a later time shows as the clock's). With AUTOSAVE, opens that autosave as a new untitled document with unsaved changes, named NAME or untitled-1, untitled-2 and onward; the file is renamed to one of this process's own names, and the document keeps autosaving to it. The file goes when the document is saved to a file of its own (save PATH, save-as) or closed (close --discard, or leaving the prompt and discarding its changes); it stays when docrepl ends otherwise: input that ends, a crash.",
      example: "recover Untitled-1-4242-0badcafe.txt as draft", topic: .saving,
      isAllowedInGroup: false, completing: ["AUTOSAVE": .autosaveName]),
    actsOnDocument: false
  ) { interpreter, arguments, _ in
    if let autosave = arguments[BuiltinParameter.autosave] {
      try await interpreter.recover(autosave, as: arguments[BuiltinParameter.asName])
    } else {
      try interpreter.listAutosaves()
    }
  }

  /// The autosaves in the autosave folder that no open document writes,
  /// sorted by the bytes of their names. A folder that belongs to another
  /// user, or that others may write in, is refused, as autosave refuses
  /// it; a missing one has none.
  func leftAutosaves() throws -> [URL] {
    let folder = state.options.autosaveDirectory
    try DocumentSession<Void>.checkAutosaveFolder(at: folder)
    let inUse = Set(
      state.documents.values.compactMap { $0.session.autosaveURL?.standardizedFileURL.path })
    return DocumentSession<Void>.recoverableAutosaves(in: folder)
      .filter { !inUse.contains($0.standardizedFileURL.path) }
      .sorted {
        Array($0.lastPathComponent.utf8).lexicographicallyPrecedes(Array($1.lastPathComponent.utf8))
      }
  }

  /// `recover` alone: a row per autosave left, or a line saying there is
  /// none.
  func listAutosaves() throws {
    let rows = try leftAutosaves().map { url in
      let (size, modified) = Self.sizeAndTime(of: url)
      let type = (try? DocumentSession<Void>.typeForContents(of: url, explicit: nil))?.type
      return [
        url.lastPathComponent, type?.identifier ?? "unknown type",
        size == 1 ? "1 byte" : "\(size) bytes", displayTime(modified),
      ]
    }
    guard !rows.isEmpty else {
      output.write("no autosaves to recover\n")
      return
    }
    for line in Self.table(rows) { output.write(line + "\n") }
  }

  /// `time` as `2026-01-01T00:00:00Z`, whatever `TZ` says. With the clock
  /// fixed (`SOURCE_DATE_EPOCH`, `set clock`), a later time shows as the
  /// clock's, as reproducible builds clamp timestamps to
  /// `SOURCE_DATE_EPOCH`: an autosave written while a script runs shows
  /// the same time on every run.
  func displayTime(_ time: Date) -> String {
    let shown = clock.fixedDate.map { min($0, time) } ?? time
    return ISO8601DateFormatter().string(from: shown)
  }

  /// The bytes an autosave holds (a package's: its files', added up) and
  /// when it was last written. Links are not followed.
  static func sizeAndTime(of url: URL) -> (size: Int64, modified: Date) {
    let manager = FileManager.default
    let attributes = (try? manager.attributesOfItem(atPath: url.path)) ?? [:]
    let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
    guard attributes[.type] as? FileAttributeType == .typeDirectory else {
      return ((attributes[.size] as? NSNumber)?.int64Value ?? 0, modified)
    }
    var size: Int64 = 0
    let contents = manager.enumerator(atPath: url.path)
    while let path = contents?.nextObject() as? String {
      let file =
        (try? manager.attributesOfItem(atPath: url.appendingPathComponent(path).path)) ?? [:]
      if file[.type] as? FileAttributeType == .typeRegular {
        size += (file[.size] as? NSNumber)?.int64Value ?? 0
      }
    }
    return (size, modified)
  }

  /// `recover AUTOSAVE [as NAME]`: opens the autosave as a new untitled
  /// document with unsaved changes, after renaming it to a name of this
  /// process's (so that a docrepl still writing it, and this one, never
  /// write the same file). If it cannot be opened, it is renamed back.
  func recover(_ autosave: Argument, as given: Argument?) async throws {
    let folder = state.options.autosaveDirectory
    let left = try leftAutosaves()
    guard let source = left.first(where: { $0.lastPathComponent == autosave.text }) else {
      if let (name, _) = state.documents.first(where: {
        $0.value.session.autosaveURL?.standardizedFileURL
          == folder.appendingPathComponent(autosave.text).standardizedFileURL
      }) {
        throw ScriptError(
          "'\(autosave.text)' is the autosave of the open document '\(name)'", at: autosave)
      }
      throw ScriptError(
        "no autosave named '\(autosave.text)'", at: autosave,
        notes: [
          Suggestions.note(for: autosave.text, among: left.map(\.lastPathComponent))
            ?? .init("'recover' lists the autosaves")
        ])
    }
    if let given { try checkNewName(given) }
    let (type, openAs): (UTType, UTType?)
    do {
      (type, openAs) = try DocumentSession<Void>.typeForContents(of: source, explicit: nil)
    } catch {
      throw Located(error: error, range: autosave.range)
    }
    guard let entry = registry.entry(reading: type) ?? registry.entries.last else {
      throw ScriptError("no document type reads \(type.identifier)", at: autosave)
    }
    let pathExtension = source.pathExtension
    let claimed = DocumentSession<Void>.freeAutosaveURL(
      in: folder, name: AutosaveNames.next(),
      pathExtension: pathExtension.isEmpty ? nil : pathExtension)
    do {
      try DocumentSession<Void>.moveAutosave(at: source, to: claimed)
    } catch {
      throw Located(error: error, range: autosave.range)
    }
    let handle: any DocumentHandle
    do {
      handle = try await entry.open(claimed, openAs, sessionEnvironment)
    } catch {
      // Left as it was found, for another try.
      try? DocumentSession<Void>.moveAutosave(at: claimed, to: source)
      throw Located(
        error: naming(fileOf: error, inDocumentAt: source), range: autosave.range)
    }
    handle.session.adoptRecoveredAutosave(at: claimed)
    let name = given?.text ?? nextUntitledName()
    state.documents[name] = handle
    recoveredAutosaves[ObjectIdentifier(handle)] = (handle, source)
    state.currentName = name
  }

  /// Closes `handle`, discarding its changes, because what opened it is
  /// taken back (a failed group, `expect-error`): a document `recover`
  /// opened gives its autosave back, under the name it was found by,
  /// instead of removing it.
  func closeTakingBack(_ handle: any DocumentHandle) {
    if let (_, original) = recoveredAutosaves.removeValue(forKey: ObjectIdentifier(handle)),
      let claimed = handle.session.autosaveURL
    {
      try? DocumentSession<Void>.moveAutosave(at: claimed, to: original)
    }
    try? handle.session.close(discardingChanges: true)
  }
}

// MARK: - Leaving

extension Interpreter {
  /// Closes the open documents as the program ends: every one without
  /// unsaved changes, and with `discardingChanges` (the user agreed to
  /// discard them) every other too. Closing a document removes its
  /// autosave; a document left open (its changes not discarded by the
  /// user: input that ended, a terminal that went away) keeps its
  /// autosave, for `recover` in a later session.
  package func closeDocuments(discardingChanges: Bool) {
    for (name, handle) in state.documents where discardingChanges || !handle.session.isDirty {
      guard (try? handle.session.close(discardingChanges: discardingChanges)) != nil else {
        continue
      }
      state.documents[name] = nil
      recoveredAutosaves[ObjectIdentifier(handle)] = nil
    }
    let documents = state.documents
    state.recentNames.removeAll { documents[$0] == nil }
    if let name = state.currentName, state.documents[name] == nil { state.currentName = nil }
  }

  /// The file the open document `name` autosaves to, if it is untitled
  /// and has autosaved: what is left for `recover` if it is not closed.
  package func autosaveURL(ofDocument name: String) -> URL? {
    state.documents[name]?.session.autosaveURL
  }
}
