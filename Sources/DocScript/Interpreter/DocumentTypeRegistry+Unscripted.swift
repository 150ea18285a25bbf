public import DocKit
public import Foundation

/// Document types without script commands, and `Document`-family types.
///
/// Any `FileDocument`, `ReferenceFileDocument` or `Document`-family type
/// can be registered, with a closure that makes a new document, as
/// SwiftUI's `DocumentGroup(newDocument:)` takes one:
///
///     registry.register(Recipe.self, newDocument: { Recipe() })
///
/// Such a type gets every built-in command (`new`, `open`, `show`,
/// `save`, `export`, `undo`, `snapshot`, `diff`…) but none of its own.
/// `show` and `diff` work on the bytes a save would write: text when they
/// are UTF-8, else a hex dump, each file of a package under its path,
/// including the files a package document keeps from the one on disk
/// through `configuration.existingFile`.
/// `restore` works for a `FileDocument` (its value is copied); the other
/// kinds cannot be restored without ``ScriptableReferenceDocument``.
extension DocumentTypeRegistry {
  /// Registers a `FileDocument` type without script commands.
  ///
  /// - Parameters:
  ///   - type: The document type.
  ///   - name: The short name `new` takes; by default, the preferred
  ///     filename extension of the first type the document writes.
  ///   - newDocument: Makes the document that `new` opens untitled.
  public func register<Document: FileDocument>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  ) {
    addUnscripted(
      type, name: name, readable: Document.readableContentTypes,
      writable: Document.writableContentTypes, commands: [],
      makeUntitled: { _ in newDocument() },
      newSession: { DocumentSession(new: $0, contentType: $1, environment: $2) },
      openSession: { try await DocumentSession.open($0, contentType: $1, environment: $2) },
      contents: Self.fileContents(of:), restore: Self.restoreValue(of:))
  }

  /// Registers a `ReferenceFileDocument` type without script commands.
  ///
  /// - Parameters:
  ///   - type: The document type.
  ///   - name: The short name `new` takes; see the `FileDocument` variant.
  ///   - newDocument: Makes the document that `new` opens untitled.
  public func register<Document: ReferenceFileDocument>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  ) {
    addUnscripted(
      type, name: name, readable: Document.readableContentTypes,
      writable: Document.writableContentTypes, commands: [],
      makeUntitled: { _ in newDocument() },
      newSession: { DocumentSession(new: $0, contentType: $1, environment: $2) },
      openSession: { try await DocumentSession.open($0, contentType: $1, environment: $2) },
      contents: Self.referenceContents(of:), restore: nil)
  }

  /// Registers a `Document`-family type without script commands.
  ///
  /// - Parameters:
  ///   - type: The document type.
  ///   - name: The short name `new` takes; see the `FileDocument` variant.
  ///   - newDocument: Makes the document that `new` opens untitled, and
  ///     the one `open` reads into.
  public func register<Document: DocKit.Document>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  )
  where
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    addDocumentFamily(
      type, name: name, scriptTypeNames: nil, commands: [], makeDocument: { _ in newDocument() })
  }

  /// Registers a scriptable `Document`-family type: its commands come from
  /// ``ScriptableDocument``, and `open` reads into a document that
  /// `makeUntitled` makes; `show` and `diff` work on the bytes a save
  /// would write, as for a type without commands.
  public func register<Document: DocKit.Document & ScriptableDocument>(_ type: Document.Type)
  where
    Document.ScriptDocument == Document,
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    addDocumentFamily(
      type, name: nil, scriptTypeNames: Document.scriptTypeNames,
      commands: Document.scriptCommands,
      makeDocument: { try Document.makeUntitled(contentType: $0) })
  }

  private func addDocumentFamily<Document: DocKit.Document>(
    _ type: Document.Type, name: String?, scriptTypeNames: [ScriptTypeName]?,
    commands: [DocumentCommand<Document>],
    makeDocument: @escaping @MainActor (UTType) throws -> Document
  )
  where
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    addUnscripted(
      type, name: name, readable: Document.readableContentTypes,
      writable: Document.writableContentTypes, scriptTypeNames: scriptTypeNames,
      commands: commands, makeUntitled: makeDocument,
      newSession: { DocumentSession(new: $0, contentType: $1, environment: $2) },
      openSession: { url, contentType, environment in
        // The session reads into the document it is given.
        let document = try makeDocument(
          contentType ?? Document.readableContentTypes.first ?? .data)
        return try await DocumentSession.open(
          url, contentType: contentType, environment: environment, makeDocument: { document })
      },
      contents: Self.documentContents(of:), restore: nil)
  }

  /// Adds an entry whose `show` and snapshots are the bytes `contents`
  /// gives, and whose snapshots `restore` can put back (when it is given).
  private func addUnscripted<Document>(
    _ type: Document.Type, name: String?, readable: [UTType], writable: [UTType],
    scriptTypeNames: [ScriptTypeName]? = nil, commands: [DocumentCommand<Document>],
    makeUntitled: @escaping @MainActor (UTType) throws -> Document,
    newSession:
      @escaping @MainActor (Document, UTType, DocumentSession<Document>.Environment) ->
      DocumentSession<Document>,
    openSession:
      @escaping @MainActor (URL, UTType?, DocumentSession<Document>.Environment) async throws ->
      DocumentSession<Document>,
    contents: @escaping @MainActor (DocumentSession<Document>) async throws -> FileWrapper,
    restore:
      (@MainActor (DocumentSession<Document>) -> @MainActor (_ actionName: String) throws -> Void)?
  ) {
    let typeNames =
      scriptTypeNames
      ?? (writable.first ?? readable.first).map { contentType in
        [
          ScriptTypeName(
            name ?? contentType.preferredFilenameExtension ?? contentType.identifier, contentType)
        ]
      } ?? []
    let typeName = typeNames.first?.name ?? String(describing: Document.self)
    func handle(_ session: DocumentSession<Document>) -> any DocumentHandle {
      SessionHandle(
        session: session, typeName: typeName, commands: commands,
        show: { FileContentsDescription.describe(try await contents($0)) },
        snapshot: { session in
          let text = FileContentsDescription.describe(try await contents(session))
          let put = restore?(session)
          return StoredSnapshot(text: { text }) { actionName in
            guard let put else {
              throw ScriptError(
                "\(IndefiniteArticle.before(typeName)) snapshot cannot be restored: the type does not adopt ScriptableReferenceDocument"
              )
            }
            try put(actionName)
          }
        })
    }
    entries.append(
      Entry(
        typeNames: typeNames, readableContentTypes: readable, writableContentTypes: writable,
        makeNew: { contentType, environment in
          handle(
            newSession(
              try makeUntitled(contentType), contentType,
              environment))
        },
        open: { url, contentType, environment in
          handle(
            try await openSession(url, contentType, environment))
        },
        commandSpecs: commands.map(\.spec)))
  }

  /// What a save of a `FileDocument` would write: the same tree a save
  /// writes, made from the same `existingFile`, so that the files a package
  /// document keeps from the disk appear with the ones it makes.
  private static func fileContents<Document: FileDocument>(
    of session: DocumentSession<Document>
  ) async throws -> FileWrapper {
    try await nextSaveWrapper(of: session)
  }

  /// A `FileDocument`'s snapshot is a copy of the value; restoring it
  /// replaces the value as one undoable step.
  private static func restoreValue<Document: FileDocument>(
    of session: DocumentSession<Document>
  ) -> @MainActor (String) throws -> Void {
    let value = session.document
    return { [weak session] actionName in session?.setDocument(value, actionName: actionName) }
  }

  /// What a save of a `ReferenceFileDocument` would write, through its own
  /// `snapshot(contentType:)`, from the same `existingFile` a save passes.
  private static func referenceContents<Document: ReferenceFileDocument>(
    of session: DocumentSession<Document>
  ) async throws -> FileWrapper {
    try await nextSaveWrapper(of: session)
  }

  /// The wrapper the next save of `session` would write, reused wrappers
  /// included.
  private static func nextSaveWrapper<Document>(
    of session: DocumentSession<Document>
  ) async throws -> FileWrapper {
    guard let next = try await session.wrapperForNextSave() else {
      throw ScriptError("this document's writer writes by itself; there is nothing to show")
    }
    return next.wrapper
  }

  /// What a save of a `Document`-family document would write: its writer
  /// writes its own `snapshot(contentType:)` into a temporary folder,
  /// which is read back and removed.
  private static func documentContents<Document: DocKit.Document>(
    of session: DocumentSession<Document>
  ) async throws -> FileWrapper
  where Document.Writer.Destination == URL, Document.Writer.Snapshot: Sendable {
    let document = session.document
    let contentType = session.contentType
    let snapshot = try await document.snapshot(contentType: contentType)
    let writer = document.writer(
      configuration: DocumentWriteConfiguration(contentType: contentType))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docrepl-show-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(
      "contents." + (contentType.preferredFilenameExtension ?? "data"))
    try await writer.write(snapshot: snapshot, to: url, previous: nil, progress: .discarded)
    return try FileWrapper(url: url, options: .immediate)
  }
}
