public import Foundation

/// Why a document session refused an operation. Failures of reading,
/// serializing or writing are thrown as they come (``FileWrapperError`` and
/// the document's own errors); this type covers the session's own rules.
public struct DocumentSessionError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
  /// What kind of refusal this is. New codes may be added.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// Saving in place, or reverting, an untitled document.
    public static let untitled = Code("untitled")
    /// The file changed on disk since the session last read or wrote it.
    public static let conflict = Code("conflict")
    /// Closing a document with unsaved changes without discarding them.
    public static let unsavedChanges = Code("unsavedChanges")
    /// A content type the document cannot read or write.
    public static let unsupportedContentType = Code("unsupportedContentType")
    /// A destination that exists, for a save that must not replace it.
    public static let fileExists = Code("fileExists")
    /// Saving as a type that has no declaration, so the file could not be
    /// recognized when opened again.
    public static let undeclaredContentType = Code("undeclaredContentType")

    public var description: String { name }
  }

  /// What kind of refusal this is.
  public var code: Code
  /// The file concerned, if any.
  public var url: URL?
  /// What happened, and what to do about it.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, url: URL?, message: String) {
    self.code = code
    self.url = url
    self.message = message
  }

  public var description: String { (url.map { "\($0.path): " } ?? "") + message }
  public var errorDescription: String? { description }
}
