import DocKit
import DocTestSupport
import Foundation
import Testing

/// Opening (or reverting) a package whose last save was interrupted after its commit point
/// finishes that save first. The recovery reads the journal, renames its
/// files into place and syncs: blocking work that runs off the main actor,
/// so the program stays responsive while the disk is slow.
@MainActor
@Suite("Opening and revert finish an interrupted save off the main actor")
struct RecoveryOffMainActorTests {
  @Test(
    "While recovery's first read is held, another main-actor task runs; then the package opens with the interrupted save's pages"
  )
  func recoveryLeavesTheMainActorFree() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 4)
    try await JournalOwnershipTests.crashAfterCommit(url, temporary, edits: 2, text: "saved")
    #expect(try JournalOwnershipTests.journals(temporary).count == 1)
    let before = try JournalOwnershipTests.texts(url)
    #expect(before["n1"] == "text 1")

    // Opening reads nothing before the journal's COMMIT record: the first
    // read is the recovery's, and the gate holds it.
    let gate = GatedFileSystem(holding: .read)
    let open: @MainActor () async throws -> DocumentSession<Folio> = {
      try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
    }
    // On a queue of its own, so the held call blocks no thread of the
    // cooperative pool.
    let opening = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await open() }
    }
    await gate.reached()
    // The main actor is free: another of its tasks runs to the end, and
    // the recovery has not finished (the journal is still there).
    let other = Task { @MainActor in try JournalOwnershipTests.journals(temporary).count }
    #expect(try await other.value == 1)
    gate.proceed()
    let session = try await opening.value

    let expected = [
      "n1": "saved 1", "n2": "saved 2", "n3": "text 3", "n4": "text 4",
    ]
    #expect(try JournalOwnershipTests.texts(url) == expected)
    #expect(
      Dictionary(uniqueKeysWithValues: session.document.pages.map { ($0.id, $0.text) })
        == expected)
    #expect(try JournalOwnershipTests.journals(temporary).isEmpty)
    #expect(try temporary.names().filter { $0 != "autosave" } == [url.lastPathComponent])
  }

  @Test(
    "Revert finishes another program's interrupted save off the main actor, then reads its pages"
  )
  func revertRecoveryLeavesTheMainActorFree() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try await JournalOwnershipTests.crashAfterCommit(url, temporary, edits: 1, text: "other")
    #expect(try JournalOwnershipTests.journals(temporary).count == 1)

    let gate = GatedFileSystem(holding: .read)
    let revert: @MainActor () async throws -> Void = { try await session.revert() }
    let reverting = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await revert() }
    }
    await gate.reached()
    let other = Task { @MainActor in session.document.pages.map(\.text) }
    #expect(await other.value == ["text 1", "text 2", "text 3"])
    gate.proceed()
    try await reverting.value

    let expected = ["n1": "other 1", "n2": "text 2", "n3": "text 3"]
    #expect(try JournalOwnershipTests.texts(url) == expected)
    #expect(
      Dictionary(uniqueKeysWithValues: session.document.pages.map { ($0.id, $0.text) })
        == expected)
    #expect(try JournalOwnershipTests.journals(temporary).isEmpty)
  }
}
