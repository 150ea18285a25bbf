import DocKit
import Foundation

/// The document types a script can create and open, and how.
///
///     let registry = DocumentTypeRegistry()
///     registry.register(PlainTextDocument.self)
///     registry.register(BinaryDocument.self)
///
/// `new NAME` finds a type by short name or by UTI; `open PATH` by the
/// file's type, in registration order, so register the most specific
/// types first and catch-alls (such as a reader of any `public.data`) last.
@MainActor
public final class DocumentTypeRegistry {
  struct Entry {
    var typeNames: [ScriptTypeName]
    var readableContentTypes: [UTType]
    var writableContentTypes: [UTType]
    var makeNew: @MainActor (UTType, SessionEnvironment) throws -> any DocumentHandle
    var open: @MainActor (URL, UTType?, SessionEnvironment) async throws -> any DocumentHandle
    var commandSpecs: [CommandSpec]
  }

  var entries: [Entry] = []

  /// An empty registry.
  public init() {}

  /// Registers a scriptable `FileDocument` type.
  public func register<Document: ScriptableFileDocument>(_ type: Document.Type) {
    func handle(_ session: DocumentSession<Document>) -> any DocumentHandle {
      SessionHandle(
        session: session, show: { $0.document.scriptDescription },
        showChunks: { $0.document.scriptDescriptionChunks },
        snapshot: { session in
          let value = session.document
          return StoredSnapshot(
            text: { value.scriptDescription }, chunks: { value.scriptDescriptionChunks },
            contentCommands: { value.scriptContentCommands }
          ) { [weak session] name in
            session?.setDocument(value, actionName: name)
          }
        })
    }
    add(
      type, readable: Document.readableContentTypes, writable: Document.writableContentTypes,
      makeUntitled: { try Document.makeUntitled(contentType: $0) },
      handle: handle,
      newSession: { DocumentSession(new: $0, contentType: $1, environment: $2) },
      openSession: { try await DocumentSession.open($0, contentType: $1, environment: $2) })
  }

  /// Registers a scriptable `ReferenceFileDocument` type: a class that
  /// adopts ``ScriptableReferenceDocument``, or a subclass of one, whose
  /// documents its own `makeUntitled` and `init(configuration:)` make.
  public func register<Document: ScriptableReferenceDocument>(_ type: Document.Type) {
    register(Document.self, adoptedBy: Document.ScriptDocument.self)
  }

  /// Registers `Document`, whose sessions are sessions of `Root`, the
  /// class that adopted the protocol (`Document` itself, or a superclass
  /// of it), so that `Root`'s commands act on them.
  private func register<Document: ScriptableReferenceDocument, Root: ScriptableReferenceDocument>(
    _ type: Document.Type, adoptedBy root: Root.Type
  ) where Document.ScriptDocument == Root, Root.ScriptDocument == Root {
    guard let concrete = Document.self as? Root.Type else {
      preconditionFailure(
        "\(Document.self) cannot be registered: its ScriptDocument, \(Root.self), is not "
          + "\(Document.self) or a superclass of it")
    }
    func handle(_ session: DocumentSession<Root>) -> any DocumentHandle {
      SessionHandle(
        session: session,
        show: { session in
          Root.scriptDescription(
            of: try session.document.snapshot(contentType: session.contentType))
        },
        showChunks: { session in
          Root.scriptDescriptionChunks(
            of: try session.document.snapshot(contentType: session.contentType))
        },
        snapshot: { session in
          let document = session.document
          let snapshot = try document.snapshot(contentType: session.contentType)
          let box = UncheckedSendable(value: snapshot)
          return StoredSnapshot(
            text: { Root.scriptDescription(of: box.value) },
            chunks: { Root.scriptDescriptionChunks(of: box.value) },
            contentCommands: { Root.scriptContentCommands(of: box.value) }
          ) {
            [weak session] name in
            guard let session else { return }
            let undoManager = session.undoManager
            try session.document.restore(box.value, undoManager: undoManager)
            // Only a step this registered is named: with no event open,
            // the name would go to the previous step.
            if undoManager.groupingLevel > 0 { undoManager.setActionName(name) }
          }
        })
    }
    add(
      Root.self, readable: Document.readableContentTypes,
      writable: Document.writableContentTypes,
      // Through the metatype, so that a subclass's own `makeUntitled` (and
      // its `Self`) makes the document.
      makeUntitled: { try concrete.makeUntitled(contentType: $0) },
      handle: handle,
      newSession: { DocumentSession(new: $0, contentType: $1, environment: $2) },
      openSession: {
        try await DocumentSession.open($0, as: concrete, contentType: $1, environment: $2)
      })
  }

