import Foundation

/// The one decision every write makes about its destination: for each
/// kind of write (``Write``) and each class of what stands at the path
/// (``WriteDestination/Kind``), whether to write, to refuse, or to require
/// a flag the user gives by name.
///
/// Every write of DocKit's host (save, save as, save to, export,
/// autosave) and of its programs (a recording, a rewritten script, a
/// report, the prompt's history) decides here, and decides again at the
/// moment it replaces what is there: a write made over a file never
/// replaces a folder that took the file's place meanwhile.
///
/// The rules, in the order they apply:
/// - The working folder, a folder above it or above the document, and a
///   place inside a document package are never written.
/// - A FIFO, a device or a socket is never replaced, whatever the flags.
/// - A path that ends in `/` names a folder: a file is never written there.
/// - A folder is replaced only by a package write, and only when the
///   document's own type reads it (``WriteDestination/Kind/documentPackage``).
/// - A file is replaced by a save in place, a report or a rewrite without
///   a flag; by save as, save to, export or a recording only with
///   `replace`. A read-only file needs `force`, and is never replaced by an
///   autosave, a recording, a report or a rewrite.
///
///     switch DestinationPolicy.outcome(of: .saveAs, at: destination, flags: [.replace]) {
///     case .write: ...
///     case .refuse, .requiresReplace, .requiresForce: ...
///     }
///
/// Not Apple API: an Apple host asks the user instead.
public enum DestinationPolicy {
  /// The kinds of write.
  public enum Write: String, Sendable, Hashable, CaseIterable {
    /// A save of the document to its own file (`save`, `save --force`).
    case save
    /// An autosave: of a titled document to its file, of an untitled one
    /// to its autosave file.
    case autosave
    /// Save as: the destination becomes the document's file.
    case saveAs
    /// Save to: a copy; the document keeps its file.
    case saveTo
    /// An export, to a path given or chosen in the dialog.
    case export
    /// A new recording of the session (`record FILE`).
    case record
    /// A file that receives what commands print (`output FILE`).
    case output
    /// A script rewritten with its new expected output (`test --update`).
    case testUpdate
    /// The script `check` writes for a failure it found.
    case failureScript
    /// A report file (JUnit XML).
    case report
    /// The prompt's history file.
    case history

    /// Whether the write puts a file where the document's file is, by the
    /// user's own name for it, without a flag: a file there is replaced.
    var replacesFileByDefault: Bool {
      switch self {
      case .save, .autosave, .testUpdate, .failureScript, .report, .history: true
      case .saveAs, .saveTo, .export, .record, .output: false
      }
    }

    /// Whether the write may replace a read-only file when forced.
    var canForce: Bool {
      switch self {
      case .save, .saveAs, .saveTo, .export: true
      case .autosave, .record, .output, .testUpdate, .failureScript, .report, .history: false
      }
    }

    /// Whether the write replaces what is at the path the document already
    /// lives at: a change of kind there is never overridden.
    var isInPlace: Bool { self == .save || self == .autosave }
  }

