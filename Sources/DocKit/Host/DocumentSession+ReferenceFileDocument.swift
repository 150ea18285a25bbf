public import Foundation

extension DocumentSession where Document: ReferenceFileDocument {
  /// An untitled session for a new document.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      document: document, fileURL: nil,
      contentType: contentType ?? Document.writableContentTypes.first ?? Document
        .readableContentTypes.first ?? .data,
      backend: Self.referenceBackend(), environment: environment, wrapper: nil)
  }

  /// Opens the document at `url`; see the `FileDocument` variant.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    let type = try resolveContentType(
      of: url, explicit: contentType, readable: Document.readableContentTypes)
    try PackageJournal.recover(packageAt: url)
    let backend = referenceBackend()
    let (document, wrapper) = try await backend.read(url, type, nil)
    return DocumentSession(
      document: document, fileURL: url, contentType: type, backend: backend,
      environment: environment,
      wrapper: wrapper)
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
      read: { url, type, _ in
        let result = try await offMainActor { () throws -> (Document, FileWrapper) in
          let wrapper = try FileWrapper(url: url)
          return (try Document(configuration: .init(contentType: type, file: wrapper)), wrapper)
        }
        return result.value
      },
      makeWrapper: { session, type, existing in
        let document = session.document
        // The snapshot is taken on the main actor with edits disabled; the
        // serialization runs off it while edits go on.
        session.setEditable(false)
        defer { session.setEditable(true) }
        let snapshot = UncheckedSendable(value: try document.snapshot(contentType: type))
        session.setEditable(true)
        let existingFile = UncheckedSendable(value: existing)
        return try await offMainActor {
          try document.fileWrapper(
            snapshot: snapshot.value,
            configuration: .init(contentType: type, existingFile: existingFile.value))
        }.value
      })
  }
}

extension DocumentSession {
  func setEditable(_ editable: Bool) {
    isEditableStorage = editable
  }
}
