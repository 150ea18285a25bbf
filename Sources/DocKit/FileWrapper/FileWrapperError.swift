public import Foundation
import Glibc

/// An error from reading, writing or decoding a ``FileWrapper``.
///
/// Every error names the path it is about: a file-system path for reads and
/// writes, or a path inside the tree (`package/notes/a.json`) for names and
/// serialized data. The wording of ``description`` may change; match on
/// ``code`` instead.
///
/// Apple's API (`init(url:options:)`, `read(from:options:)`,
/// `write(to:options:originalContentsURL:)`) throws it inside a
/// `CocoaError` with Apple's code, the path in `NSFilePathErrorKey` and
/// `NSURLErrorKey`, the `errno` as a `POSIXError` in `NSUnderlyingErrorKey`,
/// and this error under ``userInfoKey`` (read it back with
/// `CocoaError.fileWrapperError`). DocKit's own additions
/// (``FileWrapper/loadRegularFileContents()``,
/// ``FileWrapper/validateFilename(_:)``, the serialization with reasons)
/// throw it directly.
///
///     do {
///       let package = try FileWrapper(url: url, options: .immediate)
///     } catch CocoaError.fileReadNoSuchFile {
///       print("no such file")
///     } catch where error.fileWrapperError?.code == .unsupportedFileType {
///       print(error.localizedDescription)  // "/tmp/x.pkg/pipe: refusing to read a FIFO"
///     }
public struct FileWrapperError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is. New codes may be added.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Wrapped: Hashable, Sendable {
      case invalidFilename, invalidEncoding, equivalentFilenames
      case unsupportedFileType, unsupportedScheme, depthLimitExceeded, entryLimitExceeded, cycle
      case fileExists, noSuchFile, permissionDenied, changedSinceRead
      case malformedSerialization, ioFailure, fileTooLarge
      case locked, destinationChanged
    }
    private let wrapped: Wrapped
    private init(_ wrapped: Wrapped) { self.wrapped = wrapped }

    /// A child name that is not one path component: empty, `.` or `..`,
    /// containing `/` or NUL, or longer than 255 bytes.
    public static let invalidFilename = Code(.invalidFilename)
    /// A name or link target on disk that is not valid UTF-8.
    public static let invalidEncoding = Code(.invalidEncoding)
    /// Two names on disk with different bytes that Swift compares as equal
    /// (for example the NFC and NFD spellings of "é").
    public static let equivalentFilenames = Code(.equivalentFilenames)
    /// A FIFO, socket or device, which is refused without being opened.
    public static let unsupportedFileType = Code(.unsupportedFileType)
    /// A URL that is not a `file:` URL.
    public static let unsupportedScheme = Code(.unsupportedScheme)
    /// A tree nested deeper than ``FileWrapper/Limits/maximumDepth``.
    public static let depthLimitExceeded = Code(.depthLimitExceeded)
    /// A tree with more entries than ``FileWrapper/Limits/maximumEntryCount``.
    public static let entryLimitExceeded = Code(.entryLimitExceeded)
    /// A directory wrapper that contains itself.
    public static let cycle = Code(.cycle)
    /// The destination of a non-atomic write already exists.
    public static let fileExists = Code(.fileExists)
    /// A path that does not exist, or a lazily read file that vanished.
    public static let noSuchFile = Code(.noSuchFile)
    /// The file system refused access.
    public static let permissionDenied = Code(.permissionDenied)
    /// A lazily read file that was replaced or modified after the read.
    public static let changedSinceRead = Code(.changedSinceRead)
    /// A serialized representation that is not well formed.
    public static let malformedSerialization = Code(.malformedSerialization)
    /// Any other failed system call; see ``FileWrapperError/systemCall``.
    public static let ioFailure = Code(.ioFailure)
    /// A regular file larger than ``FileWrapper/Limits/maximumFileSize``,
    /// refused before its contents are read (Apple's
    /// `CocoaError.fileReadTooLarge`).
    public static let fileTooLarge = Code(.fileTooLarge)

    /// Another process is saving the same document now: it holds the lock
    /// on the save's journal. Nothing was written; try again when it has
    /// finished. (Apple's counterpart is `CocoaError.fileLocking`.)
    public static let locked = Code(.locked)

    /// What stood at a write's destination changed kind between the
    /// moment the write decided to replace it and the moment it would
    /// have: a folder, a FIFO or a device took a file's place. Nothing was
    /// replaced.
    public static let destinationChanged = Code(.destinationChanged)

    public var description: String { "\(wrapped)" }
  }

  /// What kind of failure this is.
  public var code: Code
  /// The path the error is about.
  public var path: String
  /// What went wrong, in a few words, without the path.
  public var message: String
  /// The system call that failed, if one did.
  public var systemCall: String?
  /// The `errno` that system call set.
  public var errno: Int32?

  /// Creates an error.
  public init(
    _ code: Code, path: String, message: String,
    systemCall: String? = nil, errno: Int32? = nil
  ) {
    self.code = code
    self.path = path
    self.message = message
    self.systemCall = systemCall
    self.errno = errno
  }

  /// Wraps a failed system call, choosing the code from its `errno`.
  init(_ failure: SystemCallError, message: String? = nil) {
    let code: Code =
      switch failure.errno {
      case ENOENT: .noSuchFile
      case EEXIST: .fileExists
      case EACCES, EPERM: .permissionDenied
      default: .ioFailure
      }
    self.init(
      code, path: failure.path,
      message: message ?? "\(failure.systemCall) failed: \(failure.reason)",
      systemCall: failure.systemCall, errno: failure.errno)
  }

  public var description: String { "\(path): \(message)" }

  public var errorDescription: String? { description }
}
