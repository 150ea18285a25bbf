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
    let session = try await DocumentSession<TextMemo>.open(
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
    let session = try await DocumentSession<TextMemo>.open(
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

  @Test(
    "A same-size rewrite right after each save, its times set back to the save's, is caught every time (100 rounds)"
  )
  func everyRoundTimesRestored() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("0000\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    var missed = 0
    for round in 0..<100 {
      try session.perform { try $0.insert(["\(round % 10)"], at: 0) }
      try await session.save()
      let saved = fileModificationTime(url)
      let size = Int(FileStat(url)?.size ?? 0)
      try rewriteInPlace(url, with: String(repeating: "x", count: size - 1) + "\n")
      setTimes(url, to: saved)
      if !session.hasConflict { missed += 1 }
      try await session.revert()
    }
    #expect(missed == 0)
  }

  @Test("A save of the session's own making is never a conflict")
  func ownSaves() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
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
  private func openFolio(
    _ temporary: TemporaryDirectory
  ) async throws -> (
    URL, DocumentSession<Folio>
  ) {
    let url = try makeFolio(temporary, count: 5)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    return (url, session)
  }

  @Test(
    "A page changed in place at the same size that the save would replace refuses it, naming it")
  func changedPage() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openFolio(temporary)
    try session.perform { try $0.editPage(id: "n2", text: "mine") }
    try await session.endEvent()
    let page = url.appendingPathComponent("n2.txt")
    let size = Int(FileStat(page)?.size ?? 0)
    try rewriteInPlace(page, with: String(repeating: " ", count: size))
    let theirs = try Data(contentsOf: page)
    #expect(!session.hasConflict)  // the package folder itself is unchanged
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(error?.documentSessionError?.url?.lastPathComponent == "n2.txt")
    #expect(try Data(contentsOf: page) == theirs)
    #expect(session.isDirty)
    #expect(try temporary.names() == ["Trip.folio"])
    try await session.save(force: true)
    #expect(try String(contentsOf: page, encoding: .utf8).contains("mine"))
  }

  @Test("A page replaced by rename, or removed, is a conflict too")
  func replacedOrRemovedPage() async throws {
    for removing in [false, true] {
      let temporary = try TemporaryDirectory()
      let (url, session) = try await openFolio(temporary)
      try session.perform { try $0.editPage(id: "n3", text: "mine") }
      try await session.endEvent()
      let page = url.appendingPathComponent("n3.txt")
      if removing {
        try FileManager.default.removeItem(at: page)
      } else {
        let other = try temporary.write(
          String(decoding: try Data(contentsOf: page), as: UTF8.self), to: "x")
        guard rename(other.path, page.path) == 0 else { throw POSIXError(.EIO) }
      }
      let error = await #expect(throws: CocoaError.self) { try await session.save() }
      #expect(error?.documentSessionError?.code == .conflict)
      #expect(session.isDirty)
    }
  }

  @Test("A page the save adds, already created by another program, is not replaced")
  func createdMeanwhile() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openFolio(temporary)
    try session.perform { try $0.addPage(id: "n9", text: "mine") }
    try await session.endEvent()
    let page = url.appendingPathComponent("n9.txt")
    try Data("theirs".utf8).write(to: page)
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    // The package folder gained an entry, which its own identity shows;
    // the entry check would name the page otherwise.
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(try String(contentsOf: page, encoding: .utf8) == "theirs")
  }

  @Test("A page the save does not touch may change: the save goes ahead and leaves it as it is")
  func untouchedPage() async throws {
    let temporary = try TemporaryDirectory()
    let (url, session) = try await openFolio(temporary)
    try session.perform { try $0.editPage(id: "n1", text: "mine") }
    try await session.endEvent()
    let other = url.appendingPathComponent("n4.txt")
    try rewriteInPlace(other, with: " ")
    let theirs = try Data(contentsOf: other)
    try await session.save()
    #expect(try Data(contentsOf: other) == theirs)
    #expect(!session.isDirty)
  }
}
