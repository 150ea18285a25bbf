import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// The text buffer holds its lines in large UTF-8 chunks: checked against
/// a model that is nothing but arrays of bytes, over random documents
/// (CRLF, no final newline, a byte-order mark, empty lines, multi-byte
/// UTF-8, precomposed and decomposed forms) and random edits; and, on a
/// large text, that reading copies nothing and an edit copies one path.
@Suite("Text buffer: lines in UTF-8 chunks, against a model of bytes")
struct TextLinesChunkTests {
  /// A text as bytes: each line's text and ending as byte arrays.
  struct ByteModel: Equatable {
    var hasMark = false
    var lines: [(text: [UInt8], ending: [UInt8])] = []

    static func == (a: ByteModel, b: ByteModel) -> Bool { a.bytes == b.bytes }

    var bytes: [UInt8] {
      (hasMark ? [0xEF, 0xBB, 0xBF] : []) + lines.flatMap { $0.text + $0.ending }
    }

    /// The lines of `bytes` the simplest way: split at each `\n`, a `\r`
    /// before it belonging to the ending.
    init(_ bytes: [UInt8]) {
      var rest = bytes[...]
      if rest.starts(with: [0xEF, 0xBB, 0xBF]) {
        hasMark = true
        rest = rest.dropFirst(3)
      }
      while let newline = rest.firstIndex(of: 0x0A) {
        var text = Array(rest[..<newline])
        if text.last == 0x0D {
          text.removeLast()
          lines.append((text, [0x0D, 0x0A]))
        } else {
          lines.append((text, [0x0A]))
        }
        rest = rest[(newline + 1)...]
      }
      if !rest.isEmpty { lines.append((Array(rest), [])) }
    }

    /// The ending new lines take: the last line's that has one.
    var preferred: [UInt8] { lines.last { !$0.ending.isEmpty }?.ending ?? [0x0A] }

    mutating func insert(_ texts: [[UInt8]], at index: Int) {
      let ending = preferred
      if index == lines.count, let last = lines.last, last.ending.isEmpty, !texts.isEmpty {
        lines[lines.count - 1].ending = ending
        lines += texts.map { ($0, ending) }
        lines[lines.count - 1].ending = []
      } else {
        lines.insert(contentsOf: texts.map { ($0, ending) }, at: index)
      }
    }

    mutating func delete(_ range: Range<Int>) {
      if range.upperBound == lines.count, range.lowerBound > 0,
        lines[lines.count - 1].ending.isEmpty
      {
        lines[range.lowerBound - 1].ending = []
      }
      lines.removeSubrange(range)
    }
  }

  /// Line texts with no line break: empty, ASCII, multi-byte, and both
  /// forms of é.
  static let pieces: [String] = [
    "", "plain", "café", "cafe\u{301}", "日本語のテキスト", "emoji 🎉 here", "tab\tand  spaces",
    "foo bar foo", String(repeating: "long line ", count: 30), "é", "e\u{301}",
  ]

  static func randomText(_ random: inout SplitMix64) -> [UInt8] {
    Array(pieces[random.below(pieces.count)].utf8)
  }

  /// A random document's bytes: some lines, each ending `\n` or `\r\n`,
  /// sometimes no final newline (and then perhaps a lone `\r` at the
  /// end), sometimes a byte-order mark.
  static func randomDocument(_ random: inout SplitMix64, lines: Int) -> [UInt8] {
    var bytes: [UInt8] = random.below(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
    let crlf = random.below(3)
    for index in 0..<lines {
      bytes += randomText(&random)
      let last = index == lines - 1
      if last, random.below(3) == 0 {
        if random.below(4) == 0 { bytes.append(0x0D) }
        continue
      }
      bytes += crlf == 0 || (crlf == 1 && random.below(2) == 0) ? [0x0D, 0x0A] : [0x0A]
    }
    return bytes
  }

  static func check(_ text: TextLines, _ model: ByteModel, _ note: String) {
    #expect(Array(text.data) == model.bytes, "\(note): bytes")
    #expect(text.count == model.lines.count, "\(note): count")
    #expect(text.hasByteOrderMark == model.hasMark, "\(note): mark")
    #expect(text.hasValidTree, "\(note): tree")
  }

  /// What a save writes: the chunks, unedited stretches joined.
  static func checkChunks(_ text: TextLines, _ model: ByteModel, _ note: String) {
    let chunks = text.chunks
    #expect(
      (model.hasMark ? [0xEF, 0xBB, 0xBF] : []) + chunks.joined() == model.bytes,
      "\(note): chunks")
    #expect(chunks.count <= text.leafCount, "\(note): chunks are leaves or joined leaves")
  }

