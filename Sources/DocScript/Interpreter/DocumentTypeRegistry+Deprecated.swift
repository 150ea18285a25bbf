public import DocKit
public import Foundation

// The registrations before `register(_:kind:)`, one a kind and a kind of
// scripting: each is now that one call.
extension DocumentTypeRegistry {
  /// Registers a scriptable `FileDocument` type.
  @available(*, deprecated, message: "use register(.scripted(T.self), kind: .fileDocument)")
  public func register<Document: ScriptableFileDocument>(_ type: Document.Type) {
    register(.scripted(type), kind: .fileDocument)
  }

  /// Registers a scriptable `ReferenceFileDocument` type, or a subclass of
  /// the class that adopted the protocol.
  @available(
    *, deprecated, message: "use register(.scripted(T.self), kind: .reference(reading: T.self))"
  )
  public func register<Document: ScriptableReferenceDocument>(_ type: Document.Type) {
    register(
      .scripted(type),
      kind: .reference(
        reading: type as? Document.ScriptDocument.Type ?? Document.ScriptDocument.self))
  }

  /// Registers a scriptable `Document`-family type.
  @available(
    *, deprecated, message: "use register(.scripted(T.self), kind: .document(T.makeUntitled))"
  )
  public func register<Document: DocKit.Document & ScriptableDocument>(_ type: Document.Type)
  where
    Document.ScriptDocument == Document,
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    register(.scripted(type), kind: .document { try Document.makeUntitled(contentType: $0) })
  }

  /// Registers a `FileDocument` type without script commands.
  @available(*, deprecated, message: "use register(.unscripted(...), kind: .fileDocument)")
  public func register<Document: FileDocument>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  ) {
    register(.unscripted(name: name, newDocument: newDocument), kind: .fileDocument)
  }

  /// Registers a `ReferenceFileDocument` type without script commands.
  @available(*, deprecated, message: "use register(.unscripted(...), kind: .reference)")
  public func register<Document: ReferenceFileDocument>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  ) {
    register(.unscripted(name: name, newDocument: newDocument), kind: .reference)
  }

  /// Registers a `Document`-family type without script commands.
  @available(*, deprecated, message: "use register(.unscripted(...), kind: .document(...))")
  public func register<Document: DocKit.Document>(
    _ type: Document.Type, name: String? = nil,
    newDocument: @escaping @MainActor () -> Document
  )
  where
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    register(
      .unscripted(name: name, newDocument: newDocument), kind: .document { _ in newDocument() })
  }
}
