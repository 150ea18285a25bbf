import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import DocKit

/// An explicit save of a clean document compares what it would write with
/// the file, to find a change the model did not record. Bytes in memory
/// are compared with the file a piece at a time, never gathered: the
/// answer must be the one a comparison of the whole bytes gives.
@Suite("A clean document's bytes are compared with its file piece by piece")
struct StreamedComparisonTests {
  /// How the new bytes are held, and where they differ from the file.
  struct Case: Sendable, CustomTestStringConvertible {
    var size: Int
    /// The offset of the one byte that differs; nil if none does.
    var difference: Int?
    /// The size of each chunk the source gives; nil: the bytes as one
    /// loaded `Data`.
    var chunk: Int?
    var testDescription: String {
      "\(size) bytes, "
        + (difference.map { "differing at \($0)" } ?? "the same") + ", "
        + (chunk.map { "in chunks of \($0)" } ?? "loaded")
    }
  }

  static let mebibyte = 1 << 20
  static let cases: [Case] = [
    Case(size: 4096, difference: nil, chunk: nil),
    Case(size: 4096, difference: nil, chunk: 7),
    Case(size: 4096, difference: 0, chunk: 7),
    Case(size: 4096, difference: 4095, chunk: nil),
    Case(size: 3 * mebibyte + 11, difference: nil, chunk: 65_537),
    Case(size: 3 * mebibyte + 11, difference: 2 * mebibyte + 5, chunk: 65_537),
    Case(size: 3 * mebibyte + 11, difference: mebibyte, chunk: nil),
    Case(size: 3 * mebibyte + 11, difference: 3 * mebibyte + 10, chunk: 3 * mebibyte + 11),
    Case(size: 1, difference: 0, chunk: 1),
  ]

  /// Bytes that repeat no shorter pattern.
  static func bytes(_ size: Int) -> Data {
    var generator = SplitMix64(seed: 35)
    return Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
  }

  /// A wrapper of `file` as a saved session records it: its bytes left
  /// on disk, with the inode, size and time they were read as.
  static func recorded(_ file: URL) throws -> FileWrapper {
    let wrapper = FileWrapper(regularFileWithContents: Data())
    let status = try FileStatus.of(file.path, in: nil, path: file.path)
    wrapper.contents = .onDisk(path: file.path, identity: status.identity)
    return wrapper
  }

  static func wrapper(of data: Data, chunk: Int?) -> FileWrapper {
    guard let chunk else { return FileWrapper(regularFileWithContents: data) }
    return FileWrapper(
      regularFileWithByteSource: .init(count: data.count) { body in
        try data.withUnsafeBytes { all in
          var offset = 0
          while offset < all.count {
            let end = min(offset + chunk, all.count)
            try body(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
            offset = end
          }
        }
      })
  }

  @Test("The answer is the whole bytes' answer", arguments: cases)
  func sameAnswer(_ test: Case) throws {
    let folder = try TemporaryDirectory()
    let original = Self.bytes(test.size)
    let file = folder.url.appendingPathComponent("f.bin")
    try original.write(to: file)
    var edited = original
    if let offset = test.difference { edited[offset] ^= 0x5A }
    let differs = Self.wrapper(of: edited, chunk: test.chunk).differsInContent(
      from: try Self.recorded(file))
    #expect(differs == (edited != original))
    // The file is read, never changed.
    #expect(try Data(contentsOf: file) == original)
  }

  /// The live file system, noting the size of each `read` asked for.
  final class ReadRecordingFileSystem: FileSystem {
    private let base = POSIXFileSystem()
    private let requests = Mutex([Int]())
    var reads: [Int] { requests.withLock { $0 } }

    func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
      requests.withLock { $0.append(count) }
      return base.read(descriptor, buffer, count)
    }
  }

  @Test("A file of 3 MiB is read in pieces of at most 1 MiB, and only once")
  func readsInPieces() async throws {
    let folder = try TemporaryDirectory()
    let original = Self.bytes(3 * Self.mebibyte + 11)
    let file = folder.url.appendingPathComponent("f.bin")
    try original.write(to: file)
    let recorded = try Self.recorded(file)
    let recorder = ReadRecordingFileSystem()
    let differs = FileSystemContext.$current.withValue(recorder) {
      Self.wrapper(of: original, chunk: 65_537).differsInContent(from: recorded)
    }
    #expect(!differs)
    #expect(!recorder.reads.isEmpty)
    #expect(recorder.reads.allSatisfy { $0 <= Self.mebibyte })
    // The bytes, and the one byte that shows the file ends there.
    #expect(recorder.reads.reduce(0, +) == original.count + 1)
  }

  @Test("Bytes that are the file's with one more or one fewer at the end differ")
  func lengths() throws {
    let folder = try TemporaryDirectory()
    let original = Self.bytes(100_000)
    let file = folder.url.appendingPathComponent("f.bin")
    try original.write(to: file)
    for edited in [original + Data([0]), original.dropLast()] {
      #expect(
        Self.wrapper(of: Data(edited), chunk: 4096).differsInContent(from: try Self.recorded(file)))
    }
  }

  @Test(
    "A file changed on disk since it was recorded is told apart, even with the same bytes' size")
  func changedOnDisk() throws {
    let folder = try TemporaryDirectory()
    let original = Self.bytes(10_000)
    let file = folder.url.appendingPathComponent("f.bin")
    try original.write(to: file)
    let recorded = try Self.recorded(file)
    // Another program rewrites it with other bytes of the same size.
    var other = original
    other[5000] ^= 1
    try other.write(to: file)
    #expect(Self.wrapper(of: original, chunk: 999).differsInContent(from: recorded))
  }
}