  static func checkLines(_ text: TextLines, _ model: ByteModel, _ note: String) {
    for (line, expected) in zip(text.lines, model.lines) {
      guard Array(line.text.utf8) == expected.text,
        Array(line.ending.rawValue.utf8) == expected.ending
      else {
        Issue.record("\(note): a line differs from the model")
        return
      }
    }
  }

  @Test(
    "Random documents and random edits give the model's bytes; a snapshot never changes",
    arguments: [(1 as UInt64, 0), (2, 3), (3, 70), (4, 200), (5, 1_000), (6, 5_000)])
  func randomEdits(seed: UInt64, lines: Int) throws {
    var random = SplitMix64(seed: seed)
    let start = Self.randomDocument(&random, lines: lines)
    var text = try TextLines(data: Data(start))
    var model = ByteModel(start)
    Self.check(text, model, "read")
    Self.checkLines(text, model, "read")
    var snapshots: [(TextLines, ByteModel)] = []
    for step in 0..<600 {
      let note = "seed \(seed), step \(step)"
      switch random.below(10) {
      case 0, 1, 2:
        let index = random.below(model.lines.count + 1)
        let texts = (0..<(1 + random.below(random.below(8) == 0 ? 90 : 3))).map { _ in
          Self.randomText(&random)
        }
        try text.insert(texts.map { String(decoding: $0, as: UTF8.self) }, at: index)
        model.insert(texts, at: index)
      case 3, 4:
        guard !model.lines.isEmpty else { continue }
        let lower = random.below(model.lines.count)
        let upper = min(
          model.lines.count, lower + 1 + random.below(random.below(6) == 0 ? 200 : 3))
        try text.delete(lower..<upper)
        model.delete(lower..<upper)
      case 5, 6, 7:
        guard !model.lines.isEmpty else { continue }
        let index = random.below(model.lines.count)
        let new = Self.randomText(&random)
        try text.replace(lineAt: index, with: String(decoding: new, as: UTF8.self))
        model.lines[index].text = new
      case 8:
        // replace --all of a byte pattern: é precomposed never matches
        // its decomposed form.
        let (old, new): ([UInt8], [UInt8]) =
          random.below(2) == 0
          ? (Array("é".utf8), Array("E".utf8)) : (Array("foo".utf8), Array("ba🎉r".utf8))
        let batch = try #require(text.replacing(old, with: new, all: true, actionName: "R"))
        _ = text.apply(batch)
        for index in model.lines.indices {
          model.lines[index].text = Self.replaceAll(old, new, in: model.lines[index].text)
        }
      default:
        snapshots.append((text, model))
      }
      Self.check(text, model, note)
      if step % 50 == 0 { Self.checkLines(text, model, note) }
    }
    Self.checkLines(text, model, "seed \(seed), the end")
    Self.checkChunks(text, model, "seed \(seed), the end")
    for (index, (snapshot, expected)) in snapshots.enumerated() {
      Self.check(snapshot, expected, "seed \(seed), snapshot \(index)")
      #expect((snapshot == text) == (snapshot.data == text.data && snapshot.count == text.count))
    }
  }

