import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// Every write recovers the interrupted saves of its destination once,
/// before it writes: `PackageJournal` owns recovery, and a journaled save
/// takes the recovery its write began with instead of running another.
@MainActor
@Suite("A save recovers interrupted saves once, and never applies a version-1 journal")
struct JournalRecoveryOnceTests {
  /// Counts the lookups of journal names (`fstatat` of a name ending in
  /// `-journal`): each recovery looks for the journal once for each host
  /// it recovers for.
  final class JournalLookups: FileSystem {
    private let base = POSIXFileSystem()
    private let count = Mutex(0)

    var lookups: Int { count.withLock { $0 } }

    func fstatat(
      _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
    ) -> Int32 {
      if String(cString: path).hasSuffix("-journal") { count.withLock { $0 += 1 } }
      return base.fstatat(directory, path, &status, flags)
    }
  }

  /// The hosts whose journals recovery looks for: this one's, and the
  /// default one's if it differs.
  static var recoveredHosts: Int {
    Set([DocumentHost.current.identifier, DocumentHost.default.identifier]).count
  }

  @Test(
    "An in-place package save, a save as and a save to each look for an interrupted save's journal once",
    arguments: ["save", "save-as", "save-to"])
  func oneRecoveryPerSave(kind: String) async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 20)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n3", text: "changed") }
    try await session.endEvent()
    let observed = JournalLookups()
    try await FileSystemContext.$current.withValue(observed) {
      switch kind {
      case "save": try await session.save()
      case "save-as": try await session.save(as: temporary("Copy.folio"))
      default: try await session.save(to: temporary("Copy.folio"))
      }
    }
    #expect(observed.lookups == Self.recoveredHosts)
    #expect(!session.isDirty || kind == "save-to")
    let saved = try Folio(
      configuration: .init(
        contentType: .folio,
        file: FileWrapper(url: kind == "save" ? url : temporary("Copy.folio"))))
    #expect(saved.pages.first { $0.id == "n3" }?.text == "changed")
  }

  @Test(
    "A committed journal of version 1, which names no package, is never applied: opening and saving leave it and the package as they are"
  )
  func versionOneJournalIsLeftAlone() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 4)
    let before = diskState(url)
    try await JournalOwnershipTests.crashAfterCommit(url, temporary, edits: 2, text: "journaled")
    // The crash left the package as it was, and a committed journal.
    #expect(diskState(url) == before)
    let journal = try #require(try journalName(of: url, in: temporary))
    let commit = temporary(journal).appendingPathComponent("COMMIT")
    var record = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: commit)) as? [String: Any])
    record["version"] = 1
    record["package"] = nil
    record["inode"] = nil
    try JSONSerialization.data(withJSONObject: record).write(to: commit)
    let journalBefore = diskState(temporary(journal))

    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(diskState(url) == before)
    #expect(diskState(temporary(journal)) == journalBefore)
    #expect(session.document.pages.allSatisfy { !$0.text.hasPrefix("journaled") })

    try session.perform { try $0.editPage(id: "n4", text: "saved") }
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.localizedDescription.contains("names no package") == true)
    #expect(diskState(url) == before)
    #expect(diskState(temporary(journal)) == journalBefore)
    #expect(session.isDirty)
  }

  @Test("Whether a document is untitled is the session's answer: new and recovered ones are")
  func untitledIsTheSessionsAnswer() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: try Folio(title: "Trip"),
      environment: testEnvironment(temporary))
    #expect(session.isUntitled)
    await #expect(throws: CocoaError.self) { try await session.save() }
    try await session.save(as: temporary("Trip.folio"))
    #expect(!session.isUntitled)
    try session.perform { try $0.addPage(id: "a", text: "a") }
    try await session.autosave()
    #expect(!session.isUntitled)

    let untitled = DocumentSession(
      new: try Folio(title: "Other"),
      environment: testEnvironment(temporary))
    try untitled.perform { try $0.addPage(id: "b", text: "b") }
    try await untitled.autosave()
    let autosave = try #require(untitled.autosaveURL)
    let recovered = try await DocumentSession<Folio>.recover(
      autosaveAt: autosave, kind: .fileDocument, environment: testEnvironment(temporary))
    #expect(recovered.isUntitled)
    #expect(recovered.isDirty)
  }
}
