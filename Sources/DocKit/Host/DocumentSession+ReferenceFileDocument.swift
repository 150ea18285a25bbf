public import Foundation

extension DocumentSession where Document: ReferenceFileDocument {
  /// An untitled session for a new document.
  ///
  /// The document may be of a subclass of `Document`: the session reads
  /// (on revert) and writes the types of the document's own class.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      untitled: document, contentType: contentType,
      backend: Self.referenceBackend(reading: type(of: document)), environment: environment)
  }

  /// Opens the document at `url`; see the `FileDocument` variant.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType, backend: referenceBackend(), environment: environment)
  }

  /// Opens the document at `url` as a document of `type`: `Document`, or
  /// a subclass of it, whose `init(configuration:)` reads the file. For a
  /// host that registers a subclass of the class that adopted its
  /// scripting protocol.
  package static func open(
    _ url: URL, as type: Document.Type, contentType: UTType? = nil,
    environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType, backend: referenceBackend(reading: type),
      environment: environment)
  }

  /// Reopens an untitled document from its autosave, dirty.
  public static func recover(
    autosaveAt url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    let session = try await open(url, contentType: contentType, environment: environment)
    session.adoptRecoveredAutosave(at: url)
    return session
  }

  /// How a session of `type` (`Document` or a subclass) reads and writes.
  static func referenceBackend(reading type: Document.Type = Document.self) -> Backend {
    Backend(
      readableContentTypes: type.readableContentTypes,
      writableContentTypes: type.writableContentTypes,
      read: wrapperReader { try type.init(configuration: $0) },
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
