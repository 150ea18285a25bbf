import Foundation

extension DocumentSession {
  /// The wrapper a save into an empty folder would write: made by the
  /// document's own `fileWrapper` (or its snapshot's) with no existing
  /// file to reuse, without writing. What the document holds, whatever
  /// the last read or write left on disk: `docrepl check` compares it
  /// with what an in-place save wrote. For this package's tools; not
  /// Apple API. Nil for a `Document`-family document, whose writer writes
  /// by itself.
  package func freshWrapperForSave() async throws -> FileWrapper? {
    guard let makeWrapper = backend.makeWrapper else { return nil }
    endEventGroup()
    return try await makeWrapper(self, contentType, nil)
  }
}
