public import DocKit
public import Foundation

/// Runs DocScript: parses a script whole, then runs its statements one by
/// one against the documents it creates and opens.
///
///     let interpreter = Interpreter(registry: registry, options: options, output: output)
///     let result = await interpreter.run(ScriptSource(name: "trip.docscript", text: text))
///
/// Each command is one undo event in the document it acts on, and one
/// undo group: after it succeeds the event is ended (which may autosave).
/// A command that fails leaves every document as it was. A script that
/// does not parse runs nothing.
@MainActor
public final class Interpreter {
  /// How the interpreter starts.
  public struct Options: Sendable {
    /// Stop at the first failed command.
    public var bail = false
    /// Print each command before running it.
    public var echo = false
    /// The folder relative paths start from, and `$PWD`.
    public var workingDirectory: URL
    /// Variables defined before the script runs (`--var NAME=VALUE`).
    public var variables: [String: String] = [:]
    /// The time documents and autosave see; nil for the real clock.
    public var clock: Date?
    /// Where untitled documents autosave.
    public var autosaveDirectory: URL
    /// The folder `~` and `$HOME` stand for: `HOME` in the environment, as
    /// a shell finds it (see ``PathResolver/defaultHomeDirectory(environment:)``).
    public var homeDirectory: URL
    /// Where scripts may read and write, for scripts from people the
    /// user does not trust (`--confine`); nil for anywhere. It becomes
    /// every session's (`DocumentEnvironment.confinement`).
    public var confinement: Confinement?
    /// The autosave policy of every open document's session, and of each
    /// one opened: ``AutosavePolicy/never`` until `autosave on`, which
    /// sets the sessions' default policy. Each session decides by it.
    var autosavePolicy = AutosavePolicy.never
    /// `set follow on`: at the prompt, a document without unsaved changes
    /// whose file changed on disk is reloaded; off, the prompt only says
    /// so. Scripts watch no file, so it changes nothing there.
    var followsDisk = false
    /// `set timer on`: after each statement, how long it took, as a
    /// status line (standard error in docrepl).
    var timer = false
    /// `set shell on`: a script may run `shell`; at the prompt it always
    /// may. Never under ``confinement``.
    var allowsShellInScripts = false
    /// `set pager off`: at the prompt, output longer than the terminal
    /// scrolls instead of going through the pager. Scripts never page.
    var pagesOutput = true

