import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

@Suite("Unified diffs and SHA-256")
struct UnifiedDiffTests {
  @Test("The format of diff -u, with three lines of context")
  func format() {
    let old = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
    var new = old
    new[1] = "B"
    new.insert("x", at: 9)
    let diff = UnifiedDiff(old: old, new: new, oldName: "expected", newName: "actual")
    #expect(
      diff.description == """
        --- expected
        +++ actual
        @@ -1,5 +1,5 @@
         a
        -b
        +B
         c
         d
         e
        @@ -7,4 +7,5 @@
         g
         h
         i
        +x
         j
        """)
  }

  @Test(
    "Edge cases: equal, empty sides, one line",
    arguments: [
      ([], [], ""),
      (["a"], ["a"], ""),
      ([], ["a"], "--- a\n+++ b\n@@ -0,0 +1 @@\n+a"),
      (["a"], [], "--- a\n+++ b\n@@ -1 +0,0 @@\n-a"),
      (["a", "b"], ["b"], "--- a\n+++ b\n@@ -1,2 +1 @@\n-a\n b"),
    ] as [([String], [String], String)])
  func edges(_ old: [String], _ new: [String], _ expected: String) {
    #expect(UnifiedDiff(old: old, new: new).description == expected)
  }

  private func apply(_ diff: UnifiedDiff, to old: [String]) -> [String] {
    var result: [String] = []
    var next = 0
    for hunk in diff.hunks {
      let start = hunk.oldStart - 1
      result += old[next..<start]
      next = start
      for line in hunk.lines {
        switch line {
        case .context(let text):
          #expect(old[next] == text)
          result.append(text)
          next += 1
        case .removed(let text):
          #expect(old[next] == text)
          next += 1
        case .added(let text): result.append(text)
        }
      }
    }
    return result + old[next...]
  }

  private func changedLineCount(byGNUDiff old: [String], _ new: [String]) throws -> Int {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "udiff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("a")
    let b = folder.appendingPathComponent("b")
    try Data(old.map { $0 + "\n" }.joined().utf8).write(to: a)
    try Data(new.map { $0 + "\n" }.joined().utf8).write(to: b)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
    process.arguments = ["--minimal", "-u", a.path, b.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").dropFirst(2)
    return lines.filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
  }

  @Test("Random inputs: the diff applies, and is as short as GNU diff --minimal's")
  func randomAgainstGNUDiff() throws {
    var random = SplitMix64(seed: 42)
    for _ in 0..<60 {
      let alphabet = ["a", "b", "c", "d", "e"]
      let old = (0..<Int.random(in: 0..<30, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? "a"
      }
      let new = randomlyEdited(
        old, count: Int.random(in: 0..<8, using: &random), alphabet: alphabet, replacement: "z",
        using: &random)
      let diff = UnifiedDiff(old: old, new: new)
      #expect(apply(diff, to: old) == new, "old: \(old) new: \(new)")
      let ours = diff.hunks.flatMap(\.lines).filter {
        if case .context = $0 { false } else { true }
      }.count
      #expect(try ours == changedLineCount(byGNUDiff: old, new), "old: \(old) new: \(new)")
    }
  }

  @Test("A diff past the edit-distance bound still applies")
  func boundedDistance() {
    let old = (0..<3_000).map { "old \($0)" }
    let new = (0..<3_000).map { "new \($0)" }
    let diff = UnifiedDiff(old: old, new: new)
    #expect(apply(diff, to: old) == new)
  }

  @Test(
    "SHA-256 of the standard test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func sha256(_ input: String, _ digest: String) {
    #expect(SHA256.hexDigest(of: Array(input.utf8)) == digest)
  }

  @Test("SHA-256 agrees with sha256sum across block boundaries")
  func sha256AgainstCoreutils() throws {
    for length in [55, 56, 63, 64, 65, 1_000, 100_003] {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "sha-\(UUID().uuidString)")
      try Data(bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
      process.arguments = [file.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(SHA256.hexDigest(of: bytes) == String(output.prefix(64)), "length \(length)")
    }
  }
}
