import DocKit
import DocScript

/// The built-in document types: ``PlainTextDocument`` and
/// ``TextFileDocument``, ``JSONDocument``, ``NoteCollectionDocument`` and
/// ``BinaryDocument``. They use the same public API as any third-party
/// document type.
public enum DocFormats {
  /// Declares the types the built-in documents export (the note
  /// collection's, JSON with comments), so that lookups by extension find them. Call once at
  /// start-up; calling again does nothing.
  public static func registerTypes() {
    _ = UTType.noteCollection
    _ = UTType.jsonWithComments
    _ = UTType.stringsText
    _ = UTType.docScript
  }

}
