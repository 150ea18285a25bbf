import DocFormats
import DocKit
import DocScript
import Foundation
import Glibc

/// Part of `scripts/bench text`: a diff of a log of `megabytes` MB against
/// a version with 60% of its lines changed, against `diff -u` of the two
/// files, each a child process in turn. Ours is `docrepl-bench diff-child`
/// (``child(_:)``): it reads both files as text documents and compares
/// their leaves as `diff` does (`UnifiedDiff(oldChunks:newChunks:)`, and
/// the look for lookalike lines), writing the diff to standard output.
/// Prints the time ratio (goal <= 1.5x, median and worst run) and both
/// peak resident memories from `wait4` (goal <= 1.5x `diff`'s), and
/// whether our output applied by `patch` gives the new file.
enum ManyChangesDiffBenchmark {
  static func run(runs: Int, megabytes: Int, bench: String, in directory: URL) throws {
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let size = try makeFiles(
      old: path("diff-old.txt"), new: path("diff-new.txt"), bytes: megabytes << 20)
    var ours: [InspectBenchmark.Sample] = []
    var theirs: [InspectBenchmark.Sample] = []
    for run in 0...runs {
      let a = try InspectBenchmark.spawn(
        [bench, "diff-child", path("diff-old.txt"), path("diff-new.txt")],
        output: path("ours.diff"))
      let b = try InspectBenchmark.spawnAllowingStatus(
        ["/usr/bin/diff", "-u", path("diff-old.txt"), path("diff-new.txt")],
        output: path("gnu.diff"))
      if run > 0 {
        ours.append(a)
        theirs.append(b)
      }
    }
    var applies = false
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") {
      _ = try InspectBenchmark.spawnAllowingStatus(
        [
          "/usr/bin/patch", "-s", "-o", path("patched.txt"), path("diff-old.txt"),
          path("ours.diff"),
        ])
      applies =
        try Data(contentsOf: URL(fileURLWithPath: path("patched.txt")))
        == Data(contentsOf: URL(fileURLWithPath: path("diff-new.txt")))
    }
    let (mine, gnu) = (InspectBenchmark.median(ours), InspectBenchmark.median(theirs))
    let worst = zip(ours, theirs).map { $0.seconds / $1.seconds }.max() ?? 0
    print("")
    print(
      "diff of a \(size >> 20) MB log against a version with 60% of its lines changed (medians of \(runs) runs)"
    )
    print("  baseline (diff -u of the two files): \(BenchCommand.format(gnu.seconds))")
    print("  measured (read both as text, diff the leaves): \(BenchCommand.format(mine.seconds))")
    print(
      "  ratio: time \(String(format: "%.2f", mine.seconds / gnu.seconds))x, worst run "
        + "\(String(format: "%.2f", worst))x  goal: <= 1.5x")
    print(
      "  peak resident memory (wait4): \(mine.maximumResidentKilobytes >> 10) MB against diff -u's "
        + "\(gnu.maximumResidentKilobytes >> 10) MB, "
        + String(
          format: "%.2f",
          Double(mine.maximumResidentKilobytes) / Double(max(1, gnu.maximumResidentKilobytes)))
        + "x  goal: <= 1.5x")
    print("  patch applies it to give the new file: \(applies)")
  }

  /// `docrepl-bench diff-child OLD NEW`: both files read as text
  /// documents, their diff written to standard output as `diff` prints
  /// it.
  static func child(_ arguments: [String]) throws {
    guard arguments.count == 2 else { throw BenchError("usage: diff-child OLD NEW") }
    let old = try TextLines(data: Data(contentsOf: URL(fileURLWithPath: arguments[0])))
    let new = try TextLines(data: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    guard
      let diff = UnifiedDiff(
        oldChunks: old.lineChunks, newChunks: new.lineChunks, oldName: arguments[0],
        newName: arguments[1], stoppingWhen: { false })
    else { throw BenchError("the diff stopped") }
    let output = FileHandle.standardOutput
    try diff.write { piece in try output.write(contentsOf: Data(piece.utf8)) }
    if !diff.lookalikes.isEmpty { throw BenchError("lines that look alike, unexpected") }
  }

  /// Writes a log of about `bytes` bytes, every line unique, to `old`,
  /// and to `new` the same with 60% of its lines (chosen at random)
  /// changed; returns the old file's size.
  private static func makeFiles(old: String, new: String, bytes: Int) throws -> Int {
    guard FileManager.default.createFile(atPath: old, contents: nil),
      FileManager.default.createFile(atPath: new, contents: nil),
      let oldHandle = FileHandle(forWritingAtPath: old),
      let newHandle = FileHandle(forWritingAtPath: new)
    else { throw BenchError("cannot write \(old) and \(new)") }
    defer {
      try? oldHandle.close()
      try? newHandle.close()
    }
    var random = SplitMix64(seed: 60)
    let words = ["GET", "POST", "user", "session", "cache", "miss", "hit", "slow", "retry", "ok"]
    var written = 0
    var line = 0
    var a: [UInt8] = []
    var b: [UInt8] = []
    while written < bytes {
      a.removeAll(keepingCapacity: true)
      b.removeAll(keepingCapacity: true)
      while a.count < 1 << 20 {
        var text = "2026-12-02T10:\(line % 60).\(line % 1000)Z INFO [worker-\(line % 16)] "
        for _ in 0..<4 { text += (words.randomElement(using: &random) ?? "ok") + " " }
        text += "id=\(line)\n"
        a += text.utf8
        if random.below(100) < 60 {
          b += "2026-12-02T11:\(line % 60) WARN changed \(line) \(random.below(1_000_000))\n".utf8
        } else {
          b += text.utf8
        }
        line += 1
      }
      try oldHandle.write(contentsOf: a)
      try newHandle.write(contentsOf: b)
      written += a.count
    }
    return written
  }
}
