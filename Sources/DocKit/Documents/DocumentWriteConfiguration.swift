/// What a ``WritableDocument``'s writer writes: SwiftUI's
/// `DocumentWriteConfiguration`.
public struct DocumentWriteConfiguration: Hashable {
  /// The type to write: one of the document's writable content types.
  public var contentType: UTType

  /// Where the document's last read or written wrapper is kept, for
  /// ``FileWrapperDocumentWriter``'s `previous`.
  let wrapperStore: FileWrapperStore?

  /// Creates a configuration.
  public init(contentType: UTType) {
    self.init(contentType: contentType, wrapperStore: nil)
  }

  /// Creates a configuration whose writer shares `wrapperStore` with the
  /// document's readers and earlier writers.
  public init(contentType: UTType, wrapperStore: FileWrapperStore?) {
    self.contentType = contentType
    self.wrapperStore = wrapperStore
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.contentType == rhs.contentType }
  public func hash(into hasher: inout Hasher) { hasher.combine(contentType) }
}
