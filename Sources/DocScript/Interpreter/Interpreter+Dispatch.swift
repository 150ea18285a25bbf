import DocKit
import Foundation

extension Interpreter {
  /// The language's own commands, in the order `help` lists them.
  static let builtinCommands: [BuiltinCommand] =
    documentCommands + inspectingCommands + snapshotCommands + savingCommands + [recoverCommand]
    + undoCommands + checkingCommands + scriptCommands + outputCommands + recordCommands
    + [scratchCommand]

  /// Whether `name` is a command: a built-in, `let`, `group`, or a
  /// registered type's: a few hash lookups, whatever the number of
  /// registered types (the registry keeps its types' names as one set).
  func isCommandName(_ name: String) -> Bool {
    builtins[name] != nil || name == "let" || name == "group"
      || registry.commandNames.contains(name)
  }

  /// Every command name the language knows: built-in, `let`, `group`,
  /// and every registered type's. Built whole, for suggestions and
  /// completion; a lookup of one name is ``isCommandName(_:)``.
  var allCommandNames: Set<String> {
    Set(builtins.keys).union(registry.commandNames).union(["let", "group"])
  }

  /// Unknown command names in a parsed statement, found before anything
  /// runs. A name with variables in it is checked when it runs.
  func unknownCommands(in statement: Statement) -> [Diagnostic] {
    switch statement {
    case .command(let command):
      guard let name = command.words.first?.literalText, !isCommandName(name) else {
        return []
      }
      return [unknownCommand(name, at: command.words[0].range)]
    case .group(let group):
      return group.body.flatMap { unknownCommands(in: $0) }
    }
  }

