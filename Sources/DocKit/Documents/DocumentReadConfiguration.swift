/// What a ``ReadableDocument``'s reader reads: SwiftUI's
/// `DocumentReadConfiguration`.
public struct DocumentReadConfiguration: Hashable {
  /// The type to read: one of the document's readable content types.
  public var contentType: UTType

  /// Where a ``FileWrapperDocumentReader`` leaves the wrapper it read, for
  /// the next ``FileWrapperDocumentWriter`` of the same document.
  let wrapperStore: FileWrapperStore?

  /// Creates a configuration.
  public init(contentType: UTType) {
    self.init(contentType: contentType, wrapperStore: nil)
  }

  /// Creates a configuration whose reader shares `wrapperStore` with the
  /// document's writers.
  public init(contentType: UTType, wrapperStore: FileWrapperStore?) {
    self.contentType = contentType
    self.wrapperStore = wrapperStore
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.contentType == rhs.contentType }
  public func hash(into hasher: inout Hasher) { hasher.combine(contentType) }
}
