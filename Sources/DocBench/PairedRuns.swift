import Foundation
import Glibc

/// The runs of one measure and of its baseline, taken in turn in the same
/// loop, with what the machine was doing during each measured run: the
/// report gives the median ratio, and the worst run's ratio with what made
/// it slow, so that a goal is seen to hold in every run, not on average.
struct PairedRuns {
  /// One run: the measured time, the baseline's in the same run, and the
  /// conditions of the measured side.
  struct Run {
    var measured: Double
    var baseline: Double
    var conditions: RunConditions

    var ratio: Double { measured / baseline }
  }

  private(set) var runs: [Run] = []
  /// Two measures of the baseline in each run, one over the other: how
  /// far the baseline itself moves from one measure to the next in the
  /// same run (1.0 for none). Where the worst run of the measure is within
  /// the worst of these, the machine, not the measured code, made that
  /// run slow.
  private(set) var baselineAgainstItself: [Double] = []

  mutating func append(measured: Double, baseline: Double, conditions: RunConditions) {
    runs.append(Run(measured: measured, baseline: baseline, conditions: conditions))
  }

  /// Records two measures of the baseline in one run: `repeated` over
  /// `baseline`.
  mutating func appendBaselineRepeat(_ repeated: Double, baseline: Double) {
    baselineAgainstItself.append(repeated / baseline)
  }

  var medianMeasured: Double { BenchCommand.median(runs.map(\.measured)) }
  var medianBaseline: Double { BenchCommand.median(runs.map(\.baseline)) }

  /// The run whose measured time was the largest multiple of its own
  /// run's baseline.
  var worst: Run? { runs.max { $0.ratio < $1.ratio } }

  /// The lines a benchmark prints for this measure: the baseline, the
  /// measured median, the median ratio and the worst run's, and, when the
  /// worst run's ratio is well above the median's, how its conditions
  /// differed from the median run's.
  func reportLines(baselineName: String, goal: Double) -> [String] {
    guard let worst, !runs.isEmpty else { return ["  (no runs)"] }
    let median = medianMeasured / medianBaseline
    var lines = [
      "  baseline (\(baselineName)): \(BenchCommand.format(medianBaseline))",
      "  measured: \(BenchCommand.format(medianMeasured))",
      "  ratio: time \(String(format: "%.2f", median))x (medians of \(runs.count) runs), "
        + "worst run \(String(format: "%.2f", worst.ratio))x  goal: <= \(goal)x in every run",
    ]
    if !baselineAgainstItself.isEmpty {
      let spread = baselineAgainstItself.sorted()
      let worstOfBaseline = spread.last ?? 1
      lines.append(
        "  the baseline against itself (measured again beside each run): median "
          + String(format: "%.2f", BenchCommand.median(spread)) + "x, worst "
          + String(format: "%.2f", worstOfBaseline) + "x; runs of the measure over "
          + String(format: "%.2f", worstOfBaseline) + "x: "
          + "\(runs.filter { $0.ratio > worstOfBaseline }.count) of \(runs.count)")
    }
    if worst.ratio > median * 1.15 {
      let typical = runs.sorted { $0.ratio < $1.ratio }[runs.count / 2]
      lines.append(
        "  worst run: \(BenchCommand.format(worst.measured)) against "
          + "\(BenchCommand.format(worst.baseline)); \(worst.conditions.comparison(to: typical.conditions))"
      )
    }
    return lines
  }
}

/// What the machine was doing while one side of a run was measured: the
/// dirty and write-back pages waiting when it started (write-back
/// throttles a writer), its page faults (major ones read from disk), and
/// how often it was made to yield the processor to another program.
struct RunConditions {
  var dirtyKilobytesAtStart = 0
  var writebackKilobytesAtStart = 0
  var minorFaults = 0
  var majorFaults = 0
  var involuntarySwitches = 0
  /// The processor time it used, user and system.
  var processorSeconds = 0.0

  /// Measures `body`, run in this process, with its conditions.
  static func measuring<T>(
    _ body: () async throws -> T
  ) async rethrows -> (result: T, conditions: RunConditions) {
    var conditions = RunConditions()
    (conditions.dirtyKilobytesAtStart, conditions.writebackKilobytesAtStart) = pendingWrites()
    let before = usage(RUSAGE_SELF)
    let result = try await body()
    conditions.add(usage(RUSAGE_SELF), minus: before)
    return (result, conditions)
  }

  /// The conditions of a child process, from the usage `wait4` gave, and
  /// the pending writes when it started.
  static func child(_ usage: rusage, pendingAtStart: (dirty: Int, writeback: Int)) -> RunConditions
  {
    var conditions = RunConditions(
      dirtyKilobytesAtStart: pendingAtStart.dirty,
      writebackKilobytesAtStart: pendingAtStart.writeback)
    conditions.add(usage, minus: rusage())
    return conditions
  }

  /// `Dirty` and `Writeback` of /proc/meminfo, in KiB.
  static func pendingWrites() -> (dirty: Int, writeback: Int) {
    guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else {
      return (0, 0)
    }
    var figures = (dirty: 0, writeback: 0)
    for line in text.split(separator: "\n") {
      let fields = line.split(whereSeparator: \.isWhitespace)
      guard fields.count >= 2, let value = Int(fields[1]) else { continue }
      if fields[0] == "Dirty:" { figures.dirty = value }
      if fields[0] == "Writeback:" { figures.writeback = value }
    }
    return figures
  }

  private static func usage(_ who: __rusage_who) -> rusage {
    var value = rusage()
    getrusage(who.rawValue, &value)
    return value
  }

  private mutating func add(_ after: rusage, minus before: rusage) {
    minorFaults += after.ru_minflt - before.ru_minflt
    majorFaults += after.ru_majflt - before.ru_majflt
    involuntarySwitches += after.ru_nivcsw - before.ru_nivcsw
    processorSeconds +=
      Double(
        after.ru_utime.tv_sec - before.ru_utime.tv_sec + after.ru_stime.tv_sec
          - before.ru_stime.tv_sec)
      + Double(
        after.ru_utime.tv_usec - before.ru_utime.tv_usec + after.ru_stime.tv_usec
          - before.ru_stime.tv_usec) / 1e6
  }

  /// These conditions beside `typical`'s, figure by figure.
  func comparison(to typical: RunConditions) -> String {
    "dirty pages at start \(dirtyKilobytesAtStart / 1024) MB (median run \(typical.dirtyKilobytesAtStart / 1024) MB), "
      + "write-back \(writebackKilobytesAtStart / 1024) MB (\(typical.writebackKilobytesAtStart / 1024) MB), "
      + "page faults \(minorFaults) minor + \(majorFaults) major (\(typical.minorFaults) + \(typical.majorFaults)), "
      + "involuntary switches \(involuntarySwitches) (\(typical.involuntarySwitches)), "
      + "processor \(BenchCommand.format(processorSeconds)) (\(BenchCommand.format(typical.processorSeconds)))"
  }
}
