/// What `docrepl check` checks after every step of a random sequence: each
/// failure names one.
package enum CheckInvariant: Int, CaseIterable, Sendable, CustomStringConvertible {
  /// A command that fails leaves the document's bytes, both undo stacks
  /// and the dirty state exactly as they were.
  case allOrNothing = 1
  /// Undoing every step gives back the starting bytes, and redoing every
  /// step the current ones; an edit that changes the bytes leaves one
  /// step to undo.
  case undoRestores
  /// The document is clean exactly when undo or redo has brought it back
  /// to the state last saved (or opened).
  case savedPointHolds
  /// What the document held when saved is what opening the file gives.
  case saveOpenRoundTrips
  /// The package an in-place (incremental) save leaves on disk equals a
  /// full `save-to` of the same state into an empty folder, file by file.
  case incrementalSaveEqualsFullSave
  /// `restore` of a snapshot gives back its bytes, whatever happened since.
  case snapshotsAreValues
  /// Every step finishes within the bound.
  case noHang

  /// The invariant's name, as reports print it.
  package var name: String {
    switch self {
    case .allOrNothing: "all-or-nothing"
    case .undoRestores: "undo restores"
    case .savedPointHolds: "the saved point holds"
    case .saveOpenRoundTrips: "save, then open, round-trips"
    case .incrementalSaveEqualsFullSave: "an incremental save equals a full save"
    case .snapshotsAreValues: "snapshots are values"
    case .noHang: "no crash, no hang"
    }
  }

  /// `invariant 2 (undo restores)`.
  package var description: String { "invariant \(rawValue) (\(name))" }
}
