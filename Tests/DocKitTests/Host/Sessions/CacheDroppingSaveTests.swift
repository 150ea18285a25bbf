import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// With the host policy on (`DocumentEnvironment.dropsReplacedFileCache`),
/// a save that replaces a file of `replacedFileCacheDroppingSize` or more
/// (1 MiB in these tests, 64 MiB by default) first advises the kernel to
/// drop the old file's cached pages (`POSIX_FADV_DONTNEED`), so that the
/// new file's pages reuse memory just freed. It is advice: the old file on
/// disk is untouched until the new one is in place, and a failure to
/// advise changes nothing. With the policy off, no save advises; it is on
/// by default only where the machine's balloon hands free memory back to
/// its host.
@MainActor
@Suite("Saving over a large file drops the old file's cache first, and loses nothing")
struct CacheDroppingSaveTests {
  /// Records each `posix_fadvise`: the advice and the inode it was given.
  /// It refuses the advice (EIO) when told to, fails every `write` with
  /// `ENOSPC` when told to, and shows `/proc/meminfo` as a file whose
  /// `Dirty:` line says `dirtyKilobytes`, so that the decision to advise
  /// does not depend on what else the machine is writing.
  final class AdviceRecordingFileSystem: FileSystem {
    private let base = POSIXFileSystem()
    private let advised = Mutex<[(advice: Int32, inode: UInt64)]>([])
    /// The stand-in for `/proc/meminfo`, removed with this file system.
    private let meminfo: String
    let fullDisk: Bool
    let refusing: Bool

    init(dirtyKilobytes: Int64 = 0, fullDisk: Bool = false, refusing: Bool = false) throws {
      meminfo = NSTemporaryDirectory() + "/meminfo-\(UUID().uuidString)"
      try Data("MemTotal: 24000000 kB\nDirty:  \(dirtyKilobytes) kB\nWriteback: 0 kB\n".utf8)
        .write(to: URL(fileURLWithPath: meminfo))
      self.fullDisk = fullDisk
      self.refusing = refusing
    }

    deinit { unlink(meminfo) }

    var advice: [(advice: Int32, inode: UInt64)] { advised.withLock { $0 } }

    func openat(
      _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
    ) -> Int32 {
      guard String(cString: path) == "/proc/meminfo" else {
        return base.openat(directory, path, flags, mode)
      }
      return meminfo.withCString {
        base.openat(AT_FDCWD, $0, flags, mode)
      }
    }

    func fadvise(_ descriptor: Int32, _ advice: Int32) -> Int32 {
      var status = stat()
      _ = base.fstat(descriptor, &status)
      advised.withLock { $0.append((advice, UInt64(status.st_ino))) }
      return refusing ? EIO : base.fadvise(descriptor, advice)
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

  /// A file of `lines` lines named `name` in a new folder, opened, with
  /// line `line` replaced by `text` (one undoable edit, ended). The folder
  /// is removed when `folder` goes, so a test keeps it to its end. The
  /// session drops a replaced file's cache if `dropping`, from
  /// `droppingSize` bytes.
  static func openEdited(
    _ name: String, lines: Int, line: Int, text: String, dropping: Bool = true,
    droppingSize: Int = 1 << 20
  ) async throws -> (
    folder: TemporaryDirectory, url: URL, bytes: [UInt8],
    session: DocumentSession<TextMemo>
  ) {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent(name)
    let bytes = Self.text(lines: lines)
    try Data(bytes).write(to: url)
    var environment = testEnvironment(temporary)
    environment.dropsReplacedFileCache = dropping
    environment.replacedFileCacheDroppingSize = droppingSize
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: environment)
    try session.perform { try $0.replace(lineAt: line, with: text) }
    try await session.endEvent()
    return (temporary, url, bytes, session)
  }

  /// The text ``text(lines:)`` makes, with line `line` replaced by `text`
  /// (its CRLF kept): what the save must write.
  static func edited(_ bytes: [UInt8], line: Int, text: String) throws -> Data {
    let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count
    let expected = (0..<lines).map { $0 == line ? "\(text)\r\n" : "canary \($0) ✓ café\r\n" }
    #expect(Self.text(lines: lines) == bytes)
    return Data(expected.joined().utf8)
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
    let (folder, url, bytes, session) = try await Self.openEdited(
      "big file.txt", lines: lines, line: lines / 2, text: "saved")
    defer { withExtendedLifetime(folder) {} }
    #expect((bytes.count >= 1 << 20) == advises)
    let oldInode = try Self.inode(of: url)
    let recording = try AdviceRecordingFileSystem()
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
    #expect(try Data(contentsOf: url) == Self.edited(bytes, line: lines / 2, text: "saved"))
    #expect(try Self.inode(of: url) != oldInode)
    #expect(!session.isDirty)
  }

