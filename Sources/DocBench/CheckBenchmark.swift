import CDocBench
import DocFormats
import DocKit
import DocScript
import Foundation
import Glibc

/// `scripts/bench check`: how many steps a second `docrepl check` runs on
/// each built-in type, counting every invariant check, and what each
/// invariant costs: the same sequences (the same seeds) with no invariant
/// checked (the commands alone, what any random driver pays), with all,
/// and with each alone. Saves skip `fsync` in the check's folder, as
/// `docrepl check` does. Medians of `runs` repetitions.
enum CheckBenchmark {
  struct Options {
    var runs = 3
    /// Sequences a repetition.
    var sequences = 50
    /// Steps a sequence.
    var steps = 200
    var types = ["text", "markdown", "json", "notes", "binary"]
  }

  /// `fsync` and `syncfs` do nothing: the folder is removed afterwards.
  struct NoSyncFileSystem: FileSystem {
    func fsync(_ descriptor: Int32) -> Int32 { 0 }
    func syncfs(_ descriptor: Int32) -> Int32 { 0 }
  }

  @MainActor
  static func run(_ options: Options) async throws {
    print(
      "docrepl check: \(options.sequences) sequences of \(options.steps) steps a run, medians of \(options.runs) runs"
    )
    for type in options.types {
      let all = try await measure(type, options, invariants: Set(CheckInvariant.allCases))
      let none = try await measure(type, options, invariants: [])
      print(
        String(
          format:
            "%@: %.0f steps/s with every invariant (%.1f µs a step); %.0f steps/s with none (%.1f µs)",
          type, all.stepsPerSecond, all.microsecondsPerStep, none.stepsPerSecond,
          none.microsecondsPerStep))
      // Each alone, over the commands alone: invariants 1, 2, 3 and 6
      // each pay for the bytes of a full save after every step, which
      // they share when all run.
      for invariant in CheckInvariant.allCases {
        let alone = try await measure(type, options, invariants: [invariant])
        print(
          String(
            format: "  %@ alone: +%.1f µs a step", invariant.description,
            alone.microsecondsPerStep - none.microsecondsPerStep))
      }
    }
  }

  struct Figure {
    var stepsPerSecond: Double
    var microsecondsPerStep: Double
  }

  @MainActor
  static func measure(
    _ type: String, _ options: Options, invariants: Set<CheckInvariant>
  )
    async throws -> Figure
  {
    var times: [Double] = []
    var steps = 0
    for _ in 0..<options.runs {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "docrepl-bench-check-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var checkOptions = CheckOptions(typeName: type, seed: 1)
      checkOptions.runs = options.sequences
      checkOptions.steps = options.steps
      checkOptions.workFolder = folder
      checkOptions.invariants = invariants
      let checker = try Checker(registry: DocFormats.makeRegistry(), options: checkOptions)
      let start = ContinuousClock.now
      let report = await FileSystemContext.$current.withValue(NoSyncFileSystem()) {
        await checker.run()
      }
      let (seconds, attoseconds) = (ContinuousClock.now - start).components
      times.append(Double(seconds) + Double(attoseconds) / 1e18)
      if let failure = report.failure {
        throw BenchError("check \(type) found a failure: \(failure.message)")
      }
      steps = report.steps
    }
    let median = times.sorted()[times.count / 2]
    return Figure(
      stepsPerSecond: Double(steps) / median, microsecondsPerStep: median / Double(steps) * 1e6)
  }
}
