import DocKit
import Foundation
import Glibc

/// `docrepl-bench large-text`: whole-document operations on a large log,
/// as a new user would try them, each as `docrepl run` of a short script
/// against the classic tool, as child processes in turn, in the same run.
///
/// The log has `lines` lines (default 1,500,000, about 120 MB), one in 50
/// holding `foo`. The figures, medians of `runs` runs (default 3):
///
/// - `open`, against `python3 -c "open(F).read().split('\n')"` (goal
///   <= 1.0x), and its peak resident memory against the file's size
///   (goal <= 1.5x), from GNU `time -v`;
/// - `replace foo bar --all` and `save`, against `sed -i 's/foo/bar/g'`
///   of a copy (goal <= 2x); the files must be byte-identical;
/// - `snapshot s`, `set-line` in the middle, `diff s`, less the time of
///   `open` alone, against `diff -u` of the two files (goal <= 1.5x); and
///   the same with 1% of the lines changed at random; the hunks must be
///   byte-identical to `diff -u`'s;
/// - `set-line` and `save`, against `cp` of the file over an earlier copy
///   and `sync` (goal <= 2x): both replace a file of that size.
///
/// `onlySave` (`--save-only`) measures the `set-line` + `save` figure alone.
///
/// `diffOnly` (`--diff-only`) measures the two `diff` figures alone.
///
/// Each side of each figure starts after a `sync()`, so that neither pays
/// for write-back of the other's dirty pages.
enum LargeTextBenchmark {
  struct Options {
    var lines = 1_500_000
    var runs = 3
    var docrepl: String
    /// Only the two `diff` figures: `open`, `replace` and `set-line` are
    /// skipped.
    var diffOnly = false
    /// Only the `set-line` + `save` figure: `open`, `replace` and `diff`
    /// are skipped.
    var onlySave = false
  }

  static func run(_ options: Options) throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("log.txt")
    let size = try makeLog(at: log, lines: options.lines)
    print(
      "docrepl-bench large-text: a log of \(options.lines) lines, \(size >> 20) MB, medians of \(options.runs) runs"
    )
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    func script(_ name: String, _ text: String) throws -> String {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
      return path(name)
    }
    func docrepl(_ script: String, output: String? = nil) throws -> InspectBenchmark.Sample {
      try InspectBenchmark.spawn(
        [options.docrepl, "run", "-C", directory.path, script], output: output)
    }
    func medians(
      _ measured: () throws -> InspectBenchmark.Sample,
      _ baseline: () throws -> InspectBenchmark.Sample
    ) rethrows -> (InspectBenchmark.Sample, InspectBenchmark.Sample) {
      var ours: [InspectBenchmark.Sample] = []
      var theirs: [InspectBenchmark.Sample] = []
      latest = PairedRuns()
      for run in 0...options.runs {
        // Each side starts with no dirty pages waiting to be written back
        // (the other side's, or an earlier benchmark's), which would
        // throttle whichever writes next (see LargeBenchmark).
        sync()
        let pending = RunConditions.pendingWrites()
        let a = try measured()
        sync()
        let b = try baseline()
        if run > 0 {
          ours.append(a)
          theirs.append(b)
          latest.append(
            measured: a.seconds, baseline: b.seconds,
            conditions: RunConditions(
              dirtyKilobytesAtStart: pending.dirty, writebackKilobytesAtStart: pending.writeback,
              processorSeconds: a.processorSeconds))
        }
      }
      return (InspectBenchmark.median(ours), InspectBenchmark.median(theirs))
    }
    // The runs of the last `medians`, for the worst run's ratio.
    var latest = PairedRuns()
    func report(_ title: String, _ ours: Double, _ theirs: Double, baseline: String, goal: Double) {
      print("")
      print(title)
      print("  baseline (\(baseline)): \(BenchCommand.format(theirs))")
      print("  measured: \(BenchCommand.format(ours))")
      print(
        "  ratio: time \(String(format: "%.2f", ours / theirs))x  goal: <= \(goal)x in every run")
      if let worst = latest.worst {
        print(
          "  worst run: \(String(format: "%.2f", worst.ratio))x whole runs "
            + "(\(BenchCommand.format(worst.measured)) against \(BenchCommand.format(worst.baseline)); "
            + "median \(String(format: "%.2f", latest.medianMeasured / latest.medianBaseline))x), "
            + "dirty pages at its start \(worst.conditions.dirtyKilobytesAtStart / 1024) MB")
      }
    }

    if !options.diffOnly && !options.onlySave {
      // open
      let openScript = try script("open.docscript", "open log.txt\n")
      let (open, python) = try medians(
        { try docrepl(openScript) },
        {
          try InspectBenchmark.spawn([
            "/usr/bin/python3", "-c", "open('\(log.path)').read().split('\\n')",
          ])
        })
      report("open", open.seconds, python.seconds, baseline: "python3 read().split", goal: 1.0)
      let peak = try LargeBenchmark.peakKilobytes(
        docrepl: options.docrepl, script: URL(fileURLWithPath: openScript))
      print(
        "  peak resident memory: \(Int(peak / 1024)) MB, "
          + String(format: "%.2f", peak * 1024 / Double(size)) + "x the file  goal: <= 1.5x")

      // replace --all + save, against sed -i
      let replaceScript = try script(
        "replace.docscript", "open replaced.txt\nreplace foo bar --all\nsave\n")
      let (replace, sed) = try medians(
        {
          try copy(log.path, to: path("replaced.txt"))
          return try docrepl(replaceScript)
        },
        {
          try copy(log.path, to: path("sedded.txt"))
          return try InspectBenchmark.spawn(["/bin/sed", "-i", "s/foo/bar/g", path("sedded.txt")])
        })
      report(
        "replace foo bar --all, save", replace.seconds, sed.seconds, baseline: "sed -i", goal: 2.0)
      print("  byte-identical to sed's: \(try same(path("replaced.txt"), path("sedded.txt")))")
    }