  func unknownCommand(_ name: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .error, in: range, "unknown command '\(name)'",
      notes: [
        Suggestions.note(for: name, among: allCommandNames)
          ?? .init("'help' lists the commands")
      ])
  }

  // MARK: - Commands and groups

  /// Expands a command's words.
  func expand(_ command: Command) throws(Diagnostic) -> [Argument] {
    var arguments: [Argument] = []
    arguments.reserveCapacity(command.words.count)
    for word in command.words {
      arguments.append(
        Argument(text: try variables.expand(word), range: word.range, isPlain: word.isPlain))
    }
    return arguments
  }

  /// Announces `command` (to the output, and echoed with `set echo on`),
  /// expands its words and, if it is `let`, defines the variable. Returns
  /// the words of any other command, to run; nil after a `let`. The one
  /// start of every command, in a group or not.
  private func begin(_ command: Command) throws -> [Argument]? {
    output.willRun(command, source: currentSource)
    if state.options.echo { output.write(echoText(of: command) + "\n") }
    let words = try expand(command)
    guard words[0].text == "let", command.words[0].isPlain else { return words }
    variables[words[1].text] = words[3].text
    return nil
  }

  /// Runs a command outside any group: it is one undo event in the
  /// document it acts on, ended after it succeeds; if it fails, what it
  /// registered is undone, so the document is as it was.
  func runTopLevel(_ command: Command) async throws {
    guard let words = try begin(command) else { return }
    let (handle, run) = try resolve(words, range: command.range, inGroup: false)
    guard let handle else {
      try await run()
      return
    }
    let mark = EventMark(handle)
    do {
      try await run()
    } catch {
      mark.rollBack()
      throw error
    }
    // What the command queued on the main queue (an undo registered in
    // a `Task`, a value sent through `receive(on:)`) runs inside its
    // event, as in an app, where the run loop runs it before the undo
    // group closes.
    await settleMainQueue(after: command.range)
    try await endEvent(of: handle)
  }

  /// Lets the work queued on the main queue run until none is ready
  /// (``MainRunLoop/runUntilIdle(oneRound:)``); if its limit stops it,
  /// says so once, at `range`. While other interpreters run too (`test
  /// --jobs`), whose commands would keep the queue from emptying, only
  /// what is queued now runs.
  func settleMainQueue(after range: SourceRange) async {
    settledMainQueue = true
    let oneRound = Self.runningCount > 1
    let runsBefore = Self.runsStarted
    // Other interpreters that ran meanwhile kept the queue busy with
    // their own commands: that is no model's work left running.
    guard await MainRunLoop.runUntilIdle(oneRound: oneRound), Self.runningCount == 1,
      Self.runsStarted == runsBefore, !mainQueueLimitReported
    else { return }
    mainQueueLimitReported = true
    report(
      Diagnostic(
        .warning, in: range,
        "the main queue was still busy after \(MainRunLoop.roundLimit) rounds or "
          + "\(Int(MainRunLoop.timeLimit / .milliseconds(1))) ms; the rest of its work runs later",
        notes: [
          .init(
            "work that queues more work each time it runs keeps the main queue busy; this is said once"
          )
        ]), in: currentSource)
  }

  /// Ends the open undo event of `handle`; its session autosaves if its
  /// policy (``DocumentSession/autosavePolicy``, which `autosave on|off`
  /// sets) says so.
  func endEvent(of handle: any DocumentHandle) async throws {
    try await handle.session.endEvent()
  }

  /// Runs `group NAME { … }` as one undo event in each document its
  /// commands touch: no event boundary falls between them, so what they
  /// register is one step, which gets the name NAME. If any command fails,
  /// the whole event is rolled back in every document. A group that
  /// changes nothing leaves no step, like an event with no change.
  func runGroup(_ group: Group) async throws {
    let name = try variables.expand(group.name)
    var touched: [EventMark] = []
    let before = groupDepth == 0 ? state : nil
    groupDepth += 1
    defer { groupDepth -= 1 }
    do {
      try await runBody(group.body, touched: &touched)
    } catch {
      for mark in touched.reversed() { mark.rollBack() }
      // Snapshots taken and settings changed inside go too.
      if let before { restore(before) }
      throw error
    }
    await settleMainQueue(after: group.range)
    do {
      for mark in touched {
        let undoManager = mark.handle.session.undoManager
        if undoManager.groupingLevel > 0 { undoManager.setActionName(name) }
        try await endEvent(of: mark.handle)
      }
    } catch {
      // The group is done and kept; only an autosave after it failed.
      throw GroupKept(error: error)
    }
  }

  private func runBody(_ body: [Statement], touched: inout [EventMark]) async throws {
    for statement in body {
      // A safe point: the group so far is rolled back.
      do {
        try checkInterruption()
      } catch {
        throw Located(error: error, range: statement.range)
      }
      switch statement {
      case .group(let inner):
        // A nested group is part of the outer one: one undo step in all.
        try await runBody(inner.body, touched: &touched)
      case .command(let command):
        do {
          guard let words = try begin(command) else { continue }
          let (handle, run) = try resolve(words, range: command.range, inGroup: true)
          if let handle, !touched.contains(where: { $0.handle === handle }) {
            touched.append(EventMark(handle))
          }
          try await run()
        } catch {
          // Reported at the command that failed; the group rolls back.
          throw Located(error: error, range: command.range)
        }
      }
    }
  }

  /// Finds what `words` names, and returns the document it acts on (if
  /// any) and how to run it.
  func resolve(
    _ words: [Argument], range: SourceRange, inGroup: Bool
  ) throws -> ((any DocumentHandle)?, () async throws -> Void) {
    let name = words[0]
    let rest = Array(words.dropFirst())
    // A name that came from a variable is checked only now.
    guard isCommandName(name.text) else {
      throw ScriptError(unknownCommand(name.text, at: name.range))
    }
    if let builtin = builtins[name.text], name.text != "set" || isSetting(rest) {
      guard Self.checkCommandNames.contains(name.text) else {
        return try resolveBuiltin(builtin, name: name, arguments: rest, inGroup: inGroup)
      }
      // A check that fails, however it fails, says so: `test --update`
      // never takes its failure for the output expected.
      do {
        let (handle, run) = try resolveBuiltin(
          builtin, name: name, arguments: rest, inGroup: inGroup)
        return (
          handle,
          {
            do {
              try await run()
            } catch  where !Self.isInterruption(error) {
              throw FailedCheck(error: error)
            }
          }
        )
      } catch {
        throw FailedCheck(error: error)
      }
    }
    // A document type's command: the target document's type decides.
    return try resolveDocumentCommand(name, arguments: rest)
  }

  private func resolveBuiltin(
    _ builtin: BuiltinCommand, name: Argument, arguments rest: [Argument], inGroup: Bool
  ) throws -> ((any DocumentHandle)?, () async throws -> Void) {
    guard builtin.makesCurrent else {
      return try resolveAnyBuiltin(builtin, name: name, arguments: rest, inGroup: inGroup)
    }
    // `new` or `open` that fails, at its arguments or while it runs,
    // leaves no document current: what follows it was meant for the
    // document it did not make, and must not change the one that was
    // current before. `expect-error` and a failed group put the current
    // one back, as they put everything back.
    do {
      let (handle, run) = try resolveAnyBuiltin(
        builtin, name: name, arguments: rest, inGroup: inGroup)
      return (
        handle,
        { [self] in
          do {
            try await run()
          } catch {
            state.currentName = nil
            throw error
          }
        }
      )
    } catch {
      state.currentName = nil
      throw error
    }
  }

  private func resolveAnyBuiltin(
    _ builtin: BuiltinCommand, name: Argument, arguments rest: [Argument], inGroup: Bool
  ) throws -> ((any DocumentHandle)?, () async throws -> Void) {
    guard builtin.spec.isAllowedInGroup || !inGroup else {
      throw ScriptError(
        "'\(name.text)' cannot run inside a group", at: name,
        notes: [.init("a group holds edits, which become one undo step; save after it")])
    }
    var spec = builtin.spec
    if builtin.actsOnDocument { spec.parameters.append(BuiltinParameter.doc.declaration) }
    let arguments = try ParsedArguments(command: name, arguments: rest, spec: spec)
    let handle: (any DocumentHandle)?
    if let target = builtin.target {
      handle = try target(self, arguments)
    } else {
      handle = builtin.actsOnDocument ? try document(for: arguments) : nil
    }
    return (handle, { try await builtin.run(self, arguments, handle) })
  }

  /// A document type's command: the target document's type decides.
  private func resolveDocumentCommand(
    _ name: Argument, arguments rest: [Argument]
  ) throws -> ((any DocumentHandle)?, () async throws -> Void) {
    let target = try document(named: Self.docOption(in: rest), at: name)
    guard let command = target.commands[name.text] else {
      if isCommandName(name.text) {
        throw ScriptError(
          "\(IndefiniteArticle.before(target.typeName)) document has no command '\(name.text)'",
          at: name,
          notes: [.init("'help' lists the commands of each type")])
      }
      throw ScriptError(unknownCommand(name.text, at: name.range))
    }
    var spec = command.spec
    spec.parameters.append(BuiltinParameter.doc.declaration)
    let arguments = try ParsedArguments(command: name, arguments: rest, spec: spec)
    let folder = state.options.workingDirectory
    let probe = interruptionProbe
    return (
      target,
      { [self] in
        // What the command prints goes out in pieces, between which
        // Ctrl-C stops it; once stopped, nothing more is printed, and the
        // command is rolled back when it returns (it could not throw from
        // `print`).
        var stopped = false
        try await command.run(
          arguments,
          { text in
            guard !stopped else { return }
            do { try self.writeInterruptibly(text + "\n") } catch { stopped = true }
          }, folder, probe)
        if stopped { throw InterruptedError() }
      }
    )
  }

  /// Whether `set` with these arguments is the setting command, by the
  /// rule a document's `set` declares (``CommandSpec/extendsBuiltin``):
  /// `set bail on` is the setting; `set /a 1` is the JSON document's own
  /// `set`. A word that is no setting's name goes to the document only if
  /// its `set` declares that it extends the built-in, so that a misspelt
  /// setting is reported as one.
  private func isSetting(_ arguments: [Argument]) -> Bool {
    guard let first = arguments.first, !Setting.names.contains(first.text) else { return true }
    // Only a document's command takes `--doc`.
    guard Self.docOption(in: arguments) == nil else { return false }
    return (try? document(named: nil, at: first))?.commands["set"]?.spec.extendsBuiltin != true
  }

  /// The `--doc` value among raw arguments, if any.
  private static func docOption(in arguments: [Argument]) -> Argument? {
    for (index, argument) in arguments.enumerated()
    where argument.isPlain && argument.text == "--doc" && index + 1 < arguments.count {
      return arguments[index + 1]
    }
    return nil
  }

  /// The document a command acts on: `--doc NAME`, else the current one.
  func document(for arguments: ParsedArguments) throws -> any DocumentHandle {
    try document(named: arguments[BuiltinParameter.doc], at: arguments.command)
  }

  func document(named name: Argument?, at command: Argument) throws -> any DocumentHandle {
    if let name {
      guard let handle = state.documents[name.text] else {
        throw ScriptError(
          "no document named '\(name.text)'", at: name,
          notes: [
            Suggestions.note(for: name.text, among: state.documents.keys)
              ?? .init("'docs' lists the open documents")
          ])
      }
      return handle
    }
    guard let currentName = state.currentName, let handle = state.documents[currentName] else {
      // Documents are open, but a failed `new` or `open` left none current.
      let note: Diagnostic.Note =
        state.documents.isEmpty
        ? .init("create one with 'new', or 'open' a file")
        : .init("no document is current: 'use NAME' makes an open one current")
      throw ScriptError("no document is open", at: command, notes: [note])
    }
    return handle
  }
}

extension ScriptError {
  /// A script error from a diagnostic, keeping its range and notes.
  init(_ diagnostic: Diagnostic) {
    self.init(diagnostic.message, at: diagnostic.range, notes: diagnostic.notes)
  }
}
