public import Foundation
import Glibc

extension FileWrapperError {
  /// The `userInfo` key under which a `CocoaError` thrown by ``FileWrapper``
  /// carries the ``FileWrapperError`` it was made from.
  ///
  /// `CocoaError.fileWrapperError` reads it.
  public static let userInfoKey = "DocKitFileWrapperError"

  /// The Cocoa code Apple uses for this failure, in a read or in a write.
  ///
  /// The `errno` decides first where it names a condition Apple has a code
  /// for (no space, read-only volume, name too long, file too large, a
  /// lock that is held); then the DocKit code.
  func cocoaCode(writing: Bool) -> CocoaError.Code {
    switch errno {
    case ENOSPC?, EDQUOT?: return .fileWriteOutOfSpace
    case EROFS?: return .fileWriteVolumeReadOnly
    case ENAMETOOLONG?: return writing ? .fileWriteInvalidFileName : .fileReadInvalidFileName
    case EFBIG? where !writing, EOVERFLOW? where !writing: return .fileReadTooLarge
    case EWOULDBLOCK?: return .fileLocking
    default: break
    }
    switch code {
    case .noSuchFile: return writing ? .fileNoSuchFile : .fileReadNoSuchFile
    case .permissionDenied: return writing ? .fileWriteNoPermission : .fileReadNoPermission
    case .fileExists: return .fileWriteFileExists
    case .locked: return .fileLocking
    case .unsupportedScheme:
      return writing ? .fileWriteUnsupportedScheme : .fileReadUnsupportedScheme
    case .invalidFilename, .invalidEncoding, .equivalentFilenames:
      return writing ? .fileWriteInvalidFileName : .fileReadInvalidFileName
    case .depthLimitExceeded, .entryLimitExceeded, .fileTooLarge:
      return writing ? .fileWriteUnknown : .fileReadTooLarge
    case .malformedSerialization:
      return writing ? .fileWriteUnknown : .fileReadCorruptFile
    default:
      // unsupportedFileType, cycle, changedSinceRead, ioFailure: Apple has
      // no closer code; the DocKit code is in the user info.
      return writing ? .fileWriteUnknown : .fileReadUnknown
    }
  }
}

extension CocoaError {
  /// The ``FileWrapperError`` this error was made from, if ``FileWrapper``
  /// threw it: the DocKit code, the path, the message, and the system call
  /// and `errno` that failed.
  ///
  ///     } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
  ///       print(error.fileWrapperError?.systemCall ?? "?")  // "write"
  ///     }
  public var fileWrapperError: FileWrapperError? {
    userInfo[FileWrapperError.userInfoKey] as? FileWrapperError
  }

  /// The error Apple's API throws for `error`: Apple's code for a read or a
  /// write, the path in `NSFilePathErrorKey` and `NSURLErrorKey`, the
  /// `errno` as a `POSIXError` in `NSUnderlyingErrorKey`, `error` itself
  /// under ``FileWrapperError/userInfoKey``, and its description as the
  /// localized description, so that the message still names the path and
  /// the cause.
  ///
  /// - Parameter url: The URL the caller passed, used as `NSURLErrorKey`
  ///   when the error is about that very item (so it compares equal to the
  ///   caller's URL).
  init(_ error: FileWrapperError, writing: Bool, url: URL? = nil) {
    var info: [String: Any] = [
      NSLocalizedDescriptionKey: error.description,
      FileWrapperError.userInfoKey: error,
    ]
    if error.code == .unsupportedScheme {
      info[NSURLErrorKey] = url ?? URL(string: error.path)
    } else if error.path.hasPrefix("/") {
      // Paths inside a serialized tree or a journal record are not file
      // paths; only absolute ones are.
      info[NSFilePathErrorKey] = error.path
      let sameItem = url.flatMap { try? FileWrapper.filePath(of: $0) } == error.path
      info[NSURLErrorKey] =
        sameItem ? url : URL(fileURLWithPath: error.path, isDirectory: false)
    }
    if let errno = error.errno, let code = POSIXErrorCode(rawValue: errno) {
      info[NSUnderlyingErrorKey] = POSIXError(code)
    }
    self.init(error.cocoaCode(writing: writing), userInfo: info)
  }
}
