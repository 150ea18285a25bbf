import DocKit
import Foundation

/// The handle for a session of any document type; the kind's differences
/// (how to show, snapshot and restore) come in as closures, and the type's
/// commands, if it has any, as a list.
@MainActor
final class SessionHandle<Document>: DocumentHandle {
  let session: DocumentSession<Document>
  let typeName: String
  private let showBody: @MainActor (DocumentSession<Document>) async throws -> String
  private let snapshotBody: @MainActor (DocumentSession<Document>) async throws -> StoredSnapshot
  /// The `show` text as chunks of lines, for a type that gives them.
  private var chunksBody: @MainActor (DocumentSession<Document>) throws -> ScriptLineChunks? = {
    _ in nil
  }
  /// The type's own argument completions; none for a type without script
  /// commands.
  private var completionsBody:
    @MainActor (_ argument: String, _ prefix: String, DocumentSession<Document>) ->
      [CompletionCandidate] = { _, _, _ in [] }
  let commands: [String: AnyDocumentCommand]
  /// Whether the type declares its `show` text deterministic; never for
  /// a type without script commands, whose `show` is its encoding.
  private(set) var showIsDeterministic = false

  convenience init(
    session: DocumentSession<Document>,
    show: @escaping @MainActor (DocumentSession<Document>) async throws -> String,
    showChunks: @escaping @MainActor (DocumentSession<Document>) throws -> ScriptLineChunks?,
    snapshot: @escaping @MainActor (DocumentSession<Document>) async throws -> StoredSnapshot
  ) where Document: ScriptableDocument, Document.ScriptDocument == Document {
    self.init(
      session: session,
      typeName: Document.scriptTypeNames.first?.name ?? session.contentType.identifier,
      commands: Document.scriptCommands, show: show, snapshot: snapshot)
    completionsBody = { Document.scriptCompletions(forArgument: $0, prefix: $1, session: $2) }
    showIsDeterministic = Document.scriptDescriptionIsDeterministic
    chunksBody = showChunks
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
  var autosavePolicy: AutosavePolicy {
    get { session.autosavePolicy }
    set { session.autosavePolicy = newValue }
  }
  var isUntitled: Bool { session.isUntitled }
  var savedChangeCount: Int? { session.savedChangeCount }
  func nextSaveTree() async throws -> (
    wrapper: FileWrapper, existing: FileWrapper?, reusesRoot: Bool
  )? {
    try await session.wrapperForNextSave()
  }

  func show() async throws -> String { try await showBody(session) }
  func showChunks() async throws -> ScriptLineChunks? { try chunksBody(session) }
  func snapshot() async throws -> StoredSnapshot { try await snapshotBody(session) }
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate] {
    completionsBody(argument, prefix, session)
  }

  func endEvent() async throws { try await session.endEvent() }
  // Saves show their write's progress at the prompt.
  func save(force: Bool) async throws {
    try await WorkProgress.reportingWrites { try await session.save(force: force) }
  }
  func save(as url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws {
    try await WorkProgress.reportingWrites {
      try await session.save(
        as: url, contentType: contentType, overwrite: overwrite, force: force)
    }
  }
  func save(to url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws {
    try await WorkProgress.reportingWrites {
      try await session.save(
        to: url, contentType: contentType, overwrite: overwrite, force: force)
    }
  }
  var writeNotices: [String] { session.writeNotices }
  func revert() async throws { try await session.revert() }
  func close(discardingChanges: Bool) throws {
    try session.close(discardingChanges: discardingChanges)
  }
  func autosaveNow() async throws { try await session.autosave() }
  func adoptRecoveredAutosave(at url: URL) { session.adoptRecoveredAutosave(at: url) }

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
