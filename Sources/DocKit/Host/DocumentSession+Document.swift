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
      untitled: document, contentType: contentType,
      backend: Self.documentBackend(store: FileWrapperStore(), make: { document }),
      environment: environment)
  }

  /// Opens `url` into the document `makeDocument` creates: its reader runs
  /// in the background, then `apply(snapshot:previous:)` on the main actor.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment(),
    makeDocument: @escaping @MainActor () -> Document
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType,
      backend: documentBackend(store: FileWrapperStore(), make: makeDocument),
      environment: environment)
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
        // A revert applies in place: not over an edit made while it read.
        try session?.checkNotEditedDuringRevert()
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
