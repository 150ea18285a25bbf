/// A type that you use to serialize documents to and from files, as a
/// reference: SwiftUI's `ReferenceFileDocument`.
///
/// Saving first takes a ``snapshot(contentType:)`` (with edits disabled),
/// then serializes it with ``fileWrapper(snapshot:configuration:)`` off the
/// main actor, while edits go on. The document registers its own undo
/// actions; a document is only saved once it has registered some.
@preconcurrency
public protocol ReferenceFileDocument: ObservableObject, Sendable {
  /// The configuration for reading document contents.
  typealias ReadConfiguration = FileDocumentReadConfiguration
  /// The configuration for writing document contents.
  typealias WriteConfiguration = FileDocumentWriteConfiguration

  /// A copy of all the data the document stores.
  associatedtype Snapshot

  /// The types the document can read.
  static var readableContentTypes: [UTType] { get }

  /// The types the document can write. Defaults to
  /// ``readableContentTypes``.
  static var writableContentTypes: [UTType] { get }

  /// Creates a document from a file's contents.
  init(configuration: ReadConfiguration) throws

  /// A copy of the document's contents, for `contentType`.
  func snapshot(contentType: UTType) throws -> Snapshot

  /// Serializes a snapshot to a file wrapper.
  func fileWrapper(snapshot: Snapshot, configuration: WriteConfiguration) throws -> FileWrapper
}

extension ReferenceFileDocument {
  /// By default a document writes the types it reads.
  public static var writableContentTypes: [UTType] { readableContentTypes }
}