  /// Adds an entry for `type`, whose sessions each kind makes its own way
  /// (`DocumentSession`'s initializers and `open` are per kind). The
  /// content types come from the caller, which knows the kind: finding
  /// them with a dynamic cast would scan every conformance in the program,
  /// at every start.
  private func add<Document: ScriptableDocument>(
    _ type: Document.Type, readable: [UTType], writable: [UTType],
    makeUntitled: @escaping @MainActor (UTType) throws -> Document,
    handle: @escaping @MainActor (DocumentSession<Document>) -> any DocumentHandle,
    newSession:
      @escaping @MainActor (Document, UTType, DocumentSession<Document>.Environment) ->
      DocumentSession<Document>,
    openSession:
      @escaping @MainActor (URL, UTType?, DocumentSession<Document>.Environment) async throws ->
      DocumentSession<Document>
  ) where Document.ScriptDocument == Document {
    let makeNew: @MainActor (UTType, SessionEnvironment) throws -> any DocumentHandle = {
      contentType, environment in
      handle(
        newSession(
          try makeUntitled(contentType), contentType,
          environment))
    }
    let open: @MainActor (URL, UTType?, SessionEnvironment) async throws -> any DocumentHandle = {
      url, contentType, environment in
      handle(
        try await openSession(url, contentType, environment))
    }
    entries.append(
      Entry(
        typeNames: Document.scriptTypeNames,
        readableContentTypes: readable, writableContentTypes: writable,
        makeNew: makeNew, open: open, commandSpecs: Document.scriptCommands.map { $0.spec }))
  }

  /// Every short name, sorted.
  public var typeNames: [String] { entries.flatMap { $0.typeNames.map(\.name) }.sorted() }

  /// Every UTI the registered types read or write, and their supertypes:
  /// what "did you mean" offers for a misspelt type.
  var typeIdentifiers: Set<String> {
    var identifiers: Set<String> = []
    for entry in entries {
      for type in entry.readableContentTypes + entry.writableContentTypes
        + entry.typeNames.map(\.contentType)
      {
        identifiers.insert(type.identifier)
        identifiers.formUnion(type.supertypes.map(\.identifier))
      }
    }
    return identifiers
  }

  /// The entry and content type for `new NAME`: a short name, or a UTI one
  /// of the types writes.
  func entry(forNew name: String) -> (Entry, UTType)? {
    for entry in entries {
      if let match = entry.typeNames.first(where: { $0.name == name }) {
        return (entry, match.contentType)
      }
    }
    guard let type = UTType(name) else { return nil }
    // The type that names this UTI, or writes it exactly, before one that
    // writes a type conforming to it: `new public.json` is a JSON
    // document even when a package type that conforms to JSON is
    // registered first.
    if let entry = entries.first(where: { $0.typeNames.contains { $0.contentType == type } })
      ?? entries.first(where: { $0.writableContentTypes.contains(type) })
      ?? entries.first(where: { $0.writableContentTypes.contains(where: type.conforms(to:)) })
    {
      return (entry, type)
    }
    return nil
  }

  /// The entry that reads `type` most specifically: the one whose
  /// matching readable type is `type` itself, else the most specific
  /// (the one with the most supertypes), so that a catch-all reader of
  /// `public.data` never takes a file another type declares. Ties go to
  /// the first registered.
  func entry(reading type: UTType) -> Entry? {
    var best: (entry: Entry, specificity: Int)?
    for entry in entries {
      for readable in entry.readableContentTypes where type.conforms(to: readable) {
        let specificity = readable == type ? Int.max : readable.supertypes.count
        if best.map({ specificity > $0.specificity }) ?? true { best = (entry, specificity) }
      }
    }
    return best?.entry
  }
}
