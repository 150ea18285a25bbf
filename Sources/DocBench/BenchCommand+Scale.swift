import DocFormats
import DocKit
import Foundation
import Glibc

extension BenchCommand {
  /// The one-note save at two package sizes, in the same run: the save's
  /// cost must follow the change, not the number of notes. Each run opens
  /// both packages (not measured), edits one note of each and saves them
  /// in turn. Prints wall and processor time (all threads: the save works
  /// off the main actor), medians, and the ratio of the large to the small.
  @MainActor
  static func scaleBenchmark(runs: Int, small: Int, large: Int) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let smallDirectory = directory.appendingPathComponent("small")
    let largeDirectory = directory.appendingPathComponent("large")
    try FileManager.default.createDirectory(at: smallDirectory, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: largeDirectory, withIntermediateDirectories: true)
    let smallPackage = try makePackage(in: smallDirectory, notes: small)
    let largePackage = try makePackage(in: largeDirectory, notes: large)
    var smallTimes: [(wall: Double, cpu: Double)] = []
    var largeTimes: [(wall: Double, cpu: Double)] = []
    for run in 1...runs {
      let smallSession = try await editedPackage(smallPackage, run: run)
      smallTimes.append(try await timed { try await smallSession.save() })
      let largeSession = try await editedPackage(largePackage, run: run)
      largeTimes.append(try await timed { try await largeSession.save() })
    }
    let wall = (median(smallTimes.map(\.wall)), median(largeTimes.map(\.wall)))
    let cpu = (median(smallTimes.map(\.cpu)), median(largeTimes.map(\.cpu)))
    print("")
    print("one note edited, saved in place, at \(small) and at \(large) notes (same run)")
    print("  \(small) notes: \(format(wall.0)) wall, \(format(cpu.0)) processor")
    print("  \(large) notes: \(format(wall.1)) wall, \(format(cpu.1)) processor")
    print(
      "  ratio \(large) / \(small): wall \(String(format: "%.2f", wall.1 / wall.0))x, "
        + "processor \(String(format: "%.2f", cpu.1 / cpu.0))x  goal: <= 1.5x")
  }

  /// Wall and process processor time of `body`.
  @MainActor
  private static func timed(
    _ body: () async throws -> Void
  ) async throws -> (wall: Double, cpu: Double) {
    let cpuStart = processorSeconds()
    let wall = try await measure(body).seconds
    return (wall, processorSeconds() - cpuStart)
  }

  /// User and system time of every thread of the process.
  private static func processorSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
