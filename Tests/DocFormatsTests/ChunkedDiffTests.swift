import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `diff` of a text document reads the text buffer's leaves as chunks of
/// lines, passing over those a snapshot shares: its output is the same,
/// byte for byte, as the diff of the two texts as `String`s.
@Suite("diff of line chunks: the String diff's bytes, shared leaves unread")
struct ChunkedDiffTests {
  /// The chunked diff of `old` and `new`, which must not stop.
  static func chunked(
    _ old: ScriptLineChunks, _ new: ScriptLineChunks, context: Int = 3
  ) throws -> UnifiedDiff {
    try #require(
      UnifiedDiff(
        oldChunks: old, newChunks: new, oldName: "old", newName: "new", context: context,
        stoppingWhen: { false }))
  }

  static func expectSame(
    _ chunked: UnifiedDiff, _ old: String, _ new: String, context: Int = 3, _ note: String
  ) {
    let whole = UnifiedDiff(
      oldText: old, newText: new, oldName: "old", newName: "new", context: context)
    #expect(Array(chunked.description.utf8) == Array(whole.description.utf8), "\(note)")
    #expect(chunked.hunks == whole.hunks, "\(note)")
    #expect(chunked.isBounded == whole.isBounded, "\(note)")
  }

  @Test(
    "Random documents, random edits after a snapshot: the same bytes as the String diff",
    arguments: [(11 as UInt64, 0), (12, 5), (13, 70), (14, 300), (15, 1_500), (16, 4_000)])
  func randomEdits(seed: UInt64, lines: Int) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<12 {
      let start = TextLinesChunkTests.randomDocument(&random, lines: lines)
      let snapshot = try TextLines(data: Data(start))
      var text = snapshot
      for _ in 0..<(1 + random.below(round.isMultiple(of: 3) ? 40 : 4)) {
        let texts = (0..<(1 + random.below(3))).map { _ in
          String(decoding: TextLinesChunkTests.randomText(&random), as: UTF8.self)
        }
        switch random.below(3) {
        case 0:
          try text.insert(texts, at: random.below(text.count + 1))
        case 1 where text.count > 0:
          let at = random.below(text.count)
          try text.delete(at..<min(text.count, at + 1 + random.below(3)))
        default:
          guard text.count > 0 else { continue }
          try text.replace(lineAt: random.below(text.count), with: texts[0])
        }
      }
      let context = [0, 1, 3][random.below(3)]
      let diff = try Self.chunked(snapshot.lineChunks, text.lineChunks, context: context)
      Self.expectSame(
        diff, snapshot.text, text.text, context: context, "seed \(seed), round \(round)")
      // And the other way round, and against itself.
      let back = try Self.chunked(text.lineChunks, snapshot.lineChunks, context: context)
      Self.expectSame(
        back, text.text, snapshot.text, context: context, "seed \(seed), round \(round), back")
      #expect(try Self.chunked(text.lineChunks, text.lineChunks).isEmpty)
    }
  }

  /// `text`'s lines cut into chunks at random line boundaries, without
  /// owners: compared by their bytes.
  static func unownedChunks(_ text: String, _ random: inout SplitMix64) -> ScriptLineChunks {
    var chunks: [ScriptLineChunks.Chunk] = []
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Array($0) + [0x0A]
    }
    if let last = lines.last {
      // The piece after the last `\n`: a line without one, or nothing.
      lines[lines.count - 1] = Array(last.dropLast())
      if lines[lines.count - 1].isEmpty { lines.removeLast() }
    }
    var index = 0
    while index < lines.count {
      let take = min(lines.count - index, 1 + random.below(5))
      chunks.append(
        ScriptLineChunks.Chunk(
          bytes: Data(lines[index..<(index + take)].joined()), lineCount: take, owner: nil))
      index += take
    }
    return ScriptLineChunks(chunks)
  }

  @Test(
    "Chunks cut anywhere at line boundaries, without owners, give the String diff's bytes",
    arguments: [21 as UInt64, 22, 23, 24])
  func unownedChunksAnywhere(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<40 {
      let old = String(
        decoding: TextLinesChunkTests.randomDocument(&random, lines: random.below(60)),
        as: UTF8.self)
      let new = String(
        decoding: TextLinesChunkTests.randomDocument(&random, lines: random.below(60)),
        as: UTF8.self)
      // Half the time, the new text is the old one with a line changed.
      let edited =
        round.isMultiple(of: 2) || old.isEmpty
        ? new : old.replacingOccurrences(of: "plain", with: "plain!")
      let diff = try Self.chunked(
        Self.unownedChunks(old, &random), Self.unownedChunks(edited, &random))
      Self.expectSame(diff, old, edited, "seed \(seed), round \(round)")
    }
  }

  @Test(
    "Precomposed and decomposed é, CRLF and a missing final newline, line by line",
    arguments: [
      ("caf\u{E9}\r\nx\r\n", "cafe\u{301}\r\nx\r\n"), ("a\nb", "a\nb\n"), ("a\nb\n", "a\nc"),
      ("", "a\n"), ("a\n", ""), ("\n\n\n", "\n\n"),
    ])
  func edgeCases(_ old: String, _ new: String) throws {
    let diff = try Self.chunked(TextLines(old).lineChunks, TextLines(new).lineChunks)
    Self.expectSame(diff, old, new, "\(old.debugDescription) → \(new.debugDescription)")
  }

  @Test(
    "Without context, a change at the end gives the other side's position as diff -U0 does",
    arguments: [
      ("a\nb\nc\n", "a\nb\n", "@@ -3 +2,0 @@\n-c"), ("a\nb\n", "a\nb\nc\n", "@@ -2,0 +3 @@\n+c"),
      ("x\n", "", "@@ -1 +0,0 @@\n-x"),
    ])
  func noContextAtTheEnd(_ old: String, _ new: String, _ hunk: String) throws {
    let whole = UnifiedDiff(oldText: old, newText: new, oldName: "old", newName: "new", context: 0)
    #expect(whole.description == "--- old\n+++ new\n" + hunk)
    let diff = try Self.chunked(TextLines(old).lineChunks, TextLines(new).lineChunks, context: 0)
    #expect(diff.description == whole.description)
  }

  @Test("A byte-order mark is not part of the chunks, as it is not part of show's text")
  func byteOrderMark() throws {
    let text = try TextLines(data: Data([0xEF, 0xBB, 0xBF] + Array("a\nb\n".utf8)))
    #expect(text.hasByteOrderMark)
    #expect(Array(text.lineChunks.text.utf8) == Array("a\nb\n".utf8))
  }

  @Test("One line changed in 50,000 after a snapshot: the shared leaves are passed over unread")
  func sharedLeavesAreSkipped() throws {
    let lines = (0..<50_000).map { "line \($0) of a long log, with some text after it\n" }
    let snapshot = try TextLines(data: Data(lines.joined().utf8))
    var text = snapshot
    try text.replace(lineAt: 25_000, with: "changed")
    let leaves = snapshot.lineChunks.chunks.count
    #expect(leaves > 700)
    let diff = try Self.chunked(snapshot.lineChunks, text.lineChunks)
    Self.expectSame(diff, snapshot.text, text.text, "one line")
    let hunk = try #require(diff.hunks.first)
    #expect(hunk.oldStart == 24_998)
    // Every leaf but the one the edit copied is shared: passed over by
    // identity, or read only for the context around the change.
    #expect(diff.sharedChunksSkipped == leaves - 1)
    let leafBytes = snapshot.utf8Count / leaves
    #expect(diff.bytesCompared <= 2 * 3 * 2 * leafBytes)
    #expect(diff.bytesCompared * 100 < snapshot.utf8Count)
  }
}
