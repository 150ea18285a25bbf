/// An error about a file of a document, which it names as the document
/// sees it: a path inside a package (`metadata.json`, `notes/a.json`), or
/// a single-file document's own name.
///
/// The interpreter renames that file by its path from the working folder
/// (`Trip.notes/metadata.json`), as the user would type it, keeping the
/// rest of the error (its line and column) as the library gave it.
/// `FormatError`, the built-in types' error, adopts it; a third party's
/// error type may too.
public protocol DocumentFileError: Error {
  /// The file the error is about, relative to the document; nil if none.
  var fileInDocument: String? { get }
  /// The same error, naming its file `path` instead.
  func naming(file path: String) -> any Error
}
