import DocKit
import DocTestSupport
import Foundation
import Testing

/// Other ways an edit could vanish without an error, each closed.
@MainActor
@Suite("Document session: no other path loses an edit silently")
struct SilentLossTests {
  /// Opens `a.txt` holding `one`. Its saves run off the main actor
  /// (`inlineSaveLimit` 0), as a large file's do: these tests edit while a
  /// save is held, which a save on the main actor would not allow.
  private func openText(
    _ temporary: TemporaryDirectory, policy: AutosavePolicy = .never
  ) async throws -> (DocumentSession<TextMemo>, URL) {
    let url = try temporary.write("one\n", to: "a.txt")
    var environment = testEnvironment(temporary, policy: policy)
    environment.inlineSaveLimit = 0
    let session = try await DocumentSession<TextMemo>.open(url, environment: environment)
    return (session, url)
  }

  /// Runs `body` in a main-actor task whose file system is `gate`. Its
  /// work off the main actor runs on a queue of its own, so a held call
  /// blocks no thread of the cooperative pool.
  private func start<T: Sendable>(
    with gate: GatedFileSystem, _ body: @escaping @MainActor () async throws -> T
  ) -> Task<T, any Error> {
    Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await body() }
    }
  }

  @Test(
    "An edit made while a save is writing, its event not ended, keeps the document dirty and is saved next"
  )
  func editDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    try session.perform { try $0.insert(["two"], at: 1) }
    let gate = GatedFileSystem(holding: .fsync)
    let saving = start(with: gate) { try await session.save() }
    await gate.reached()
    try session.perform { try $0.insert(["three"], at: 2) }
    gate.proceed()
    try await saving.value
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n")
    #expect(session.isDirty)
    let refused = #expect(throws: CocoaError.self) { try session.close() }
    #expect(refused?.documentSessionError?.code == .unsavedChanges)
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\nthree\n")
    #expect(!session.isDirty)
  }

  @Test("setDocument while a save is writing: the new value is kept dirty and saved next")
  func setDocumentDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    session.setDocument(TextMemo(text: "first\n"))
    let gate = GatedFileSystem(holding: .fsync)
    let saving = start(with: gate) { try await session.save() }
    await gate.reached()
    session.setDocument(TextMemo(text: "second\n"))
    gate.proceed()
    try await saving.value
    #expect(try String(contentsOf: url, encoding: .utf8) == "first\n")
    #expect(session.isDirty)
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "second\n")
  }

  @Test(
    "A document that tracks its changed parts is not told it was saved when it was edited during the save"
  )
  func changeTrackingDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n1", text: "first edit") }
    let gate = GatedFileSystem(holding: .fsync)
    let saving = start(with: gate) { try await session.save() }
    await gate.reached()
    // Serialized already: this edit is not in the save under way.
    try session.perform { try $0.editPage(id: "n2", text: "edited during the save") }
    gate.proceed()
    try await saving.value
    #expect(session.isDirty)
    #expect(session.document.hasUnsavedChanges)
    try await session.save()
    let reopened = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(
      reopened.document.pages.map(\.text) == ["first edit", "edited during the save", "text 3"])
  }

  @Test(
    "Saves run one at a time: a second save waits for the first, an autosave meanwhile is skipped"
  )
  func concurrentSaves() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let session = try await DocumentSession<Folio>.open(
      url,
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 1, interval: nil)))
    try session.perform { try $0.editPage(id: "n1", text: "one") }
    let gate = GatedFileSystem(holding: .fsync)
    let first = start(with: gate) { try await session.save() }
    await gate.reached()
    try session.perform { try $0.editPage(id: "n2", text: "two") }
    // The policy says autosave, but a save is writing the package.
    #expect(try await session.autosaveIfNeeded() == false)
    let second = start(with: gate) { try await session.save() }
    for _ in 0..<20 { await Task.yield() }
    gate.proceed()
    // Run together, the second save's recovery would have deleted the
    // first one's uncommitted journal, and the first would have failed.
    try await first.value
    try await second.value
    #expect(!session.isDirty)
    #expect(try temporary.names() == ["Trip.folio"])
    let reopened = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(reopened.document.pages.map(\.text) == ["one", "two", "text 3"])
  }

  @Test("An edit followed by a failed edit, the event never ended, is still unsaved and saved")
  func failedEditAfterEdit() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    try session.perform { try $0.insert(["two"], at: 1) }
    #expect(throws: TextMemo.LineOutOfRange.self) {
      try session.perform { try $0.insert(["x"], at: 99) }
    }
    // The caller gave up on the failed command and ended nothing.
    #expect(session.isDirty)
    #expect(throws: CocoaError.self) { try session.close() }
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n")
  }

  @Test("A save that fails after an unended edit leaves the file and the saved point as they were")
  func failedSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    try session.perform { try $0.insert(["two"], at: 1) }
    let failing = FaultInjectingFileSystem(failingCall: 1, with: .eio)
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(failing) { try await session.save() }
    }
    #expect(failing.didFail)
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\n")
    #expect(session.isDirty)
    try await session.save()
    #expect(!session.isDirty)
    session.undoManager.undo()
    #expect(session.isDirty)
    session.undoManager.redo()
    #expect(!session.isDirty)
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n")
  }

  @Test("A revert does not overwrite an edit made while it read the file")
  func editDuringRevert() async throws {
    let temporary = try TemporaryDirectory()
    let (session, _) = try await openText(temporary)
    try session.perform { try $0.insert(["discarded"], at: 1) }
    let gate = GatedFileSystem(holding: .read)
    let reverting = start(with: gate) { try await session.revert() }
    await gate.reached()
    try session.perform { try $0.insert(["made during the revert"], at: 2) }
    gate.proceed()
    let error = await #expect(throws: CocoaError.self) { try await reverting.value }
    #expect(error?.documentSessionError?.code == .unsavedChanges)
    #expect(session.document.text == "one\ndiscarded\nmade during the revert\n")
    #expect(session.isDirty)
    // Asked again, the revert discards both.
    try await session.revert()
    #expect(session.document.text == "one\n")
    #expect(!session.isDirty)
    #expect(!session.undoManager.canUndo)
  }

  @Test("A revert waiting for a running save does not discard an edit made while it waits")
  func editWhileRevertWaits() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    try session.perform { try $0.insert(["saved"], at: 1) }
    let gate = GatedFileSystem(holding: .fsync)
    let saving = start(with: gate) { try await session.save() }
    await gate.reached()
    let reverting = Task { try await session.revert() }
    for _ in 0..<5 { await Task.yield() }
    try session.perform { try $0.insert(["made after the revert was asked for"], at: 2) }
    gate.proceed()
    try await saving.value
    let error = await #expect(throws: CocoaError.self) { try await reverting.value }
    #expect(error?.documentSessionError?.code == .unsavedChanges)
    #expect(session.document.text == "one\nsaved\nmade after the revert was asked for\n")
    #expect(session.isDirty)
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\nsaved\n")
  }

  @Test("Two reverts waiting for a running save both succeed; the second is not taken for an edit")
  func revertsQueued() async throws {
    let temporary = try TemporaryDirectory()
    let (session, _) = try await openText(temporary)
    try session.perform { try $0.insert(["saved"], at: 1) }
    let gate = GatedFileSystem(holding: .fsync)
    let saving = start(with: gate) { try await session.save() }
    await gate.reached()
    try session.perform { try $0.insert(["discarded"], at: 2) }
    let first = Task { try await session.revert() }
    let second = Task { try await session.revert() }
    for _ in 0..<5 { await Task.yield() }
    gate.proceed()
    try await saving.value
    try await first.value
    try await second.value
    #expect(session.document.text == "one\nsaved\n")
    #expect(!session.isDirty)
  }

  /// Where an untitled autosave is held while the test closes its session.
  enum AutosaveStep: String, Sendable, CustomTestStringConvertible {
    /// Creating the autosave folder (held at the fsync of its parent).
    case makingTheFolder = "making its folder"
    /// Writing the autosave file, its folder already there.
    case writingTheFile = "writing the file"

    var testDescription: String { rawValue }
  }

  @Test(
    "Closing, discarding changes, while an untitled autosave writes leaves no autosave behind",
    arguments: [AutosaveStep.makingTheFolder, .writingTheFile])
  func closeDuringAutosave(heldWhile step: AutosaveStep) async throws {
    let temporary = try TemporaryDirectory()
    if step == .writingTheFile {
      try FileManager.default.createDirectory(
        at: temporary("autosave"), withIntermediateDirectories: false)
    }
    let session = DocumentSession(
      new: TextMemo(text: "draft\n"),
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 1, interval: nil)))
    try session.perform { try $0.insert(["x"], at: 1) }
    let gate = GatedFileSystem(holding: .fsync)
    let autosaving = start(with: gate) { try await session.autosaveIfNeeded() }
    await gate.reached()
    #expect(throws: CocoaError.self) { try session.close() }
    try session.close(discardingChanges: true)
    gate.proceed()
    #expect(try await autosaving.value == false)
    #expect(
      DocumentSession<TextMemo>.recoverableAutosaves(in: temporary("autosave")).isEmpty)
    #expect(session.autosaveURL == nil)
  }

  @Test("A session used after close still counts its edits, so a save writes them")
  func editAfterClose() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    try session.close()
    try session.perform { try $0.insert(["late"], at: 1) }
    try await session.endEvent()
    #expect(session.isDirty)
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\nlate\n")
  }

  @Test(
    "Groups the program left open are not closed by a save: the edit is written and the document stays dirty"
  )
  func explicitGroupsLeftOpen() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openText(temporary)
    session.undoManager.beginUndoGrouping()
    session.undoManager.beginUndoGrouping()
    try session.perform { try $0.insert(["two"], at: 1) }
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n")
    // The event's group, and the program's two nested in it.
    #expect(session.undoManager.groupingLevel == 3)
    // Dirty on the safe side: the change will be counted when its group
    // closes.
    #expect(session.isDirty)
    #expect(throws: CocoaError.self) { try session.close() }
    session.undoManager.endUndoGrouping()
    session.undoManager.endUndoGrouping()
    try await session.save()
    #expect(!session.isDirty)
    try session.close()
  }
}
