import DocKit
import Foundation

extension Interpreter {
  /// `diff` without a snapshot and without `--disk`: the error a missing
  /// required A gave before `--disk` made A optional.
  static func missingSnapshot(_ arguments: ParsedArguments) -> ScriptError {
    ScriptError(
      "missing A for 'diff'", at: SourceRange(at: arguments.range.end),
      notes: [.init("usage: diff [A] [B] [--disk]"), .init("'diff --disk' compares with the file")])
  }

  /// `diff --disk`: the current document against its file as it is on
  /// disk now, read with the document's own type (a second session, which
  /// is closed at once), shown as `diff` shows a snapshot against the
  /// current state: the file is the old side, the document the new one.
  func diffWithDisk(_ arguments: ParsedArguments) async throws {
    if let extra = arguments[0] {
      throw ScriptError(
        "'diff --disk' compares the current document with its file; it takes no snapshot",
        at: extra, notes: [.init("'diff \(extra.text)' compares the snapshot with the document")])
    }
    let handle = try document(named: nil, at: arguments.command)
    let name = state.documents.first { $0.value === handle }?.key ?? ""
    guard let url = handle.session.fileURL else {
      throw ScriptError(
        "'\(name)' is untitled: it has no file on disk to compare with", at: arguments.command,
        notes: [.init("give it a file with 'save PATH'")])
    }
    let shown = resolver.display(url)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw ScriptError(
        "'\(shown)' is no longer on disk: another program removed or renamed it",
        at: arguments.command, notes: [.init("'save' writes the document there again")])
    }
    guard let entry = registry.entry(reading: handle.session.contentType) else {
      throw ScriptError(
        "no document type reads \(handle.session.contentType.identifier)", at: arguments.command)
    }
    let disk: any DocumentHandle
    do {
      disk = try await entry.open(url, handle.session.contentType, sessionEnvironment)
    } catch {
      let reason = ErrorMessage(resolver: resolver).text(
        for: naming(fileOf: error, inDocumentAt: url))
      throw ScriptError(
        "'\(shown)' as it is on disk cannot be read: \(reason)", at: arguments.command)
    }
    defer { try? disk.session.close(discardingChanges: true) }
    let oldName = "\(shown) (disk)"
    let newName = "\(name) (current)"
    func stop() -> Bool { Task.isCancelled || isInterruptRequested() }
    let compared: UnifiedDiff?
    if var oldChunks = try await disk.showChunks(), var newChunks = try await handle.showChunks() {
      // By bytes, line breaks included, as `diff` of a snapshot compares.
      if let oldLast = oldChunks.lastByte, let newLast = newChunks.lastByte, oldLast != 0x0A,
        newLast != 0x0A
      {
        oldChunks = oldChunks.appendingLineBreak()
        newChunks = newChunks.appendingLineBreak()
      }
      compared = UnifiedDiff(
        oldChunks: oldChunks, newChunks: newChunks, oldName: oldName, newName: newName,
        stoppingWhen: stop)
    } else {
      var oldText = try await disk.show()
      var newText = try await handle.show()
      if !oldText.isEmpty, !newText.isEmpty, oldText.utf8.last != 0x0A, newText.utf8.last != 0x0A {
        oldText += "\n"
        newText += "\n"
      }
      compared = UnifiedDiff(
        oldText: oldText, newText: newText, oldName: oldName, newName: newName,
        stoppingWhen: stop)
    }
    guard let diff = compared else { throw InterruptedError() }
    if !diff.isEmpty { try writeInterruptibly(diff.description + "\n") }
    if diff.isBounded {
      report(
        Diagnostic(
          .warning, in: arguments.range,
          "more than \(UnifiedDiff.maximumEditDistance) lines differ, so the differing middle is shown removed, then added, not as the shortest diff"
        ), in: currentSource)
    }
  }
}
