public import Foundation

/// What a host needs of an open document, whatever its type and kind: the
/// non-generic face of ``DocumentSession``, which conforms.
///
/// A host that keeps documents of several types (a scripting language, a
/// window list) holds them as `any DocumentHosting` and saves, reverts,
/// closes and rolls them back without knowing their type. Everything here
/// is public `DocumentSession` API; see each member there. Not Apple API:
/// on Apple platforms `NSDocument` is this face.
@MainActor
public protocol DocumentHosting: AnyObject {
  /// The document's file; nil while untitled.
  var fileURL: URL? { get }
  /// The type the document is saved as.
  var contentType: UTType { get }
  /// The types the document reads.
  var readableContentTypes: [UTType] { get }
  /// The types the document writes.
  var writableContentTypes: [UTType] { get }
  /// The undo manager the document's edits register with.
  var undoManager: UndoManager { get }

  /// Whether the document has changes no save holds.
  var isDirty: Bool { get }
  /// The net number of changes since the session began.
  var changeCount: Int { get }
  /// The change count at the last save: the point undo and redo can
  /// reach again; nil when they cannot.
  var savedChangeCount: Int? { get }
  /// Whether the file changed on disk since the session last read or
  /// wrote it.
  var hasConflict: Bool { get }
  /// Whether the file or package changed on disk since the session last
  /// read or wrote it, a package's entries included.
  var isChangedOnDisk: Bool { get }
  /// Where an untitled document autosaves, once it has.
  var autosaveURL: URL? { get }
  /// Whether the document has no file yet.
  var isUntitled: Bool { get }
  /// When the document autosaves: the one switch for autosave.
  var autosavePolicy: AutosavePolicy { get set }
  /// What the last write owes the user.
  var writeNotices: [String] { get }

  /// Ends the open undo event.
  @discardableResult func endEvent() async throws -> Bool
  /// Saves in place.
  func save(force: Bool) async throws
  /// Saves as `url`, which becomes the document's file.
  func save(as url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// Writes a copy to `url`.
  func save(to url: URL, contentType: UTType?, overwrite: Bool, force: Bool) async throws
  /// Autosaves now, whatever the policy says.
  @discardableResult func autosave() async throws -> Bool
  /// Reads the document's file again, discarding unsaved changes.
  func revert() async throws
  /// Ends the session.
  func close(discardingChanges: Bool) throws
  /// Makes the document, just opened from the autosave at `url`, an
  /// untitled one with unsaved changes that keeps autosaving there.
  func adoptRecoveredAutosave(at url: URL)

  /// What the next save would write, without writing.
  func contentsForNextSave() async throws -> SaveContents
  /// What a save into an empty folder would write.
  func contentsForFreshSave() async throws -> SaveContents

  /// Marks where the document's undo manager stands, for ``rollBack(to:)``.
  func rollbackPoint() -> UndoManager.RollbackPoint
  /// Takes every change made since `point` back, leaving no undo step:
  /// the rollback of an all-or-nothing command that failed.
  func rollBack(to point: UndoManager.RollbackPoint)
}

extension DocumentSession: DocumentHosting {
  /// Marks where ``undoManager`` stands, for ``rollBack(to:)``
  /// (`UndoManager.rollbackPoint()`).
  public func rollbackPoint() -> UndoManager.RollbackPoint { undoManager.rollbackPoint() }

  /// Takes the undo manager back to `point` (`UndoManager.rollBack(to:)`):
  /// the document is as it was there, with no undo step and the same
  /// change count and saved point.
  public func rollBack(to point: UndoManager.RollbackPoint) { undoManager.rollBack(to: point) }
}

extension DocumentHosting {
  /// ``hasConflict``, for a host whose documents are single files: the
  /// default of a conformance written before this requirement existed.
  public var isChangedOnDisk: Bool { hasConflict }
}
