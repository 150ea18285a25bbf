/// A document that remembers which of its parts changed since it was last
/// saved, so that it rewrites only those parts.
///
/// The host calls ``markSaved(as:)`` after the document has been written
/// successfully to its own file, and never after a failed save, an export
/// or a "save to" copy: the changed parts must be written again until
/// they reach the document's file.
public protocol ChangeTrackingDocument {
  /// Forgets which parts changed: they are now on disk as `contentType`.
  mutating func markSaved(as contentType: UTType)
}
