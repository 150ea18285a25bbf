import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import DocFormats

/// A text is saved a leaf at a time, gathered 8 MB at a time, without its
/// bytes ever being joined: reading and saving keep the author's bytes
/// exactly, and a failed streamed write loses nothing.
@MainActor
@Suite("Text: reading and the streamed save keep the bytes")
struct TextStreamedSaveTests {
  /// Files whose bytes a read and a save must keep: a byte-order mark,
  /// CRLF, no final newline, mixed endings, an empty file, and texts of
  /// several megabytes (many leaves, across the megabyte buffer the write
  /// gathers them in) with multi-byte characters.
  nonisolated static let files: [(name: String, bytes: [UInt8])] = [
    ("empty", []),
    ("byte-order mark", [0xEF, 0xBB, 0xBF] + Array("one\ntwo\n".utf8)),
    ("CRLF", Array("one\r\ntwo\r\nthree\r\n".utf8)),
    ("no final newline", Array("one\ntwo".utf8)),
    ("mixed endings, a lone CR", Array("a\r\nb\nc\rd\r\n\r\n\n".utf8)),
    ("only a mark", [0xEF, 0xBB, 0xBF]),
    ("3 MB, multi-byte", Array(manyLines(count: 40_000, text: "café 日本 🎉 ligne").utf8)),
    (
      "3 MB of CRLF, no final newline",
      Array(manyLines(count: 40_000, text: "x", ending: "\r\n").dropLast(2).utf8)
    ),
  ]

  nonisolated static func manyLines(count: Int, text: String, ending: String = "\n") -> String {
    (0..<count).map { "\($0) \(text) \(String(repeating: "=", count: $0 % 61))\(ending)" }.joined()
  }

  @Test("Opened and saved through a session, byte for byte", arguments: 0..<files.count)
  func roundTrip(index: Int) async throws {
    let (_, bytes) = Self.files[index]
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("a.txt")
    try Data(bytes).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try await session.save(force: true)
    #expect(try [UInt8](Data(contentsOf: url)) == bytes)
    // And an edit lands where it should, every other byte kept.
    guard session.document.text.count > 2 else { return }
    try session.perform { try $0.replace(lineAt: 1, with: "ÉDITÉ") }
    try await session.save()
    let expected = try TextLines(data: Data(bytes))
    var edited = expected
    _ = try edited.replace(lineAt: 1, with: "ÉDITÉ")
    #expect(try [UInt8](Data(contentsOf: url)) == [UInt8](edited.data))
    #expect(try [UInt8](Data(contentsOf: url)) != bytes)
  }

  @Test("Invalid UTF-8 is refused with its offset, as before, wherever it is")
  func invalidRefused() throws {
    for position in [0, 5, 7, 8, 9, 15, 16, 1000] {
      var bytes = Array(String(repeating: "abc\n", count: 300).utf8)
      bytes[position] = 0xFF
      let error = #expect(throws: FormatError.self) { try TextLines(data: Data(bytes)) }
      #expect(error?.code == .invalidEncoding)
      #expect(error?.byteOffset == position)
    }
  }

  @Test("Random bytes: read iff String(validating:) accepts them, and the bytes come back")
  func randomBytes() throws {
    let alphabet: [UInt8] = [
      0x41, 0x0A, 0x0D, 0x00, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xF0, 0x90,
      0xF4, 0x8F, 0xC0, 0xFF, 0x0A, 0x61,
    ]
    var random = SplitMix64(seed: 21)
    for _ in 0..<50_000 {
      let bytes = (0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      let text = try? TextLines(data: Data(bytes))
      #expect((text != nil) == valid, "\(bytes.map { String($0, radix: 16) })")
      guard let text else { continue }
      #expect([UInt8](text.data) == bytes)
      let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
      let lines = body.count { $0 == 0x0A } + (body.last == 0x0A || body.isEmpty ? 0 : 1)
      #expect(text.count == lines)
      if text.count != lines { return }
    }
  }

  @Test("A streamed save that fails mid-write leaves the old file and the document dirty")
  func failedWriteKeepsCanary() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("canary.txt")
    let canary = Array(Self.manyLines(count: 40_000, text: "canary ✓").utf8)
    try Data(canary).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 20_000, with: "never saved") }
    try await session.endEvent()
    let fullDisk = ErrnoInjectingFileSystem(ENOSPC, on: [.write])
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(fullDisk) { try await session.save() }
    }
    #expect(try [UInt8](Data(contentsOf: url)) == canary)
    #expect(session.isDirty)
    let litter = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path)
    #expect(litter == ["canary.txt"])
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8).contains("never saved\n"))
  }

  @Test("The write reports its bytes to FileWrapper.writeProgress, up to the file's size")
  func writeProgress() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("a.txt")
    let bytes = Array(Self.manyLines(count: 350_000, text: "progress report").utf8)
    #expect(bytes.count > 16 << 20)
    try Data(bytes).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    let reports = Reports()
    try await FileWrapper.$writeProgress.withValue(
      FileWrapper.WriteProgress { reports.add($0, $1) }
    ) {
      try await session.save(force: true)
    }
    let seen = reports.all
    #expect(seen.first?.completed == 0)
    #expect(seen.last?.completed == Int64(bytes.count))
    #expect(seen.allSatisfy { $0.total == Int64(bytes.count) })
    // 8 MB at a time: a report at 0, then one each 8 MB and at the end.
    #expect(seen.count == 1 + (bytes.count + (8 << 20) - 1) >> 23)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed < $1.completed })
  }

  final class Reports: Sendable {
    private let reports = Mutex<[(completed: Int64, total: Int64)]>([])
    func add(_ completed: Int64, _ total: Int64) {
      reports.withLock { $0.append((completed, total)) }
    }
    var all: [(completed: Int64, total: Int64)] { reports.withLock { $0 } }
  }
}
