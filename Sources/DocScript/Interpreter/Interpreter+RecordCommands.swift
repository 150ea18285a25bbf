import DocKit
package import Foundation

extension Interpreter {
  static let recordCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "record", [BuiltinParameter.recordFile, BuiltinParameter.replace],
        summary:
          "writes the session from the next line on as a replayable script; 'record stop' ends it",
        discussion: """
          Each input is written as typed, followed by its output as #> lines and its \
          diagnostics as #! lines, so that 'docrepl test FILE' replays and checks it. The file \
          is appended to after each input. Files the session reads are written through \
          $SCRIPT_DIR or by their absolute path, and an export the dialog chose as 'export to \
          FILE', so that the recording replays from any folder; its header lists the files it \
          reads. An existing FILE is kept unless --replace is given. Leaving ends the recording.
          """,
        example: "record session.docscript", topic: .other, isAllowedInGroup: false,
        completing: ["FILE": .path]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      let file = arguments[BuiltinParameter.recordFile]
      if file.text == "stop", file.isPlain {
        try interpreter.stopRecording(at: arguments)
      } else {
        try await interpreter.startRecording(
          file, replacing: arguments[BuiltinParameter.replace], at: arguments)
      }
    }
  ]

  /// The file `record` is writing, if any.
  package var recordingURL: URL? { recording?.url }

  /// Ends a recording, if one is open: for a prompt that is leaving. What
  /// was recorded is already in the file; this closes it.
  package func finishRecording() throws {
    guard let recording else { return }
    self.recording = nil
    if let tee = output as? RecordingOutput { output = tee.base }
    defer { try? recording.close() }
    try recording.finishInput()
  }

  private func startRecording(
    _ file: Argument, replacing: Bool, at arguments: ParsedArguments
  ) async throws {
    if let recording {
      throw ScriptError(
        "already recording to '\(resolver.display(recording.url))'", at: arguments.command,
        notes: [.init("'record stop' ends it")])
    }
    guard !file.text.isEmpty else {
      throw ScriptError(
        "'record' needs a file name; '' is empty", at: file,
        notes: [.init("record session.docscript")])
    }
    let url = resolver.url(for: file.text)
    try resolver.check(.write, url, at: file)
    let recording: SessionRecording
    do {
      recording = try SessionRecording(
        url: url, replacing: replacing,
        context: writeContext(for: state.currentName.flatMap { state.documents[$0] }))
    } catch CocoaError.fileWriteFileExists {
      throw ScriptError(
        "'\(resolver.display(url))' already exists", at: file,
        notes: [.init("record to another file, or give --replace")])
    } catch {
      throw ScriptError(
        "cannot record to '\(resolver.display(url))': \(errorMessage.text(for: error))", at: file)
    }
    output.write("recording to \(resolver.display(url))\n")
    self.recording = recording
    do {
      try recording.writePreamble(await recordingPreamble(for: recording, at: arguments.command))
    } catch {
      self.recording = nil
      try? recording.close()
      throw ScriptError(
        "cannot record to '\(resolver.display(url))': \(errorMessage.text(for: error))", at: file)
    }
    guard let top = sourceStack.first else { return }
    // What follows `record` is recorded: the rest of its line, then the
    // lines after it. In a sourced script, what follows its `source`.
    let start: SessionRecording.Boundary =
      if sourceStack.count > 1, let line = sourceStack[1].includedAt?.line {
        .line(line + 1)
      } else {
        .after(arguments.range.end)
      }
    output = RecordingOutput(base: output, recorder: recording.begin(top.source, from: start))
  }

  /// The commands that bring a replay to the documents open when
  /// recording starts: each saved one reopened by its path (through
  /// `$SCRIPT_DIR` when it lies beside the recording, so the recording
  /// replays from any folder), each untitled one made anew with `new`;
  /// then, for each with unsaved content, the commands its type gives to
  /// rebuild that content (``ScriptableFileDocument/scriptContentCommands``);
  /// then `use` of the current one. Every name and path is written as a
  /// word that reads back exactly (``Word/quoted(_:)``). A document whose
  /// unsaved content its type cannot rebuild is left out, with a warning.
  private func recordingPreamble(
    for recording: SessionRecording, at command: Argument
  ) async -> [String] {
    guard !state.documents.isEmpty else { return [] }
    var lines = ["# The documents open when the recording began."]
    var missing: [(name: String, why: String)] = []
    for name in state.documents.keys.sorted() {
      guard let handle = state.documents[name] else { continue }
      var content: [String] = []
      if handle.session.isDirty {
        let commands: [String]?
        do {
          commands = try await handle.snapshot().contentCommands()
        } catch {
          commands = nil
        }
        guard let commands else {
          missing.append(
            (
              name,
              "has unsaved changes that \(IndefiniteArticle.before(handle.typeName)) document cannot replay"
            ))
          continue
        }
        content = commands
      }
      let type = Word.quoted(handle.session.contentType.identifier)
      if let url = handle.session.fileURL {
        let (path, shown) = recording.replayablePath(of: url)
        recording.need(shown)
        let encoding = handle.encoding.map { " --encoding " + TextEncodingName.shortName(of: $0) }
        lines.append("open \(path) as \(Word.quoted(name)) --type \(type)" + (encoding ?? ""))
      } else {
        lines.append("new \(type) \(Word.quoted(name))")
      }
      lines += content
    }
    if let currentName = state.currentName, !missing.contains(where: { $0.name == currentName }) {
      lines.append("use \(Word.quoted(currentName))")
    }
    for (name, why) in missing {
      report(
        Diagnostic(
          .warning, in: command.range,
          "'\(name)' \(why), so a replay of the recording starts without it",
          notes: [.init("save it first, or start recording before changing it")]),
        in: currentSource)
    }
    return lines.count > 1 ? lines : []
  }

  private func stopRecording(at arguments: ParsedArguments) throws {
    guard let recording else {
      throw ScriptError(
        "not recording", at: arguments.command,
        notes: [.init("'record FILE' starts a recording")])
    }
    // What came before `record stop` is recorded: the lines before it,
    // and the commands before it on its line. In a sourced script, what
    // came before its `source`.
    let end: SessionRecording.Boundary =
      if sourceStack.count > 1, let line = sourceStack[1].includedAt?.line {
        .line(line)
      } else {
        .before(arguments.range.start)
      }
    self.recording = nil
    if let tee = output as? RecordingOutput { output = tee.base }
    defer { try? recording.close() }
    do {
      try recording.finishInput(until: end)
    } catch {
      throw ScriptError(
        "recording to '\(resolver.display(recording.url))' failed: \(errorMessage.text(for: error))",
        at: arguments.command)
    }
    output.write("recorded to \(resolver.display(recording.url))\n")
  }

  /// While recording: writes the path argument of a command that read
  /// the file at `url` (`open`, `source`) so that a replay finds the
  /// file from any working folder, and notes that the recording needs
  /// it. A file the session itself wrote while recording is left as
  /// typed: a replay writes it too.
  func recordRead(of url: URL, at path: Argument) {
    guard let recording, recording.isRecording(currentSource) else { return }
    guard !recording.destinations.contains(url.standardizedFileURL.path) else { return }
    let (word, shown) = recording.replayablePath(of: url)
    recording.need(shown)
    recording.substitute(path.range, with: word)
  }

  /// While recording: notes a destination the session names, so that a
  /// later read of it is recorded as typed.
  func recordDestination(_ url: URL) {
    recording?.noteDestination(url)
  }

  /// While recording: adds `words` at the end of `command`, so that the
  /// recording holds what the session chose interactively (the file an
  /// export dialog wrote).
  func recordChoice(_ words: String, after command: ParsedArguments) {
    guard let recording, recording.isRecording(currentSource) else { return }
    recording.substitute(SourceRange(at: command.range.end), with: " " + words)
  }

  /// At the start of a top-level input: records it if a recording is on.
  func beginRecordedInput(_ source: ScriptSource) {
    guard let recording else { return }
    output = RecordingOutput(base: output, recorder: recording.begin(source))
  }

  /// At the end of a top-level input: appends it to the recording. A
  /// failed write ends the recording, with a warning.
  func finishRecordedInput(_ source: ScriptSource) {
    guard let recording else { return }
    if let tee = output as? RecordingOutput { output = tee.base }
    do {
      try recording.finishInput()
    } catch {
      self.recording = nil
      try? recording.close()
      let location = SourceLocation(file: source.name, line: 1, column: 1)
      report(
        Diagnostic(
          .warning, at: location,
          "recording to '\(resolver.display(recording.url))' stopped: \(errorMessage.text(for: error))"
        ),
        in: source)
    }
  }
}
