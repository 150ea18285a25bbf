import DocKit
import Foundation

extension Interpreter {
  static let savingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "save", [.optional("PATH"), .flag("force"), .flag("replace")],
        summary: "saves the document to its file; PATH is for an untitled document only",
        discussion:
          "With --force, saves even if the file changed on disk since it was read, replacing the other version. With PATH, a file already there is refused unless --replace is given.",
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
        let url = try interpreter.destination(path)
        try await interpreter.writing(at: path) {
          try await handle.save(as: url, contentType: nil, overwrite: arguments.has("replace"))
        }
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
        "save-as", [.required("PATH"), .option("type", value: "UTI"), .flag("replace")],
        summary: "saves the document to PATH and makes that its file",
        discussion:
          "A file already at PATH is refused unless --replace is given; PATH may be the document's own file, which is then saved.",
        example: "save-as Trip-copy.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle, let path = arguments[0] else { return }
      let url = try interpreter.destination(path)
      let contentType = try interpreter.type(arguments.option("type"))
      let isOwnFile = interpreter.isFile(url, of: handle)
      try await interpreter.writing(at: path, type: arguments.option("type")) {
        if isOwnFile, contentType == nil || contentType == handle.contentType {
          // Saving as its own file is saving it.
          try await handle.save(force: false)
        } else {
          try await handle.save(
            as: url, contentType: contentType, overwrite: isOwnFile || arguments.has("replace"))
        }
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "save-to", [.required("PATH"), .option("type", value: "UTI"), .flag("replace")],
        summary: "writes a copy to PATH; the document's file and unsaved state stay as they are",
        discussion: "A file already at PATH is refused unless --replace is given.",
        example: "save-to backup.notes", topic: .saving, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle, let path = arguments[0] else { return }
      let url = try interpreter.destination(path, copying: handle)
      let contentType = try interpreter.type(arguments.option("type"))
      try await interpreter.writing(at: path, type: arguments.option("type")) {
        try await handle.save(
          to: url, contentType: contentType, overwrite: arguments.has("replace"))
      }
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
        guard let url = handle.fileURL else { throw error }
        throw interpreter.naming(fileOf: error, inDocumentAt: url)
      }
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
          .option("type", value: "UTI"), .option("name", value: "DEFAULT"), .flag("replace"),
          .keyword("to", value: "PATH"),
        ],
        summary:
          "exports a copy as fileExporter does; without 'to', into the working folder under the default name",
        discussion:
          "A file already there is refused unless --replace is given. At an interactive prompt, export without 'to' asks where to write, and whether to replace a file that is there.",
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
    let destination = arguments.option("to")
    let url = try destination.map { try self.destination($0, copying: handle) }
    let source: ScriptExportPresenter.Source
    if let url {
      source = .path(url)
    } else if let exportPrompt {
      source = .prompt(exportPrompt)
    } else {
      source = .workingFolder
    }
    let presenter = ScriptExportPresenter(
      source: source, resolver: resolver, replacing: arguments.has("replace"),
      ownFile: handle.fileURL,
      check: { [unowned self] url in try self.checkDestination(url, copying: handle, at: nil) })
    let written = try await writing(at: destination, type: arguments.option("type")) {
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
  }

  /// The URL of the destination `path` of a save or an export, refusing
  /// what no save may replace: see ``checkDestination(_:copying:at:)``.
  /// An empty path is refused: it would name the working folder.
  ///
  /// - Parameter copying: For a copy (save-to, export), the document
  ///   copied, whose own file is refused.
  func destination(_ path: Argument, copying handle: (any DocumentHandle)? = nil) throws -> URL {
    guard !path.text.isEmpty else {
      throw ScriptError(
        "an empty path names no file", at: path,
        notes: [.init("give the file's name, like notes.txt")])
    }
    let url = resolver.url(for: path.text)
    try checkDestination(url, copying: handle, at: path.range)
    return url
  }

  /// Refuses to write to `url` when it is, through links, the working
  /// folder or a folder above it, a place inside an open document's
  /// package, or (for a copy of `handle`) `handle`'s own file. DocKit
  /// refuses plain folders and its own working folder on every write;
  /// these are the places only the interpreter knows.
  func checkDestination(
    _ url: URL, copying handle: (any DocumentHandle)?, at range: SourceRange?
  ) throws {
    let target = url.resolvingSymlinksInPath().path
    let working = options.workingDirectory.resolvingSymlinksInPath().path
    let shown = resolver.display(url)
    if Self.isInside(working, target) {
      throw ScriptError(
        working == target
          ? "'\(shown)' is the working folder; a document is never saved over it"
          : "'\(shown)' holds the working folder; a document is never saved over it", at: range)
    }
    for (name, document) in documents.sorted(by: { $0.key < $1.key }) {
      guard let file = document.fileURL else { continue }
      let package = file.resolvingSymlinksInPath().path
      var isDirectory: ObjCBool = false
      guard target != package, Self.isInside(target, package),
        FileManager.default.fileExists(atPath: package, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { continue }
      throw ScriptError(
        "'\(shown)' is inside the package of the open document '\(name)'; "
          + "a document is never saved into a package", at: range)
    }
    if let handle, isFile(url, of: handle) {
      throw ScriptError(
        "'\(shown)' is the document's own file; a copy never replaces it", at: range,
        notes: [.init("use 'save' to save the document, or give the copy another name")])
    }
  }

  /// Whether `url` is, through links, `handle`'s own file.
  func isFile(_ url: URL, of handle: any DocumentHandle) -> Bool {
    guard let file = handle.fileURL else { return false }
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
        (file.map { "\($0): " } ?? "") + "the file already exists", at: path?.range,
        notes: [.init("add --replace to replace it")])
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
