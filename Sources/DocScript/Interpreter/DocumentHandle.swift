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
  /// A snapshot of the current state, with its `show` text.
  func snapshot() async throws -> StoredSnapshot
  /// The type's commands, by name.
  var commands: [String: AnyDocumentCommand] { get }
  /// What the type offers Tab for its argument named `argument`.
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate]

  func endEvent() async throws
  func save(force: Bool) async throws
  /// Saves as `url`; an existing file there is replaced only with
  /// `overwrite` (else `CocoaError.fileWriteFileExists`).
  func save(as url: URL, contentType: UTType?, overwrite: Bool) async throws
  /// Writes a copy to `url`, replacing a file there only with `overwrite`.
  func save(to url: URL, contentType: UTType?, overwrite: Bool) async throws
  func revert() async throws
  func close(discardingChanges: Bool) throws
  /// Autosaves now, whatever the policy says.
  func autosaveNow() async throws
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

/// A snapshot kept by `snapshot`: its text for `diff`, and how to restore it.
@MainActor
struct StoredSnapshot {
  /// The snapshot's `show` text, made when asked: taking a snapshot of a
  /// value costs O(1) (a copy of the value, which shares its storage),
  /// and only `diff` reads the text.
  var text: String { makeText() }
  private let makeText: @MainActor () -> String
  /// The commands that rebuild this content in a new document of the
  /// type, if the type has them
  /// (``ScriptableFileDocument/scriptContentCommands``); made only when
  /// asked, since most snapshots never are.
  var contentCommands: @MainActor () -> [String]? = { nil }
  var restore: @MainActor (_ actionName: String) throws -> Void

  init(
    text: @escaping @MainActor () -> String,
    contentCommands: @escaping @MainActor () -> [String]? = { nil },
    restore: @escaping @MainActor (_ actionName: String) throws -> Void
  ) {
    makeText = text
    self.contentCommands = contentCommands
    self.restore = restore
  }
}

/// A document command with its document type erased.
@MainActor
struct AnyDocumentCommand {
  var spec: CommandSpec
  var run:
    @MainActor (
      ParsedArguments, _ output: @escaping @MainActor (String) -> Void, URL,
      _ isInterrupted: @escaping @MainActor () -> Bool
    ) async throws -> Void
}

/// The handle for a session of any document type; the kind's differences
/// (how to show, snapshot and restore) come in as closures, and the type's
/// commands, if it has any, as a list.
@MainActor
final class SessionHandle<Document>: DocumentHandle {
  let session: DocumentSession<Document>
  let typeName: String
  private let showBody: @MainActor (DocumentSession<Document>) async throws -> String
  private let snapshotBody: @MainActor (DocumentSession<Document>) async throws -> StoredSnapshot
  /// The type's own argument completions; none for a type without script
  /// commands.
  private var completionsBody:
    @MainActor (_ argument: String, _ prefix: String, DocumentSession<Document>) ->
      [CompletionCandidate] = { _, _, _ in [] }
  let commands: [String: AnyDocumentCommand]

  convenience init(
    session: DocumentSession<Document>,
    show: @escaping @MainActor (DocumentSession<Document>) async throws -> String,
    snapshot: @escaping @MainActor (DocumentSession<Document>) async throws -> StoredSnapshot
  ) where Document: ScriptableDocument {
    self.init(
      session: session,
      typeName: Document.scriptTypeNames.first?.name ?? session.contentType.identifier,
      commands: Document.scriptCommands, show: show, snapshot: snapshot)
    completionsBody = { Document.scriptCompletions(forArgument: $0, prefix: $1, session: $2) }
  }

  init(
    session: DocumentSession<Document>, typeName: String, commands: [DocumentCommand<Document>],
    show: @escaping @MainActor (DocumentSession<Document>) async throws -> String,
    snapshot: @escaping @MainActor (DocumentSession<Document>) async throws -> StoredSnapshot
  ) {
    self.session = session
    self.typeName = typeName
    showBody = show
    snapshotBody = snapshot
    var byName: [String: AnyDocumentCommand] = [:]
    for command in commands {
      byName[command.spec.name] = AnyDocumentCommand(spec: command.spec) {
        [session] arguments, output, folder, isInterrupted in
        try await command.run(
          DocumentCommandContext(
            session: session, arguments: arguments, output: output, workingDirectory: folder,
            isInterrupted: isInterrupted))
      }
    }
    self.commands = byName
  }

  var isDirty: Bool { session.isDirty }
  var changeCount: Int { session.changeCount }
  var fileURL: URL? { session.fileURL }
  var contentType: UTType { session.contentType }
  var hasConflict: Bool { session.hasConflict }
  var readableContentTypes: [UTType] { session.readableContentTypes }
  var writableContentTypes: [UTType] { session.writableContentTypes }
  var undoManager: UndoManager { session.undoManager }
  var autosaveURL: URL? { session.autosaveURL }
  var savedChangeCount: Int? { session.savedChangeCount }
  func nextSaveTree() async throws -> (
    wrapper: FileWrapper, existing: FileWrapper?, reusesRoot: Bool
  )? {
    try await session.wrapperForNextSave()
  }

  func show() async throws -> String { try await showBody(session) }
  func snapshot() async throws -> StoredSnapshot { try await snapshotBody(session) }
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate] {
    completionsBody(argument, prefix, session)
  }

  func endEvent() async throws { try await session.endEvent() }
  func save(force: Bool) async throws { try await session.save(force: force) }
  func save(as url: URL, contentType: UTType?, overwrite: Bool) async throws {
    try await session.save(as: url, contentType: contentType, overwrite: overwrite)
  }
  func save(to url: URL, contentType: UTType?, overwrite: Bool) async throws {
    try await session.save(to: url, contentType: contentType, overwrite: overwrite)
  }
  func revert() async throws { try await session.revert() }
  func close(discardingChanges: Bool) throws {
    try session.close(discardingChanges: discardingChanges)
  }
  func autosaveNow() async throws { try await session.autosave() }

  func export(
    contentType: UTType?, defaultFilename: String?, presenter: any ExportPresenter
  ) async throws -> URL? {
    var outcome: Result<URL, any Error>?
    await FileExporter().export(
      document: session, contentType: contentType, defaultFilename: defaultFilename,
      presenter: presenter
    ) { result in
      outcome = result
    }
    // No outcome: the presenter cancelled (`onCancellation`).
    return try outcome?.get()
  }
}
