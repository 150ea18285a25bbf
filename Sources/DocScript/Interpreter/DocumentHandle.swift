import DocKit
import Foundation

/// An open document as the interpreter sees it, whatever its type: its
/// session as DocKit's `DocumentHosting` face, and what scripting adds
/// (`show`, snapshots, the type's commands).
@MainActor
protocol DocumentHandle: AnyObject {
  /// The type's short name, for listings.
  var typeName: String { get }
  /// The document's session, through DocKit's public face of it: its
  /// state, saves, revert, close and rollback.
  var session: any DocumentHosting { get }

  /// What `show` prints.
  func show() async throws -> String
  /// Whether the type declares its `show` text deterministic
  /// (``ScriptableDocument/scriptDescriptionIsDeterministic``), so that
  /// `diff` need not encode it again to check.
  var showIsDeterministic: Bool { get }
  /// What `show` prints, as chunks of whole lines, for `diff`; nil for a
  /// type that does not give them.
  func showChunks() async throws -> ScriptLineChunks?
  /// A snapshot of the current state, with its `show` text.
  func snapshot() async throws -> StoredSnapshot
  /// The type's commands, by name.
  var commands: [String: AnyDocumentCommand] { get }
  /// The text encoding the document was opened in, when `open` chose one
  /// (`--encoding`, or UTF-16 after its byte-order mark): what `status`
  /// shows, what a recording reopens it with and what `revert` reads it
  /// in again. Nil for UTF-8 and for documents that are not text.
  var encoding: String.Encoding? { get set }
  /// What the type offers Tab for its argument named `argument`.
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate]

  /// Saves in place, showing the write's progress at the prompt.
  func save(force: Bool) async throws
  /// Saves as `url`, showing the write's progress; an existing file there
  /// is replaced only with `overwrite` (else
  /// `CocoaError.fileWriteFileExists`), a read-only one only with `force`.
  func save(as url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// Writes a copy to `url`, showing the write's progress, replacing a
  /// file there only with `overwrite` (a read-only one only with `force`).
  func save(to url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// Exports a copy as `fileExporter` does, to where `presenter` says;
  /// returns the file written, or nil when the presenter cancelled.
  func export(
    contentType: UTType?, defaultFilename: String?, presenter: any ExportPresenter
  ) async throws -> URL?
}

extension DocumentHandle {
  /// Offers nothing: for a handle whose type completes nothing.
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate] { [] }

  /// Rereads the document from its file (``DocumentHosting/revert()``),
  /// in the ``encoding`` it was opened in.
  func revert() async throws {
    try await TextEncodingName.$reading.withValue(encoding) { try await session.revert() }
  }
}
