/// An error about a file of a document, which it names as the document
/// sees it: a path inside a package (`metadata.json`, `notes/a.json`), or
/// a single-file document's own name.
///
/// The interpreter renames that file by its path from the working folder
/// (`Trip.notes/metadata.json`), as the user would type it, and
/// ``ErrorMessage`` shows the error from its fields: the file, the
/// ``line`` and ``column`` (or the ``byteOffset``) and the ``reason``.
/// `FormatError`, the built-in types' error, adopts it; a third party's
/// error type may too. A type that gives no ``reason`` is shown by its
/// description.
public protocol DocumentFileError: Error {
  /// The file the error is about, relative to the document; nil if none.
  var fileInDocument: String? { get }
  /// The same error, naming its file `path` instead.
  func naming(file path: String) -> any Error
  /// The 1-based line in the file, if known.
  var line: Int? { get }
  /// The 1-based column in UTF-8 bytes, if known.
  var column: Int? { get }
  /// The 0-based byte offset in the file, if known (shown when the line
  /// is not).
  var byteOffset: Int? { get }
  /// What is wrong, without the place; nil to show the error's
  /// description as it is.
  var reason: String? { get }
}

extension DocumentFileError {
  /// None known.
  public var line: Int? { nil }
  /// None known.
  public var column: Int? { nil }
  /// None known.
  public var byteOffset: Int? { nil }
  /// None: the error's description is shown.
  public var reason: String? { nil }
}
