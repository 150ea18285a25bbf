public import DocKit
public import DocScript
public import Foundation

// The ways to name a type before `init(_:kind:)`, one a kind and a kind of
// scripting: each is now that one initializer.
extension DocumentType {
  /// A scriptable `FileDocument`: its commands, names and `show` text come
  /// from `ScriptableFileDocument`.
  @available(*, deprecated, message: "use DocumentType(.scripted(T.self), kind: .fileDocument)")
  public init<Document: ScriptableFileDocument>(_ type: Document.Type) {
    register = { $0.register(Document.self) }
  }

  /// A scriptable `ReferenceFileDocument`: its commands, names, `show`
  /// text and snapshots come from `ScriptableReferenceDocument`.
  @available(
    *, deprecated, message: "use DocumentType(.scripted(T.self), kind: .reference(reading: T.self))"
  )
  public init<Document: ScriptableReferenceDocument>(_ type: Document.Type) {
    register = { $0.register(Document.self) }
  }

  /// A scriptable `Document`-family type: its commands and names come from
  /// `ScriptableDocument`; `show` is the bytes a save would write.
  @available(
    *, deprecated, message: "use DocumentType(.scripted(T.self), kind: .document(T.makeUntitled))"
  )
  public init<Document: DocKit.Document & ScriptableDocument>(_ type: Document.Type)
  where
    Document.ScriptDocument == Document,
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    register = { $0.register(Document.self) }
  }

  /// Any `FileDocument`, with what `new` makes, as
  /// `DocumentGroup(newDocument:)` takes it.
  ///
  /// - Parameters:
  ///   - name: The short name `new` takes; by default the preferred
  ///     filename extension of the first type the document writes.
  ///   - newDocument: Makes the document that `new` opens untitled.
  @available(*, deprecated, message: "use DocumentType(.unscripted(...), kind: .fileDocument)")
  public init<Document: FileDocument>(
    name: String? = nil, newDocument: @autoclosure @escaping @MainActor () -> Document
  ) {
    register = { $0.register(Document.self, name: name, newDocument: newDocument) }
  }

  /// Any `ReferenceFileDocument`, with what `new` makes, as
  /// `DocumentGroup(newDocument:)` takes it.
  ///
  /// - Parameters:
  ///   - name: The short name `new` takes; by default the preferred
  ///     filename extension of the first type the document writes.
  ///   - newDocument: Makes the document that `new` opens untitled.
  @available(*, deprecated, message: "use DocumentType(.unscripted(...), kind: .reference)")
  public init<Document: ReferenceFileDocument>(
    name: String? = nil, newDocument: @escaping @MainActor () -> Document
  ) {
    register = { $0.register(Document.self, name: name, newDocument: newDocument) }
  }

  /// Any `Document`-family type, with what `new` makes (and `open` reads
  /// into), as `DocumentGroup(newDocument:)` takes it.
  ///
  /// - Parameters:
  ///   - name: The short name `new` takes; by default the preferred
  ///     filename extension of the first type the document writes.
  ///   - newDocument: Makes the document that `new` opens untitled.
  @available(*, deprecated, message: "use DocumentType(.unscripted(...), kind: .document(...))")
  public init<Document: DocKit.Document>(
    name: String? = nil, newDocument: @escaping @MainActor () -> Document
  )
  where
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    register = { $0.register(Document.self, name: name, newDocument: newDocument) }
  }
}