    /// Options for a run in `workingDirectory`, with a fixed clock taken
    /// from `SOURCE_DATE_EPOCH` when `environment` sets it.
    public init(
      workingDirectory: URL, environment: [String: String] = [:],
      autosaveDirectory: URL? = nil
    ) {
      self.workingDirectory = workingDirectory.standardizedFileURL
      if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ TimeInterval($0) }) {
        clock = Date(timeIntervalSince1970: epoch)
      }
      self.autosaveDirectory =
        autosaveDirectory ?? workingDirectory.appendingPathComponent(".docrepl-autosave")
      // Without HOME in `environment` (a program that passes none), the
      // process's own, as a shell would.
      homeDirectory = PathResolver.defaultHomeDirectory(
        environment: environment["HOME"].map { ["HOME": $0] }
          ?? ProcessInfo.processInfo.environment)
    }
  }

  /// What a run came to.
  public struct Result: Sendable, Equatable {
    /// The script of the last ``Interpreter/run(_:url:)`` did not parse;
    /// nothing in it ran.
    public var isMalformed = false
    /// How many commands failed, expectations included.
    public var failures = 0
    /// How many of those failures were a file to read that does not
    /// exist: a document to `open`, a script to `source`.
    public var missingFiles = 0
    /// Why the last run stopped before its input ended, if it did.
    public var stopReason: StopReason?
    /// Whether `bail` stopped the last run at a failure.
    public var stoppedByBail: Bool { stopReason == .bail }
    /// Whether an interruption (``Interpreter/isInterruptRequested``, or
    /// the task's cancellation) stopped the last run; what the
    /// interrupted command had done was rolled back.
    public var wasInterrupted: Bool { stopReason == .interruption }
    /// Whether `quit` or `exit` ran in the last run: the rest of the input
    /// did not run, and the input should end as at Ctrl-D (a prompt asks
    /// about unsaved changes first).
    public var leaveRequested: Bool { stopReason == .leaving }

    /// Whether everything ran and held.
    public var succeeded: Bool { !isMalformed && failures == 0 }
  }

  let registry: DocumentTypeRegistry
  /// Everything a command can change that `expect-error` and a failed
  /// group put back: the documents, snapshots, settings and counters.
  /// Only what is deliberately not put back is kept outside it, below.
  var state: State {
    didSet {
      if clock.fixedDate != state.options.clock { clock.set(state.options.clock) }
      // The sessions hold the autosave switch: `autosave on|off`, and a
      // state put back, change it here and so in every open one.
      let policy = state.options.autosavePolicy
      for handle in state.documents.values where handle.session.autosavePolicy != policy {
        handle.session.autosavePolicy = policy
      }
    }
  }
  /// The clock documents and autosave see, which ``State/options`` sets.
  let clock: ScriptClock

  // MARK: Kept outside the state: not put back

  /// Where output goes; `expect-error` silences it for its command.
  var output: any ScriptOutput
  /// The innermost output, which `output FILE` sends to a file.
  let redirectableOutput: RedirectableOutput
  /// Whether the input is typed at an interactive prompt, where `shell`
  /// (and the prompt's `!`) runs without `set shell on`. The prompt sets
  /// it.
  package var isAtPrompt = false
  /// The variables. Not put back: a `let` is no edit, and stays defined
  /// after a failed group or `expect-error`, as a shell's assignment does.
  var variables: Variables
  /// Asks where `export` without `to PATH` writes, as `fileExporter`'s
  /// panel does; nil (the default) writes the default filename into the
  /// working folder, as a script does.
  public var exportPrompt: (any ExportPrompt)?
  /// The documents `recover` opened, by handle, with the name their
  /// autosave was found by: taking the command back gives the autosave
  /// back under that name.
  var recoveredAutosaves: [ObjectIdentifier: (handle: any DocumentHandle, original: URL)] = [:]
  /// The folders `scratch` made, removed when the interpreter goes.
  var scratchFolders: [TemporaryWorkingFolder] = []

  /// The scripts being run, outermost first, with where each was sourced.
  var sourceStack: [(source: ScriptSource, url: URL?, includedAt: SourceLocation?)] = []
  /// The last script file's folder as `$SCRIPT_DIR` holds it: a script
  /// runs an entry at a time, and working it out again for each entry
  /// cost as much as running a one-line edit.
  private var scriptDirectory: (url: URL, path: String)?
  /// What the runs came to; its ``Result/stopReason`` stops the current
  /// one.
  var result = Result()
  /// How many `group` blocks are running.
  var groupDepth = 0
  /// The session `record` is writing, if any.
  var recording: SessionRecording?
  /// Whether the main queue has run since the current statement's
  /// command ended (before its undo event ended).
  var settledMainQueue = false
  /// How many interpreters are running input now, in this process.
  static var runningCount = 0
  /// How many runs of input have started, in this process.
  static var runsStarted = 0
  /// Whether the main queue's limit has been reported: said once.
  var mainQueueLimitReported = false

  /// Asked at safe points whether the user asked to stop (Ctrl-C): the
  /// prompt sets it to read its signal flag. The task's cancellation
  /// counts too. It is asked between commands and inside long ones.
  public var isInterruptRequested: () -> Bool = { false }

  /// What a document command asks to learn whether to stop: made once,
  /// not once a command.
  lazy var interruptionProbe: @MainActor () -> Bool = { [weak self] in
    Task.isCancelled || (self?.isInterruptRequested() ?? false)
  }

  /// The built-in commands, by name.
  let builtins: [String: BuiltinCommand]

  /// Creates an interpreter.
  public init(registry: DocumentTypeRegistry, options: Options, output: any ScriptOutput) {
    self.registry = registry
    redirectableOutput = RedirectableOutput(base: output)
    self.output = redirectableOutput
    state = State(options: options)
    clock = ScriptClock(state.options.clock)
    var variables = Variables(state.options.variables)
    variables["PWD"] = options.workingDirectory.path
    variables["SCRIPT_DIR"] = options.workingDirectory.path
    variables["HOME"] = options.homeDirectory.path
    self.variables = variables
    builtins = Dictionary(
      Self.builtinCommands.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The result so far, for a prompt that runs one input at a time.
  public var currentResult: Result { result }

  /// The current document's name, and whether it is dirty: for a prompt.
  public var currentDocument: (name: String, isDirty: Bool)? {
    guard let currentName = state.currentName, let handle = state.documents[currentName] else {
      return nil
    }
    return (currentName, handle.session.isDirty)
  }

  /// The names of the open documents with unsaved changes, sorted: what
  /// leaving would lose.
  public var dirtyDocumentNames: [String] {
    state.documents.filter { $0.value.session.isDirty }.keys.sorted()
  }

  // MARK: - Running

  /// Parses `source` whole, an entry at a time through the loop every
  /// input goes through (`EntryReader`), as if its lines had been typed;
  /// if it is well formed, tells the output its statements
  /// (``ScriptOutput/didParse(_:source:)``) and runs them an entry at a
  /// time: each entry is recorded (`record`) and run as the prompt runs
  /// one. Each entry is parsed once.
  ///
  /// - Parameters:
  ///   - source: The script's text and the name diagnostics show.
  ///   - url: The script's file, for `$SCRIPT_DIR` and relative
  ///     `source` paths; nil for standard input or a prompt.
  @discardableResult
  public func run(_ source: ScriptSource, url: URL? = nil) async -> Result {
    Self.runningCount += 1
    Self.runsStarted += 1
    defer { Self.runningCount -= 1 }
    beginRun()
    guard let entries = await checkedEntries(of: source) else {
      result.isMalformed = true
      return result
    }
    output.didParse(entries.flatMap(\.statements), source: source)
    await runEntries(entries, url: url, includedAt: nil)
    return result
  }

  /// The entries of `source`, each parsed once by an ``EntryReader``, all
  /// before any runs: a script that does not parse runs nothing. When an
  /// entry has a problem (a syntax error, an unknown command), the script
  /// is checked whole (``check(_:)``), which reports its problems as one
  /// parse of it sees them; nil if it found any.
  func checkedEntries(of source: ScriptSource) async -> [EntryReader.Entry]? {
    var lines = ScriptLines(source)
    var reader = EntryReader(name: source.name, firstLine: source.firstLine)
    var entries: [EntryReader.Entry] = []
    while case .entry(let entry) = await reader.next(from: &lines) { entries.append(entry) }
    let clean = entries.allSatisfy { entry in
      entry.diagnostics.isEmpty
        && entry.statements.allSatisfy { unknownCommands(in: $0).isEmpty }
    }
    guard clean || check(source) else { return nil }
    return entries
  }

  /// Runs the `entries` of a script, checked already, one at a time,
  /// until they end or a failure with `bail`, an interruption or `quit`
  /// stops it. An input of the prompt's (not a sourced script's) is
  /// recorded an entry at a time.
  ///
  /// - Parameter includedAt: Where `source` ran it from, for a sourced
  ///   script.
  func runEntries(_ entries: [EntryReader.Entry], url: URL?, includedAt: SourceLocation?) async {
    for entry in entries {
      guard result.stopReason == nil else { break }
      guard entry.diagnostics.isEmpty else {
        // Checked whole already, so only what a whole parse missed.
        result.isMalformed = !report(entry.diagnostics, in: entry.source)
        break
      }
      if includedAt == nil {
        await runTopLevel(entry.source, url: url, statements: entry.statements)
      } else {
        await runChecked(
          entry.source, url: url, includedAt: includedAt, statements: entry.statements)
      }
    }
  }

  /// Runs statements parsed already, from one input: a prompt's entry,
  /// which a resumable `Parser` parsed as its lines came, so that it is
  /// not parsed again. If the parse found problems (`diagnostics`), or a
  /// statement names an unknown command, reports them and runs nothing.
  ///
  /// - Parameters:
  ///   - statements: The statements, all of the input's.
  ///   - source: The input they were parsed from (`Parser.source`).
  ///   - diagnostics: What the parse reported (`Parser.diagnostics`).
  @discardableResult
  package func run(
    _ statements: [Statement], parsedFrom source: ScriptSource, diagnostics: [Diagnostic]
  ) async -> Result {
    Self.runningCount += 1
    Self.runsStarted += 1
    defer { Self.runningCount -= 1 }
    beginRun()
    let problems = statements.flatMap { unknownCommands(in: $0) }
    guard report(diagnostics + problems, in: source) else {
      result.isMalformed = true
      return result
    }
    return await runTopLevel(source, url: nil, statements: statements)
  }

  /// Resets what one run reports: an interruption, or `bail` at a
  /// failure, stops one run, not the ones a prompt starts next.
  private func beginRun() {
    result.stopReason = nil
    result.isMalformed = false
  }

  /// Runs a checked input, recorded when it is not a sourced script's.
  @discardableResult
  private func runTopLevel(
    _ source: ScriptSource, url: URL?, statements: [Statement]
  ) async -> Result {
    let isTopLevel = sourceStack.isEmpty
    if isTopLevel { beginRecordedInput(source) }
    await runChecked(source, url: url, includedAt: nil, statements: statements)
    if isTopLevel { finishRecordedInput(source) }
    return result
  }

  /// Parses `source` and reports its syntax errors and unknown commands;
  /// returns whether it may run.
  func check(_ source: ScriptSource) -> Bool {
    var parser = Parser(source)
    var problems: [Diagnostic] = []
    while let statement = parser.next() {
      problems += unknownCommands(in: statement)
    }
    return report(parser.diagnostics + problems, in: source)
  }

  /// Reports `problems` in source order, with the include stack; returns
  /// whether there were none.
  private func report(_ problems: [Diagnostic], in source: ScriptSource) -> Bool {
    for var problem in problems.sorted(by: { $0.location < $1.location }) {
      problem.notes += includeNotes()
      report(problem, in: source)
    }
    return problems.isEmpty
  }

  /// Runs the `statements` of `source`, checked already.
  private func runChecked(
    _ source: ScriptSource, url: URL?, includedAt: SourceLocation?, statements: [Statement]
  ) async {
    sourceStack.append((source, url, includedAt))
    let savedScriptDirectory = variables["SCRIPT_DIR"]
    if let url {
      if scriptDirectory?.url != url {
        scriptDirectory = (url, url.deletingLastPathComponent().standardizedFileURL.path)
      }
      variables["SCRIPT_DIR"] = scriptDirectory?.path
    }
    defer {
      sourceStack.removeLast()
      variables["SCRIPT_DIR"] = savedScriptDirectory
    }
    var parsed = statements.makeIterator()
    while result.stopReason == nil, let statement = parsed.next() {
      // A safe point: between statements, nothing is half done.
      do {
        try checkInterruption()
      } catch {
        fail(error, at: statement.range, note: .init("the rest of the input did not run"))
        break
      }
      settledMainQueue = false
      let started = ContinuousClock.now
      _ = await execute(statement)
      if state.options.timer { reportTime(since: started) }
      reportOutputFailure(at: statement.range)
      // Between any two commands, what the command queued on the main
      // queue runs, as an app's run loop runs it between events.
      if !settledMainQueue { await settleMainQueue(after: statement.range) }
    }
  }

  /// Runs one statement; returns whether it succeeded.
  func execute(_ statement: Statement) async -> Bool {
    switch statement {
    case .command(let command):
      do {
        try await runTopLevel(command)
        return true
      } catch {
        fail(error, at: command.range)
        return false
      }
    case .group(let group):
      do {
        try await runGroup(group)
        return true
      } catch let error as GroupKept {
        fail(error.error, at: group.range)
        return false
      } catch {
        let name = (try? variables.expand(group.name)) ?? "?"
        fail(error, at: group.range, note: .init("nothing in the group '\(name)' was kept"))
        return false
      }
    }
  }

  /// Counts and reports a failure; stops the run when bailing.
  func fail(_ error: any Error, at range: SourceRange, note: Diagnostic.Note? = nil) {
    result.failures += 1
    var unwrapped = error
    while let located = unwrapped as? Located { unwrapped = located.error }
    if unwrapped is MissingFileError { result.missingFiles += 1 }
    if Self.isInterruption(error) { result.stopReason = .interruption }
    var diagnostic = diagnostic(for: error, at: range)
    if let note { diagnostic.notes.insert(note, at: 0) }
    report(diagnostic, in: currentSource)
    if state.options.bail, result.stopReason == nil { result.stopReason = .bail }
  }

  var currentSource: ScriptSource {
    sourceStack.last?.source ?? ScriptSource(name: "<input>", text: "")
  }

  /// A diagnostic for an error from a command.
  func diagnostic(for error: any Error, at range: SourceRange) -> Diagnostic {
    var diagnostic: Diagnostic
    switch error {
    case let error as Located:
      return self.diagnostic(for: error.error, at: error.range)
    case let error as MissingFileError:
      return self.diagnostic(for: error.error, at: range)
    case let error as FailedCheck:
      var diagnostic = self.diagnostic(for: error.error, at: range)
      diagnostic.isFailedCheck = true
      return diagnostic
    case let error as Diagnostic:
      diagnostic = error
    case let error as ScriptError:
      diagnostic = Diagnostic(.error, in: error.range ?? range, error.message, notes: error.notes)
      diagnostic.detail = error.detail
    default:
      diagnostic = Diagnostic(.error, in: range, errorMessage.text(for: error))
    }
    diagnostic.notes += includeNotes()
    return diagnostic
  }

  /// Renders the errors commands meet, showing paths as ``resolver``
  /// does.
  var errorMessage: ErrorMessage { ErrorMessage(resolver: resolver) }

  /// "in file included from a.docscript:3", innermost first.
  func includeNotes() -> [Diagnostic.Note] {
    sourceStack.reversed().compactMap(\.includedAt).map {
      .init("in file included from \($0.file):\($0.line)")
    }
  }

  func report(_ diagnostic: Diagnostic, in source: ScriptSource) {
    output.report(
      diagnostic, rendered: diagnostic.rendered(source: source.text, firstLine: source.firstLine))
  }

  func echoText(of command: Command) -> String {
    let bytes = currentSource.bytes
    let number = command.range.start.line - currentSource.firstLine + 1
    guard let line = Diagnostic.line(number, of: bytes) else { return "" }
    if command.range.end.line == command.range.start.line {
      let start = line.startIndex + command.range.start.column - 1
      let end = min(line.endIndex, line.startIndex + command.range.end.column - 1)
      if start <= end { return String(decoding: line[start..<end], as: UTF8.self) }
    }
    return String(decoding: line, as: UTF8.self)
  }
}

/// The clock documents and autosave see: fixed, or the real one.
final class ScriptClock: Sendable {
  private let fixed: Locked<Date?>

  init(_ fixed: Date?) {
    self.fixed = Locked(fixed)
  }

  /// Fixes the clock at `date`, or lets it run with nil.
  func set(_ date: Date?) {
    fixed.withLock { $0 = date }
  }

  /// The time the clock is fixed at; nil when it runs.
  var fixedDate: Date? { fixed.withLock { $0 } }

  var now: Date { fixed.withLock { $0 } ?? Date() }
}
