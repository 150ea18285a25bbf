import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// A save locks its temporary files and its journal while it uses them.
/// Recovery (which every open runs) removes only what it can lock, so it
/// never takes a save in progress, here or in another process, for a
/// crash's leftovers; and a second save of the same package meanwhile is
/// refused with a clear error.
///
/// `flock` locks belong to an open file description, so a second
/// descriptor opened in this process contends exactly as another process
/// would. Some tests use that; others use a real second process.
@MainActor
@Suite("Concurrent saves and opens: recovery takes only leftovers")
struct ConcurrentSaveTests {
  /// Something that holds an exclusive `flock` on a path until released.
  protocol LockHolder {
    func release() throws
  }

  /// A second open file description in this process.
  struct DescriptorLock: LockHolder {
    let descriptor: Int32

    init(_ url: URL) throws {
      descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
      try #require(descriptor >= 0)
      try #require(POSIXFileSystem().flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    }

    func release() throws {
      #expect(close(descriptor) == 0)
    }
  }

  /// Another process: `/usr/bin/flock PATH cat`, which holds the lock until
  /// its standard input closes.
  final class ProcessLock: LockHolder {
    let process = Process()
    let input = Pipe()

    init(_ url: URL) throws {
      let flock = "/usr/bin/flock"
      try #require(FileManager.default.isExecutableFile(atPath: flock))
      let output = Pipe()
      process.executableURL = URL(fileURLWithPath: flock)
      process.arguments = [
        "--exclusive", "--nonblock", url.path, "/bin/sh", "-c", "echo locked; exec cat",
      ]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      // The command runs only once the lock is held.
      let line = output.fileHandleForReading.availableData
      try #require(String(decoding: line, as: UTF8.self).hasPrefix("locked"))
    }

    func release() throws {
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
  }

  enum Holder: String, CaseIterable, Sendable {
    case descriptorInThisProcess = "a second descriptor in this process"
    case otherProcess = "another process"

    func lock(_ url: URL) throws -> any LockHolder {
      switch self {
      case .descriptorInThisProcess: try DescriptorLock(url)
      case .otherProcess: try ProcessLock(url)
      }
    }
  }

  /// `.<stem>.<hash>.docrepl-`: what the temporary names of the text file at
  /// `url` start with, learned from a save.
  static func temporaryPrefix(of url: URL, _ temporary: TemporaryDirectory) async throws -> String {
    let names = try await JournalOwnershipTests.temporaryNames(savingTextAt: url, temporary)
    let name = try #require(names.first)
    let range = try #require(name.range(of: ".docrepl-"))
    return String(name[..<range.upperBound])
  }

