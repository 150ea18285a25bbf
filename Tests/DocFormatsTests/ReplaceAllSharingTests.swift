import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `replace OLD NEW --all` cuts a leaf read from a file around its changed
/// lines: the unchanged stretches stay slices of the file's bytes and only
/// the changed lines get bytes of their own. The bytes after it, after
/// undo, after redo and as saved are exact, whatever the density of the
/// changes, the line endings or the encoding.
@Suite("replace --all shares the file's bytes around the changed lines")
struct ReplaceAllSharingTests {
  /// A line's text without OLD, of about 80 bytes as a log's.
  static func plain(_ index: Int) -> String {
    "2026-12-02T10:00:00.\(index % 1000)Z INFO [worker-\(index % 16)] GET user cache id=\(index)"
  }

  /// `count` lines, those for which `holds` is true holding `foo` (twice
  /// when `index` is odd), ended by `ending(index)`; the last line
  /// without an ending when `finalNewline` is false.
  static func log(
    _ count: Int, holds: (Int) -> Bool, ending: (Int) -> String = { _ in "\n" },
    finalNewline: Bool = true
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    for index in 0..<count {
      let text =
        holds(index)
        ? (index % 2 == 1 ? "foo \(plain(index)) foo" : "\(plain(index)) foo") : plain(index)
      bytes += Array(text.utf8)
      if finalNewline || index < count - 1 { bytes += Array(ending(index).utf8) }
    }
    return bytes
  }

  /// `bytes` with every `old` replaced by `new` within each line's text,
  /// left to right, never across a line's ending (`\n`, or `\r\n`): the
  /// reference, found a byte at a time (`sed 's/OLD/NEW/g'`'s answer).
  static func naive(_ bytes: [UInt8], _ old: [UInt8], _ new: [UInt8]) -> [UInt8] {
    ReplaceEveryTests.sed(bytes, old, new)
  }