    // diff after one line changed, and after 1% changed
    let middle = options.lines / 2
    if !options.onlySave {
      var random = SplitMix64(seed: 120)
      var changed = Set<Int>()
      while changed.count < max(1, options.lines / 100) {
        changed.insert(Int.random(in: 1...options.lines, using: &random))
      }
      for (name, lines) in [
        ("one line changed", [middle]), ("1% of the lines changed", changed.sorted()),
      ] {
        let edits = lines.map { "set-line \($0) \"edited line \($0)\"\n" }.joined()
        let editScript = try script(
          "edit.docscript", "open log.txt\n\(edits)save-to edited.txt --replace\n")
        _ = try docrepl(editScript)
        let diffScript = try script("diff.docscript", "open log.txt\nsnapshot s\n\(edits)diff s\n")
        let baseScript = try script("base.docscript", "open log.txt\nsnapshot s\n\(edits)")
        var base: [Double] = []
        let (diff, gnu) = try medians(
          {
            base.append(try docrepl(baseScript).seconds)
            return try docrepl(diffScript, output: path("ours.diff"))
          },
          {
            try InspectBenchmark.spawnAllowingStatus(
              ["/usr/bin/diff", "-u", log.path, path("edited.txt")], output: path("gnu.diff"))
          })
        let diffOnly = diff.seconds - BenchCommand.median(Array(base.dropFirst()))
        report(
          "diff, \(name) (the time of open, snapshot and the edits taken off)", diffOnly,
          gnu.seconds, baseline: "diff -u of the two files", goal: 1.5)
        print("  in all, with the open: \(BenchCommand.format(diff.seconds))")
        print(
          "  hunks byte-identical to diff -u's: \(try sameHunks(path("ours.diff"), path("gnu.diff")))"
        )
      }

    }

    if !options.diffOnly {
      // set-line + save, against cp + sync
      let setLineScript = try script(
        "set-line.docscript", "open saved.txt\nset-line \(middle) \"one line\"\nsave\n")
      try copy(log.path, to: path("saved.txt"))
      try copy(log.path, to: path("copied.txt"))
      let (setLine, cp) = try medians(
        { try docrepl(setLineScript) },
        {
          // Over the copy already there: the save replaces the old file,
          // whose blocks the kernel frees, and cp truncating its copy does
          // the same (removing it first, outside the timing, spared cp
          // that).
          let sample = try InspectBenchmark.spawn(["/bin/cp", log.path, path("copied.txt")])
          let synced = try InspectBenchmark.spawn(["/bin/sync", path("copied.txt")])
          return InspectBenchmark.Sample(
            seconds: sample.seconds + synced.seconds,
            processorSeconds: sample.processorSeconds + synced.processorSeconds,
            maximumResidentKilobytes: sample.maximumResidentKilobytes)
        })
      report("set-line, save", setLine.seconds, cp.seconds, baseline: "cp + sync", goal: 2.0)
    }
  }

  /// Writes a log of `lines` lines, about 80 bytes each, one in 50
  /// holding `foo`; returns its size.
  private static func makeLog(at url: URL, lines: Int) throws -> Int {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines * 82)
    var random = SplitMix64(seed: 2026)
    let words = ["GET", "POST", "user", "session", "cache", "miss", "hit", "slow", "retry", "ok"]
    for line in 0..<lines {
      let seconds = line / 20
      var text =
        "2026-12-02T\(String(format: "%02d:%02d:%02d", seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)).\(String(format: "%03d", line % 1000))Z INFO [worker-\(line % 16)] "
      for _ in 0..<5 { text += (words.randomElement(using: &random) ?? "ok") + " " }
      text += line % 50 == 0 ? "foo id=\(line)" : "id=\(line)"
      bytes += text.utf8
      bytes.append(0x0A)
    }
    try Data(bytes).write(to: url)
    return bytes.count
  }

  private static func copy(_ source: String, to destination: String) throws {
    try? FileManager.default.removeItem(atPath: destination)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
  }

  private static func same(_ one: String, _ other: String) throws -> Bool {
    try Data(contentsOf: URL(fileURLWithPath: one)) == Data(contentsOf: URL(fileURLWithPath: other))
  }

  /// Whether the two diffs hold the same bytes from their first `@@` on
  /// (their `---` and `+++` lines name different things).
  private static func sameHunks(_ one: String, _ other: String) throws -> Bool {
    func hunks(_ path: String) throws -> Data {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      guard let start = data.firstRange(of: Data("\n@@ ".utf8)) else { return data }
      return data[start.lowerBound...]
    }
    return try hunks(one) == hunks(other)
  }
}
