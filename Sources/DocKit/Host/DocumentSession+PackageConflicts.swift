import Foundation

extension DocumentSession {
  /// Saves a package in place through its journal, refusing (unless
  /// `force`) to replace or remove an entry another program changed since
  /// it was read: the same ``DocumentSessionError/Code/conflict`` a changed
  /// single file gets, naming the changed entry. Returns the directories
  /// the plan walked (see ``PackageJournal/save(_:at:manifest:replacingChanges:)``).
  nonisolated static func savePackage(
    _ wrapper: FileWrapper, at url: URL, manifest: DiskManifest, force: Bool
  ) throws -> [PackageJournal.PlannedDirectory] {
    do throws(FileWrapperError) {
      return try PackageJournal.save(
        wrapper, at: url, manifest: manifest, replacingChanges: force)
    } catch  where error.code == .changedSinceRead {
      throw DocumentSessionError(
        .conflict, url: URL(fileURLWithPath: error.path), message: error.message,
        recoverySuggestion: DocumentSessionError.conflictSuggestion)
    }
  }
}
