public import Foundation

extension DocumentSession where Document: ReferenceFileDocument {
  /// An untitled session for a new document.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      untitled: document, contentType: contentType, backend: Self.referenceBackend(),
      environment: environment)
  }

  /// Opens the document at `url`; see the `FileDocument` variant.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType, backend: referenceBackend(), environment: environment)
  }

  /// Reopens an untitled document from its autosave, dirty.
  public static func recover(
    autosaveAt url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    let session = try await open(url, contentType: contentType, environment: environment)
    session.adoptRecoveredAutosave(at: url)
    return session
  }

  static func referenceBackend() -> Backend {
    Backend(
      readableContentTypes: Document.readableContentTypes,
      writableContentTypes: Document.writableContentTypes,
      read: wrapperReader { try Document(configuration: $0) },
      makeWrapper: { session, type, existing in
        let document = session.document
        // The snapshot is taken on the main actor with edits disabled; the
        // serialization runs off it while edits go on.
        let snapshot = UncheckedSendable(
          value: try session.withEditsDisabled { try document.snapshot(contentType: type) })
        let existingFile = UncheckedSendable(value: existing)
        return try await offMainActor {
          try document.fileWrapper(
            snapshot: snapshot.value,
            configuration: .init(contentType: type, existingFile: existingFile.value))
        }.value
      })
  }
}
