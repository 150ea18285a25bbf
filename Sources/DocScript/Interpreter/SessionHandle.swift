import DocKit
import Foundation

/// The handle for a session of any document type; the kind's differences
/// (how to show, snapshot and restore) come in as closures, and the type's
/// commands, if it has any, as a list.
@MainActor
final class SessionHandle<Document>: DocumentHandle {
  let documentSession: DocumentSession<Document>
  var session: any DocumentHosting { documentSession }
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
  var encoding: String.Encoding?
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
    documentSession = session
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

  func show() async throws -> String { try await showBody(documentSession) }
  func showChunks() async throws -> ScriptLineChunks? { try chunksBody(documentSession) }
  func snapshot() async throws -> StoredSnapshot { try await snapshotBody(documentSession) }
  func completions(forArgument argument: String, prefix: String) -> [CompletionCandidate] {
    completionsBody(argument, prefix, documentSession)
  }

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

  func export(
    contentType: UTType?, defaultFilename: String?, presenter: any ExportPresenter
  ) async throws -> URL? {
    var outcome: Result<URL, any Error>?
    await FileExporter().export(
      document: documentSession, contentType: contentType, defaultFilename: defaultFilename,
      presenter: presenter
    ) { result in
      outcome = result
    }
    // No outcome: the presenter cancelled (`onCancellation`).
    return try outcome?.get()
  }
}
