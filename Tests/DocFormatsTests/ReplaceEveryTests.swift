import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `replace OLD NEW --all` in one pass (`TextLines.replacingEvery`): the
/// same bytes as a search for the lines followed by a batch applied, an
/// undo step that gives back every byte, and no copy of the old lines
/// where they are the file's bytes.
@Suite("replace --all in one pass")
struct ReplaceEveryTests {
  /// What `sed 's/OLD/NEW/g'` makes of `bytes`, a line at a time: a
  /// match never spans a line's ending.
  static func sed(_ bytes: [UInt8], _ old: [UInt8], _ new: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    while start < bytes.count {
      var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var textEnd = end
      if end < bytes.count, end > start, bytes[end - 1] == 0x0D { textEnd -= 1 }
      if end < bytes.count { end += 1 }
      var index = start
      while index < textEnd {
        if index + old.count <= textEnd, Array(bytes[index..<(index + old.count)]) == old {
          out += new
          index += old.count
        } else {
          out.append(bytes[index])
          index += 1
        }
      }
      out += bytes[textEnd..<end]
      start = end
    }
    return out
  }

  static let cases: [(name: String, text: [UInt8], old: String, new: String)] = [
    ("CRLF, every line", Array((0..<300).map { "foo \($0) foo\r\n" }.joined().utf8), "foo", "b"),
    (
      "no final newline, longer NEW",
      Array(((0..<200).map { "a foo \($0)" }.joined(separator: "\n")).utf8), "foo", "foobarbaz"
    ),
    (
      "byte-order mark, mixed endings",
      [0xEF, 0xBB, 0xBF]
        + Array((0..<150).map { $0 % 3 == 0 ? "x\($0)xx\r\n" : "y\($0)\n" }.joined().utf8),
      "xx", ""
    ),
    (
      "OLD ending in CR never takes a CRLF's CR",
      Array((0..<100).map { $0 % 2 == 0 ? "ab\r\n" : "ab\rc\n" }.joined().utf8), "b\r", "B"
    ),
    ("overlapping OLD", Array((0..<70).map { _ in "aaaaa\n" }.joined().utf8), "aa", "b"),
    ("one line, no newline", Array("foo".utf8), "foo", "bar"),
  ]

  @Test("Gives sed's bytes, and undo gives back the original's exactly", arguments: cases)
  func sameAsSed(_ example: (name: String, text: [UInt8], old: String, new: String)) throws {
    let original = try TextLines(data: Data(example.text))
    let (old, new) = (Array(example.old.utf8), Array(example.new.utf8))
    let (replaced, undo) = try #require(
      original.replacingEvery(old, with: new, actionName: "R"))
    #expect(Array(replaced.data) == Self.sed(example.text, old, new), "\(example.name)")
    #expect(replaced.hasValidTree)
    #expect(replaced.count == original.count)
    // The same result as the search for the lines and a batch applied.
    var viaBatch = original
    _ = viaBatch.apply(
      try #require(original.replacing(old, with: new, all: true, actionName: "R")))
    #expect(viaBatch.data == replaced.data)
    // Undo, then redo, then undo again: exact bytes each time.
    var text = replaced
    let redo = text.apply(undo)
    #expect(Array(text.data) == example.text, "\(example.name)")
    #expect(text.hasValidTree)
    let undoAgain = text.apply(redo)
    #expect(text.data == replaced.data)
    _ = text.apply(undoAgain)
    #expect(Array(text.data) == example.text)
  }

