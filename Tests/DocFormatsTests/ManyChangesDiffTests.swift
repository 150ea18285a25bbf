import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `diff` with most lines changed: the output is still a unified diff
/// that `patch` applies to give the new text byte for byte, it agrees
/// with `diff -u` where both find the same script, and texts read from
/// files are compared where their bytes lie.
@Suite("diff with many changes")
struct ManyChangesDiffTests {
  /// A text of `lines` lines, each unique, with `ending` after each but
  /// perhaps the last; and a version with the lines `changed` picks
  /// rewritten.
  static func texts(
    lines: Int, changedPercent: Int, ending: String, finalNewline: Bool, seed: UInt64
  ) -> (old: String, new: String) {
    var random = SplitMix64(seed: seed)
    var old: [String] = []
    var new: [String] = []
    for line in 0..<lines {
      let text = "2026-12-02 line \(line) GET /item/\(line * 7)"
      old.append(text)
      new.append(
        Int.random(in: 0..<100, using: &random) < changedPercent
          ? "edited \(line) POST \(line * 3)" : text)
    }
    func joined(_ lines: [String]) -> String {
      lines.joined(separator: ending) + (finalNewline ? ending : "")
    }
    return (joined(old), joined(new))
  }

  /// The diff of `old` and `new` as the `diff` command makes it: chunks
  /// of texts read from the files' bytes.
  static func diff(_ old: String, _ new: String) throws -> UnifiedDiff {
    let a = try TextLines(data: Data(old.utf8))
    let b = try TextLines(data: Data(new.utf8))
    return try #require(
      UnifiedDiff(
        oldChunks: a.lineChunks, newChunks: b.lineChunks, oldName: "old.txt",
        newName: "new.txt", stoppingWhen: { false }))
  }

  @Test(
    "patch applies the diff and gives the new text's bytes",
    arguments: [
      (3_000, 60, "\n", true), (3_000, 60, "\r\n", false), (20_000, 60, "\n", true),
      (6_000, 95, "\n", false), (500, 100, "\r\n", true),
    ])
  func patchApplies(lines: Int, percent: Int, ending: String, finalNewline: Bool) throws {
    let (old, new) = Self.texts(
      lines: lines, changedPercent: percent, ending: ending, finalNewline: finalNewline,
      seed: UInt64(lines + percent))
    let diff = try Self.diff(old, new)
    let folder = try TemporaryDirectory("many-changes-diff")
    try Data(old.utf8).write(to: folder("old.txt"))
    var output = Data()
    diff.write { output += Data($0.utf8) }
    #expect(Array(output) == Array((diff.description + "\n").utf8))
    try output.write(to: folder("changes.diff"))
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/patch"),
      ["-s", "-o", "patched.txt", "old.txt", "changes.diff"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)\(result.output)")
    #expect(Array(try Data(contentsOf: folder("patched.txt"))) == Array(new.utf8))
  }

  @Test("Hunks keep their lines as the sides' bytes: the same lines as the String diff's")
  func sameLinesAsStringDiff() throws {
    let (old, new) = Self.texts(
      lines: 4_000, changedPercent: 60, ending: "\n", finalNewline: false, seed: 3)
    let chunked = try Self.diff(old, new)
    let whole = UnifiedDiff(oldText: old, newText: new, oldName: "old.txt", newName: "new.txt")
    #expect(chunked.hunks == whole.hunks)
    #expect(chunked.description == whole.description)
    let lines = chunked.hunks.flatMap(\.lines)
    #expect(lines.count { if case .removed = $0 { true } else { false } } > 2_000)
  }

  @Test("With few changes, the hunks are byte for byte those of diff -u")
  func agreesWithGNUDiff() throws {
    let (old, new) = Self.texts(
      lines: 20_000, changedPercent: 1, ending: "\n", finalNewline: true, seed: 9)
    let folder = try TemporaryDirectory("many-changes-gnu")
    try Data(old.utf8).write(to: folder("old.txt"))
    try Data(new.utf8).write(to: folder("new.txt"))
    let gnu = try runProgram(
      URL(fileURLWithPath: "/usr/bin/diff"), ["-u", "old.txt", "new.txt"], in: folder.url)
    let ours = try Self.diff(old, new).description + "\n"
    func hunks(_ text: String) -> Substring {
      text[(text.range(of: "\n@@ ")?.lowerBound ?? text.startIndex)...]
    }
    #expect(Array(hunks(ours).utf8) == Array(hunks(gnu.output).utf8))
  }

  @Test("A line moved is not a pair that looks alike; a lookalike pair still is")
  func movedLinesAreNotLookalikes() {
    let moved = UnifiedDiff(oldText: "a\nb\nc\n", newText: "b\nc\na\n")
    #expect(moved.lookalikes.isEmpty)
    let lookalike = UnifiedDiff(oldText: "a\ncaf\u{E9}\nz\n", newText: "a\ncafe\u{301}\nz\n")
    #expect(lookalike.lookalikes.count == 1)
    let trailing = UnifiedDiff(oldText: "x\r\nkeep\r\n", newText: "x \r\nkeep\r\n")
    // A blank before a CR is seen (the CR is the line's last character).
    #expect(trailing.lookalikes.isEmpty)
  }
}
