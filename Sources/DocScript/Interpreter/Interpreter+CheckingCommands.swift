import DocKit
import Foundation

extension Interpreter {
  // MARK: - Undo and redo

  static let undoCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "undo", [.optional("N")],
        summary: "undoes the last N steps (1 by default), printing each one's title",
        example: "undo 2", topic: .undo, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try interpreter.step(handle, arguments, redo: false)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "redo", [.optional("N")],
        summary: "redoes the last N undone steps (1 by default), printing each one's title",
        example: "redo", topic: .undo, isAllowedInGroup: false),
      actsOnDocument: true
    ) { interpreter, arguments, handle in
      guard let handle else { return }
      try interpreter.step(handle, arguments, redo: true)
    },
  ]

  /// `undo N` or `redo N`: all N or none.
  func step(_ handle: any DocumentHandle, _ arguments: ParsedArguments, redo: Bool) throws {
    let count = try arguments[0]?.integer("N", in: 1...Int.max) ?? 1
    let undoManager = handle.undoManager
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
          at: arguments[0]?.range ?? arguments.command.range)
      }
      titles.append(redo ? undoManager.redoMenuItemTitle : undoManager.undoMenuItemTitle)
      if redo { undoManager.redo() } else { undoManager.undo() }
    }
    for title in titles { output.write(title + "\n") }
  }

  // MARK: - Checking

  static let checkingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "expect", [.required("WHAT"), .rest("VALUE")],
        summary: "fails unless the document is as expected",
        discussion: """
          expect dirty | clean | can-undo | can-redo | no-undo | no-redo
          expect show TEXT          the output of 'show' is TEXT (use a heredoc for several lines)
          expect file PATH [TEXT]   PATH exists and, with TEXT, holds exactly those bytes
          expect sha256 PATH HEX    PATH's SHA-256 is HEX
          """,
        example: "expect show <<EOF\n…\nEOF", topic: .checking,
        completing: [
          "WHAT": .choice([
            "can-redo", "can-undo", "clean", "dirty", "file", "no-redo", "no-undo", "sha256",
            "show",
          ])
        ]),
      actsOnDocument: true,
      // `expect file` and `expect sha256` look at the disk, not at a
      // document: they work with none open.
      target: { interpreter, arguments in
        if ["file", "sha256"].contains(arguments[0]?.text), arguments.option("doc") == nil {
          return nil
        }
        return try interpreter.document(for: arguments)
      }
    ) { interpreter, arguments, handle in
      try await interpreter.expect(arguments, handle)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "expect-error", [.required("SUBSTRING"), .required("COMMAND"), .rest("ARGUMENT")],
        summary: "runs COMMAND and fails unless it fails with a message containing SUBSTRING",
        discussion: "Either way, COMMAND leaves every document as it was.",
        example: "expect-error 'no such file' open missing.txt", topic: .checking,
        completing: ["COMMAND": .commandLine]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try await interpreter.expectError(arguments)
    },
  ]

  func expect(_ arguments: ParsedArguments, _ target: (any DocumentHandle)?) async throws {
    guard let what = arguments[0] else { return }
    let values = Array(arguments.positionals.dropFirst())
    switch what.text {
    case "file":
      try expectFile(values, at: arguments)
      return
    case "sha256":
      try expectDigest(values, what: what)
      return
    default:
      break
    }
    guard let handle = target else { return }
    func flag(_ holds: Bool, _ message: @autoclosure () -> String) throws {
      guard values.isEmpty else {
        throw ScriptError(
          "'expect \(what.text)' takes no value", at: values[0],
          notes: Self.expectUsage("expect \(what.text)"))
      }
      guard holds else { throw ScriptError(message(), at: arguments.range) }
    }
    let undoManager = handle.undoManager
    switch what.text {
    case "dirty": try flag(handle.isDirty, "expected the document to be dirty; it is clean")
    case "clean": try flag(!handle.isDirty, "expected the document to be clean; it is dirty")
    case "can-undo": try flag(undoManager.canUndo, "expected something to undo; there is nothing")
    case "can-redo": try flag(undoManager.canRedo, "expected something to redo; there is nothing")
    case "no-undo":
      try flag(
        !undoManager.canUndo,
        "expected nothing to undo; '\(undoManager.undoMenuItemTitle)' is there")
    case "no-redo":
      try flag(
        !undoManager.canRedo,
        "expected nothing to redo; '\(undoManager.redoMenuItemTitle)' is there")
    case "show":
      guard values.count == 1 else {
        throw ScriptError(
          "expected one TEXT after 'expect show'", at: values.dropFirst().first ?? what,
          notes: Self.expectUsage("expect show TEXT"))
      }
      try Self.compare(
        expected: values[0].text, actual: try await handle.show(), at: arguments.range)
    default:
      let kinds = [
        "dirty", "clean", "can-undo", "can-redo", "no-undo", "no-redo", "show", "file", "sha256",
      ]
      throw ScriptError(
        "unknown expectation '\(what.text)'", at: what,
        notes: [
          Suggestions.note(for: what.text, among: kinds)
            ?? .init("expect one of " + kinds.joined(separator: ", "))
        ])
    }
  }

  private func expectDigest(_ values: [Argument], what: Argument) throws {
    guard values.count == 2 else {
      throw ScriptError(
        "expected PATH and HEX after 'expect sha256'", at: what,
        notes: Self.expectUsage("expect sha256 PATH HEX", onDocument: false))
    }
    let url = resolver.url(for: values[0].text)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ScriptError("no such file '\(resolver.display(url))'", at: values[0])
    }
    let digest = SHA256.hexDigest(of: data)
    guard digest == values[1].text.lowercased() else {
      throw ScriptError(
        "expected sha256 \(values[1].text) for '\(resolver.display(url))', got \(digest)",
        at: values[1])
    }
  }

  /// The usage line of one kind of `expect`, for its usage errors.
  static func expectUsage(_ usage: String, onDocument: Bool = true) -> [Diagnostic.Note] {
    [.init("usage: \(usage)" + (onDocument ? " [--doc NAME]" : ""))]
  }

  private func expectFile(_ values: [Argument], at arguments: ParsedArguments) throws {
    guard let path = values.first, values.count <= 2 else {
      throw ScriptError(
        "expected PATH [TEXT] after 'expect file'",
        at: values.dropFirst(2).first ?? arguments.command,
        notes: Self.expectUsage("expect file PATH [TEXT]", onDocument: false))
    }
    let url = resolver.url(for: path.text)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw ScriptError("expected '\(resolver.display(url))' to exist; it does not", at: path)
    }
    guard values.count == 2 else { return }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
      throw ScriptError("'\(resolver.display(url))' is not a regular file", at: path)
    }
    let expected = Data(values[1].text.utf8)
    guard data != expected else { return }
    let actual = String(decoding: data, as: UTF8.self)
    throw Self.mismatch(
      "'\(resolver.display(url))' does not hold the expected bytes", expected: values[1].text,
      actual: actual, at: values[1].range)
  }

  /// Compares what `show` printed with the expected text. Both are taken
  /// as lines, so a missing final newline on either side does not matter.
  static func compare(expected: String, actual: String, at range: SourceRange) throws {
    func normal(_ text: String) -> String {
      // By bytes: a final `\r\n` is one `Character`, not a `\n`.
      text.utf8.last == UInt8(ascii: "\n") || text.isEmpty ? text : text + "\n"
    }
    // By bytes, not by Unicode canonical equivalence, which would take a
    // precomposed `é` for a decomposed one.
    guard !normal(expected).utf8.elementsEqual(normal(actual).utf8) else { return }
    throw mismatch("'show' does not match", expected: expected, actual: actual, at: range)
  }

  static func mismatch(
    _ message: String, expected: String, actual: String, at range: SourceRange
  ) -> ScriptError {
    let expectedLines = lines(of: expected)
    let actualLines = lines(of: actual)
    if expectedLines.count <= 1 && actualLines.count <= 1 {
      var (shownExpected, shownActual) = (expectedLines.first ?? "", actualLines.first ?? "")
      // Texts that differ only in their line endings are shown whole.
      if shownExpected.utf8.elementsEqual(shownActual.utf8) {
        (shownExpected, shownActual) = (expected, actual)
      }
      // Texts that look alike but differ in their bytes (a precomposed
      // `é` and a decomposed one) are shown with the scalars spelled out.
      let spelled = shownExpected == shownActual
      return ScriptError(
        "\(message): expected \(quoted(shownExpected, spellingNonASCII: spelled)), got \(quoted(shownActual, spellingNonASCII: spelled))",
        at: range)
    }
    let diff = UnifiedDiff(
      old: expectedLines, new: actualLines, oldName: "expected", newName: "actual")
    return ScriptError(
      message, at: range,
      detail: diff.isEmpty ? "(they differ only in line endings)" : diff.description)
  }

  /// Text in single quotes, with control characters escaped, and with
  /// `spellingNonASCII` every scalar beyond ASCII too.
  static func quoted(_ text: String, spellingNonASCII: Bool = false) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "'": out += "\\'"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (spellingNonASCII && !scalar.isASCII) {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "'"
  }

  /// `expect-error SUBSTRING COMMAND…`: runs COMMAND with its output
  /// discarded (its diagnostics still show); takes back what it did
  /// either way.
  ///
  /// A failure to resolve COMMAND (a usage error, an unknown command, no
  /// document) is COMMAND failing. What it did to documents' contents and
  /// undo stacks, to the set of open documents, to snapshots and settings
  /// is taken back; files it wrote stay written, and a document it closed
  /// stays closed.
  func expectError(_ arguments: ParsedArguments) async throws {
    guard let substring = arguments[0] else { return }
    let words = Array(arguments.positionals.dropFirst())
    guard let name = words.first else { return }
    let before = SavedState(self)
    let visible = output
    output = SilencedOutput(forwardingTo: visible)
    var failure: (any Error)?
    do {
      let (handle, run) = try resolve(words, range: arguments.range, inGroup: groupDepth > 0)
      failure = await runTakingBack(run, in: handle)
    } catch {
      failure = error
    }
    output = visible
    before.restore(in: self)
    // Being interrupted is not the failure expected.
    if let failure, Self.isInterruption(failure) { throw failure }
    guard let failure else {
      throw ScriptError(
        "expected '\(name.text)' to fail with \(Self.quoted(substring.text)); it succeeded",
        at: name)
    }
    let message = diagnostic(for: failure, at: arguments.range).message
    // An empty SUBSTRING matches any error (Foundation's `contains` finds
    // no empty string in any text).
    guard substring.text.isEmpty || message.contains(substring.text) else {
      throw ScriptError(
        "expected an error containing \(Self.quoted(substring.text)); got \(Self.quoted(message))",
        at: substring)
    }
  }

  /// Runs a command, then takes back what it did to `handle`'s document
  /// (its edits, or the steps `undo` and `redo` took; saves and reverts
  /// cannot be taken back), as a failed command is; returns the command's
  /// error, if any. Inside a group, what ran before it in the same event
  /// stays.
  private func runTakingBack(
    _ run: () async throws -> Void, in handle: (any DocumentHandle)?
  ) async -> (any Error)? {
    let point = handle?.undoManager.rollbackPoint()
    var failure: (any Error)?
    do { try await run() } catch { failure = error }
    if let handle, let point { handle.undoManager.rollBack(to: point) }
    return failure
  }
}

