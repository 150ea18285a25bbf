public import Foundation

extension DocumentSessionError {
  /// The `userInfo` key under which a `CocoaError` thrown by
  /// ``DocumentSession`` or ``FileExporter`` carries the
  /// ``DocumentSessionError`` it was made from.
  ///
  /// `CocoaError.documentSessionError` reads it.
  public static let userInfoKey = "DocKitDocumentSessionError"

  /// The Cocoa code for this refusal. Apple's hosts ask the user where
  /// DocKit refuses (a conflict, unsaved changes), so most refusals have no
  /// code of their own and take the generic one for the operation; the
  /// DocKit code is in the user info.
  func cocoaCode(reading: Bool) -> CocoaError.Code {
    switch code {
    case .fileExists: .fileWriteFileExists
    case .untitled: .fileNoSuchFile
    case .readOnlyFile: reading ? .fileReadNoPermission : .fileWriteNoPermission
    // Conflict, unsaved changes, and a type the document cannot read or
    // write: Apple's document controller, too, reports a type it cannot
    // open ("… cannot open files in the “…” format") with a generic code,
    // keeping `.fileReadUnsupportedScheme` for URL schemes.
    default: reading ? .fileReadUnknown : .fileWriteUnknown
    }
  }
}

extension CocoaError {
  /// The ``DocumentSessionError`` this error was made from, if the session
  /// refused an operation by its own rules: ``DocumentSessionError/Code/conflict``,
  /// ``DocumentSessionError/Code/unsavedChanges``,
  /// ``DocumentSessionError/Code/untitled`` and the rest.
  ///
  ///     } catch let error as CocoaError where error.documentSessionError?.code == .conflict {
  ///       try await session.save(force: true)
  ///     }
  public var documentSessionError: DocumentSessionError? {
    userInfo[DocumentSessionError.userInfoKey] as? DocumentSessionError
  }

  /// What this error says, as fields (see ``DocumentErrorDetails``): the
  /// file it is about and its role in the operation, the reason without
  /// the path, DocKit's suggestion, and the system call that failed. For
  /// every error of ``DocumentSession``, ``FileExporter`` and
  /// ``FileWrapper`` that DocKit words itself; nil for any other
  /// `CocoaError` (Foundation's own, a document's own that names no file),
  /// whose description is all there is.
  ///
  ///     } catch let error as CocoaError {
  ///       if let errno = error.documentErrorDetails?.systemCallError?.errno { ... }
  ///     }
  public var documentErrorDetails: DocumentErrorDetails? {
    var details: DocumentErrorDetails
    if let failure = fileWrapperError {
      details = DocumentErrorDetails(failure)
    } else if let refusal = documentSessionError {
      details = DocumentErrorDetails(refusal)
    } else if let stored = userInfo[DocumentErrorDetails.userInfoKey] as? DocumentErrorDetails {
      details = stored
    } else {
      return nil
    }
    details.role = details.url == nil ? nil : documentPathRole
    return details
  }

  /// A session's refusal, as the `CocoaError` it throws: the arguments are
  /// ``DocumentSessionError``'s. Its URL, if any, is the operation's
  /// document (``DocumentPathRole/document``).
  ///
  /// - Parameter reading: Whether the refused operation reads (open,
  ///   revert), which chooses `.fileReadUnknown` over `.fileWriteUnknown`.
  init(
    _ code: DocumentSessionError.Code, url: URL?, message: String,
    recoverySuggestion: String? = nil, reading: Bool = false
  ) {
    self.init(
      DocumentSessionError(
        code, url: url, message: message, recoverySuggestion: recoverySuggestion),
      reading: reading)
    guard url != nil else { return }
    var info = userInfo
    info[DocumentPathRole.userInfoKey] = DocumentPathRole.document
    self = CocoaError(self.code, userInfo: info)
  }

  /// `error` as a `CocoaError`: Apple's code, the URL in `NSURLErrorKey` and
  /// its path in `NSFilePathErrorKey`, `error` under
  /// ``DocumentSessionError/userInfoKey``, and its description as the
  /// localized description.
  init(_ error: DocumentSessionError, reading: Bool) {
    var info: [String: Any] = [
      NSLocalizedDescriptionKey: error.description,
      DocumentSessionError.userInfoKey: error,
    ]
    if let url = error.url {
      info[NSURLErrorKey] = url
      if url.isFileURL { info[NSFilePathErrorKey] = url.path }
    }
    if let suggestion = error.recoverySuggestion {
      info[NSLocalizedRecoverySuggestionErrorKey] = suggestion
    }
    self.init(error.cocoaCode(reading: reading), userInfo: info)
  }

