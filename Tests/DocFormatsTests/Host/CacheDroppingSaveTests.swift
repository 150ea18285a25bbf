import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import DocFormats

/// A save that replaces a file of a megabyte or more first advises the
/// kernel to drop the old file's cached pages (`POSIX_FADV_DONTNEED`), so
/// that the new file's pages reuse memory just freed. It is advice: the
/// old file on disk is untouched until the new one is in place, and a
/// failure to advise changes nothing.
@MainActor
@Suite("Saving over a large file drops the old file's cache first, and loses nothing")
struct CacheDroppingSaveTests {
  /// Records each `posix_fadvise`: the advice and the inode it was given,
  /// and fails every `write` with `ENOSPC` when told to.
  final class AdviceRecordingFileSystem: FileSystem {
    private let base = POSIXFileSystem()
    private let advised = Mutex<[(advice: Int32, inode: UInt64)]>([])
    let fullDisk: Bool

    init(fullDisk: Bool = false) {
      self.fullDisk = fullDisk
    }

    var advice: [(advice: Int32, inode: UInt64)] { advised.withLock { $0 } }

    func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
      var status = stat()
      _ = base.fstat(descriptor, &status)
      advised.withLock { $0.append((advice, UInt64(status.st_ino))) }
      return base.fadvise(descriptor, advice)
    }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
      guard !fullDisk else {
        errno = ENOSPC
        return -1
      }
      return base.write(descriptor, buffer, count)
    }
  }

  /// A text of `lines` lines, about 30 bytes each, with multi-byte
  /// characters and CRLF endings.
  static func text(lines: Int) -> [UInt8] {
    Array((0..<lines).map { "canary \($0) ✓ café\r\n" }.joined().utf8)
  }

  static func inode(of url: URL) throws -> UInt64 {
    var status = stat()
    #expect(lstat(url.path, &status) == 0)
    return UInt64(status.st_ino)
  }

  @Test(
    "A save over a file of a megabyte or more drops the old file's cache once; a smaller one never",
    arguments: [(100, false), (60_000, true)])
  func advisesOnlyForLargeFiles(lines: Int, advises: Bool) async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("big file.txt")
    let bytes = Self.text(lines: lines)
    #expect((bytes.count >= 1 << 20) == advises)
    try Data(bytes).write(to: url)
    let oldInode = try Self.inode(of: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: lines / 2, with: "saved") }
    try await session.endEvent()
    let recording = AdviceRecordingFileSystem()
    try await FileSystemContext.$current.withValue(recording) { try await session.save() }
    let advice = recording.advice
    if advises {
      #expect(advice.count == 1)
      #expect(advice.first?.advice == POSIX_FADV_DONTNEED)
      // On the file being replaced, not on the new one.
      #expect(advice.first?.inode == oldInode)
    } else {
      #expect(advice.isEmpty)
    }
    var expected = try TextLines(data: Data(bytes))
    _ = try expected.replace(lineAt: lines / 2, with: "saved")
    #expect(try Data(contentsOf: url) == expected.data)
    #expect(try Self.inode(of: url) != oldInode)
    #expect(!session.isDirty)
  }

  @Test("The advice refused changes nothing: the save succeeds with every byte")
  func refusedAdviceIsHarmless() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("a.txt")
    let bytes = Self.text(lines: 60_000)
    try Data(bytes).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 1, with: "saved despite EIO") }
    try await session.endEvent()
    try await FileSystemContext.$current.withValue(ErrnoInjectingFileSystem(EIO, on: [.advise])) {
      try await session.save()
    }
    var expected = try TextLines(data: Data(bytes))
    _ = try expected.replace(lineAt: 1, with: "saved despite EIO")
    #expect(try Data(contentsOf: url) == expected.data)
    #expect(!session.isDirty)
  }

  @Test(
    "A full disk after the advice: the old file is whole on disk, the document dirty, the next save works"
  )
  func failedWriteAfterAdviceKeepsCanary() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("canary.txt")
    let canary = Self.text(lines: 60_000)
    try Data(canary).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 30_000, with: "never lost") }
    try await session.endEvent()
    let fullDisk = AdviceRecordingFileSystem(fullDisk: true)
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(fullDisk) { try await session.save() }
    }
    // The cache was dropped, so these bytes come back from the disk.
    #expect(fullDisk.advice.count == 1)
    #expect(try [UInt8](Data(contentsOf: url)) == canary)
    #expect(session.isDirty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["canary.txt"])
    try await session.save()
    let saved = try [UInt8](Data(contentsOf: url))
    #expect(
      saved.count == canary.count - "canary 30000 ✓ café".utf8.count + "never lost".utf8.count)
    #expect(String(decoding: saved, as: UTF8.self).contains("\r\nnever lost\r\n"))
  }
}