  @Test(
    "The policy off, or a file under the dropping size, no save advises",
    arguments: [
      (false, 1 << 20), (true, DocumentEnvironment.defaultReplacedFileCacheDroppingSize),
    ])
  func noAdvice(dropping: Bool, droppingSize: Int) async throws {
    let (folder, url, bytes, session) = try await Self.openEdited(
      "big file.txt", lines: 60_000, line: 5, text: "saved", dropping: dropping,
      droppingSize: droppingSize)
    defer { withExtendedLifetime(folder) {} }
    #expect(bytes.count >= 1 << 20)
    let recording = try AdviceRecordingFileSystem()
    try await FileSystemContext.$current.withValue(recording) { try await session.save() }
    #expect(recording.advice.isEmpty)
    #expect(try Data(contentsOf: url) == Self.edited(bytes, line: 5, text: "saved"))
    #expect(!session.isDirty)
  }

  @Test("By default the policy is on only where the host takes free memory back, from 64 MiB")
  func defaults() {
    let environment = DocumentEnvironment()
    #expect(environment.dropsReplacedFileCache == POSIXFileSystem.hostReclaimsFreeMemory)
    #expect(environment.replacedFileCacheDroppingSize == 64 << 20)
  }

  @Test("The advice refused changes nothing: the save succeeds with every byte")
  func refusedAdviceIsHarmless() async throws {
    let (folder, url, bytes, session) = try await Self.openEdited(
      "a.txt", lines: 60_000, line: 1, text: "saved despite EIO")
    defer { withExtendedLifetime(folder) {} }
    let refusing = try AdviceRecordingFileSystem(refusing: true)
    try await FileSystemContext.$current.withValue(refusing) { try await session.save() }
    #expect(refusing.advice.count == 1)
    #expect(
      try Data(contentsOf: url) == Self.edited(bytes, line: 1, text: "saved despite EIO"))
    #expect(!session.isDirty)
  }

  @Test(
    "No advice while the system holds unwritten data as large as a quarter of the file: it would write the old bytes back",
    arguments: [(Int64(100_000), false), (Int64(10_000_000), false), (Int64(100), true)])
  func notWhileDataIsDirty(dirtyKilobytes: Int64, advises: Bool) async throws {
    let (folder, url, bytes, session) = try await Self.openEdited(
      "a.txt", lines: 60_000, line: 7, text: "saved")
    defer { withExtendedLifetime(folder) {} }
    #expect(bytes.count / 4 > 100 * 1024 && bytes.count / 4 < 100_000 * 1024)
    let recording = try AdviceRecordingFileSystem(dirtyKilobytes: dirtyKilobytes)
    try await FileSystemContext.$current.withValue(recording) { try await session.save() }
    #expect(recording.advice.count == (advises ? 1 : 0))
    #expect(try Data(contentsOf: url) == Self.edited(bytes, line: 7, text: "saved"))
    #expect(!session.isDirty)
  }

  @Test(
    "A full disk after the advice: the old file is whole on disk, the document dirty, the next save works"
  )
  func failedWriteAfterAdviceKeepsCanary() async throws {
    let (temporary, url, canary, session) = try await Self.openEdited(
      "canary.txt", lines: 60_000, line: 30_000, text: "never lost")
    defer { withExtendedLifetime(temporary) {} }
    let fullDisk = try AdviceRecordingFileSystem(fullDisk: true)
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(fullDisk) { try await session.save() }
    }
    // The cache was dropped, so these bytes come back from the disk.
    #expect(fullDisk.advice.count == 1)
    #expect(try Data(contentsOf: url) == Data(canary))
    #expect(session.isDirty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["canary.txt"])
    try await session.save()
    #expect(
      try Data(contentsOf: url) == Self.edited(canary, line: 30_000, text: "never lost"))
  }
}
