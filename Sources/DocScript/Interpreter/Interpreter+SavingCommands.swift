import DocKit
import Foundation

extension Interpreter {
  static let savingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "save",
        [BuiltinParameter.optionalPath, BuiltinParameter.force, BuiltinParameter.replace],
        summary: "saves the document to its file; PATH is for an untitled document only",
        discussion:
          "With --force, saves even if the file changed on disk since it was read, replacing the other version, or if the file is read-only (it keeps its mode). A change of kind is never overridden: a folder, FIFO or device that took the file's place is left as it is. With PATH, a file already there is refused unless --replace is given.",
        example: "save", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      if let path = arguments[BuiltinParameter.optionalPath] {
        guard handle.session.isUntitled else {
          throw ScriptError(
            "the document already has a file", at: path,
            notes: [.init("use 'save-as PATH' to save it somewhere else")])
        }
        let url = try interpreter.destination(path, of: handle)
        try await interpreter.writing(at: path) {
          try await handle.save(
            as: url, contentType: nil, overwrite: arguments[BuiltinParameter.replace],
            force: arguments[BuiltinParameter.force])
        }
      } else {
        guard !handle.session.isUntitled, let file = handle.session.fileURL else {
          throw ScriptError(
            "the document is untitled", at: arguments.command,
            notes: [.init("give it a file: save PATH")])
        }
        // What only the interpreter knows (the other open documents, its
        // working folder) is checked here; DocKit decides the rest.
        try interpreter.checkDestination(file, of: handle, copying: false, at: nil)
        try await handle.save(force: arguments[BuiltinParameter.force])
      }
      interpreter.reportNotices(of: handle, at: arguments.command)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "save-as",
        [
          BuiltinParameter.path, BuiltinParameter.type, BuiltinParameter.replace,
          BuiltinParameter.force,
        ],
        summary: "saves the document to PATH and makes that its file",
        discussion:
          "A file already at PATH is refused unless --replace is given, a read-only one unless --force is; a folder is replaced only by a document package of this type, and a FIFO, device or socket never. PATH may be the document's own file, which is then saved.",
        example: "save-as Trip-copy.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      let path = arguments[BuiltinParameter.path]
      let url = try interpreter.destination(path, of: handle)
      let contentType = try interpreter.type(arguments[BuiltinParameter.type])
      let isOwnFile = interpreter.isFile(url, of: handle)
      try await interpreter.writing(at: path, type: arguments[BuiltinParameter.type]) {
        if isOwnFile, contentType == nil || contentType == handle.session.contentType {
          // Saving as its own file is saving it.
          try await handle.save(force: arguments[BuiltinParameter.force])
        } else {
          try await handle.save(
            as: url, contentType: contentType,
            overwrite: isOwnFile || arguments[BuiltinParameter.replace],
            force: arguments[BuiltinParameter.force])
        }
      }
      interpreter.reportNotices(of: handle, at: arguments.command)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "save-to",
        [
          BuiltinParameter.path, BuiltinParameter.type, BuiltinParameter.replace,
          BuiltinParameter.force,
        ],
        summary: "writes a copy to PATH; the document's file and unsaved state stay as they are",
        discussion:
          "A file already at PATH is refused unless --replace is given, a read-only one unless --force is.",
        example: "save-to backup.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      let path = arguments[BuiltinParameter.path]
      let url = try interpreter.destination(path, of: handle, copying: true)
      let contentType = try interpreter.type(arguments[BuiltinParameter.type])
      try await interpreter.writing(at: path, type: arguments[BuiltinParameter.type]) {
        try await handle.save(
          to: url, contentType: contentType, overwrite: arguments[BuiltinParameter.replace],
          force: arguments[BuiltinParameter.force])
      }
      interpreter.reportNotices(of: handle, at: arguments.command)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "revert", summary: "rereads the document from its file, discarding unsaved changes",
        example: "revert", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, _, handle in
      guard let handle else { return }
      do {
        try await handle.revert()
      } catch {
        guard let url = handle.session.fileURL else { throw error }
        throw interpreter.naming(fileOf: error, inDocumentAt: url)
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "autosave", [BuiltinParameter.autosaveMode],
        summary: "turns autosave on or off, or autosaves now and says where",
        discussion:
          "Autosave is off when a script starts. When on, the session's policy decides after each command whether to autosave: after 10 changes, or 30 seconds, since the last save (the default policy). A saved document is saved in place, an untitled one to the autosave folder. 'autosave now' writes at once and prints where.",
        example: "autosave on", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      let mode = arguments[BuiltinParameter.autosaveMode]
      switch mode.text {
      case "on": interpreter.state.options.autosavePolicy = AutosavePolicy()
      case "off": interpreter.state.options.autosavePolicy = .never
      case "now":
        if let file = handle.session.fileURL {
          try interpreter.checkDestination(file, of: handle, copying: false, at: nil)
        }
        guard try await handle.session.autosave() else {
          interpreter.output.write("nothing to autosave: the document has no unsaved changes\n")
          return
        }
        // Where it went: the file itself, or the autosave folder.
        if let written = handle.session.fileURL ?? handle.session.autosaveURL {
          interpreter.output.write("autosaved to \(interpreter.resolver.display(written))\n")
        }
      default:
        throw ScriptError("expected on, off or now, not '\(mode.text)'", at: mode)
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "export",
        [
          BuiltinParameter.type, BuiltinParameter.exportName, BuiltinParameter.replace,
          BuiltinParameter.force, BuiltinParameter.exportDestination,
        ],
        summary:
          "exports a copy as fileExporter does; without 'to', into the working folder under the default name",
        discussion:
          "A file already there is refused unless --replace is given, a read-only one unless --force is. --name is a file name without its extension, not a path. At an interactive prompt, export without 'to' asks where to write, and whether to replace a file that is there.",
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
    guard let type = UTType(argument.text) ?? registry.contentType(named: argument.text) else {
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
    let contentType = try type(arguments[BuiltinParameter.type])
    let name = state.documents.first { $0.value === handle }?.key
    if let given = arguments[BuiltinParameter.exportName] { try Self.checkFileName(given) }
    let defaultName =
      arguments[BuiltinParameter.exportName]?.text ?? handle.session.fileURL?
      .deletingPathExtension().lastPathComponent ?? name ?? "Untitled"
    let destination = arguments[BuiltinParameter.exportDestination]
    let url = try destination.map { try self.destination($0, of: handle, copying: true) }
    let source: ScriptExportPresenter.Source
    if let url {
      source = .path(url)
    } else if let exportPrompt {
      source = .prompt(exportPrompt)
    } else {
      source = .workingFolder
    }
    let presenter = ScriptExportPresenter(
      source: source, resolver: resolver, replacing: arguments[BuiltinParameter.replace],
      forcing: arguments[BuiltinParameter.force], ownFile: handle.session.fileURL,
      check: { [unowned self] url in
        try self.checkDestination(url, of: handle, copying: true, at: nil)
      })
    let written = try await writing(at: destination, type: arguments[BuiltinParameter.type]) {
      try await handle.export(
        contentType: contentType, defaultFilename: defaultName, presenter: presenter)
    }
    guard let written else {
      if let error = presenter.refusal.error { throw error }
      // The user cancelled the dialog: `onCancellation`, not a failure.
      output.write("export cancelled\n")
      return
    }
    output.write("exported \(resolver.display(written))\n")
    recordDestination(written)
    if case .prompt = source {
      // A replay has no dialog: it writes where this one chose.
      recordChoice(
        "to " + Word.quoted(resolver.display(written))
          + (presenter.choice.replacing && !arguments[BuiltinParameter.replace]
            ? " --replace" : ""),
        after: arguments)
    }
    reportNotices(of: handle, at: arguments.command)
  }

  /// Refuses a `--name` that is not one file name: empty, `.` or `..`, or
  /// with a slash, which would make it a path outside the chosen folder.
  static func checkFileName(_ name: Argument) throws {
    let text = name.text
    guard text.isEmpty || text == "." || text == ".." || text.contains("/") else { return }
    throw ScriptError(
      text.isEmpty
        ? "an empty name names no file"
        : "'\(text)' is not a file name" + (text.contains("/") ? ": it contains '/'" : ""),
      at: name,
      notes: [.init("--name takes a name without a folder, like Trip; use 'to PATH' for a path")])
  }

  /// Reports, as warnings at `command`, what the last write of `handle`
  /// owes the user (a file whose other hard links keep the old contents).
  func reportNotices(of handle: any DocumentHandle, at command: Argument) {
    for notice in handle.session.writeNotices {
      let file = handle.session.fileURL.map { resolver.display($0) + ": " } ?? ""
      report(Diagnostic(.warning, in: command.range, file + notice), in: currentSource)
    }
  }

  /// The URL of the destination `path` of a save or an export, refusing
  /// what no save may replace: see ``checkDestination(_:of:copying:at:)``.
  /// An empty path is refused: it would name the working folder.
  ///
  /// - Parameter copying: Whether the write is a copy (save-to, export),
  ///   for which `handle`'s own file is refused.
  func destination(
    _ path: Argument, of handle: any DocumentHandle, copying: Bool = false
  ) throws -> URL {
    guard !path.text.isEmpty else {
      throw ScriptError(
        "an empty path names no file", at: path,
        notes: [.init("give the file's name, like notes.txt")])
    }
    let url = resolver.url(for: path.text)
    try checkDestination(url, of: handle, copying: copying, at: path.range)
    recordDestination(url)
    return url
  }

  /// Refuses, before anything is written, a destination that no write of
  /// `handle` may replace whatever its flags, as the destination policy
  /// classifies it (`WriteDestination`) in the interpreter's working
  /// folder with every open document: the working folder or a folder above
  /// it or above the document, a place inside an open package, a FIFO, a
  /// device or a socket; and for a copy, `handle`'s own file. DocKit
  /// decides the rest (files, packages, flags) when it writes.
  func checkDestination(
    _ url: URL, of handle: any DocumentHandle, copying: Bool, at range: SourceRange?
  ) throws {
    let shown = resolver.display(url)
    if let confinement = state.options.confinement {
      do {
        try confinement.check(.write, url)
      } catch {
        throw ScriptError(errorMessage.text(for: error), at: range)
      }
    }
    let destination: WriteDestination
    do {
      destination = try WriteDestination.inspect(url, context: writeContext(for: handle))
    } catch {
      guard let range else { throw error }
      throw Located(error: error, range: range)
    }
    if destination.kind == .insideDocumentPackage {
      let target = destination.resolvedURL.path
      for (name, document) in state.documents.sorted(by: { $0.key < $1.key }) {
        guard let file = document.session.fileURL?.resolvingSymlinksInPath().path,
          Self.isInside(target, file)
        else { continue }
        throw ScriptError(
          "'\(shown)' is inside the package of the open document '\(name)'; "
            + "a document is never saved into a package", at: range)
      }
    }
    switch destination.kind {
    case .workingFolder, .folderAboveWorkingFolder, .folderAboveDocument, .insideDocumentPackage,
      .fifo, .characterDevice, .blockDevice, .socket, .processStream:
      let reason = DestinationPolicy.reason(for: .refuse, at: destination) ?? "refused"
      throw ScriptError("\(shown): \(reason)", at: range)
    default:
      break
    }
    // Another open document's file: the two would share it, and the next
    // save of either would overwrite the other's.
    for (name, document) in state.documents.sorted(by: { $0.key < $1.key })
    where document !== handle && isFile(url, of: document) {
      throw ScriptError(
        "'\(shown)' is the file of the open document '\(name)'; a save never replaces it",
        at: range, notes: [.init("close '\(name)' first, or give another name")])
    }
    if copying, isFile(url, of: handle) {
      throw ScriptError(
        "'\(shown)' is the document's own file; a copy never replaces it", at: range,
        notes: [.init("use 'save' to save the document, or give the copy another name")])
    }
  }

  /// What the destination policy must know of this session beyond a
  /// path: the working folder, `handle`'s file and every open document's.
  func writeContext(for handle: (any DocumentHandle)?) -> WriteDestination.Context {
    WriteDestination.Context(
      workingFolder: state.options.workingDirectory, documentFile: handle?.session.fileURL,
      openDocuments: state.documents.values.compactMap(\.session.fileURL),
      confinement: state.options.confinement)
  }

  /// Whether `url` is, through links, `handle`'s own file.
  func isFile(_ url: URL, of handle: any DocumentHandle) -> Bool {
    guard let file = handle.session.fileURL else { return false }
    return url.resolvingSymlinksInPath().path == file.resolvingSymlinksInPath().path
  }

  /// Whether `path` is `folder` or inside it.
  nonisolated static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// Runs a write to the file `path` names: an error about that file, a
  /// folder on the way to it or a file inside it (as DocKit says, by the
  /// error's `DocumentPathRole`) is reported at `path`, and a file already
  /// there is refused with a note on `--replace`. Without `path` (a
  /// default or chosen name), errors are reported at the command, with the
  /// note all the same.
  ///
  /// A type the document cannot write is reported at `type`, the
  /// `--type` argument, when it was given; else at `path`, whose
  /// extension chose the type.
  func writing<T>(
    at path: Argument?, type: Argument? = nil, _ body: () async throws -> T
  ) async throws -> T {
    do {
      return try await body()
    } catch let error as CocoaError where type != nil && Self.isTypeError(error) {
      guard let type else { throw error }
      throw Located(error: error, range: type.range)
    } catch let error as CocoaError where error.code == .fileWriteFileExists {
      let file = error.documentErrorDetails?.url.map(errorMessage.display)
      throw ScriptError(
        (file.map { "\($0): " } ?? "")
          + (error.documentErrorDetails?.reason ?? "the file already exists"),
        at: path?.range, notes: [.init("add --replace to replace it")])
    } catch let error as CocoaError
      where error.documentSessionError?.code == .readOnlyFile && path != nil
    {
      throw ScriptError(
        errorMessage.text(for: error), at: path?.range,
        notes: [.init("add --force to replace it anyway; it keeps its mode")])
    } catch {
      guard let path, let role = (error as? CocoaError)?.documentPathRole, role != .other
      else { throw error }
      throw Located(error: error, range: path.range)
    }
  }

  /// Whether the session refused the type to write.
  static func isTypeError(_ error: CocoaError) -> Bool {
    guard let code = error.documentSessionError?.code else { return false }
    return code == .unsupportedContentType || code == .undeclaredContentType
  }
}