  static func replaceAll(_ old: [UInt8], _ new: [UInt8], in text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while index < text.count {
      if text[index...].starts(with: old) {
        result += new
        index += old.count
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return result
  }

  @Test("Equality and hashing are by bytes: NFC and NFD differ, trees of any shape agree")
  func equalityByBytes() throws {
    let nfc = try TextLines(data: Data("caf\u{E9}\nx\n".utf8))
    let nfd = try TextLines(data: Data("cafe\u{301}\nx\n".utf8))
    #expect(nfc != nfd)
    var built = TextLines()
    try built.insert(["x"], at: 0)
    try built.insert(["café"], at: 0)
    #expect(built == nfc)
    #expect(built.hashValue == nfc.hashValue)
    #expect(built != nfd)
    // Many lines, reached by different edits: different leaves, equal.
    let lines = (0..<5_000).map { "line \($0) é" }
    let read = try TextLines(data: Data(lines.map { $0 + "\n" }.joined().utf8))
    var grown = TextLines()
    for line in lines.reversed() { try grown.insert([line], at: 0) }
    #expect(read == grown)
    #expect(read.hashValue == grown.hashValue)
    try grown.replace(lineAt: 4_321, with: "line 4321 e\u{301}")
    #expect(read != grown)
  }

  @Test("Reading 50,000 lines copies no line: the leaves are slices of the file's bytes")
  func readingSharesTheBytes() throws {
    let data = Data(
      (0..<50_000).map { "2026-12-02 log line \($0) with some text\r\n" }.joined().utf8)
    let text = try TextLines(data: data)
    let (outside, leaves) = text.leavesOutside(data)
    #expect(leaves >= 50_000 / TextLineNode.leafCapacity)
    // The last two leaves, evened out, are still slices of the file.
    #expect(outside == 0)
    #expect(text.data == data)
  }

  @Test("A save is handed the unedited stretches of the file whole, the edited leaves alone")
  func unchangedStretchesComeWhole() throws {
    for mark in [[], [0xEF, 0xBB, 0xBF] as [UInt8]] {
      let data = Data(mark + (0..<50_000).map { "log line \($0) ✓\r\n" }.joined().utf8)
      let body = Array(data.dropFirst(mark.count))
      var text = try TextLines(data: data)
      #expect(text.leafCount > 700)
      // Read and not edited: the whole file after its mark, one buffer.
      var chunks = text.chunks
      #expect(chunks.map(\.count) == [body.count])
      #expect(chunks.first.map { $0 == body } == true, "the bytes of the one chunk")
      let snapshot = text
      try text.replace(lineAt: 25_000, with: "changed")
      chunks = text.chunks
      #expect(chunks.count == 3)
      #expect(Data(mark + chunks.joined()).elementsEqual(text.data))
      // An insert at the start: the first leaf was full, so with the new
      // line it splits into two leaves of fresh bytes, each alone; then
      // the rest as before.
      try text.insert(["first"], at: 0)
      chunks = text.chunks
      #expect(chunks.count == 5)
      #expect(Data(mark + chunks.joined()).elementsEqual(text.data))
      // The snapshot still hands on its one buffer.
      #expect(snapshot.chunks.map(\.count) == [body.count])
    }
    // Two texts read from the same bytes are not joined with each other.
    let data = Data((0..<1_000).map { "line \($0)\n" }.joined().utf8)
    var text = try TextLines(data: data)
    let other = try TextLines(data: data)
    try text.insert(other.lines.map(\.text), at: text.count)
    #expect(Data(text.chunks.joined()).elementsEqual(text.data))
  }

  @Test(
    "After a snapshot of 50,000 lines, one edit copies one path and one leaf; replace --all copies the leaves it changes"
  )
  func editAfterSnapshotCopiesOnePath() throws {
    let lines = (0..<50_000).map { $0 % 1_000 == 0 ? "foo \($0)" : "line \($0)" }
    var text = try TextLines(data: Data(lines.map { $0 + "\n" }.joined().utf8))
    let snapshot = text
    try text.replace(lineAt: 25_001, with: "changed")
    let copied = text.nodesNotShared(with: snapshot)
    #expect(copied.leaves == 1)
    // A leaf and the inner nodes above it: 50,000 lines are at most 5
    // levels deep (leaves at least half full, inner nodes at least 8).
    #expect((2...5).contains(copied.nodes))
    #expect(snapshot.lines[25_001].text == "line 25001")
    #expect(text.lines[25_001].text == "changed")

    // replace --all: 50 lines hold foo, so at most 50 leaves change.
    let before = text
    let batch = try #require(
      text.replacing(Array("foo".utf8), with: Array("bar".utf8), all: true, actionName: "R"))
    #expect(batch.count == 50)
    let inverse = text.apply(batch)
    let changed = text.nodesNotShared(with: before)
    #expect(changed.leaves == 50)
    // The undo step holds the old texts as ranges of the file's bytes,
    // which the snapshot holds anyway: no copy of them; except the one in
    // the leaf the edit above made anew, copied, as the rest of that leaf
    // is not needed.
    #expect(inverse.ownedByteCount == "foo 25000".utf8.count)
    #expect(inverse.count == 50)
    _ = text.apply(inverse)
    #expect(text == before)
    #expect(text.data == before.data)
  }
}
