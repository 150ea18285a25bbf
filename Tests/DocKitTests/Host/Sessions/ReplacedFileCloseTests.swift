import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// A save holds the file it replaces open (locked) until the new one is in
/// place; that last descriptor then closes on another thread, where the
/// kernel frees the old file. A test's file system sees the close in order,
/// before the save returns.
@MainActor
@Suite("The replaced file's last descriptor closes after the save, and never leaks")
struct ReplacedFileCloseTests {
  /// The live file system, counting `openat` and `close` calls.
  final class CountingFileSystem: FileSystem {
    private let base = POSIXFileSystem()
    private let counts = Mutex((opens: 0, closes: 0))

    var opens: Int { counts.withLock { $0.opens } }
    var closes: Int { counts.withLock { $0.closes } }

    func openat(
      _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
    ) -> Int32 {
      let descriptor = base.openat(directory, path, flags, mode)
      if descriptor >= 0 { counts.withLock { $0.opens += 1 } }
      return descriptor
    }

    func close(_ descriptor: Int32) -> Int32 {
      counts.withLock { $0.closes += 1 }
      return base.close(descriptor)
    }
  }

  /// The descriptors of this process that lead to a removed file in
  /// `folder` (`/proc/self/fd` shows such a target with " (deleted)").
  private func descriptorsOfRemovedFiles(in folder: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.compactMap { entry in
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/fd/" + entry, &buffer, Int(PATH_MAX))
      guard count > 0 else { return nil }
      let target = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return target.hasPrefix(folder + "/") && target.hasSuffix(" (deleted)") ? target : nil
    }
  }

  @Test("Twenty saves of a small file leave no descriptor of a replaced file open")
  func noDescriptorLeaks() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write(String(repeating: "r", count: 4095) + "\n", to: "notes.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    for round in 1...20 {
      try session.perform { try $0.insert(["round \(round)"], at: 0) }
      try await session.save()
      #expect(try Data(contentsOf: url) == Data(session.document.text.utf8))
    }
    // The closes run on another thread: wait for them, up to a minute,
    // for a machine that is busy.
    let folder = try #require(
      realpath(temporary.url.path, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      })
    var open = descriptorsOfRemovedFiles(in: folder)
    for _ in 0..<600 where !open.isEmpty {
      try await Task.sleep(for: .milliseconds(100))
      open = descriptorsOfRemovedFiles(in: folder)
    }
    #expect(open.isEmpty, "still open: \(open)")
    #expect(!session.isDirty)
  }

  @Test(
    "A test's file system sees every descriptor of a save closed before the save returns",
    arguments: [4096, 2 << 20])
  func closesInOrderOnATestFileSystem(size: Int) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write(String(repeating: "c", count: size - 1) + "\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["edited"], at: 0) }
    let counting = CountingFileSystem()
    try await FileSystemContext.$current.withValue(counting) { try await session.save() }
    // The conflict check's read, the folder, the temporary file and the
    // lock on the replaced file at least.
    #expect(counting.opens >= 3)
    #expect(counting.closes == counting.opens)
    #expect(try Data(contentsOf: url) == Data(session.document.text.utf8))
  }
}
