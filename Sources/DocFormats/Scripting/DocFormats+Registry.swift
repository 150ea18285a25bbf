public import DocScript

extension DocFormats {
  /// A registry with every built-in type, the catch-all binary type last,
  /// so that `open` picks the most specific type that reads a file.
  @MainActor
  public static func makeRegistry() -> DocumentTypeRegistry {
    registerTypes()
    let registry = DocumentTypeRegistry()
    registry.register(NoteCollectionDocument.self)
    registry.register(JSONDocument.self)
    registry.register(PlainTextDocument.self)
    registry.register(BinaryDocument.self)
    return registry
  }
}
