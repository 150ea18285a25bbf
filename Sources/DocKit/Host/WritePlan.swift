import Foundation

/// One write of a document, decided on the main actor before anything is
/// written (``DocumentSession`` makes it in `planWrite`), then committed
/// off the main actor (on it for a small single file, see
/// ``DocumentEnvironment/inlineSaveLimit``) by ``commit(_:)``: what kind
/// of write it is, where it goes, what stands there, and how the tree is
/// put there.
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
  /// The size from which a file replaced has its cached pages dropped
  /// first (``DocumentEnvironment/dropsReplacedFileCache``); nil: never.
  var replacedFileCacheDroppingSize: Int?

  /// Where a write's path leads and what stands there, as the destination
  /// policy decided it for the write: a save in place decides it before
  /// its conflict check and passes it to its plan, so that the path is
  /// resolved and inspected once a save.
  struct Decision {
    /// What the path leads to through its links.
    var disk: URL
    /// What stands there, decided for this write.
    var destination: WriteDestination
  }

  /// Writes `wrapper` as planned; off the main actor, or on it for a
  /// small single file.
  ///
  /// - Returns: What the write put on disk, for the session's record.
  func commit(_ wrapper: FileWrapper) throws -> WriteRecord {
    do {
      return try FileTreeWriter.$replacedFileCacheDroppingSize.withValue(
        replacedFileCacheDroppingSize
      ) {
        try commitTree(wrapper)
      }
    } catch {
      throw toldOfTheDocument(error, writing: wrapper)
    }
  }

  /// `error`, which the write of `wrapper` met (nil: a document that
  /// writes itself), with a full disk told as of the document, not of the
  /// journal or temporary file that met it, and with how much the write
  /// needed against what the disk has. Other errors are as they are.
  func toldOfTheDocument(_ error: any Error, writing wrapper: FileWrapper?) -> any Error {
    // FileWrapper's own writes throw Apple's CocoaError, with DocKit's
    // error inside; the journal throws DocKit's.
    let cocoa = error as? CocoaError
    guard let failure = error as? FileWrapperError ?? cocoa?.fileWrapperError,
      failure.errno == ENOSPC || failure.errno == EDQUOT
    else { return error }
    let told = Self.outOfSpace(
      failure, writing: wrapper, to: disk, linkingUnchanged: replacesOriginal)
    return cocoa == nil ? told : CocoaError(told, writing: true, url: disk)
  }

  /// Whether the write replaces the document's own file, so that files
  /// unchanged since read are linked, not copied.
  private var replacesOriginal: Bool {
    switch mode {
    case .inPlace, .autosave: samePlace
    case .saveAs(let overwrite, let force), .saveTo(let overwrite, let force):
      (overwrite || force) && samePlace
    }
  }

  /// `error` told of the document at `disk`: how many bytes the write of
  /// `wrapper` needed, about (the files in memory, and the files still on
  /// disk unless they are linked), when the write had a wrapper, and how
  /// many the volume has free.
  static func outOfSpace(
    _ error: FileWrapperError, writing wrapper: FileWrapper?, to disk: URL, linkingUnchanged: Bool
  ) -> FileWrapperError {
    var needed: Int64 = 0
    var pending = wrapper.map { [$0] } ?? []
    while let item = pending.popLast() {
      if let children = item.fileWrappers {
        pending += children.values
      } else if case .onDisk = item.contents, linkingUnchanged {
        continue
      } else {
        needed += item.regularFileSize ?? 0
      }
    }
    var volume = statvfs()
    let folder = disk.deletingLastPathComponent().path
    let free = statvfs(folder, &volume) == 0 ? Int64(volume.f_bavail) * Int64(volume.f_frsize) : nil
    var message = "the disk is full"
    switch (wrapper, free) {
    case (_?, let free?):
      message += ": the save writes about \(byteCount(needed)), and \(byteCount(free)) are free"
    case (nil, let free?): message += ": \(byteCount(free)) are free"
    case (_, nil): break
    }
    message += "; the file is as it was"
    // The call that met it, as every error of a write names its call.
    if let call = error.systemCall { message += " (\(call) failed)" }
    return FileWrapperError(
      error.code, path: disk.path, message: message, systemCall: error.systemCall,
      errno: error.errno)
  }

  /// `bytes` for a person: `812 bytes`, `3.4 KB`, `1.2 GB` (powers of 1000,
  /// as `df -H` and Finder count).
  static func byteCount(_ bytes: Int64) -> String {
    guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["KB", "MB", "GB", "TB", "PB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let rounded = (value * 10).rounded() / 10
    let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    return "\(text) \(units[unit])"
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
