import DocKit
import DocTestSupport
import Foundation
import Testing

@MainActor
@Suite("Document session: autosave and recovery")
struct AutosaveTests {
  @Test("A saved document autosaves in place after enough changes, and is then clean")
  func byChanges() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url,
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 2, interval: nil)))
    try session.perform { try $0.insert(["b"], at: 1) }
    #expect(try await session.endEvent() == false)
    #expect(session.isDirty)
    try session.perform { try $0.insert(["c"], at: 2) }
    #expect(try await session.endEvent() == true)
    #expect(!session.isDirty)
    #expect(try String(contentsOf: url, encoding: .utf8) == "a\nb\nc\n")
  }

  @Test("The time rule uses the injected clock")
  func byTime() async throws {
    let temporary = try TemporaryDirectory()
    let clock = TestClock()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url,
      environment: testEnvironment(
        temporary, clock: clock, policy: AutosavePolicy(changes: nil, interval: 60)))
    try session.perform { try $0.insert(["b"], at: 1) }
    clock.now += 59
    #expect(try await session.endEvent() == false)
    clock.now += 1
    #expect(try await session.autosaveIfNeeded() == true)
    #expect(!session.isDirty)
  }

  @Test(
    "An untitled document autosaves to the autosave folder; after a crash it is found and recovered"
  )
  func untitledRecovery() async throws {
    let temporary = try TemporaryDirectory()
    let environment: DocumentSession<TextMemo>.Environment = testEnvironment(
      temporary, policy: AutosavePolicy(changes: 1, interval: nil))
    do {
      let session = DocumentSession(
        new: TextMemo(text: "draft\n"), environment: environment)
      try session.perform { try $0.insert(["unsaved work"], at: 1) }
      #expect(try await session.endEvent() == true)
      #expect(session.isDirty)  // autosaving an untitled document does not save it
      #expect(session.fileURL == nil)
      #expect(session.autosaveURL == temporary("autosave/Untitled-1.txt"))
      // The process dies here: no close.
    }
    let found = DocumentSession<TextMemo>.recoverableAutosaves(in: temporary("autosave"))
    #expect(found == [temporary("autosave/Untitled-1.txt")])
    let recovered = try await DocumentSession<TextMemo>.recover(
      autosaveAt: found[0], kind: .fileDocument, environment: environment)
    #expect(recovered.document.text == "draft\nunsaved work\n")
    #expect(recovered.fileURL == nil)
    #expect(recovered.isDirty)
    try await recovered.save(as: temporary("kept.txt"))
    #expect(
      DocumentSession<TextMemo>.recoverableAutosaves(in: temporary("autosave")).isEmpty)
    #expect(
      try String(contentsOf: temporary("kept.txt"), encoding: .utf8) == "draft\nunsaved work\n")
  }

  @Test("Closing an untitled document discarding changes removes its autosave")
  func closeRemovesAutosave() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(),
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 1, interval: nil)))
    try session.perform { try $0.insert(["x"], at: 0) }
    try await session.endEvent()
    #expect(
      !DocumentSession<TextMemo>.recoverableAutosaves(in: temporary("autosave")).isEmpty)
    try session.close(discardingChanges: true)
    #expect(
      DocumentSession<TextMemo>.recoverableAutosaves(in: temporary("autosave")).isEmpty)
  }

  @Test("A committed package save interrupted before it was applied is finished by the next open")
  func journalRollForward() async throws {
    func editedSession(
      _ temporary: TemporaryDirectory
    ) async throws -> (DocumentSession<Folio>, URL) {
      let url = try makeFolio(temporary, count: 5)
      let session = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      try session.perform { try $0.editPage(id: "n2", text: "rolled forward") }
      try await session.endEvent()
      return (session, url)
    }
    let reference = try TemporaryDirectory()
    let (referenceSession, referenceURL) = try await editedSession(reference)
    let counter = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(counter) { try await referenceSession.save() }
    let newState = diskState(referenceURL)
    // Find a call whose failure comes after the commit point: the save
    // reports success, but the package is not yet in its new state.
    var interrupted = 0
    for call in 1...counter.callCount {
      let temporary = try TemporaryDirectory()
      let (session, url) = try await editedSession(temporary)
      let injector = FaultInjectingFileSystem(failingCall: call, with: .eio)
      guard
        (try? await FileSystemContext.$current.withValue(injector) { try await session.save() })
          != nil,
        diskState(url) != newState
      else { continue }
      interrupted += 1
      #expect(!session.isDirty)
      #expect(try temporary.names().contains { $0.hasSuffix(".docrepl-journal") })
      let reopened = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      #expect(reopened.document.pages.first { $0.id == "n2" }?.text == "rolled forward")
      #expect(diskState(url) == newState)
      #expect(try temporary.names() == ["Trip.folio"])
    }
    #expect(interrupted > 0)
  }

  @Test(
    "Recovery itself survives a fault at every call: the save is finished now or by the next attempt"
  )
  func recoverySweep() async throws {
    // A package save committed but not applied: fail the first placement.
    func interrupted(_ temporary: TemporaryDirectory) async throws -> URL? {
      let url = try makeFolio(temporary, count: 4)
      let session = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      try session.perform { try $0.editPage(id: "n3", text: "committed") }
      try await session.endEvent()
      for call in 1...200 {
        let injector = FaultInjectingFileSystem(failingCall: call, with: .eio)
        let copy = temporary("try-\(call).folio")
        try FileManager.default.copyItem(at: url, to: copy)
        let trial = try await DocumentSession<Folio>.open(
          copy, environment: testEnvironment(temporary))
        try trial.perform { try $0.editPage(id: "n3", text: "committed") }
        try await trial.endEvent()
        let succeeded =
          (try? await FileSystemContext.$current.withValue(injector) { try await trial.save() })
          != nil
        let journal = try journalName(of: copy, in: temporary)
        if succeeded && journal != nil { return copy }
        try? FileManager.default.removeItem(at: copy)
        if let journal { try? FileManager.default.removeItem(at: temporary(journal)) }
      }
      return nil
    }
    let reference = try TemporaryDirectory()
    let referenceURL = try #require(try await interrupted(reference))
    let counter = FaultInjectingFileSystem()
    try FileSystemContext.$current.withValue(counter) {
      try DocumentSession<Folio>.recoverInterruptedSave(at: referenceURL)
    }
    let finished = diskState(referenceURL)
    #expect(
      try Folio(
        configuration: .init(contentType: .folio, file: FileWrapper(url: referenceURL))
      ).pages.first { $0.id == "n3" }?.text == "committed")
    for call in 1...counter.callCount {
      let temporary = try TemporaryDirectory()
      let url = try #require(try await interrupted(temporary))
      let injector = FaultInjectingFileSystem(failingCall: call, with: .eio)
      let recovered =
        (try? FileSystemContext.$current.withValue(injector) {
          try DocumentSession<Folio>.recoverInterruptedSave(at: url)
        }) != nil
      if !recovered {
        // Either the save was already applied (the failure was in the
        // clean-up), or the journal is kept for a later attempt.
        let journalKept = try journalName(of: url, in: temporary) != nil
        #expect(journalKept || diskState(url) == finished, "recovery call \(call) lost the journal")
        try DocumentSession<Folio>.recoverInterruptedSave(at: url)
      }
      #expect(diskState(url) == finished, "recovery call \(call)")
    }
  }

  @MainActor
  @Test("A save that the user undid and changed past while it ran does not mark the document clean")
  func editsDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("slow.bin")
    try Data("x".utf8).write(to: url)
    // Serialized off the main actor, as a file above `inlineSaveLimit` is:
    // the test edits while the save serializes.
    var environment = testEnvironment(temporary)
    environment.inlineSaveLimit = 0
    let session = try await DocumentSession<SlowDocument>.open(url, environment: environment)
    let document = session.document
    document.change(session.undoManager)
    try await session.endEvent()
    #expect(session.changeCount == 1)
    Task { @MainActor in
      // While the save serializes: undo below the state being saved, then
      // make a new change, back to the same count.
      session.undoManager.undo()
      document.change(session.undoManager)
      session.undoManager.markEventBoundary()
      document.proceed.signal()
    }
    try await session.save()
    #expect(session.changeCount == 1)
    #expect(session.isDirty)
  }
}
