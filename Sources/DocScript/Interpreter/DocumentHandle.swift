import DocKit
import Foundation

/// An open document as the interpreter sees it, whatever its type: the
/// session's operations, `show`, snapshots, and the type's commands.
@MainActor
protocol DocumentHandle: AnyObject {
  /// The type's short name, for listings.
  var typeName: String { get }
  var isDirty: Bool { get }
  var changeCount: Int { get }
  var fileURL: URL? { get }
  var contentType: UTType { get }
  var hasConflict: Bool { get }
  var readableContentTypes: [UTType] { get }
  var writableContentTypes: [UTType] { get }
  var undoManager: UndoManager { get }
  var autosaveURL: URL? { get }
  /// The session's autosave policy: the one switch for autosave.
  var autosavePolicy: AutosavePolicy { get set }
  /// Whether the document has no file yet: the session's answer.
  var isUntitled: Bool { get }
  /// The change count at the last save; nil when undo and redo cannot
  /// reach it.
  var savedChangeCount: Int? { get }
  /// The wrapper the next save would write, and the last one read or
  /// written; nil for a document whose writer writes by itself.
  func nextSaveTree() async throws -> (
    wrapper: FileWrapper, existing: FileWrapper?, reusesRoot: Bool
  )?

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
  /// What the type offers Tab for its argument named `argument`.
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate]

  func endEvent() async throws
  func save(force: Bool) async throws
  /// Saves as `url`; an existing file there is replaced only with
  /// `overwrite` (else `CocoaError.fileWriteFileExists`), a read-only one
  /// only with `force`.
  func save(as url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// Writes a copy to `url`, replacing a file there only with `overwrite`
  /// (a read-only one only with `force`).
  func save(to url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// What the last write owes the user (see `DocumentSession.writeNotices`).
  var writeNotices: [String] { get }
  func revert() async throws
  func close(discardingChanges: Bool) throws
  /// Autosaves now, whatever the policy says.
  func autosaveNow() async throws
  /// Makes the document, just opened from the autosave at `url`, an
  /// untitled one with unsaved changes that keeps autosaving there
  /// (`DocumentSession.recover(autosaveAt:)`, for a session of any kind).
  func adoptRecoveredAutosave(at url: URL)
  /// Exports a copy as `fileExporter` does, to where `presenter` says;
  /// returns the file written, or nil when the presenter cancelled.
  func export(
    contentType: UTType?, defaultFilename: String?, presenter: any ExportPresenter
  ) async throws -> URL?
}

extension DocumentHandle {
  /// Offers nothing: for a handle whose type completes nothing.
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate] { [] }
}
