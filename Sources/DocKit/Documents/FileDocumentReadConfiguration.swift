/// What a ``FileDocument`` or ``ReferenceFileDocument`` reads from.
public struct FileDocumentReadConfiguration {
  /// The expected type of the file's contents: one of the document's
  /// readable content types.
  public let contentType: UTType
  /// The file to read.
  public let file: FileWrapper

  /// Creates a configuration. The document host makes these; tests and
  /// tools may too.
  public init(contentType: UTType, file: FileWrapper) {
    self.contentType = contentType
    self.file = file
  }
}
