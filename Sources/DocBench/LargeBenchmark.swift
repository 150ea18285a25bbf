import DocFormats
import DocKit
import Foundation
import Glibc

/// `docrepl-bench large`: a large single file, in two figures.
///
/// - Save: a binary document of `megabytes` MB (default 256) opened in a
///   `DocumentSession`, one byte changed, saved in place (as by default,
///   and with the other `DocumentEnvironment.dropsReplacedFileCache`), against `cp` of
///   the same file over an earlier copy followed by `fsync` of the copy,
///   in the same run, in turn, each after a `sync()`, in alternating order
///   (goal: at most 1.5x the time). The save writes the
///   whole file (temporary, fsync, rename, directory fsync): a single file
///   has no smaller unit to write.
/// - Memory: `docrepl run` of a script that opens the file, changes one
///   byte and saves, as a child process: its peak resident memory against
///   the file's size (goal: at most 2.2x), from GNU `time -v` when it is
///   installed, else from `wait4` (which counts at least this process's
///   own size when it spawned the child, printed beside it).
///
/// Medians of `runs` runs (default 3), after a warm-up of each.
enum LargeBenchmark {
  struct Options {
    var megabytes = 256
    var runs = 3
    var docrepl: String
  }

  @MainActor
  static func run(_ options: Options) async throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("large.data")
    let size = options.megabytes << 20
    try makeFile(at: file, size: size)
    print("docrepl-bench large: a \(options.megabytes) MB file, medians of \(options.runs) runs")

    // Memory first, while this process is still small.
    let script = directory.appendingPathComponent("edit.docscript")
    try Data("open large.data --type public.data\npatch 7 ff\nsave\n".utf8).write(to: script)
    var peaks: [Double] = []
    let ownKilobytes = residentKilobytes()
    for _ in 0...options.runs {
      peaks.append(try peakKilobytes(docrepl: options.docrepl, script: script))
    }
    peaks.removeFirst()
    let peak = BenchCommand.median(peaks)
    print("")
    print("open, change one byte, save: docrepl run's peak resident memory")
    print(
      "  \(Int(peak / 1024)) MB for a \(options.megabytes) MB file: "
        + String(format: "%.2f", peak * 1024 / Double(size))
        + "x its size  goal: <= 2.2x  (measured with \(timeTool == nil ? "wait4, counting this process's \(ownKilobytes / 1024) MB" : "GNU time -v"))"
    )

    var paired = PairedRuns()
    var droppingSaves: [Double] = []
    let droppingByDefault = DocumentEnvironment().dropsReplacedFileCache
    let copy = directory.appendingPathComponent("copy.data")
    for run in 0...options.runs {
      if run == 0 { try BenchCommand.copyAndSync(file, to: copy) }
      // The same preconditions for every side. A save in place replaces
      // the old file, and the kernel frees its 256 MB when it goes (about
      // 0.16 s here): so cp, too, replaces a copy already there (it
      // truncates it), rather than writing a new name after the old copy
      // was removed outside the timing, as it did. The save's time swung from
      // 1.2x to 2.2x cp's while cp's stayed put: both write 256 MB and
      // fsync it, but whichever ran while the kernel was still writing
      // back gigabytes of dirty pages (an earlier benchmark's, the other
      // side's, the unlinked copy's) was throttled by it, and the save
      // always ran first, right after the open. So each side starts after
      // a sync(), with no dirty pages anywhere and the file in the page
      // cache, and the order alternates from run to run. The save runs
      // twice: as a session does by default, and with the other host
      // policy on dropping the replaced file's cache first
      // (`DocumentEnvironment.dropsReplacedFileCache`, on by default where
      // the host takes free memory back), to tell whether the default
      // pays on this machine.
      var times = [0.0, 0.0, 0.0]
      var conditions = RunConditions()
      for side in run % 2 == 0 ? [0, 1, 2] : [2, 1, 0] {
        if side == 1 {
          sync()
          times[side] = try await seconds { try BenchCommand.copyAndSync(file, to: copy) }
          continue
        }
        let session = try await DocumentSession<BinaryDocument>.open(
          file, contentType: .data,
          environment: .init(
            autosavePolicy: .never,
            dropsReplacedFileCache: side == 2 ? !droppingByDefault : droppingByDefault))
        try session.document.replaceBytes(
          in: run..<(run + 1), with: Data([UInt8((run + side) & 0xFF)]),
          undoManager: session.undoManager)
        sync()
        let measured = try await RunConditions.measuring {
          try await seconds { try await session.save() }
        }
        times[side] = measured.result
        if side == 0 { conditions = measured.conditions }
      }
      if run > 0 {
        paired.append(measured: times[0], baseline: times[1], conditions: conditions)
        droppingSaves.append(times[2])
      }
    }
    let save = paired.medianMeasured
    let dropping = BenchCommand.median(droppingSaves)
    print("")
    print("one byte changed, saved in place through a session")
    for line in paired.reportLines(baselineName: "cp + fsync of the copy", goal: 1.5) {
      print(line)
    }
    print(
      "  the default drops the replaced file's cache first: \(droppingByDefault); "
        + "with dropsReplacedFileCache \(!droppingByDefault): "
        + "\(BenchCommand.format(dropping)), \(String(format: "%.2f", dropping / save))x the default save, "
        + "worst run \(BenchCommand.format(droppingSaves.max() ?? 0))")
  }

  /// A file of `size` bytes that are not all alike, written and synced.
  private static func makeFile(at url: URL, size: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: url.path)
    else { throw BenchError("cannot create \(url.path)") }
    defer { try? handle.close() }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var random = SplitMix64(seed: 256)
    for index in chunk.indices { chunk[index] = UInt8.random(in: 0...255, using: &random) }
    var written = 0
    while written < size {
      let count = min(chunk.count, size - written)
      chunk[0] = UInt8(truncatingIfNeeded: written >> 20)
      try handle.write(contentsOf: chunk[0..<count])
      written += count
    }
    try handle.synchronize()
  }

  @MainActor
  private static func seconds(_ body: () async throws -> Void) async throws -> Double {
    try await BenchCommand.measure(body).seconds
  }

  /// GNU time, if installed.
  private static var timeTool: String? {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil
  }

  /// The peak resident memory of `docrepl run SCRIPT`, in KB, run in the
  /// script's folder: GNU time's figure, or, without it, `wait4`'s (see
  /// ``InspectBenchmark/ownPeakKilobytes(_:)``).
  static func peakKilobytes(docrepl: String, script: URL) throws -> Double {
    let arguments = [docrepl, "run", "-C", script.deletingLastPathComponent().path, script.path]
    if let peak = try InspectBenchmark.ownPeakKilobytes(arguments) { return Double(peak) }
    return Double(try InspectBenchmark.spawn(arguments).maximumResidentKilobytes)
  }

  /// This process's resident memory now, in KB (`VmRSS`).
  private static func residentKilobytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
