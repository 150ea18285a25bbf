public import DocScript

extension FormatError: DocumentFileError {
  public var fileInDocument: String? { file }

  public func naming(file path: String) -> any Error {
    var copy = self
    copy.file = path
    return copy
  }
}
