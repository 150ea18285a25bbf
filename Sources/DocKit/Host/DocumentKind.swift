public import Foundation

/// Which of DocKit's three document protocols a session hosts its document
/// through, as a value: `FileDocument` (``fileDocument``),
/// `ReferenceFileDocument` (``reference``) or the `Document` family
/// (``document(_:)``).
///
///     let session = DocumentSession(new: Notes(), kind: .fileDocument)
///     let opened = try await DocumentSession.open(url, kind: .reference)
///
/// Each kind is a static member constrained to the protocol it needs, so
/// the compiler accepts only the kinds a type adopts. A host that handles
/// types of every kind (a scripting language, a document browser) takes a
/// kind where it takes a type, and makes, opens and recovers its sessions
/// through the one path the kind drives. Not Apple API: SwiftUI's
/// `DocumentGroup` chooses the kind by its initializer's overload.
///
/// Sendable: what it holds is a function that runs on the main actor only,
/// and the types, so nothing it captures is touched anywhere else.
public struct DocumentKind<Document>: @unchecked Sendable {
  /// How a session of this kind reads and writes; given the document of a
  /// new session, if any.
  let backend: @MainActor (_ newDocument: Document?) -> DocumentSession<Document>.Backend

  /// The types documents of this kind read.
  public let readableContentTypes: [UTType]
  /// The types documents of this kind write.
  public let writableContentTypes: [UTType]
}

extension DocumentKind where Document: FileDocument {
  /// A value type adopting `FileDocument`: its `fileWrapper(configuration:)`
  /// runs in the background on a copy of the value.
  public static var fileDocument: DocumentKind {
    DocumentKind(
      backend: { _ in
        .wrapping(
          readable: Document.readableContentTypes, writable: Document.writableContentTypes,
          read: { try Document(configuration: $0) },
          prepare: { _, _ in () },
          write: { document, _, configuration in
            try document.fileWrapper(configuration: configuration)
          },
          didSave: { session, type in
            guard var tracked = session.document as? any ChangeTrackingDocument else { return }
            tracked.markSaved(as: type)
            if let document = tracked as? Document { session.document = document }
          })
      }, readableContentTypes: Document.readableContentTypes,
      writableContentTypes: Document.writableContentTypes)
  }
}

extension DocumentKind where Document: ReferenceFileDocument {
  /// A class adopting `ReferenceFileDocument`: its `snapshot(contentType:)`
  /// is taken on the main actor with edits disabled, and its
  /// `fileWrapper(snapshot:configuration:)` runs in the background.
  ///
  /// A new session reads (on revert) and writes the types of its
  /// document's own class, which may be a subclass of `Document`.
  public static var reference: DocumentKind { reference(reading: Document.self) }

  /// ``reference``, opening a file as a document of `type`: `Document`, or
  /// a subclass of it whose `init(configuration:)` reads the file. For a
  /// host that registers a subclass of the class that adopted its own
  /// protocol.
  public static func reference(reading type: Document.Type) -> DocumentKind {
    DocumentKind(
      backend: { newDocument in
        let type = newDocument.map { Swift.type(of: $0) } ?? type
        return .wrapping(
          readable: type.readableContentTypes, writable: type.writableContentTypes,
          read: { try type.init(configuration: $0) },
          prepare: { session, contentType in
            let document = session.document
            return try session.withEditsDisabled { try document.snapshot(contentType: contentType) }
          },
          write: { document, snapshot, configuration in
            try document.fileWrapper(snapshot: snapshot, configuration: configuration)
          })
      }, readableContentTypes: type.readableContentTypes,
      writableContentTypes: type.writableContentTypes)
  }
}

extension DocumentKind
where
  Document: DocKit.Document, Document.Reader.Source == URL, Document.Writer.Destination == URL,
  Document.Writer.Snapshot: Sendable
{
  /// A type of the `Document` family: its reader runs in the background,
  /// then `apply(snapshot:previous:)` on the main actor; its writer writes
  /// the file itself.
  ///
  /// - Parameter makeDocument: Makes the document that `open` reads into,
  ///   given the type it opens, as `DocumentGroup` makes one.
  public static func document(
    _ makeDocument: @escaping @MainActor (UTType) throws -> Document
  ) -> DocumentKind {
    DocumentKind(
      backend: { newDocument in
        let store = FileWrapperStore()
        return DocumentSession<Document>.Backend(
          readableContentTypes: Document.readableContentTypes,
          writableContentTypes: Document.writableContentTypes,
          read: { url, type, session in
            let document = try session?.document ?? newDocument ?? makeDocument(type)
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
            try await writer.write(
              snapshot: snapshot, to: url, previous: nil, progress: .discarded)
          })
      }, readableContentTypes: Document.readableContentTypes,
      writableContentTypes: Document.writableContentTypes)
  }
}

@MainActor
extension DocumentSession.Backend {
  /// The backend of the two kinds that make a `FileWrapper`: `read` makes
  /// the document from the file's wrapper in the background; a save runs
  /// `prepare` on the main actor (a reference document's snapshot), then
  /// `write` in the background, given a copy of the last wrapper to reuse.
  static func wrapping<Prepared>(
    readable: [UTType], writable: [UTType],
    read: @escaping @Sendable (FileDocumentReadConfiguration) throws -> Document,
    prepare: @escaping @MainActor (DocumentSession<Document>, UTType) throws -> Prepared,
    write:
      @escaping @Sendable (Document, Prepared, FileDocumentWriteConfiguration) throws ->
      FileWrapper,
    didSave: @escaping @MainActor (DocumentSession<Document>, UTType) -> Void = { _, _ in }
  ) -> Self {
    Self(
      readableContentTypes: readable, writableContentTypes: writable,
      read: DocumentSession.wrapperReader(read),
      makeWrapper: { session, contentType, existing in
        let document = UncheckedSendable(value: session.document)
        let prepared = UncheckedSendable(value: try prepare(session, contentType))
        let existingFile = UncheckedSendable(value: existing)
        return try await offMainActor {
          try write(
            document.value, prepared.value,
            .init(contentType: contentType, existingFile: existingFile.value))
        }.value
      },
      didSave: didSave)
  }
}
