import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// Overwrites `url`'s bytes in place (same inode, no truncation).
private func rewriteInPlace(_ url: URL, with text: String) throws {
  let handle = try FileHandle(forWritingTo: url)
  try handle.write(contentsOf: Data(text.utf8))
  try handle.close()
}

/// The modification time of `url`, to set it back later.
private func fileModificationTime(_ url: URL) -> timespec {
  var raw = stat()
  _ = lstat(url.path, &raw)
  return raw.st_mtim
}

/// Sets both times of `url` to `time`, as `touch -r` would.
private func setTimes(_ url: URL, to time: timespec) {
  let times = [time, time]
  _ = utimensat(AT_FDCWD, url.path, times, 0)
}

/// How another program changes a single-file document.
enum ExternalChange: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case rewriteSameSize
  case rewriteSameSizeTimeRestored
  case largeRewriteSameSizeTimeRestored
  case replaceByRename
  case replaceByRenameTimeRestored
  case truncateAndRewrite

  var testDescription: String { rawValue }

  var isLarge: Bool { self == .largeRewriteSameSizeTimeRestored }

  func apply(to url: URL, in temporary: TemporaryDirectory) throws {
    let before = fileModificationTime(url)
    let size = Int(FileStat(url)?.size ?? 0)
    let theirs = String(repeating: "T", count: size - 1) + "\n"
    switch self {
    case .rewriteSameSize:
      try rewriteInPlace(url, with: theirs)
    case .rewriteSameSizeTimeRestored, .largeRewriteSameSizeTimeRestored:
      try rewriteInPlace(url, with: theirs)
      setTimes(url, to: before)
    case .replaceByRename, .replaceByRenameTimeRestored:
      let other = try temporary.write(theirs, to: "theirs.tmp")
      if self == .replaceByRenameTimeRestored { setTimes(other, to: before) }
      guard rename(other.path, url.path) == 0 else { throw POSIXError(.EIO) }
    case .truncateAndRewrite:
      try Data(theirs.utf8).write(to: url)
    }
  }
}

@MainActor
@Suite("Conflicts: another program's change between open and save is always detected")
struct ConflictDetectionTests {
  @Test(
    "A single file changed by another program refuses the save and keeps their bytes",
    arguments: ExternalChange.allCases)
  func singleFile(change: ExternalChange) async throws {
    let temporary = try TemporaryDirectory()
    let size = change.isLarge ? 200_000 : 16
    let url = try temporary.write(String(repeating: "m", count: size - 1) + "\n", to: "a.txt")
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["mine"], at: 1) }
    try await session.endEvent()
    try change.apply(to: url, in: temporary)
    let theirs = try Data(contentsOf: url)
    #expect(session.hasConflict)
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(try Data(contentsOf: url) == theirs)
    #expect(session.isDirty)
    try await session.save(force: true)
    #expect(try String(contentsOf: url, encoding: .utf8).hasSuffix("mine\n"))
    #expect(!session.hasConflict)
  }

  @Test("A same-size rewrite right after each save is caught every time (200 rounds)")
  func everyRound() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("0000\n", to: "a.txt")
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    var missed = 0
    for round in 0..<200 {
      try session.perform { try $0.insert(["\(round % 10)"], at: 0) }
      try await session.endEvent()
      try await session.save(force: true)
      let size = Int(FileStat(url)?.size ?? 0)
      try rewriteInPlace(url, with: String(repeating: "x", count: size - 1) + "\n")
      if !session.hasConflict { missed += 1 }
    }
    #expect(missed == 0)
  }

  @Test("A save of the session's own making is never a conflict")
  func ownSaves() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    for round in 0..<20 {
      try session.perform { try $0.insert(["\(round)"], at: 0) }
      try await session.endEvent()
      try await session.save()
      #expect(!session.hasConflict)
    }
  }
}

@MainActor
@Suite("Conflicts in a package: the k entries a save replaces are compared with what was read")
struct PackageConflictTests {
  private func openNotes(
    _ temporary: TemporaryDirectory
  ) async throws -> (
    URL, DocumentSession<NoteCollectionDocument>
  ) {
    let url = try makeNotesPackage(temporary, count: 5)
    let session = try await DocumentSession<NoteCollectionDocument>.open(
      url, environment: testEnvironment(temporary))
    return (url, session)
  }

  @Test(
    "A note changed in place at the same size that the save would replace refuses it, naming it")
  func changedNote() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openNotes(temporary)
    try session.perform { try $0.editNote(id: "n2", text: "mine") }
    try await session.endEvent()
    let note = url.appendingPathComponent("n2.json")
    let size = Int(FileStat(note)?.size ?? 0)
    try rewriteInPlace(note, with: String(repeating: " ", count: size))
    let theirs = try Data(contentsOf: note)
    #expect(!session.hasConflict)  // the package folder itself is unchanged
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(error?.documentSessionError?.url?.lastPathComponent == "n2.json")
    #expect(try Data(contentsOf: note) == theirs)
    #expect(session.isDirty)
    #expect(try temporary.names() == ["Trip.notes"])
    try await session.save(force: true)
    #expect(try String(contentsOf: note, encoding: .utf8).contains("mine"))
  }

  @Test("A note replaced by rename, or removed, is a conflict too")
  func replacedOrRemovedNote() async throws {
    for removing in [false, true] {
      let temporary = try TemporaryDirectory()
      let (url, session) = try await openNotes(temporary)
      try session.perform { try $0.editNote(id: "n3", text: "mine") }
      try await session.endEvent()
      let note = url.appendingPathComponent("n3.json")
      if removing {
        try FileManager.default.removeItem(at: note)
      } else {
        let other = try temporary.write(
          String(decoding: try Data(contentsOf: note), as: UTF8.self), to: "x")
        guard rename(other.path, note.path) == 0 else { throw POSIXError(.EIO) }
      }
      let error = await #expect(throws: CocoaError.self) { try await session.save() }
      #expect(error?.documentSessionError?.code == .conflict)
      #expect(session.isDirty)
    }
  }

  @Test("A note the save adds, already created by another program, is not replaced")
  func createdMeanwhile() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openNotes(temporary)
    try session.perform { try $0.addNote(.init(id: "n9", title: "New", text: "mine")) }
    try await session.endEvent()
    let note = url.appendingPathComponent("n9.json")
    try Data("theirs".utf8).write(to: note)
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    // The package folder gained an entry, which its own identity shows;
    // the entry check would name the note otherwise.
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(try String(contentsOf: note, encoding: .utf8) == "theirs")
  }

  @Test("A note the save does not touch may change: the save goes ahead and leaves it as it is")
  func untouchedNote() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openNotes(temporary)
    try session.perform { try $0.editNote(id: "n1", text: "mine") }
    try await session.endEvent()
    let other = url.appendingPathComponent("n4.json")
    try rewriteInPlace(other, with: " ")
    let theirs = try Data(contentsOf: other)
    try await session.save()
    #expect(try Data(contentsOf: other) == theirs)
    #expect(!session.isDirty)
  }
}