/// What `expect-error` puts back after its command, and a failed group
/// after its commands: the open documents and the current one, snapshots,
/// settings and counters.
@MainActor
struct SavedState {
  let documents: [String: any DocumentHandle]
  let currentName: String?
  let recentNames: [String]
  let snapshots: [String: (document: String, snapshot: StoredSnapshot)]
  let snapshotOrder: [String]
  let snapshotCount: Int
  let untitledCount: Int
  let options: Interpreter.Options
  let clock: Date?
  let autosaveEnabled: Bool

  init(_ interpreter: Interpreter) {
    documents = interpreter.documents
    currentName = interpreter.currentName
    recentNames = interpreter.recentNames
    snapshots = interpreter.snapshots
    snapshotOrder = interpreter.snapshotOrder
    snapshotCount = interpreter.snapshotCount
    untitledCount = interpreter.untitledCount
    options = interpreter.options
    clock = interpreter.clock.fixedDate
    autosaveEnabled = interpreter.autosaveEnabled
  }

  func restore(in interpreter: Interpreter) {
    // A document the command created or opened is closed again; one it
    // closed cannot be reopened, and stays closed, with its snapshots.
    for (name, handle) in interpreter.documents where documents[name] !== handle {
      try? handle.close(discardingChanges: true)
    }
    let kept = documents.filter { interpreter.documents[$0.key] === $0.value }
    interpreter.documents = kept
    // If the current one was closed, the one closing made current.
    let closingChoice = interpreter.currentName.flatMap { kept[$0] == nil ? nil : $0 }
    interpreter.recentNames = recentNames.filter { kept[$0] != nil }
    interpreter.currentName = currentName.flatMap { kept[$0] == nil ? closingChoice : $0 }
    interpreter.snapshots = snapshots.filter { kept[$0.value.document] != nil }
    interpreter.snapshotOrder = snapshotOrder.filter { interpreter.snapshots[$0] != nil }
    interpreter.snapshotCount = snapshotCount
    interpreter.untitledCount = untitledCount
    interpreter.options = options
    interpreter.clock.set(clock)
    interpreter.autosaveEnabled = autosaveEnabled
  }
}

/// Output that drops what a command prints and passes on its diagnostics:
/// for the command `expect-error` runs.
@MainActor
private final class SilencedOutput: ScriptOutput {
  private let visible: any ScriptOutput

  init(forwardingTo visible: any ScriptOutput) {
    self.visible = visible
  }

  func write(_ text: String) {}

  func report(_ diagnostic: Diagnostic, rendered: String) {
    visible.report(diagnostic, rendered: rendered)
  }

  func willRun(_ command: Command, source: ScriptSource) {
    visible.willRun(command, source: source)
  }
}
