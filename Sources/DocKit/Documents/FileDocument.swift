/// A type that you use to serialize documents to and from files, as a
/// value: SwiftUI's `FileDocument`.
///
/// Reading happens in ``init(configuration:)`` and writing in
/// ``fileWrapper(configuration:)``, both off the main actor, which is why
/// conforming types are `Sendable`. A package document reuses
/// ``FileDocumentWriteConfiguration/existingFile`` and replaces only the
/// children that changed, so that unchanged files are hard-linked when the
/// wrapper is written.
@preconcurrency
public protocol FileDocument: Sendable {
  /// The configuration for reading document contents.
  typealias ReadConfiguration = FileDocumentReadConfiguration
  /// The configuration for writing document contents.
  typealias WriteConfiguration = FileDocumentWriteConfiguration

  /// The types the document can read.
  static var readableContentTypes: [UTType] { get }

  /// The types the document can write. Defaults to
  /// ``readableContentTypes``.
  static var writableContentTypes: [UTType] { get }

  /// Creates a document from a file's contents.
  ///
  /// - Throws: An error when the contents cannot be read as this document.
  init(configuration: ReadConfiguration) throws

  /// Serializes the document to a file wrapper: a new one, or an update of
  /// `configuration.existingFile`.
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper
}

extension FileDocument {
  /// By default a document writes the types it reads.
  public static var writableContentTypes: [UTType] { readableContentTypes }
}
