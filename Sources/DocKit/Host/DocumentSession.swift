public import Foundation

/// A document in the headless host: what `DocumentGroup` and `NSDocument`
/// give an app on Apple platforms.
///
/// A session holds the document, its file URL (nil while untitled), its
/// content type, its undo manager and change count, the disk identity it
/// last saw and the wrapper from its last read or write. It opens, saves
/// (in place, as, to), reverts, exports, autosaves and closes the document,
/// the same way for all three kinds:
///
///     let session = try await DocumentSession<NoteCollectionDocument>.open(url)
///     try session.perform { try $0.editNote(id: "tram", text: "Take the 28") }
///     try await session.save()   // ends the open undo event first
///
/// Every write, revert and close ends the open undo event first, so an
/// edit is never lost for want of ``endEvent()``, which closes the event's
/// undo group and runs the autosave policy, as the end of a run-loop event
/// does on Apple platforms.
///
/// Change tracking follows NSDocument: the change count follows the undo
/// manager's notifications, and the saved point lives in the undo stack, so
/// undoing back to it makes the document clean again.
///
/// Errors follow NSDocument too. The session's own failures are
/// `CocoaError`s with Apple's codes that name the file
/// (`catch CocoaError.fileReadNoSuchFile`); DocKit's detail is in
/// `fileWrapperError` or `documentSessionError`. A document's own
/// `CocoaError` that names no file gets the document's URL; its other
/// errors pass through unchanged.
@MainActor
public final class DocumentSession<Document> {
  /// How this kind of document is read and written.
  struct Backend {
    var readableContentTypes: [UTType]
    var writableContentTypes: [UTType]
    /// Reads a document; returns it and the wrapper read, if any.
    var read: @MainActor (URL, UTType, DocumentSession?) async throws -> (Document, FileWrapper?)
    /// Produces the wrapper to write, reusing `existingFile`. For documents
    /// whose writers write by themselves, nil.
    var makeWrapper:
      (@MainActor (DocumentSession, UTType, FileWrapper?) async throws -> FileWrapper)?
    /// Writes by itself to a URL (the `Document` family).
    var writeDirectly: (@MainActor (DocumentSession, UTType, URL) async throws -> Void)?
    /// Tells the document it was saved to its own file as `contentType`.
    var didSave: @MainActor (DocumentSession, UTType) -> Void = { _, _ in }
  }

  let backend: Backend
  /// The document.
  public internal(set) var document: Document
  /// The file the document is saved in; nil while untitled.
  public internal(set) var fileURL: URL?
  /// The type the document is saved as.
  public internal(set) var contentType: UTType
  /// The document's undo manager; every change goes through it.
  public let undoManager: UndoManager
  /// What the session takes from outside.
  public let environment: Environment

  /// Changes done minus changes undone since the session began.
  public internal(set) var changeCount = 0
  /// The change count at the last save; nil when no sequence of undo and
  /// redo can get back to it.
  public internal(set) var savedChangeCount: Int? = 0
  var changesSinceAutosave = 0
  var lastSaveTime: Date
  /// Whether the document may be edited; false while a snapshot is taken.
  public private(set) var isEditable = true

  /// Runs `body` with ``isEditable`` false.
  func withEditsDisabled<T>(_ body: () throws -> T) rethrows -> T {
    isEditable = false
    defer { isEditable = true }
    return try body()
  }

  /// The wrapper from the last read or successful write: `existingFile`.
  var lastWrapper: FileWrapper?
  /// What the package on disk holds, for O(k) in-place saves.
  var manifest: DiskManifest?
  /// The file's identity when the session last read or wrote it.
  var diskStamp: FileChangeStamp?
  /// Where the file's URL led, through its links, when the session last
  /// read or wrote it.
  var diskPath: String?
  /// What the last write owes the user besides its result: that the file
  /// it replaced had other hard links, which keep the old contents (a
  /// save makes a new file). Empty for most writes; a host shows them.
  /// Not Apple API.
  public internal(set) var writeNotices: [String] = []
  /// Where an untitled document autosaves.
  public internal(set) var autosaveURL: URL?
  /// When the session autosaves (``autosaveIfNeeded()``, which
  /// ``endEvent()`` runs): at first the environment's
  /// ``DocumentEnvironment/autosavePolicy``. The one switch for autosave:
  /// ``AutosavePolicy/never`` turns it off, and ``endEvent()`` then only
  /// ends the event. Not Apple API: an app's document autosaves when its
  /// class's `autosavesInPlace` says so.
  public var autosavePolicy: AutosavePolicy

  /// While a save runs (it may suspend, and edits may go on), the change
  /// count it started from, and whether that state was undone and then
  /// changed meanwhile, so it can no longer be the saved point.
  var savingFromChangeCount: Int?
  var savedStateDiverged = false
  var closingGroupIsDiscardable = false
  /// Whether a save, autosave or revert is running. They run one at a time
  /// (two would share temporary files and journals); the others wait.
  var isBusy = false
  var waitingForTurn: [CheckedContinuation<Void, Never>] = []
  /// While a revert runs: the edit state when it was asked for, so an
  /// edit made since is not overwritten.
  var revertStartedAt: EditState?
  /// How many reverts have completed.
  var revertCount = 0
  /// Whether ``close(discardingChanges:)`` has run.
  var isClosed = false
  /// Whether the running write is an autosave, which a close stops.
  var isAutosaving = false

  init(
    document: Document, fileURL: URL?, contentType: UTType, backend: Backend,
    environment: Environment,
    wrapper: FileWrapper?
  ) {
    self.document = document
    self.fileURL = fileURL
    self.contentType = contentType
    self.backend = backend
    self.environment = environment
    autosavePolicy = environment.autosavePolicy
    undoManager = UndoManager()
    lastSaveTime = environment.now()
    if let fileURL { recordDisk(wrapper, at: fileURL) }
    observeUndoManager()
  }

  /// Whether the document has no file of its own yet (``fileURL`` is
  /// nil): a new document, or one recovered from an autosave. A save in
  /// place refuses it; ``save(as:contentType:overwrite:)`` gives it a
  /// file. Hosts ask this rather than deciding it themselves. Not Apple
  /// API.
  public var isUntitled: Bool { fileURL == nil }

  /// Whether the document has changes that are not saved: the change
  /// count differs from the saved one, or an undo group still open (an
  /// event not yet ended) holds an action.
  public var isDirty: Bool {
    savedChangeCount != changeCount || undoManager.openGroupsHoldChange
  }

  /// The types this document can be opened as.
  public var readableContentTypes: [UTType] { backend.readableContentTypes }
  /// The types this document can be saved or exported as.
  public var writableContentTypes: [UTType] { backend.writableContentTypes }
}
