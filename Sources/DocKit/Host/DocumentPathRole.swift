public import Foundation

/// Where the file an error names stands in the operation that failed, for
/// errors ``DocumentSession`` and ``FileExporter`` throw: whether it is the
/// document the caller named, something inside it, a folder on the way to
/// it, or something else the operation touched. A host that shows the
/// error next to what the user typed (a path argument) uses it instead of
/// comparing paths itself.
///
///     } catch let error as CocoaError where error.documentPathRole == .enclosingFolder {
///       // The folder to save in is missing or not writable.
///     }
///
/// Not Apple API: `NSDocument` reports the path alone.
public enum DocumentPathRole: Sendable, Hashable {
  /// The document the operation was given: the file or package read, or
  /// the destination written.
  case document
  /// A file or folder inside the document's package.
  case member
  /// A folder on the way to the document.
  case enclosingFolder
  /// Anything else the operation touched: the original a copy was made
  /// from, a journal or temporary item beside the document, an autosave.
  case other

  /// The `userInfo` key of the role in a `CocoaError`; read it with
  /// `CocoaError.documentPathRole`.
  public static let userInfoKey = "DocKitDocumentPathRole"

  /// The role of `path` in an operation on `target`, both as the caller
  /// named them (standardized, links not followed).
  init(path: String, target: String) {
    if path == target {
      self = .document
    } else if path.hasPrefix(target == "/" ? "/" : target + "/") {
      self = .member
    } else if target.hasPrefix(path.hasSuffix("/") ? path : path + "/") {
      self = .enclosingFolder
    } else {
      self = .other
    }
  }
}

extension CocoaError {
  /// Where the file this error names stands in the operation that failed
  /// (see ``DocumentPathRole``), for the errors of ``DocumentSession`` and
  /// ``FileExporter`` that name a file; nil for others.
  public var documentPathRole: DocumentPathRole? {
    userInfo[DocumentPathRole.userInfoKey] as? DocumentPathRole
  }
}
