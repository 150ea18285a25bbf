import DocScript

/// The one loop that serves the prompt and batch input alike, in the
/// shape of sqlite3's shell: read a line, and when the entry so far is
/// complete, run it. Only the line source differs: readline at a
/// terminal, standard input in batch, the text of `-c`.
///
/// Each entry is parsed once, as its lines come, by a resumable
/// ``Parser``, which also says when it is complete; the statements run
/// from that parse. An entry with a syntax error is reported and
/// skipped; the next one runs. In batch, the entries are statements read
/// as they arrive, not the whole input.
@MainActor
struct InputLoop {
  let interpreter: Interpreter
  var source: any LineSource
  /// The name diagnostics give the input: `<stdin>`, `<command line>`.
  let name: String
  /// The earlier lines of the entry being typed, while it continues (an
  /// open quote, heredoc or `{`): what Tab completion reads before the
  /// current line.
  let pendingEntry = PendingEntry()
  private var errors = StandardStream.error

  /// The part of an entry read so far, shared with Tab completion.
  @MainActor
  final class PendingEntry {
    /// The lines, joined by line breaks; empty between entries.
    var text: [UInt8] = []
  }

  init(interpreter: Interpreter, source: any LineSource, name: String) {
    self.interpreter = interpreter
    self.source = source
    self.name = name
  }

  /// Runs until the input ends (and, at a prompt, the user agrees to
  /// leave), and returns the exit status: 130 if Ctrl-C stopped batch
  /// input, 66 if an entry failed because a file it reads is missing, 1
  /// if any entry failed or did not parse, else 0. At a prompt, leaving
  /// is 0.
  mutating func run() async -> ExitStatus {
    let interactive = source.isInteractive
    defer { finishRecording() }
    // The entry being read, parsed as its lines come; nil between entries.
    var entry: Parser?
    /// What the entry's parser has returned so far.
    var statements: [Statement] = []
    var nextLine = 1
    var failed = false
    while true {
      let prompt =
        entry == nil ? Prompt.primary(for: interpreter.currentDocument) : Prompt.continuation
      // Only a prompt completes: in batch, a copy would cost a long entry
      // a copy of its input a line.
      pendingEntry.text = interactive ? entry?.source.bytes ?? [] : []
      switch await source.readLine(prompt: prompt) {
      case .line(let line):
        let continues = entry != nil
        var first = ScriptSource(name: name, bytes: continues ? [] : line)
        first.firstLine = interactive ? 1 : nextLine
        var parser = entry ?? Parser(resumable: first)
        entry = nil  // so that appending does not copy the input
        if continues { parser.append([UInt8(ascii: "\n")] + line) }
        // A recalled history entry may hold several lines.
        nextLine += 1 + line.count(where: { $0 == UInt8(ascii: "\n") })
        while let statement = parser.next() { statements.append(statement) }
        guard !parser.needsMoreInput else {
          entry = parser
          continue
        }
        let complete = statements
        statements = []
        if await !runEntry(&parser, complete) {
          failed = true
        }
        if interpreter.currentResult.leaveRequested {
          // `quit` or `exit`: as Ctrl-D.
          if !interactive {
            warnAboutDirtyDocuments()
            return failed ? failureStatus : .success
          }
          if await mayLeave() { return .success }
          continue
        }
        if interactive { continue }
        if interpreter.currentResult.wasInterrupted || Interrupts.isPending {
          warnAboutDirtyDocuments()
          return .interrupted
        }
        if interpreter.currentResult.stoppedByBail {
          warnAboutDirtyDocuments()
          return failureStatus
        }
      case .interrupt:
        entry = nil
        statements = []
        if !interactive {
          warnAboutDirtyDocuments()
          return .interrupted
        }
      case .end, .closed:
        if var parser = entry {
          // What is left cannot complete: running it reports why.
          entry = nil
          let complete = statements
          statements = []
          if await !runEntry(&parser, complete) {
            failed = true
          }
          if interactive { continue }
        }
        if interactive {
          if await mayLeave() { return .success }
          continue
        }
        warnAboutDirtyDocuments()
        return failed ? failureStatus : .success
      }
    }
  }

  /// The status of input in which something failed: 66 if a file to
  /// read (a document to open, a script to source) was missing, else 1.
  private var failureStatus: ExitStatus {
    interpreter.currentResult.missingFiles > 0 ? .noInput : .failure
  }

  /// Runs one entry, whose input ends here: the statements its parser
  /// returned so far, and what it returns now. Returns whether everything
  /// in it ran and held.
  private mutating func runEntry(_ parser: inout Parser, _ statements: [Statement]) async -> Bool {
    parser.endInput()
    var statements = statements
    while let statement = parser.next() { statements.append(statement) }
    let script = parser.source
    source.entryCompleted(script.bytes)
    let before = interpreter.currentResult.failures
    let result = await interpreter.run(
      statements, parsedFrom: script, diagnostics: parser.diagnostics)
    // At a prompt, a Ctrl-C the command did not see is spent; in batch,
    // the caller sees it and stops.
    if source.isInteractive { Interrupts.reset() }
    return !result.isMalformed && result.failures == before
  }

  /// Asks, for each document with unsaved changes, whether to discard
  /// them; any answer but yes keeps the user at the prompt. If the
  /// terminal is gone, leaves with a warning instead.
  private mutating func mayLeave() async -> Bool {
    for name in interpreter.dirtyDocumentNames {
      switch await source.readLine(prompt: Prompt.discardQuestion(for: name)) {
      case .line(let answer):
        let text = String(decoding: answer, as: UTF8.self).trimmingBlanks.lowercased()
        guard text == "y" || text == "yes" else { return false }
      case .interrupt:
        return false
      case .end:
        return false
      case .closed:
        warnAboutDirtyDocuments()
        return true
      }
    }
    return true
  }

  /// Ends a `record` left running, so that what it recorded is complete;
  /// a failure to finish it is reported, not lost silently.
  private mutating func finishRecording() {
    do {
      try interpreter.finishRecording()
    } catch {
      errors.write("docrepl: warning: the recording could not be finished: \(error)\n")
    }
  }

  /// Warns on standard error about each document whose changes are lost
  /// because input ended.
  private mutating func warnAboutDirtyDocuments() {
    for name in interpreter.dirtyDocumentNames {
      errors.write("docrepl: warning: '\(name)' has unsaved changes, which are discarded\n")
    }
  }
}

extension String {
  /// The text without blanks at either end.
  fileprivate var trimmingBlanks: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
