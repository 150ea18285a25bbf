import DocScript
import Foundation

/// The prompt's and batch input's loop, in the shape of sqlite3's shell:
/// DocScript's ``EntryReader`` (the loop `docrepl run` and `source` read
/// through too) reads an entry, and this runs it, and decides what comes
/// next: at a prompt, asking before leaving with unsaved changes; in
/// batch, the exit status. Only the line source differs: readline at a
/// terminal, standard input in batch, the text of `-c`.
///
/// Each entry is parsed once, as its lines come; the statements run from
/// that parse. An entry with a syntax error is reported and skipped; the
/// next one runs. In batch, the entries are statements read as they
/// arrive, not the whole input.
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
  /// Whether the user agreed to discard every unsaved change: then the
  /// documents are closed discarding them, and their autosaves go. Else
  /// only the documents without unsaved changes are closed, and the
  /// others' autosaves stay for `recover`.
  private var discardsOnLeaving = false
  /// The prompt's pager, which each entry's output may go through.
  var pager: PagedOutput?

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
  /// leave), or SIGTERM or SIGHUP comes, and returns the exit status: 130
  /// if Ctrl-C stopped batch input or SIGTERM or SIGHUP came, 66 if an
  /// entry failed because a file it reads is missing, 1 if any entry
  /// failed or did not parse, else 0. At a prompt, leaving is 0.
  mutating func run() async -> ExitStatus {
    let interactive = source.isInteractive
    defer {
      finishRecording()
      interpreter.closeDocuments(discardingChanges: discardsOnLeaving)
    }
    var reader = EntryReader(name: name)
    var failed = false
    while true {
      // SIGTERM or SIGHUP: what ran was stopped at a safe point (or the
      // wait for a line ended); leave without asking.
      if TerminalSignals.isTerminating {
        warnAboutDirtyDocuments()
        return .interrupted
      }
      let pending = pendingEntry
      let interpreter = interpreter
      let event = await reader.next(from: &source) { entrySoFar in
        // Only a prompt completes: in batch, keeping the text would cost
        // a long entry a copy of its input a line.
        pending.text = interactive ? entrySoFar ?? [] : []
        return entrySoFar == nil
          ? Prompt.primary(for: interpreter.currentDocument) : Prompt.continuation
      }
      switch event {
      case .entry(let entry):
        if await !runEntry(entry) {
          failed = true
        }
        if TerminalSignals.isTerminating { continue }
        if interpreter.currentResult.leaveRequested {
          // `quit` or `exit`: as Ctrl-D.
          if !interactive {
            warnAboutDirtyDocuments()
            return failed ? failureStatus : .success
          }
          if await mayLeave() { return leavingStatus }
          continue
        }
        if interactive { continue }
        if interpreter.currentResult.wasInterrupted || TerminalSignals.isPending {
          warnAboutDirtyDocuments()
          return .interrupted
        }
        if interpreter.currentResult.stoppedByBail {
          warnAboutDirtyDocuments()
          return failureStatus
        }
      case .interrupt:
        if TerminalSignals.isTerminating { continue }
        if !interactive {
          warnAboutDirtyDocuments()
          return .interrupted
        }
      case .end, .closed:
        if TerminalSignals.isTerminating { continue }
        if interactive {
          if await mayLeave() { return leavingStatus }
          continue
        }
        warnAboutDirtyDocuments()
        return failed ? failureStatus : .success
      }
    }
  }

  /// The status of leaving the prompt: 0, or 130 if SIGTERM or SIGHUP
  /// came while it asked about unsaved changes.
  private var leavingStatus: ExitStatus {
    TerminalSignals.isTerminating ? .interrupted : .success
  }

  /// The status of input in which something failed: 66 if a file to
  /// read (a document to open, a script to source) was missing, else 1.
  private var failureStatus: ExitStatus {
    .failure(of: interpreter.currentResult)
  }

  /// Runs one entry; returns whether everything in it ran and held.
  private mutating func runEntry(_ entry: EntryReader.Entry) async -> Bool {
    source.entryCompleted(entry.source.bytes)
    let before = interpreter.currentResult.failures
    pager?.beginEntry()
    let result = await interpreter.run(
      entry.statements, parsedFrom: entry.source, diagnostics: entry.diagnostics)
    pager?.endEntry()
    // At a prompt, a Ctrl-C the command did not see is spent, and said
    // so: it came after the last point where the command asks (or while
    // its undo event ended), so the command had finished, and nothing was
    // stopped or taken back. In batch, the caller sees it and stops.
    if source.isInteractive, TerminalSignals.resetTakingInterrupt(), !result.wasInterrupted {
      errors.write("\(Self.lateInterruptMessage)\n")
    }
    return !result.isMalformed && result.failures == before
  }

  /// What the prompt says, after the command's output and before the
  /// next prompt, of a Ctrl-C that came too late to stop the command.
  static var lateInterruptMessage: String {
    "\(ProgramName.current): Ctrl-C came after the command had finished; nothing was stopped or rolled back"
  }

  /// Asks, for each document with unsaved changes, whether to discard
  /// them; any answer but yes keeps the user at the prompt. If the
  /// terminal is gone, leaves with a warning instead, discarding nothing
  /// the user did not agree to: autosaves stay.
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
    discardsOnLeaving = true
    return true
  }

  /// Ends a `record` left running, so that what it recorded is complete;
  /// a failure to finish it is reported, not lost silently.
  private mutating func finishRecording() {
    do {
      try interpreter.finishRecording()
    } catch {
      errors.write(
        "\(ProgramName.current): warning: the recording could not be finished: \(error)\n")
    }
  }

  /// Warns on standard error about each document whose changes are lost
  /// because input ended, naming the autosave that keeps them, if any.
  private mutating func warnAboutDirtyDocuments() {
    for name in interpreter.dirtyDocumentNames {
      let kept = interpreter.autosaveURL(ofDocument: name).map {
        "; its autosave \($0.lastPathComponent) is kept, for 'recover'"
      }
      errors.write(
        "\(ProgramName.current): warning: '\(name)' has unsaved changes, which are discarded\(kept ?? "")\n"
      )
    }
  }
}

extension String {
  /// The text without blanks at either end.
  fileprivate var trimmingBlanks: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
