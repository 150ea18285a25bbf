import Foundation

// Revert and close.

extension DocumentSession {
  /// Rereads the document from its file, discarding unsaved changes: the
  /// undo stacks are cleared and the document is clean.
  ///
  /// Every edit made before the call is discarded, including one whose
  /// event was not ended. An edit made after the call (while the revert
  /// waits for a running save, or reads the file) is not: the revert then
  /// throws and changes nothing.
  ///
  /// - Throws: `CocoaError`: `.fileNoSuchFile` for an untitled document;
  ///   `.fileWriteUnknown` with ``DocumentSessionError/Code/unsavedChanges``
  ///   if the document was edited (or an edit undone) since the revert was
  ///   asked for; or the read's error as `open(_:contentType:environment:)`
  ///   reports it. The document is then as it was.
  public func revert() async throws {
    endEventGroup()
    let askedAt = editState
    try await exclusively {
      guard let fileURL else {
        throw CocoaError(
          .untitled, url: nil, message: "an untitled document has no file to revert to",
          reading: true)
      }
      revertStartedAt = askedAt
      defer { revertStartedAt = nil }
      try checkNotEditedDuringRevert()
      // Off the main actor, as all blocking file system work: resolving
      // the links, and finishing an interrupted save (reads, renames,
      // syncs).
      let disk = try await offMainActor { () throws(CocoaError) -> URL in
        let disk: URL
        do throws(FileWrapperError) {
          disk = try DocumentPath.resolved(fileURL)
        } catch {
          throw CocoaError(error.namingDocument(at: fileURL), writing: false, url: fileURL)
        }
        try Self.recoverJournal(at: disk)
        return disk
      }.value
      let (document, wrapper) = try await reportingErrors(
        at: fileURL, resolved: disk, reading: true
      ) {
        try await backend.read(disk, contentType, self)
      }
      try checkNotEditedDuringRevert()
      self.document = document
      undoManager.removeAllActions()
      changeCount = 0
      savedChangeCount = 0
      changesSinceAutosave = 0
      revertCount += 1
      recordDisk(wrapper, at: fileURL)
    }
  }

  /// Throws if the document was edited since the running revert was asked
  /// for; a reader that changes the document in place calls it before it
  /// does. A revert that completed meanwhile (one asked for earlier) is not
  /// an edit: what counts is what changed after it.
  func checkNotEditedDuringRevert() throws(CocoaError) {
    guard let start = revertStartedAt else { return }
    let now = editState
    let baseline =
      start.reverts == now.reverts
      ? start : EditState(changeCount: 0, openGroupsHoldChange: false, reverts: now.reverts)
    guard baseline != now else { return }
    throw CocoaError(
      .unsavedChanges, url: fileURL,
      message:
        "the document was edited while it was being reverted; the edit is kept, revert again to discard it"
    )
  }

  /// Closes the document. The open event is ended first, so an edit whose
  /// undo group is still open counts as unsaved.
  ///
  /// A session that is closed still counts changes, so a program that
  /// keeps using it by mistake loses nothing silently.
  ///
  /// - Parameter discardingChanges: Close even with unsaved changes. An
  ///   autosave still serializing the document is then not written.
  /// - Throws: `CocoaError(.fileWriteUnknown)` with
  ///   ``DocumentSessionError/Code/unsavedChanges`` when dirty and not
  ///   discarding.
  public func close(discardingChanges: Bool = false) throws {
    endEventGroup()
    guard !isDirty || discardingChanges else {
      throw CocoaError(
        .unsavedChanges, url: fileURL,
        message: "the document has unsaved changes; save it, or close discarding them")
    }
    isClosed = true
    if let autosaveURL { try? FileDescriptor.removeItem(atPath: autosaveURL.path) }
    autosaveURL = nil
  }
}