  /// The flags a user gives by name.
  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Replace a file (or a document package) that is there: `--replace`,
    /// or the dialog's "replace it?" answered yes.
    public static let replace = Flags(rawValue: 1)
    /// Replace a read-only file too, and for a save, overwrite a change
    /// made on disk: `--force`.
    public static let force = Flags(rawValue: 2)
  }

  /// What a write does at a destination.
  public enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// Write: replace what is there, or make it.
    case write
    /// Refuse, whatever the flags: what is there is not the write's to
    /// replace.
    case refuse
    /// Refuse unless `replace` (or `force`) is given.
    case requiresReplace
    /// Refuse unless `force` is given: a read-only file.
    case requiresForce
  }

  /// What `write` does at `destination` with `flags`.
  ///
  /// - Parameters:
  ///   - write: The kind of write.
  ///   - destination: What stands at the path.
  ///   - flags: What the user allowed by name.
  ///   - writesPackage: Whether the write makes a folder (a package type)
  ///     rather than a file.
  public static func outcome(
    of write: Write, at destination: WriteDestination, flags: Flags = [],
    writesPackage: Bool = false
  ) -> Outcome {
    outcome(
      of: write, kind: destination.kind, isReadOnly: destination.isReadOnly,
      hasTrailingSlash: destination.hasTrailingSlash, flags: flags,
      writesPackage: writesPackage)
  }

  /// The table itself: what `write` does at a destination of `kind`.
  ///
  /// - Parameters:
  ///   - write: The kind of write.
  ///   - kind: The class of what stands at the path.
  ///   - isReadOnly: For a file, whether its permission bits deny writing.
  ///   - hasTrailingSlash: Whether the path ends in `/`.
  ///   - flags: What the user allowed by name.
  ///   - writesPackage: Whether the write makes a folder (a package type).
  public static func outcome(
    of write: Write, kind: WriteDestination.Kind, isReadOnly: Bool = false,
    hasTrailingSlash: Bool = false, flags: Flags = [], writesPackage: Bool = false
  ) -> Outcome {
    let writesPackage = writesPackage && write.canHoldPackage
    let replacing = flags.contains(.replace) || flags.contains(.force) && write.canForce
    switch kind {
    case .workingFolder, .folderAboveWorkingFolder, .folderAboveDocument,
      .insideDocumentPackage, .fifo, .characterDevice, .blockDevice, .socket, .processStream,
      .folder:
      return .refuse
    case .documentPackage:
      guard writesPackage else { return .refuse }
      return write.replacesFileByDefault || replacing ? .write : .requiresReplace
    case .nothing:
      return hasTrailingSlash && !writesPackage ? .refuse : .write
    case .danglingLink:
      guard !hasTrailingSlash || writesPackage else { return .refuse }
      return write.replacesFileByDefault || replacing ? .write : .requiresReplace
    case .file:
      // A save in place never turns its file into a package; other writes
      // replace a file by a package as by a file.
      if hasTrailingSlash || writesPackage && write.isInPlace { return .refuse }
      if isReadOnly {
        guard write.canForce else { return .refuse }
        return flags.contains(.force) ? .write : .requiresForce
      }
      return write.replacesFileByDefault || replacing ? .write : .requiresReplace
    }
  }

  /// Why `outcome` refuses a write to `destination`, in a few words
  /// without the path ("this is a FIFO (named pipe); only files and
  /// document packages are replaced"); nil for ``Outcome/write``.
  ///
  /// - Parameters:
  ///   - outcome: What the table decided.
  ///   - destination: What stands at the path.
  ///   - writesPackage: Whether the write makes a folder (a package type).
  public static func reason(
    for outcome: Outcome, at destination: WriteDestination, writesPackage: Bool = false
  ) -> String? {
    switch outcome {
    case .write:
      return nil
    case .requiresReplace:
      return destination.kind == .danglingLink
        ? "a symbolic link is already there" : "the file already exists"
    case .requiresForce:
      return "the file is \(destination.readOnlyDescription)"
    case .refuse:
      break
    }
    switch destination.kind {
    case .workingFolder:
      return "this is the working folder; a document is never saved over it"
    case .folderAboveWorkingFolder:
      return "this folder holds the working folder; a document is never saved over it"
    case .folderAboveDocument:
      return "this folder holds the document; a document is never saved over it"
    case .insideDocumentPackage:
      return "this is inside a document package; a document is never saved into one"
    case .fifo, .characterDevice, .blockDevice, .socket, .processStream:
      return "this is \(destination.kind); only files and document packages are replaced"
    case .folder:
      return "this is a folder; only files and document packages are replaced"
    case .documentPackage:
      return "this is a document package; only a package is saved over it"
    case .file where destination.isReadOnly:
      return "the file is \(destination.readOnlyDescription)"
    case .file where destination.hasTrailingSlash:
      return "the path ends in '/', which names a folder, but this is a file"
    case .file:
      return "this is a file; a package save never replaces its own file with a folder"
    case .nothing, .danglingLink:
      return "the path ends in '/', which names a folder; this document is a file"
    }
  }

  /// The error for a write that `outcome` refuses: a
  /// ``DocumentSessionError`` whose code says why (``DocumentSessionError/Code/fileExists``
  /// for a flag that would let it through).
  static func refusal(
    _ outcome: Outcome, at destination: WriteDestination, writesPackage: Bool
  ) -> DocumentSessionError? {
    guard let message = reason(for: outcome, at: destination, writesPackage: writesPackage)
    else { return nil }
    let code: DocumentSessionError.Code
    switch (outcome, destination.kind) {
    case (.requiresReplace, _): code = .fileExists
    case (.requiresForce, _): code = .readOnlyFile
    case (_, .workingFolder), (_, .folderAboveWorkingFolder), (_, .folderAboveDocument):
      code = .destinationHoldsWorkingFolder
    case (_, .insideDocumentPackage): code = .destinationInsideDocument
    case (_, .folder), (_, .documentPackage): code = .destinationIsFolder
    case (_, .fifo), (_, .characterDevice), (_, .blockDevice), (_, .socket),
      (_, .processStream):
      code = .destinationIsSpecialFile
    case (_, .file) where destination.isReadOnly: code = .readOnlyFile
    default: code = .destinationNotReplaceable
    }
    return DocumentSessionError(code, url: destination.url, message: message)
  }

  /// Decides `write` at `destination`: returns if it may go ahead, and
  /// throws the refusal otherwise.
  ///
  /// - Parameters:
  ///   - write: The kind of write.
  ///   - destination: What stands at the path.
  ///   - flags: What the user allowed by name.
  ///   - writesPackage: Whether the write makes a folder (a package type).
  /// - Throws: ``DocumentSessionError`` whose code says why:
  ///   ``DocumentSessionError/Code/fileExists`` for a file that needs
  ///   ``Flags/replace``, ``DocumentSessionError/Code/readOnlyFile`` for one
  ///   that needs ``Flags/force``, and the destination's own code for a
  ///   refusal whatever the flags.
  public static func check(
    _ write: Write, at destination: WriteDestination, flags: Flags = [],
    writesPackage: Bool = false
  ) throws(DocumentSessionError) {
    let outcome = outcome(
      of: write, at: destination, flags: flags, writesPackage: writesPackage)
    if let refusal = refusal(outcome, at: destination, writesPackage: writesPackage) {
      throw refusal
    }
  }

  /// The notices a write that goes ahead owes the user: a file with more
  /// than one name, whose other names keep the old contents (a save makes
  /// a new file, so that a failure leaves the old one whole).
  public static func notices(for destination: WriteDestination) -> [String] {
    guard destination.kind == .file, destination.linkCount > 1 else { return [] }
    let others = destination.linkCount - 1
    return [
      "the \(others) other hard link\(others == 1 ? "" : "s") to this file "
        + "keep\(others == 1 ? "s" : "") the old contents"
    ]
  }
}

extension DestinationPolicy.Write {
  /// Whether the write can make a package at all: the document writes;
  /// recordings, scripts, reports and history are files.
  fileprivate var canHoldPackage: Bool {
    switch self {
    case .save, .autosave, .saveAs, .saveTo, .export: true
    case .record, .output, .testUpdate, .failureScript, .report, .history: false
    }
  }
}
