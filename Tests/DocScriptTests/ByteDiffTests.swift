import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// `diff` compares lines by their bytes, finds the common ends in one pass
/// over them, and gives output that `patch` applies.
@Suite("Unified diffs by bytes")
struct ByteDiffTests {
  static let precomposed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test(
    "Precomposed and decomposed forms are different lines, either way round",
    arguments: [(precomposed, decomposed), (decomposed, precomposed)])
  func unicodeForms(_ old: String, _ new: String) {
    let diff = UnifiedDiff(oldText: "x\n\(old)\ny\n", newText: "x\n\(new)\ny\n")
    #expect(diff.hunks.count == 1)
    #expect(diff.hunks.first?.lines == [.context("x"), .removed(old), .added(new), .context("y")])
    let arrays = UnifiedDiff(old: [old], new: [new])
    #expect(arrays.hunks.first?.lines == [.removed(old), .added(new)])
  }

  @Test("A last line without a line break differs from one with it, marked as diff -u marks it")
  func missingFinalNewline() {
    let diff = UnifiedDiff(oldText: "a\nb\n", newText: "a\nb")
    #expect(
      diff.description == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file")
    #expect(UnifiedDiff(oldText: "a\nb", newText: "a\nb").isEmpty)
  }

  @Test("A one-line change in 50,000 lines compares a few lines, not all of them")
  func oneLineChangeIsLinear() throws {
    let old = (0..<50_000).map { "line \($0) of a long log, with some text after it" }
    var new = old
    new[25_000] = "changed"
    let diff = UnifiedDiff(
      oldText: old.joined(separator: "\n") + "\n", newText: new.joined(separator: "\n") + "\n")
    let hunk = try #require(diff.hunks.first)
    #expect(diff.hunks.count == 1)
    #expect(hunk.oldStart == 24_998 && hunk.oldCount == 7 && hunk.newCount == 7)
    #expect(hunk.lines[3] == .removed(old[25_000]) && hunk.lines[4] == .added("changed"))
    #expect(diff.lineComparisons <= 4)
    #expect(!diff.isBounded)
  }

  @Test("Changes spread over 50,000 lines cost in proportion to the changes")
  func spreadChangesAreBounded() {
    var random = SplitMix64(seed: 7)
    let old = (0..<50_000).map { "entry \($0)" }
    var new = old
    for _ in 0..<20 { new[Int.random(in: 0..<new.count, using: &random)] = "edited" }
    let diff = UnifiedDiff(
      oldText: old.joined(separator: "\n") + "\n", newText: new.joined(separator: "\n") + "\n")
    #expect(!diff.isBounded)
    // Myers on the middle: O((N + M) D) comparisons at most, D ≤ 40.
    #expect(diff.lineComparisons <= 2 * 50_000 * 41)
    let changed = diff.hunks.flatMap(\.lines).filter {
      if case .context = $0 { false } else { true }
    }
    #expect(changed.count <= 40)
  }

  @Test("3% of 50,000 lines changed at random: every change found, past what Myers alone allows")
  func manySpreadChanges() throws {
    var random = SplitMix64(seed: 11)
    let old = (0..<50_000).map { "entry \($0)\n" }
    var new = old
    var changed = Set<Int>()
    while changed.count < 1_500 { changed.insert(Int.random(in: 0..<old.count, using: &random)) }
    for index in changed { new[index] = "edited \(index)\n" }
    let (oldText, newText) = (old.joined(), new.joined())
    let diff = UnifiedDiff(oldText: oldText, newText: newText)
    #expect(!diff.isBounded)
    let lines = diff.hunks.flatMap(\.lines)
    #expect(lines.count { if case .removed = $0 { true } else { false } } == 1_500)
    #expect(lines.count { if case .added = $0 { true } else { false } } == 1_500)
    // Each line is compared a few times, not once per change.
    #expect(diff.lineComparisons <= 10 * 100_000)
    #expect(try Self.patched(oldText, with: diff) == Array(newText.utf8))
  }

  @Test("More than the bound of changed lines: the diff says so, and still applies")
  func boundSaysSo() throws {
    let old = (0..<2_500).map { "old \($0)\n" }.joined()
    let new = (0..<2_500).map { "new \($0)\n" }.joined()
    let diff = UnifiedDiff(oldText: old, newText: new)
    #expect(diff.isBounded)
    #expect(try Self.patched(old, with: diff) == Array(new.utf8))
  }

  @Test("A diff told to stop (Ctrl-C) midway gives no diff; one never told to gives it")
  func stops() throws {
    let old = (0..<100_000).map { "line \($0) of a long text\n" }.joined()
    let new = old + "one more\n"
    var asked = 0
    let stopped = UnifiedDiff(
      oldText: old, newText: new,
      stoppingWhen: {
        asked += 1
        return true
      })
    #expect(stopped == nil)
    #expect(asked == 1)
    let diff = try #require(UnifiedDiff(oldText: old, newText: new, stoppingWhen: { false }))
    #expect(diff.hunks.first?.lines.last == .added("one more"))
  }

  /// `old` with `diff` applied by `patch`, as bytes.
  static func patched(_ old: String, with diff: UnifiedDiff) throws -> [UInt8] {
    let folder = try TemporaryDirectory("byte-diff")
    try Data(old.utf8).write(to: folder("file"))
    try Data((diff.description + "\n").utf8).write(to: folder("change.diff"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
    process.arguments = ["--quiet", "--force", folder("file").path, folder("change.diff").path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(try Data(contentsOf: folder("file")))
  }

  @Test("Random texts and edits: patch turns the old text into the new, byte for byte")
  func patchGivesBackTheNewText() throws {
    var random = SplitMix64(seed: 2026)
    let alphabet = ["a", "b", "c", Self.precomposed, Self.decomposed, "a\r", ""]
    for _ in 0..<40 {
      var old = (0..<Int.random(in: 0..<40, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? "a"
      }
      let new = randomlyEdited(
        old, count: Int.random(in: 1..<8, using: &random), alphabet: alphabet, using: &random)
      // Now and then, no final line break on one side or both.
      if old.isEmpty { old = ["a"] }
      let oldText = old.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
      let newText =
        new.isEmpty ? "" : new.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
      let diff = UnifiedDiff(oldText: oldText, newText: newText)
      if Array(oldText.utf8) == Array(newText.utf8) {
        #expect(diff.isEmpty && diff.description.isEmpty)
      } else {
        #expect(!diff.isEmpty)
        #expect(try Self.patched(oldText, with: diff) == Array(newText.utf8), "\(old) → \(new)")
      }
      #expect(UnifiedDiff(oldText: newText, newText: newText).description.isEmpty)
    }
  }
}
