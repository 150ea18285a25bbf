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
    if let extra = arguments[BuiltinParameter.diffFirst] {
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
      // In the document's own encoding (`open --encoding`), as revert reads.
      disk = try await TextEncodingName.$reading.withValue(handle.encoding) {
        try await entry.open(url, handle.session.contentType, sessionEnvironment)
      }
    } catch {
      let reason = ErrorMessage(resolver: resolver).text(
        for: naming(fileOf: error, inDocumentAt: url))
      throw ScriptError(
        "'\(shown)' as it is on disk cannot be read: \(reason)", at: arguments.command)
    }
    defer { try? disk.session.close(discardingChanges: true) }
    // Chunks where both sides give them, else both `show` texts.
    let oldSide: DiffSide
    let newSide: DiffSide
    if let oldChunks = try await disk.showChunks(), let newChunks = try await handle.showChunks() {
      (oldSide, newSide) = (.chunks(oldChunks), .chunks(newChunks))
    } else {
      (oldSide, newSide) = (.text(try await disk.show()), .text(try await handle.show()))
    }
    try printDiff(
      oldSide, newSide, oldName: "\(shown) (disk)", newName: "\(name) (current)",
      at: arguments.range)
  }
}
