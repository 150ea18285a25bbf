import Foundation

/// One write of a document, decided on the main actor before anything is
/// written (``DocumentSession`` makes it in `planWrite`), then committed
/// off the main actor by ``commit(_:)``: what kind of write it is, where
/// it goes, what stands there, and how the tree is put there.
///
/// Everything the commit needs is in the value; it reads nothing of the
/// session, which edits may change meanwhile.
struct WritePlan: Sendable {
  /// What a write is. It decides the destination policy's rule, whether
  /// unchanged files may be hard-linked from the original, and what the
  /// session records afterwards.
  enum Mode: Sendable, Equatable {
    /// `save()`, and a saved document's autosave: to the document's own
    /// file. `force` replaces other programs' changes, and a read-only
    /// file (keeping its mode).
    case inPlace(force: Bool)
    /// `save(as:)`: the file written becomes the document's.
    case saveAs(overwrite: Bool, force: Bool)
    /// `save(to:)` and export: a copy; the document's file, type and
    /// unsaved state stay as they are.
    case saveTo(overwrite: Bool, force: Bool)
    /// An untitled document's autosave, to its own file in the autosave
    /// folder.
    case autosave

    /// Whether the write replaces other programs' changes and read-only
    /// files.
    var force: Bool {
      switch self {
      case .inPlace(let force), .saveAs(_, let force), .saveTo(_, let force): force
      case .autosave: false
      }
    }

    /// Whether the write may replace what stands at its destination.
    var overwrites: Bool {
      switch self {
      case .saveAs(let overwrite, let force), .saveTo(let overwrite, let force):
        overwrite || force
      case .inPlace, .autosave: true
      }
    }
  }

  var mode: Mode
  /// Where to write, as the caller named it: errors name it.
  var url: URL
  /// What `url` leads to through its links: what is written.
  var disk: URL
  /// The document's own file, its links followed, if it has one: where
  /// unchanged files come from.
  var original: URL?
  /// Whether `disk` is the document's own file.
  var samePlace: Bool
  var type: UTType
  /// What stands at `disk`, as the destination policy decided it: checked
  /// again where it is replaced.
  var destination: WriteDestination
  /// For an in-place save of a package whose disk contents the session
  /// knows: what the journal saves against, in O(k). Nil writes the whole
  /// tree.
  var manifest: DiskManifest?
  /// The mode of the document's own file, which a file written over it
  /// keeps.
  var keepPermissions: UInt16?
  /// The recovery of interrupted saves the write began with, if the
  /// session already ran it (a save in place does, to tell its own
  /// interrupted save from another program's change); nil if the commit
  /// runs it first. Either way it runs once a write.
  var recovery: PackageJournal.Recovery?
  /// Whether a large file replaced has its cached pages dropped first
  /// (``DocumentEnvironment/dropsReplacedFileCache``).
  var dropsReplacedFileCache: Bool

  /// Writes `wrapper` as planned; off the main actor.
  ///
  /// - Returns: What the write put on disk, for the session's record.
  func commit(_ wrapper: FileWrapper) throws -> WriteRecord {
    try FileTreeWriter.$dropsReplacedFileCache.withValue(dropsReplacedFileCache) {
      try commitTree(wrapper)
    }
  }

  private func commitTree(_ wrapper: FileWrapper) throws -> WriteRecord {
    // Finish (or discard) an earlier interrupted save of `disk` first, so
    // its journal is never applied over what this write puts there.
    let recovery =
      try recovery ?? PackageJournal.recover(packageAt: disk, removingTemporaryFiles: false)
    if let manifest, wrapper.isDirectory {
      return .planned(try savePackage(wrapper, manifest: manifest, after: recovery))
    }
    if let keepPermissions, wrapper.isRegularFile, !wrapper.hasExactPermissions {
      wrapper.permissions = keepPermissions
      wrapper.attributesNeedWriting = true
    }
    let replaced = FileTreeWriter.ReplacedItem(destination)
    // Unchanged files are hard-linked from the original only when the
    // write replaces the original itself, so the other name disappears.
    // Anywhere else (save as, save to, export, an untitled autosave) they
    // are cloned or copied: the original stays, and a program writing
    // either file in place must not change the other.
    let replacesOriginal =
      switch mode {
      case .inPlace, .autosave: samePlace
      case .saveAs(let overwrite, let force), .saveTo(let overwrite, let force):
        (overwrite || force) && samePlace
      }
    if replacesOriginal {
      return .written(
        try wrapper.writeReturningWritten(
          to: disk, options: [.atomic, .withNameUpdating], originalContentsURL: original,
          replacing: replaced))
    }
    do throws(FileWrapperError) {
      return .written(
        try wrapper.writeIndependentCopy(
          to: disk, options: .withNameUpdating, originalContentsURL: original,
          replacingExisting: mode.overwrites || destination.kind != .nothing,
          replacing: replaced))
    } catch
      where error.code == .fileExists && error.path == (try? FileWrapper.filePath(of: disk))
    {
      throw DocumentSessionError(
        .fileExists, url: url,
        message: "the file already exists; save with overwrite to replace it")
    } catch {
      // Rethrown here, not left to propagate: without this clause the
      // typed `do` crashes the Swift 6.3 compiler (an ownership error).
      throw error
    }
  }

  /// Saves `wrapper` over the package in place through the journal
  /// (``PackageJournal/save(_:at:manifest:replacingChanges:after:)``): a
  /// file another program changed is a conflict, as for a single file.
  private func savePackage(
    _ wrapper: FileWrapper, manifest: DiskManifest, after recovery: PackageJournal.Recovery
  ) throws -> [PackageJournal.PlannedDirectory] {
    do throws(FileWrapperError) {
      return try PackageJournal.save(
        wrapper, at: disk, manifest: manifest, replacingChanges: mode.force, after: recovery)
    } catch  where error.code == .changedSinceRead {
      throw DocumentSessionError(
        .conflict, url: URL(fileURLWithPath: error.path), message: error.message,
        recoverySuggestion: DocumentSessionError.conflictSuggestion)
    }
  }
}
