/// The built-in document types (plain text, JSON, the note-collection
/// package and a binary reference document) arrive here with their
/// commands. They use the same public extension point as any third-party
/// document type.
public enum DocFormats {}
