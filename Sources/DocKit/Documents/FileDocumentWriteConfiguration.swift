/// What a ``FileDocument`` or ``ReferenceFileDocument`` writes.
public struct FileDocumentWriteConfiguration {
  /// The type to write: one of the document's writable content types.
  public let contentType: UTType
  /// The file wrapper holding the document's current contents on disk,
  /// from its last read or successful write; nil if the document is
  /// unsaved.
  public let existingFile: FileWrapper?

  /// Creates a configuration. The document host makes these; tests and
  /// tools may too.
  public init(contentType: UTType, existingFile: FileWrapper?) {
    self.contentType = contentType
    self.existingFile = existingFile
  }
}
