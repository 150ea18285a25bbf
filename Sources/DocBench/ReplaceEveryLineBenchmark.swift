import DocKit
import Foundation
import Glibc

/// Part of `scripts/bench text`: `replace foo bar --all` and `save` on a
/// log in which every line holds `foo`, as `docrepl run` of a script,
/// against `sed -i 's/foo/bar/g'` of a copy, each a child process in
/// turn: the time (goal <= 2x `sed -i`, in every run, so the worst ratio
/// is printed too) and the peak resident memory of each from `wait4`'s
/// `ru_maxrss` (goal <= 2.5x the file's size). The files must be
/// byte-identical.
enum ReplaceEveryLineBenchmark {
  static func run(runs: Int, megabytes: Int, docrepl: String, in directory: URL) throws {
    let log = directory.appendingPathComponent("every-line.txt")
    let size = try makeLog(at: log, bytes: megabytes << 20)
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let script = path("replace-every-line.docscript")
    try Data("open replaced.txt\nreplace foo bar --all\nsave\n".utf8).write(
      to: URL(fileURLWithPath: script))
    var ours: [InspectBenchmark.Sample] = []
    var theirs: [InspectBenchmark.Sample] = []
    for run in 0...runs {
      try copy(log.path, to: path("replaced.txt"))
      try copy(log.path, to: path("sedded.txt"))
      sync()
      let a = try InspectBenchmark.spawn([docrepl, "run", "-C", directory.path, script])
      sync()
      let b = try InspectBenchmark.spawn(["/bin/sed", "-i", "s/foo/bar/g", path("sedded.txt")])
      // The first run warms the page cache and is not counted.
      if run > 0 {
        ours.append(a)
        theirs.append(b)
      }
    }
    let same =
      try Data(contentsOf: URL(fileURLWithPath: path("replaced.txt")))
      == Data(contentsOf: URL(fileURLWithPath: path("sedded.txt")))
    let (mine, sed) = (InspectBenchmark.median(ours), InspectBenchmark.median(theirs))
    let worst = zip(ours, theirs).map { $0.seconds / $1.seconds }.max() ?? 0
    let peaks = ours.map(\.maximumResidentKilobytes)
    print("")
    print(
      "replace foo bar --all, save: every line of a \(size >> 20) MB log changed (medians of \(runs) runs)"
    )
    print("  baseline (sed -i): \(BenchCommand.format(sed.seconds))")
    print("  measured: \(BenchCommand.format(mine.seconds))")
    print(
      "  ratio: time \(String(format: "%.2f", mine.seconds / sed.seconds))x, worst run "
        + "\(String(format: "%.2f", worst))x  goal: <= 2x in every run")
    print(
      "  peak resident memory (wait4): \(mine.maximumResidentKilobytes >> 10) MB, "
        + String(format: "%.2f", Double(mine.maximumResidentKilobytes) * 1024 / Double(size))
        + "x the file (highest run \((peaks.max() ?? 0) >> 10) MB)  goal: <= 2.5x;"
        + " sed -i: \(sed.maximumResidentKilobytes >> 10) MB")
    print("  byte-identical to sed's: \(same)")
  }

  /// Writes a log of about `bytes` bytes, lines of about 80 bytes, every
  /// one holding `foo`, a megabyte at a time; returns its size.
  private static func makeLog(at url: URL, bytes: Int) throws -> Int {
    guard FileManager.default.createFile(atPath: url.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: url)
    else { throw BenchError("cannot write \(url.path)") }
    defer { try? handle.close() }
    var random = SplitMix64(seed: 35)
    let words = ["GET", "POST", "user", "session", "cache", "miss", "hit", "slow", "retry", "ok"]
    var written = 0
    var line = 0
    var block: [UInt8] = []
    while written < bytes {
      block.removeAll(keepingCapacity: true)
      while block.count < 1 << 20 {
        var text = "2026-12-02T10:00:\(line % 60).\(line % 1000)Z INFO [worker-\(line % 16)] "
        for _ in 0..<4 { text += (words.randomElement(using: &random) ?? "ok") + " " }
        text += "foo id=\(line)\n"
        block += text.utf8
        line += 1
      }
      try handle.write(contentsOf: block)
      written += block.count
    }
    return written
  }

  private static func copy(_ source: String, to destination: String) throws {
    try? FileManager.default.removeItem(atPath: destination)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
  }
}
