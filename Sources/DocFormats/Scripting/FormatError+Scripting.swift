public import DocScript

extension FormatError: DocumentFileError {
  public var fileInDocument: String? { file }

  public func naming(file path: String) -> any Error {
    var copy = self
    copy.file = path
    return copy
  }

  /// ``message``: the line, column and byte offset are FormatError's own.
  public var reason: String? { message }
}
