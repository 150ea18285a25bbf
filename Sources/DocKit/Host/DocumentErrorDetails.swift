public import Foundation

/// What a DocKit error says, as fields: the file it is about, where that
/// file stands in the operation, why it failed, and the system call that
/// failed, the way swift-nio's `FileSystemError` carries its code, path and
/// cause.
///
/// A host that shows errors in its own words builds its message from these
/// fields instead of taking the description apart: it can show the path as
/// its user wrote it (relative to a working folder, say) and word the advice
/// in its own terms. Read them from the `CocoaError` that ``DocumentSession``,
/// ``FileExporter`` or ``FileWrapper`` throws with
/// `CocoaError.documentErrorDetails`, or make them from a ``FileWrapperError``
/// or a ``DocumentSessionError`` caught directly:
///
///     } catch let error as CocoaError {
///       if let details = error.documentErrorDetails, let reason = details.reason {
///         print((details.url.map { "\($0.lastPathComponent): " } ?? "") + reason)
///       }
///     }
///
/// The error's localized description says the same in one line, for
/// Apple-style callers: the path, the reason, and the suggestion after a
/// semicolon, where there are.
///
/// Not Apple API: `NSDocument` reports the path in the user info alone.
public struct DocumentErrorDetails: Sendable, Hashable {
  /// The file or folder the error is about; nil if it names none. A file
  /// URL for a file-system path; the URL itself for a scheme DocKit does
  /// not read.
  public var url: URL?
  /// Where ``url`` stands in the operation that failed; nil when the
  /// error did not come through a document operation (a ``FileWrapper``
  /// read on its own) or names no file.
  public var role: DocumentPathRole?
  /// What went wrong, in a few words, without the path: `"write failed: No
  /// space left on device"`. Nil when the error's text is not DocKit's own
  /// (a document's `CocoaError` with a description of its own): show its
  /// description then.
  public var reason: String?
  /// What the user can do about it, if DocKit suggests something: for a
  /// ``DocumentSessionError/Code/conflict``, `"revert, or save with force"`.
  public var recoverySuggestion: String?
  /// The system call that failed, with its `errno` and path, if one did.
  public var systemCallError: SystemCallError?

  /// The `userInfo` key under which DocKit stores details it has no typed
  /// error for (a document's own `CocoaError`, given the document's path).
  /// Read them with `CocoaError.documentErrorDetails`.
  public static let userInfoKey = "DocKitDocumentErrorDetails"

  /// Creates details.
  public init(
    url: URL?, role: DocumentPathRole? = nil, reason: String?, recoverySuggestion: String? = nil,
    systemCallError: SystemCallError? = nil
  ) {
    self.url = url
    self.role = role
    self.reason = reason
    self.recoverySuggestion = recoverySuggestion
    self.systemCallError = systemCallError
  }

  /// The details of a file wrapper's failure. Its path is a file URL when
  /// it is a file-system path; a path inside a serialized tree or a journal
  /// record (not absolute) is no file's, so the reason then starts with it.
  public init(_ error: FileWrapperError) {
    if error.code == .unsupportedScheme, let url = URL(string: error.path), url.scheme != nil {
      self.init(url: url, reason: error.message)
    } else if error.path.hasPrefix("/") {
      self.init(url: URL(fileURLWithPath: error.path), reason: error.message)
    } else {
      self.init(url: nil, reason: error.description)
    }
    if let call = error.systemCall, let errno = error.errno {
      systemCallError = SystemCallError(systemCall: call, errno: errno, path: error.path)
    }
  }

  /// The details of a session's refusal. A refusal about the operation's
  /// own document (the one the caller named) says so in its ``role``.
  public init(_ error: DocumentSessionError) {
    self.init(
      url: error.url, reason: error.message, recoverySuggestion: error.recoverySuggestion)
  }
}
