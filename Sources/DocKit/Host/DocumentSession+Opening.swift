import Foundation

extension DocumentSession {
  /// An untitled session: the type is the one given, else the first
  /// writable, else the first readable.
  convenience init(
    untitled document: Document, contentType: UTType?, backend: Backend, environment: Environment
  ) {
    self.init(
      document: document, fileURL: nil,
      contentType: contentType ?? backend.writableContentTypes.first ?? backend.readableContentTypes
        .first ?? .data,
      backend: backend, environment: environment, wrapper: nil)
  }

  /// Opens `url` with `backend`: resolves and checks the type, finishes or
  /// discards an interrupted save, then reads. `open` calls it and reports
  /// its errors.
  ///
  /// When the name does not say the type, each readable type of the right
  /// kind is tried in order (see ``contentTypes(toOpen:explicit:readable:)``);
  /// the first that reads wins. If none does, the first one's error is
  /// thrown: it is the document's main type.
  static func readSession(
    _ url: URL, contentType: UTType?, backend: Backend, environment: Environment
  ) async throws
    -> DocumentSession
  {
    // The path to a document follows links: read the target, and keep
    // `url` as the document's file (see `DocumentPath`). Off the main
    // actor, as all blocking file system work: resolving the links,
    // looking at what is there, and finishing an interrupted save, whose
    // reads, renames and syncs can take long. The program stays
    // responsive meanwhile.
    let readable = backend.readableContentTypes
    let prepared = try await offMainActor { () throws -> (disk: URL, types: [UTType]) in
      let disk = try DocumentPath.resolved(url)
      let types = try lookingAfterRecovery(at: url) {
        try contentTypes(toOpen: url, explicit: contentType, readable: readable)
      }
      try PackageJournal.recover(packageAt: disk)
      return (disk, types)
    }
    let (disk, types) = prepared.value
    var firstFailure: (any Error)?
    for type in types {
      do {
        let (document, wrapper) = try await backend.read(disk, type, nil)
        return DocumentSession(
          document: document, fileURL: url, contentType: type, backend: backend,
          environment: environment,
          wrapper: wrapper)
      } catch {
        firstFailure = firstFailure ?? error
      }
    }
    throw firstFailure
      ?? DocumentSessionError(
        .unsupportedContentType, url: url, message: "this document reads no type")
  }

  /// Runs `look`, which looks at what is at `url`; if it fails, runs
  /// recovery and looks again, so that its error, if any, is the one
  /// reported. Nothing at the name may be what an interrupted save left:
  /// the old item moved aside (no `RENAME_EXCHANGE`), or the temporary
  /// file of a first save that never reached its rename. Recovery puts the
  /// old item back, or removes what only that save could use. Opening
  /// always looks this way, and so does ``typeForContents(of:explicit:)``.
  nonisolated static func lookingAfterRecovery<Value>(
    at url: URL, _ look: () throws -> Value
  ) throws -> Value {
    do {
      return try look()
    } catch {
      _ = try? PackageJournal.recover(packageAt: DocumentPath.resolved(url))
      return try look()
    }
  }

  /// Reads a document from a wrapper off the main actor, for the two kinds
  /// that are made from a `FileDocumentReadConfiguration`.
  static func wrapperReader(
    _ make: @escaping @Sendable (FileDocumentReadConfiguration) throws -> Document
  ) -> @MainActor (URL, UTType, DocumentSession?) async throws -> (Document, FileWrapper?) {
    { url, type, _ in
      let result = try await offMainActor { () throws -> (Document, FileWrapper) in
        let wrapper = try FileWrapper(url: url)
        return (try make(.init(contentType: type, file: wrapper)), wrapper)
      }
      return result.value
    }
  }
}
