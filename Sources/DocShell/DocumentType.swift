import DocFormats
public import DocKit
public import DocScript
public import Foundation

/// A document type that a REPL built with ``Docrepl/main(documentTypes:name:arguments:)``
/// creates and opens: what an app's `DocumentGroup` scene declares.
///
///     exit(await Docrepl.main(documentTypes: [
///       DocumentType(Counter.self),              // a ScriptableDocument: its own commands
///       DocumentType(newDocument: Recipe()),     // any FileDocument: the built-in commands
///     ] + DocumentType.builtIn))                 // text, markdown, json, notes, binary
///
/// A type that adopts `ScriptableFileDocument` or
/// `ScriptableReferenceDocument` (or a `Document`-family type that adopts
/// `ScriptableDocument`) brings its commands and its `show` text. Any
/// other `FileDocument`, `ReferenceFileDocument` or `Document`-family type
/// comes with the closure that makes a new one, as `DocumentGroup` takes
/// it, and gets the built-in commands, its `show` being the bytes a save
/// would write.
///
/// Registration order matters for `open` only when two types read a file's
/// type equally specifically: the first wins, so list your types before
/// ``builtIn``.
public struct DocumentType {
  let register: @MainActor (DocumentTypeRegistry) -> Void

  /// A scriptable `FileDocument`: its commands, names and `show` text come
  /// from `ScriptableFileDocument`.
  public init<Document: ScriptableFileDocument>(_ type: Document.Type) {
    register = { $0.register(Document.self) }
  }

  /// A scriptable `ReferenceFileDocument`: its commands, names, `show`
  /// text and snapshots come from `ScriptableReferenceDocument`.
  public init<Document: ScriptableReferenceDocument>(_ type: Document.Type) {
    register = { $0.register(Document.self) }
  }

  /// A scriptable `Document`-family type: its commands and names come from
  /// `ScriptableDocument`; `show` is the bytes a save would write.
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
  public init<Document: DocKit.Document>(
    name: String? = nil, newDocument: @escaping @MainActor () -> Document
  )
  where
    Document.Reader.Source == URL, Document.Writer.Destination == URL,
    Document.Writer.Snapshot: Sendable
  {
    register = { $0.register(Document.self, name: name, newDocument: newDocument) }
  }

  /// The types `docrepl` itself offers: `notes`, `json`, `text` and
  /// `markdown`, and `binary`, which opens any file no other type claims.
  @MainActor
  public static var builtIn: [DocumentType] {
    [
      DocumentType(NoteCollectionDocument.self), DocumentType(JSONDocument.self),
      DocumentType(PlainTextDocument.self), DocumentType(BinaryDocument.self),
    ]
  }
}
