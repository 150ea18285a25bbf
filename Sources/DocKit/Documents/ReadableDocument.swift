/// A document that can be read: SwiftUI's `ReadableDocument`.
///
/// A reference type, so that the host keeps one identity for it. Reading
/// runs ``reader(configuration:)``, then the reader's `read` in the
/// background, then ``apply(snapshot:previous:)`` on the main actor.
public protocol ReadableDocument: AnyObject {
  /// The configuration for reading.
  typealias ReadConfiguration = DocumentReadConfiguration
  /// The reader this document uses.
  associatedtype Reader: DocumentReader

  /// The types the document can read.
  static var readableContentTypes: [UTType] { get }

  /// A reader for one read, on open or when the file changed on disk.
  func reader(configuration: sending ReadConfiguration) -> sending Reader

  /// Takes in a snapshot the reader produced. `previous` is the snapshot
  /// applied before, or nil on the first read.
  @MainActor
  func apply(snapshot: sending Reader.Snapshot, previous: sending Reader.Snapshot?) async throws
}

extension ReadableDocument where Self: WritableDocument {
  /// A document that reads and writes writes the types it reads, unless it
  /// says otherwise.
  public static var writableContentTypes: [UTType] { readableContentTypes }
}
