public import Foundation

/// Why a document session refused an operation by its own rules.
///
/// The session throws it inside a `CocoaError`, as it throws every failure
/// of its own (see ``DocumentSession``): the code is Apple's
/// (`.fileWriteFileExists`, or the generic `.fileReadUnknown` or
/// `.fileWriteUnknown` where an Apple host would ask the user instead), the
/// URL is in `NSURLErrorKey`, and this error is under ``userInfoKey``, read
/// back with `CocoaError.documentSessionError`:
///
///     do {
///       try await session.save()
///     } catch let error as CocoaError where error.documentSessionError?.code == .conflict {
///       try await session.revert()
///     }
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
    /// A destination that is a folder but not a document package of a
    /// type the document writes: a save never replaces a plain folder.
    public static let destinationIsFolder = Code("destinationIsFolder")
    /// A destination that is the process's working folder or a folder
    /// above it.
    public static let destinationHoldsWorkingFolder = Code("destinationHoldsWorkingFolder")
    /// A destination inside the document's own package.
    public static let destinationInsideDocument = Code("destinationInsideDocument")
    /// A destination that is a FIFO, a device or a socket: never replaced.
    public static let destinationIsSpecialFile = Code("destinationIsSpecialFile")
    /// A destination whose permission bits deny writing, for a write
    /// that was not forced.
    public static let readOnlyFile = Code("readOnlyFile")
    /// Any other destination the policy refuses: a path that ends in `/`
    /// for a file, a file where the document's package was.
    public static let destinationNotReplaceable = Code("destinationNotReplaceable")
    /// An autosave folder that belongs to another user, or that others
    /// may write in (a link to one counts): an untitled document's
    /// autosave is not written there.
    public static let unsafeAutosaveFolder = Code("unsafeAutosaveFolder")

    public var description: String { name }
  }

  /// What kind of refusal this is.
  public var code: Code
  /// The file concerned, if any.
  public var url: URL?
  /// What happened, without the path.
  public var message: String
  /// What the user can do about it, if there is something to suggest:
  /// ``conflictSuggestion`` for a ``Code/conflict``. The description ends
  /// with it, after a semicolon; a host that words the advice in its own
  /// terms looks at ``code`` instead.
  public var recoverySuggestion: String?

  /// Creates an error.
  public init(_ code: Code, url: URL?, message: String, recoverySuggestion: String? = nil) {
    self.code = code
    self.url = url
    self.message = message
    self.recoverySuggestion = recoverySuggestion
  }

  /// What DocKit suggests for a ``Code/conflict``, naming no API: read the
  /// file again, or replace it with the document.
  public static let conflictSuggestion = "revert, or save with force"

  /// What DocKit suggests for a save in place refused as a
  /// ``Code/readOnlyFile``: a forced save writes it, keeping its mode.
  public static let readOnlySuggestion = "save with force to write it anyway"

  /// `path: message; suggestion`, with the parts there are.
  public var description: String {
    (url.map { "\($0.path): " } ?? "") + message + (recoverySuggestion.map { "; \($0)" } ?? "")
  }
  public var errorDescription: String? { description }
}
