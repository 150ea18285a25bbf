public import Foundation

extension DocumentSession
where
  Document: DocKit.Document, Document.Reader.Source == URL, Document.Writer.Destination == URL,
  Document.Writer.Snapshot: Sendable
{
  /// An untitled session for a new document of the `Document` family.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      document: document, fileURL: nil,
      contentType: contentType ?? Document.writableContentTypes.first ?? Document
        .readableContentTypes.first ?? .data,
      backend: Self.documentBackend(store: FileWrapperStore(), make: { document }),
      environment: environment,
      wrapper: nil)
  }

  /// Opens `url` into the document `makeDocument` creates: its reader runs
  /// in the background, then `apply(snapshot:previous:)` on the main actor.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment(),
    makeDocument: @escaping @MainActor () -> Document
  ) async throws -> DocumentSession {
    let type = try resolveContentType(
      of: url, explicit: contentType, readable: Document.readableContentTypes)
    try PackageJournal.recover(packageAt: url)
    let backend = documentBackend(store: FileWrapperStore(), make: makeDocument)
    let (document, _) = try await backend.read(url, type, nil)
    return DocumentSession(
      document: document, fileURL: url, contentType: type, backend: backend,
      environment: environment, wrapper: nil)
  }

  static func documentBackend(
    store: FileWrapperStore, make: @escaping @MainActor () -> Document
  ) -> Backend {
    Backend(
      readableContentTypes: Document.readableContentTypes,
      writableContentTypes: Document.writableContentTypes,
      read: { url, type, session in
        let document = session?.document ?? make()
        let reader = document.reader(
          configuration: DocumentReadConfiguration(contentType: type, wrapperStore: store))
        let snapshot = try await reader.read(from: url, progress: .discarded)
        try await document.apply(snapshot: snapshot, previous: nil)
        return (document, nil)
      },
      makeWrapper: nil,
      writeDirectly: { session, type, url in
        let document = session.document
        let snapshot = try await document.snapshot(contentType: type)
        let writer = document.writer(
          configuration: DocumentWriteConfiguration(contentType: type, wrapperStore: store))
        try await writer.write(snapshot: snapshot, to: url, previous: nil, progress: .discarded)
      })
  }
}