  @Test(
    "Recovery removes a leftover temporary file, and leaves one whose lock is held",
    arguments: Holder.allCases)
  func lockedTemporaryFileStays(_ holder: Holder) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("first\n", to: "a.txt")
    let prefix = try await Self.temporaryPrefix(of: url, temporary)
    let inUse = try temporary.write("a save in progress", to: prefix + "inuse.tmp")
    let leftover = try temporary.write("a crash's leftover", to: prefix + "leftover.tmp")
    let lock = try holder.lock(inUse)
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: url)
    #expect(try String(contentsOf: inUse, encoding: .utf8) == "a save in progress")
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    try lock.release()
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: url)
    #expect(try temporary.names() == ["a.txt"])
  }

  @Test(
    "An old file moved aside by a write that stopped before the new one was in place is put back")
  func asideIsPutBack() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("first\n", to: "b.txt")
    let prefix = try await Self.temporaryPrefix(of: url, temporary)
    try temporary.write("the old text\n", to: "b.txt")
    try FileManager.default.moveItem(at: url, to: temporary(prefix + "x.old"))
    try temporary.write("a new text not yet in place", to: prefix + "y.tmp")
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: url)
    #expect(try String(contentsOf: url, encoding: .utf8) == "the old text\n")
    #expect(try temporary.names() == ["b.txt"])
    // Once the new file is in place, the old one is only a leftover.
    try temporary.write("old", to: prefix + "z.old")
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: url)
    #expect(try String(contentsOf: url, encoding: .utf8) == "the old text\n")
    #expect(try temporary.names() == ["b.txt"])
  }

  @Test(
    "Opening a name with nothing at it still recovers: the old file moved aside comes back, a first save's temporary file goes"
  )
  func openingAnAbsentNameRecovers() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("first\n", to: "c.txt")
    let prefix = try await Self.temporaryPrefix(of: url, temporary)
    try temporary.write("first\n", to: "c.txt")
    // A write stopped between its two renames: only the old file, aside.
    try FileManager.default.moveItem(at: url, to: temporary(prefix + "x.old"))
    try temporary.write("a new text not yet in place", to: prefix + "y.tmp")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    #expect(session.document.text == "first\n")
    #expect(try temporary.names() == ["c.txt"])

    // A first save of a new name killed before its rename: the next open
    // of that name reports that nothing is there, and leaves no litter.
    let fresh = try temporary.write("x\n", to: "d.txt")
    let freshPrefix = try await Self.temporaryPrefix(of: fresh, temporary)
    try FileManager.default.removeItem(at: fresh)
    try temporary.write("an unfinished first save", to: freshPrefix + "z.tmp")
    let cocoa = try await #require(throws: CocoaError.self) {
      _ = try await DocumentSession<TextMemo>.open(
        fresh, environment: testEnvironment(temporary))
    }
    #expect(cocoa.code == .fileReadNoSuchFile)
    #expect(try temporary.names() == ["c.txt"])
  }

  @Test(
    "A committed journal whose save still holds its lock is neither applied nor removed, and a second save of the package is refused until it is released",
    arguments: Holder.allCases)
  func lockedJournalStays(_ holder: Holder) async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 6)
    let before = diskState(url)
    try await JournalOwnershipTests.crashAfterCommit(url, temporary, edits: 2)
    let journal = temporary(try #require(try journalName(of: url, in: temporary)))
    let lock = try holder.lock(journal)

    #expect(try !DocumentSession<Folio>.recoverInterruptedSave(at: url))
    #expect(FileManager.default.fileExists(atPath: journal.appendingPathComponent("COMMIT").path))
    #expect(diskState(url) == before)

    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n5", text: "second save") }
    try await session.endEvent()
    let cocoa = try await #require(throws: CocoaError.self) { try await session.save() }
    let error = try #require(cocoa.fileWrapperError)
    #expect(cocoa.code == .fileLocking)
    #expect(error.code == .locked)
    #expect(error.path == url.path)
    #expect(error.message.contains("another process is saving this document"))
    #expect(session.isDirty)
    #expect(diskState(url) == before)
    #expect(FileManager.default.fileExists(atPath: journal.path))

    try lock.release()
    #expect(try DocumentSession<Folio>.recoverInterruptedSave(at: url))
    let texts = try JournalOwnershipTests.texts(url)
    #expect(texts["n1"] == "edited 1" && texts["n2"] == "edited 2" && texts["n5"] == "text 5")
    #expect(try temporary.names() == ["Trip.folio"])
  }

  @Test("An uncommitted journal is removed only once nobody holds its lock")
  func lockedUncommittedJournalStays() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let before = diskState(url)
    try await JournalOwnershipTests.crashAfterCommit(url, temporary, edits: 1)
    let journal = temporary(try #require(try journalName(of: url, in: temporary)))
    try FileManager.default.removeItem(at: journal.appendingPathComponent("COMMIT"))
    let lock = try DescriptorLock(journal)
    _ = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(FileManager.default.fileExists(atPath: journal.path))
    try lock.release()
    #expect(try !DocumentSession<Folio>.recoverInterruptedSave(at: url))
    #expect(try temporary.names() == ["Trip.folio"])
    #expect(diskState(url) == before)
  }

  enum Kind: String, CaseIterable, Sendable {
    case file = "a single file"
    case package = "a package"
  }

  @Test(
    "A temporary file or journal that another recovery removes between its creation and its lock is made again, and the save succeeds",
    arguments: Kind.allCases)
  func lostBeforeLockIsMadeAgain(_ kind: Kind) async throws {
    let temporary = try TemporaryDirectory()
    switch kind {
    case .file:
      let url = try temporary.write("first\nsecond\n", to: "a.txt")
      let session = try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
      try session.perform { try $0.replace(lineAt: 0, with: "saved") }
      try await session.endEvent()
      // Just before the save locks its new temporary file, a recovery runs.
      let observer = ObservingFileSystem(before: .flock) {
        _ = try? DocumentSession<TextMemo>.recoverInterruptedSave(at: url)
      }
      try await FileSystemContext.$current.withValue(observer) { try await session.save() }
      #expect(observer.createdNames.filter { $0.hasSuffix(".tmp") }.count == 2)
      #expect(try String(contentsOf: url, encoding: .utf8) == "saved\nsecond\n")
      #expect(!session.isDirty)
      #expect(try temporary.names() == ["a.txt"])
    case .package:
      let url = try makeFolio(temporary, count: 4)
      let session = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      try session.perform { try $0.editPage(id: "n3", text: "saved") }
      try await session.endEvent()
      // Just before the save locks its new journal, a recovery runs.
      let observer = ObservingFileSystem(before: .flock) {
        _ = try? DocumentSession<Folio>.recoverInterruptedSave(at: url)
      }
      try await FileSystemContext.$current.withValue(observer) { try await session.save() }
      #expect(observer.createdNames.filter { $0.hasSuffix(".docrepl-journal") }.count == 2)
      #expect(try JournalOwnershipTests.texts(url)["n3"] == "saved")
      #expect(!session.isDirty)
      #expect(try temporary.names() == ["Trip.folio"])
    }
  }

  /// Runs `docrepl-bench` (built with the tests) with `arguments`.
  nonisolated static func runBench(_ arguments: [String]) throws -> ProcessResult {
    let bench = productsDirectory.appendingPathComponent("docrepl-bench")
    try #require(FileManager.default.isExecutableFile(atPath: bench.path))
    return try runProgram(bench, arguments)
  }

  @Test(
    "Another process that opens and saves a file while a save of it is in progress leaves that save's temporary file, and both saves succeed"
  )
  func otherProcessOpensDuringFileSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("first\nsecond\n", to: "single.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 0, with: "ours") }
    try await session.endEvent()
    let directory = temporary.url.path
    let other = ResultBox()
    // The first fsync is the new temporary file's: written, not yet renamed.
    let observer = ObservingFileSystem(before: .fsync) {
      other.set(try? Self.runBench(["single-save-once", directory]))
    }
    try await FileSystemContext.$current.withValue(observer) { try await session.save() }
    let result = try #require(other.value)
    #expect(result.status == 0, "\(result.errors)")
    // Both saves replaced the file whole; ours renamed last.
    #expect(try String(contentsOf: url, encoding: .utf8) == "ours\nsecond\n")
    #expect(try temporary.names() == ["single.txt"])
  }

  @Test(
    "Another process that saves a package while a save of it is in progress is refused with a clear error; the first save completes"
  )
  func otherProcessSavesDuringPackageSave() async throws {
    // The other process is docrepl-bench, which saves the package it makes
    // (`make-package`: DocFormats' note collection, Bench.notes) by
    // editing one note. This process saves the same package as a plain
    // folder whose save rewrites one file, through the same journal.
    let temporary = try TemporaryDirectory()
    let directory = temporary.url.path
    let made = try Self.runBench(["make-package", directory, "4"])
    try #require(made.status == 0, "\(made.errors)")
    let url = temporary("Bench.notes")
    let untouched = try Data(contentsOf: url.appendingPathComponent("n1.json"))
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    session.setDocument(EditingPackage(edits: [.write("n2.json", "ours")]), actionName: "Edit")
    try await session.endEvent()
    let other = ResultBox()
    // The first fsync comes just after the journal is made and locked.
    let observer = ObservingFileSystem(before: .fsync) {
      other.set(try? Self.runBench(["package-save-once", directory]))
    }
    try await FileSystemContext.$current.withValue(observer) { try await session.save() }
    let result = try #require(other.value)
    #expect(result.status == 1)
    #expect(result.errors.contains("another process is saving this document"), "\(result.errors)")
    #expect(
      try String(contentsOf: url.appendingPathComponent("n2.json"), encoding: .utf8) == "ours")
    #expect(try Data(contentsOf: url.appendingPathComponent("n1.json")) == untouched)
    #expect(!session.isDirty)
    #expect(try temporary.names() == ["Bench.notes"])
  }
}

/// A value set from another thread.
final class ResultBox: Sendable {
  private let storage = Mutex<ProcessResult?>(nil)
  var value: ProcessResult? { storage.withLock { $0 } }
  func set(_ result: ProcessResult?) { storage.withLock { $0 = result } }
}