  /// The error a host reports when reading or writing the document at
  /// `url` failed with `error`, as `NSDocument` does:
  ///
  /// - a `CocoaError` that names no file (a document's own
  ///   `CocoaError(.fileReadCorruptFile)`) gets `url` as its
  ///   `NSURLErrorKey` and `NSFilePathErrorKey`, and, without a
  ///   description of its own, one that names the path;
  /// - a `CocoaError` that names a file is left as it is;
  /// - DocKit's typed errors (``FileWrapperError``,
  ///   ``DocumentSessionError``) become `CocoaError`s;
  /// - any other error (a document's own error type, `CancellationError`)
  ///   passes through unchanged, as Apple passes it through.
  ///
  /// A `CocoaError` that names a file also gets the file's
  /// ``DocumentPathRole`` in the operation on `url`, and, if DocKit has no
  /// typed error for it, ``DocumentErrorDetails`` that name the file.
  static func reportingHostError(_ error: any Error, at url: URL, reading: Bool) -> any Error {
    let reported = reportingHostErrorWithoutRole(error, at: url, reading: reading)
    guard let cocoa = reported as? CocoaError,
      let path = cocoa.userInfo[NSFilePathErrorKey] as? String, url.isFileURL
    else { return reported }
    var info = cocoa.userInfo
    if cocoa.documentPathRole == nil {
      info[DocumentPathRole.userInfoKey] = DocumentPathRole(
        path: URL(fileURLWithPath: path).standardizedFileURL.path,
        target: url.standardizedFileURL.path)
    }
    if cocoa.documentErrorDetails == nil {
      // A `CocoaError` of Foundation's or a document's, which names the
      // file in its user info: its description is its own.
      info[DocumentErrorDetails.userInfoKey] = DocumentErrorDetails(
        url: URL(fileURLWithPath: path), reason: nil)
    }
    return CocoaError(cocoa.code, userInfo: info)
  }

  private static func reportingHostErrorWithoutRole(
    _ error: any Error, at url: URL, reading: Bool
  ) -> any Error {
    switch error {
    case let error as CocoaError:
      if let failure = error.fileWrapperError, failure.namingDocument(at: url) != failure {
        return CocoaError(failure.namingDocument(at: url), writing: !reading, url: url)
      }
      guard error.userInfo[NSFilePathErrorKey] == nil, error.userInfo[NSURLErrorKey] == nil
      else { return error }
      var info = error.userInfo
      let path = (try? FileWrapper.filePath(of: url)) ?? url.absoluteString
      info[NSURLErrorKey] = url
      if url.isFileURL { info[NSFilePathErrorKey] = path }
      if info[NSLocalizedDescriptionKey] == nil {
        info[NSLocalizedDescriptionKey] = "\(path): \(error.code.reason)"
        if url.isFileURL {
          info[DocumentErrorDetails.userInfoKey] = DocumentErrorDetails(
            url: URL(fileURLWithPath: path), reason: error.code.reason)
        }
      }
      return CocoaError(error.code, userInfo: info)
    case let error as FileWrapperError:
      return CocoaError(error.namingDocument(at: url), writing: !reading, url: url)
    case let error as DocumentSessionError:
      return CocoaError(error, reading: reading)
    default:
      return error
    }
  }
}

extension CocoaError.Code {
  /// What the code means, in a few words, for a message that starts with
  /// the path: Apple's wording where Foundation on Linux has none that
  /// names the file.
  var reason: String {
    switch self {
    case .fileNoSuchFile, .fileReadNoSuchFile: "the file doesn’t exist"
    case .fileLocking: "the file couldn’t be locked"
    case .fileReadNoPermission: "you don’t have permission to read the file"
    case .fileWriteNoPermission: "you don’t have permission to write the file"
    case .fileReadInvalidFileName, .fileWriteInvalidFileName: "the file name is invalid"
    case .fileReadCorruptFile: "the file isn’t in the correct format"
    case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding:
      "the text encoding isn’t applicable"
    case .fileReadUnknownStringEncoding: "the text encoding of its contents can’t be determined"
    case .fileReadUnsupportedScheme, .fileWriteUnsupportedScheme:
      "the specified URL type isn’t supported"
    case .fileReadTooLarge: "the file is too large"
    case .fileWriteFileExists: "a file with the same name already exists"
    case .fileWriteOutOfSpace: "there isn’t enough space"
    case .fileWriteVolumeReadOnly: "the volume is read only"
    case .fileReadUnknown: "the file couldn’t be opened"
    case .fileWriteUnknown: "the file couldn’t be saved"
    case .userCancelled: "the operation was cancelled"
    default: "NSCocoaErrorDomain error \(rawValue)"
    }
  }
}

extension FileWrapperError {
  /// This error, saying which document it is about when it is about the
  /// document's folder (opening or syncing it), whose path alone names no
  /// document.
  func namingDocument(at url: URL) -> FileWrapperError {
    let suffix = " (the folder of \(url.lastPathComponent))"
    guard let path = try? FileWrapper.filePath(of: url),
      self.path == URL(fileURLWithPath: path).deletingLastPathComponent().path,
      !message.hasSuffix(suffix)
    else { return self }
    var named = self
    named.message += suffix
    return named
  }
}
