import DocKit
public import DocScript

extension DocFormats {
  /// The built-in types, each as the registration it makes, in order: the
  /// note collection, property lists, JSON, plain text (and Markdown), and the catch-all
  /// binary type last, so that `open` picks the most specific type that
  /// reads a file. The one list of them: ``makeRegistry()`` and DocShell's
  /// `DocumentType.builtIn` both read it.
  @MainActor
  public static var builtInRegistrations: [@MainActor (DocumentTypeRegistry) -> Void] {
    [
      { $0.register(.scripted(NoteCollectionDocument.self), kind: .fileDocument) },
      { $0.register(.scripted(PropertyListDocument.self), kind: .fileDocument) },
      { $0.register(.scripted(JSONDocument.self), kind: .fileDocument) },
      { $0.register(.scripted(PlainTextDocument.self), kind: .fileDocument) },
      { $0.register(.scripted(BinaryDocument.self), kind: .reference) },
    ]
  }

  /// A registry with every built-in type (``builtInRegistrations``).
  @MainActor
  public static func makeRegistry() -> DocumentTypeRegistry {
    registerTypes()
    let registry = DocumentTypeRegistry()
    for register in builtInRegistrations { register(registry) }
    return registry
  }
}
