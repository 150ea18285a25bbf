import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// A note collection saves only the notes it flagged as changed. Those
/// flags are relative to the content it was read or last saved as; a value
/// whose base is not what the package holds must not be saved by its flags.
/// Each case here lost the restored content silently before: the save
/// succeeded, and the package kept the later notes.
@MainActor
@Suite("Note collections: a value from before a save is saved whole, never by stale flags")
struct StaleChangeFlagTests {
  private func open(
    _ temporary: TemporaryDirectory, count: Int = 3
  ) async throws -> (DocumentSession<NoteCollectionDocument>, URL) {
    let url = try makeNotesPackage(temporary, count: count)
    let session = try await DocumentSession<NoteCollectionDocument>.open(
      url, environment: testEnvironment(temporary))
    return (session, url)
  }

  /// The notes' texts as a fresh open reads them from disk.
  private func textsOnDisk(_ url: URL) async throws -> [String] {
    let reopened = try await DocumentSession<NoteCollectionDocument>.open(url)
    return reopened.document.notes.map(\.text)
  }

  @Test("A value copied before a save, restored and saved, is what the package holds")
  func restoreAfterSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary)
    let before = session.document
    try session.perform { try $0.editNote(id: "n1", text: "edited") }
    try await session.save()
    #expect(try await textsOnDisk(url) == ["edited", "text 2", "text 3"])

    session.setDocument(before, actionName: "Restore")
    #expect(session.isDirty)
    try await session.save()
    #expect(try await textsOnDisk(url) == ["text 1", "text 2", "text 3"])
  }

  @Test("Undoing a restore that was saved, then saving, gives the later value back")
  func undoRestoreAfterSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary)
    let before = session.document
    try session.perform { try $0.editNote(id: "n2", text: "edited") }
    try await session.save()
    session.setDocument(before, actionName: "Restore")
    try await session.save()
    session.undoManager.undo()
    try await session.save()
    #expect(try await textsOnDisk(url) == ["text 1", "edited", "text 3"])
  }

  @Test("A note removed, and a value from before the removal restored after the save, comes back")
  func restoreRemovedNote() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary)
    let before = session.document
    try session.perform { try $0.removeNote(id: "n3") }
    try await session.save()
    #expect(try await textsOnDisk(url) == ["text 1", "text 2"])
    session.setDocument(before, actionName: "Restore")
    try await session.save()
    #expect(try await textsOnDisk(url) == ["text 1", "text 2", "text 3"])
  }

  @Test(
    "A save that failed after editing the package wrapper: the value restored after it is saved")
  func restoreAfterFailedSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary)
    let before = session.document
    try session.perform { try $0.editNote(id: "n1", text: "never saved") }
    let fullDisk = ErrnoInjectingFileSystem(ENOSPC, on: [.write])
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(fullDisk) { try await session.save() }
    }
    #expect(try await textsOnDisk(url) == ["text 1", "text 2", "text 3"])

    // The failed save put "never saved" into the wrapper the session keeps;
    // the restored value's flags say nothing changed.
    session.setDocument(before, actionName: "Restore")
    try session.perform { try $0.editNote(id: "n2", text: "after") }
    try await session.save()
    #expect(try await textsOnDisk(url) == ["text 1", "after", "text 3"])
  }

  @Test("After a failed save, the same value saves its edit on the next try")
  func retryAfterFailedSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary)
    try session.perform { try $0.editNote(id: "n1", text: "kept") }
    let fullDisk = ErrnoInjectingFileSystem(ENOSPC, on: [.write])
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(fullDisk) { try await session.save() }
    }
    #expect(session.isDirty)
    try await session.save()
    #expect(!session.isDirty)
    #expect(try await textsOnDisk(url) == ["kept", "text 2", "text 3"])
  }

  @Test("A preview of the next save (as `tree` makes) leaves the save itself incremental and right")
  func previewThenSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary, count: 50)
    try session.perform { try $0.editNote(id: "n7", text: "previewed") }
    let preview = try await session.contentsForNextSave()
    #expect(preview.reusesRoot)
    // Only the edited note is a new wrapper in the preview.
    let existing = try #require(preview.existing?.fileWrappers)
    let fresh = try #require(preview.wrapper.fileWrappers).filter { existing[$0.key] !== $0.value }
    #expect(fresh.keys.sorted() == ["n7.json"])
    try await session.save()
    #expect(try await textsOnDisk(url)[6] == "previewed")
  }
}
