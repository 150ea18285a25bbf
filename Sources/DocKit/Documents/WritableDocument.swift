/// A document that can be saved and exported: SwiftUI's
/// `WritableDocument`.
///
/// Saving takes a ``snapshot(contentType:)`` on the main actor, gets a
/// writer from ``writer(configuration:)``, and runs the writer in the
/// background. Register undo actions for every change: the host only
/// autosaves a document whose undo manager has recorded changes.
public protocol WritableDocument: AnyObject {
  /// The configuration for writing.
  typealias WriteConfiguration = DocumentWriteConfiguration
  /// The writer this document uses.
  associatedtype Writer: DocumentWriter

  /// The types the document can save or export to.
  static var writableContentTypes: [UTType] { get }

  /// A writer for one save or export.
  func writer(configuration: sending WriteConfiguration) -> sending Writer

  /// A snapshot of the contents for `contentType`, one of
  /// ``writableContentTypes``. Keep it light; serialize in the writer.
  ///
  /// Apple declares the result `sending`; Swift 6.3 will not let a method
  /// without `sending` (such as the seed's) witness that, so DocKit leaves
  /// it out. A snapshot crossing to the writer must then be `Sendable`.
  @MainActor
  func snapshot(contentType: UTType) async throws -> Writer.Snapshot
}

/// A document that can be read and written: SwiftUI's `Document`.
public protocol Document: ReadableDocument, WritableDocument {}
