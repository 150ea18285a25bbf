import DocFormats
public import DocKit
public import DocScript
import Foundation

/// A document type that a REPL built with ``Docrepl/main(documentTypes:name:arguments:)``
/// creates and opens: what an app's `DocumentGroup` scene declares.
///
///     exit(await Docrepl.main(documentTypes: [
///       // A ScriptableDocument: its own commands.
///       DocumentType(.scripted(Counter.self), kind: .fileDocument),
///       // Any FileDocument: the built-in commands.
///       DocumentType(.unscripted { Recipe() }, kind: .fileDocument),
///     ] + DocumentType.builtIn))  // text, markdown, json, notes, binary
///
/// The kind (`.fileDocument`, `.reference`, `.document(_:)`) says how
/// the type is hosted. A type that adopts `ScriptableFileDocument` or
/// `ScriptableReferenceDocument` (or a `Document`-family type that adopts
/// `ScriptableDocument`) is `.scripted`, and brings its commands and its
/// `show` text. Any other type is `.unscripted`, with the closure that
/// makes a new one, as `DocumentGroup` takes it, and gets the built-in
/// commands, its `show` being the bytes a save would write.
///
/// Registration order matters for `open` only when two types read a file's
/// type equally specifically: the first wins, so list your types before
/// ``builtIn``.
public struct DocumentType {
  let register: @MainActor (DocumentTypeRegistry) -> Void

  /// A type hosted as `kind` and seen by scripts as `scripting` says:
  /// the one way to name a type, as
  /// `DocumentTypeRegistry.register(_:kind:)` is the one way to register
  /// it.
  ///
  ///     DocumentType(.scripted(Counter.self), kind: .fileDocument)
  ///     DocumentType(.unscripted { Recipe() }, kind: .fileDocument)
  public init<Document>(_ scripting: DocumentScripting<Document>, kind: DocumentKind<Document>) {
    register = { $0.register(scripting, kind: kind) }
  }

  /// A type that `register` adds to a registry: one of DocFormats'.
  init(registering register: @escaping @MainActor (DocumentTypeRegistry) -> Void) {
    self.register = register
  }

  /// The types `docrepl` itself offers: `notes`, `json`, `text` and
  /// `markdown`, and `binary`, which opens any file no other type claims
  /// (DocFormats' one list of them, `builtInRegistrations`).
  @MainActor
  public static var builtIn: [DocumentType] {
    DocFormats.builtInRegistrations.map { DocumentType(registering: $0) }
  }
}