  @Test(
    "Every line changed: the undo step holds no copy of the old lines, only ranges of the file's bytes"
  )
  func undoSharesTheFilesBytes() throws {
    let data = Data((0..<20_000).map { "line \($0) foo\r\n" }.joined().utf8)
    let original = try TextLines(data: data)
    let (replaced, undo) = try #require(
      original.replacingEvery(Array("foo".utf8), with: Array("barbaz".utf8), actionName: "R"))
    #expect(undo.count == 20_000)
    #expect(undo.ownedByteCount == 0)
    #expect(undo.segments.count == original.leafCount)
    #expect(replaced.leavesOutside(data).outside == replaced.leafCount)
    // Undone: the leaves are the new leaves' old texts, and the redo step
    // in turn keeps the new leaves' bytes rather than a copy.
    var text = replaced
    let redo = text.apply(undo)
    #expect(text.data == data)
    #expect(redo.ownedByteCount == 0)
    #expect(redo.count == 20_000)
  }

  @Test(
    "Every line changed, each keeping its length: the undo step keeps the old leaves whole, no integer a line"
  )
  func everyLineKeptAsRuns() throws {
    let data = Data((0..<20_000).map { "line \($0) foo\n" }.joined().utf8)
    let original = try TextLines(data: data)
    let (replaced, undo) = try #require(
      original.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    #expect(undo.count == 20_000)
    #expect(undo.storedIntegerCount == 0)
    #expect(undo.indices == Array(0..<20_000))
    var text = replaced
    let redo = text.apply(undo)
    #expect(text.data == data)
    #expect(redo.storedIntegerCount == 0)
    _ = text.apply(redo)
    #expect(text.data == replaced.data)
  }

  @Test(
    "Lines changed at every density, of every length: undo and redo give the bytes back",
    arguments: [1, 3, 10, 40, 90, 100], ["x", "foo", "longer text"])
  func densities(percent: Int, new: String) throws {
    var random = SplitMix64(seed: UInt64(percent))
    let lines = (0..<3_000).map { index -> String in
      let ending = index % 7 == 0 ? "\r\n" : "\n"
      return Int(random.next() % 100) < percent
        ? "a foo \(index)\(ending)" : "plain \(index)\(ending)"
    }
    let data = Data(lines.joined().utf8)
    let original = try TextLines(data: data)
    let (replaced, undo) = try #require(
      original.replacingEvery(Array("foo".utf8), with: Array(new.utf8), actionName: "R"))
    let expected = Self.sed(Array(data), Array("foo".utf8), Array(new.utf8))
    #expect(Array(replaced.data) == expected)
    #expect(undo.count == lines.filter { $0.hasPrefix("a foo") }.count)
    #expect(undo.storedIntegerCount <= 3 * undo.count)
    var text = replaced
    let redo = text.apply(undo)
    #expect(text.data == data)
    #expect(redo.count == undo.count)
    _ = text.apply(redo)
    #expect(Array(text.data) == expected)
  }

  @Test("A few lines of an edited leaf are copied, not the whole leaf kept")
  func fewLinesOfAnEditedLeafAreCopied() throws {
    var text = TextLines((0..<64).map { "line \($0)" }.joined(separator: "\n") + "\n")
    try text.replace(lineAt: 3, with: "edited foo")
    let (_, undo) = try #require(
      text.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    #expect(undo.count == 1)
    #expect(undo.ownedByteCount == "edited foo".utf8.count)
    #expect(undo.text(0) == "edited foo")
  }

  @Test("Lines without OLD keep their leaves: only the leaves with it are new")
  func unchangedLeavesShared() throws {
    let text = TextLines(
      (0..<50_000).map { $0 % 1_000 == 7 ? "x foo \($0)" : "line \($0)" }
        .joined(separator: "\n") + "\n")
    let (replaced, undo) = try #require(
      text.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    #expect(undo.count == 50)
    // Every leaf without it is the same node; each leaf with it is cut
    // into the changed line's leaf and slices of the bytes around it.
    let new = replaced.nodesNotShared(with: text).leaves
    #expect(replaced.leafCount - new == text.leafCount - 50)
    #expect(new <= 3 * 50)
    #expect(replaced.lines[7].text == "x bar 7")
  }

  @Test("No match gives the text itself and an empty batch; a stop gives nil")
  func noMatchAndStop() throws {
    let text = TextLines((0..<20_000).map { "line \($0)" }.joined(separator: "\n"))
    let (same, undo) = try #require(
      text.replacingEvery(Array("foo".utf8), with: Array("bar".utf8), actionName: "R"))
    #expect(undo.count == 0)
    #expect(same == text)
    var asked = 0
    let stopped = text.replacingEvery(
      Array("line".utf8), with: Array("bar".utf8), actionName: "R",
      shouldStop: {
        asked += 1
        return asked == 3
      })
    #expect(stopped == nil)
    #expect(asked == 3)
  }
}
