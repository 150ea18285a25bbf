public import Foundation

// Making, opening and recovering a session: one path for every kind, driven
// by the `DocumentKind` value, and the shorthands that name the kind for a
// type that adopts one protocol.
extension DocumentSession {
  /// An untitled session for a new document of `kind`. The type is the
  /// one given, else the first the document writes, else the first it
  /// reads.
  public convenience init(
    new document: Document, kind: DocumentKind<Document>, contentType: UTType? = nil,
    environment: Environment = Environment()
  ) {
    self.init(
      untitled: document, contentType: contentType, backend: kind.backend(document),
      environment: environment)
  }

  /// Opens the document at `url` as a document of `kind`, finishing or
  /// discarding an interrupted save first. The type comes from the
  /// extension unless given, and must be one the document reads.
  public static func open(
    _ url: URL, kind: DocumentKind<Document>, contentType: UTType? = nil,
    environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType, backend: kind.backend(nil), environment: environment)
  }

  /// Reopens an untitled document from its autosave, dirty, to keep
  /// autosaving there (see ``adoptRecoveredAutosave(at:)``).
  public static func recover(
    autosaveAt url: URL, kind: DocumentKind<Document>, contentType: UTType? = nil,
    environment: Environment = Environment()
  ) async throws -> DocumentSession {
    let session = try await open(
      url, kind: kind, contentType: contentType, environment: environment)
    session.adoptRecoveredAutosave(at: url)
    return session
  }
}

extension DocumentSession where Document: FileDocument {
  /// An untitled session for a new `FileDocument`: `init(new:kind:)` with
  /// ``DocumentKind/fileDocument``.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      new: document, kind: .fileDocument, contentType: contentType, environment: environment)
  }

  /// Opens a `FileDocument`: `open(_:kind:)` with ``DocumentKind/fileDocument``.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(url, kind: .fileDocument, contentType: contentType, environment: environment)
  }
}

extension DocumentSession where Document: ReferenceFileDocument {
  /// An untitled session for a new `ReferenceFileDocument`, which may be
  /// of a subclass of `Document`: `init(new:kind:)` with
  /// ``DocumentKind/reference``.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(new: document, kind: .reference, contentType: contentType, environment: environment)
  }

  /// Opens a `ReferenceFileDocument`: `open(_:kind:)` with ``DocumentKind/reference``.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(url, kind: .reference, contentType: contentType, environment: environment)
  }
}

extension DocumentSession
where
  Document: DocKit.Document, Document.Reader.Source == URL, Document.Writer.Destination == URL,
  Document.Writer.Snapshot: Sendable
{
  /// An untitled session for a new document of the `Document` family,
  /// which a revert reads into: `init(new:kind:)` with
  /// ``DocumentKind/document(_:)``.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      new: document, kind: .document { _ in document }, contentType: contentType,
      environment: environment)
  }

  /// Opens `url` into the document `makeDocument` creates:
  /// `open(_:kind:)` with ``DocumentKind/document(_:)``.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment(),
    makeDocument: @escaping @MainActor () -> Document
  ) async throws -> DocumentSession {
    try await open(
      url, kind: .document { _ in makeDocument() }, contentType: contentType,
      environment: environment)
  }
}