  struct Example: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var new: String
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(name: "1 line in 50", bytes: log(5_000, holds: { $0 % 50 == 0 }), new: "bar"),
    Example(
      name: "1 line in 50, longer NEW", bytes: log(5_000, holds: { $0 % 50 == 7 }), new: "foobarbaz"
    ),
    Example(name: "1 line in 50, NEW empty", bytes: log(5_000, holds: { $0 % 50 == 49 }), new: ""),
    Example(name: "every line", bytes: log(3_000, holds: { _ in true }), new: "bar"),
    Example(name: "every third line", bytes: log(3_000, holds: { $0 % 3 == 0 }), new: "quux"),
    Example(name: "first line only", bytes: log(3_000, holds: { $0 == 0 }), new: "bar"),
    Example(name: "last line only", bytes: log(3_000, holds: { $0 == 2_999 }), new: "bar"),
    Example(
      name: "last line only, no final newline",
      bytes: log(3_000, holds: { $0 == 2_999 }, finalNewline: false), new: "barbaz"),
    Example(
      name: "CRLF, 1 line in 50",
      bytes: log(5_000, holds: { $0 % 50 == 3 }, ending: { _ in "\r\n" }), new: "bar"),
    Example(
      name: "CRLF, no final newline, first and last lines",
      bytes: log(
        3_000, holds: { $0 == 0 || $0 == 2_999 }, ending: { _ in "\r\n" }, finalNewline: false),
      new: "b"),
    Example(
      name: "mixed endings, pairs of close lines",
      bytes: log(
        5_000, holds: { $0 % 97 < 2 || $0 % 97 == 9 }, ending: { $0 % 5 == 0 ? "\r\n" : "\n" }),
      new: "bar"),
    Example(
      name: "short lines, 1 in 50",
      bytes: Array((0..<20_000).map { $0 % 50 == 0 ? "a foo\n" : "b\n" }.joined().utf8), new: "x"),
  ]

  @Test(
    "Replace all, undo, redo: the naive reference's bytes each time, and as saved",
    arguments: examples)
  func bytesExact(_ example: Example) throws {
    let data = Data(example.bytes)
    let original = try TextLines(data: data)
    let (old, new) = (Array("foo".utf8), Array(example.new.utf8))
    let expected = Self.naive(example.bytes, old, new)
    #expect(expected != example.bytes)
    let (replaced, undo) = try #require(original.replacingEvery(old, with: new, actionName: "R"))
    #expect(Array(replaced.data) == expected)
    #expect(replaced.chunks.flatMap { $0 } == expected, "the bytes a save writes")
    #expect(replaced.hasValidTree)
    #expect(replaced.count == original.count)
    #expect(replaced.lines.map(\.ending) == original.lines.map(\.ending))
    var text = replaced
    let redo = text.apply(undo)
    #expect(Array(text.data) == example.bytes)
    #expect(text.chunks.flatMap { $0 } == example.bytes)
    #expect(text.hasValidTree)
    let undoAgain = text.apply(redo)
    #expect(Array(text.data) == expected)
    #expect(text.hasValidTree)
    _ = text.apply(undoAgain)
    #expect(Array(text.data) == example.bytes)
    // And then edits of the cut leaves keep the tree and the bytes.
    var edited = replaced
    var reference = try TextLines(data: Data(expected))
    for index in stride(from: 0, to: edited.count, by: 37) {
      try edited.replace(lineAt: index, with: "edited \(index)")
      try reference.replace(lineAt: index, with: "edited \(index)")
    }
    try edited.delete(1..<min(300, edited.count))
    try reference.delete(1..<min(300, reference.count))
    #expect(edited.data == reference.data)
    #expect(edited.hasValidTree)
  }

  @Test(
    "With 1 line in 50 changed, the new leaves hold the changed lines' bytes, not a copy of the file"
  )
  func newLeavesShareTheFile() throws {
    let bytes = Self.log(50_000, holds: { $0 % 50 == 0 })
    let data = Data(bytes)
    let original = try TextLines(data: data)
    let (replaced, undo) = try #require(
      original.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    let changed = (0..<50_000).filter { $0 % 50 == 0 }
    #expect(undo.count == changed.count)
    // Each changed line's new bytes, its ending included.
    let changedBytes = changed.reduce(0) { $0 + replaced.lines[$1].utf8Count }
    let outside = replaced.bytesOutside(data)
    #expect(outside >= changedBytes)
    // At most the last two leaves, joined at the end, besides.
    #expect(outside <= changedBytes + 2 * TextLineNode.leafCapacity * 100)
    #expect(outside * 20 < bytes.count)
    // The unchanged stretches run on across the old leaves' ends: no more
    // than two leaves a changed line, and one a save writes from the file.
    #expect(replaced.leafCount <= original.leafCount + 2 * changed.count)
    #expect(replaced.chunks.count <= 2 * changed.count + 3)
    // The undo step holds no copy of the old lines: ranges of the file's
    // bytes, all in one segment.
    #expect(undo.ownedByteCount == 0)
    #expect(undo.segments.count == 1)
    var text = replaced
    _ = text.apply(undo)
    #expect(text.data == data)
  }

  @Test("A leaf of bytes of its own is built whole, as before: there is no file to share")
  func ownLeavesBuiltWhole() throws {
    var text = try TextLines(data: Data(Self.log(640, holds: { $0 % 50 == 0 })))
    // Every leaf edited once, so none is a slice of the file any more.
    for index in stride(from: 1, to: 640, by: 64) { try text.replace(lineAt: index, with: "x") }
    let leaves = text.leafCount
    let (replaced, _) = try #require(
      text.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    #expect(replaced.leafCount == leaves)
    #expect(replaced.hasValidTree)
  }

  @Test("A Latin-1 file: the encoded bytes after replace all and after undo are exact")
  func otherEncoding() throws {
    let lines = (0..<4_000).map {
      $0 % 50 == 0 ? "caf\u{E9} foo \($0)\r\n" : "na\u{EF}ve \($0)\r\n"
    }
    let latin1 = try #require(lines.joined().data(using: .isoLatin1))
    let (utf8, _) = try TextCodec.decode(latin1, as: .isoLatin1)
    let original = try TextLines(data: utf8)
    let (replaced, undo) = try #require(
      original.replacingEvery(Array("foo".utf8), with: Array("b\u{E4}r".utf8), actionName: "R"))
    let expected = try #require(
      lines.map { $0.replacingOccurrences(of: "foo", with: "b\u{E4}r") }.joined()
        .data(using: .isoLatin1))
    #expect(try TextCodec.encode(replaced.data, as: .isoLatin1) == expected)
    var text = replaced
    _ = text.apply(undo)
    #expect(try TextCodec.encode(text.data, as: .isoLatin1) == latin1)
  }

  @Test("Through a session: replace all, save, undo, save, redo, save give the exact files")
  @MainActor
  func sessionSaves() async throws {
    let bytes = Self.log(
      20_000, holds: { $0 % 50 == 1 }, ending: { _ in "\r\n" }, finalNewline: false)
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("log.txt")
    try Data(bytes).write(to: url)
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    let expected = Self.naive(bytes, Array("foo".utf8), Array("bar".utf8))
    let (replaced, undo) = try #require(
      session.document.text.replacingEvery(
        Array("foo".utf8), with: Array("bar".utf8), actionName: "Replace foo"))
    session.perform { $0.replaceText(with: replaced, undo: undo) }
    session.undoManager.markEventBoundary()
    try await session.save()
    #expect(try [UInt8](Data(contentsOf: url)) == expected)
    session.undoManager.undo()
    try await session.save()
    #expect(try [UInt8](Data(contentsOf: url)) == bytes)
    session.undoManager.redo()
    try await session.save()
    #expect(try [UInt8](Data(contentsOf: url)) == expected)
  }
}
