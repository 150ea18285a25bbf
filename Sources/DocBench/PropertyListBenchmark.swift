import DocFormats
import DocKit
import Foundation

/// `docrepl-bench plist`: a generated XML property list of `items`
/// (default 21,000) dictionaries under a root dictionary, each holding
/// every value type (strings, integers, reals, booleans, dates, data,
/// nested arrays and dictionaries), about 20 MB, written by Python's
/// `plistlib`, and its binary form, also by `plistlib`. For each form,
/// medians of `runs` runs, child processes in turn:
///
/// - Open: `docrepl run` of `open F`, against `python3 -c 'import
///   plistlib; plistlib.load(open(F, "rb"))'` (goal: at most 1.0x the wall
///   time), and docrepl's peak resident memory (measured by GNU `time`, in
///   runs of their own) as a multiple of the file's size (goal: at most
///   4x), beside that of `docrepl run` of an empty script. Without GNU
///   `time`, the peaks come from `wait4`, which counts this process's own
///   peak too (see ``InspectBenchmark/ownPeakKilobytes(_:)``); the open
///   figures of both forms are measured before this process opens a
///   document itself, so that its peak stays small.
/// - One `set` of a nested value, then `save`, through a session, against
///   `cp F G` and `fsync` of G (goal: at most 2x), median and worst run.
enum PropertyListBenchmark {
  struct Options {
    var items = 21_000
    var runs = 3
    var docrepl: String
  }

  @MainActor
  static func run(_ options: Options) async throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let xml = directory.appendingPathComponent("big.plist")
    let binary = directory.appendingPathComponent("big-binary.plist")
    try makeFiles(xml: xml, binary: binary, items: options.items)
    let runs = 0...options.runs  // run 0 warms up and is not counted
    let forms = [("XML", xml), ("binary", binary)]
    // Every child process is measured before this process opens a
    // document itself: a child started by posix_spawn (a vfork) counts
    // this process's peak resident memory at its exec as its own.
    var opens: [[String]] = []
    for (_, file) in forms {
      opens.append(try openFigures(options, file: file, size: try size(of: file), runs: runs))
    }
    for ((name, file), open) in zip(forms, opens) {
      print("")
      print(
        "docrepl-bench plist (\(name)): \(options.items) items, "
          + String(format: "%.1f MB", Double(try size(of: file)) / 1_048_576)
          + ", medians of \(options.runs) runs")
      for line in open { print(line) }
      try await setAndSave(file: file, pointer: "/items/\(options.items / 2)/size", runs: runs)
    }
  }

  private static func size(of file: URL) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
  }

  /// Writes the XML file and its binary form with `plistlib`.
  private static func makeFiles(xml: URL, binary: URL, items: Int) throws {
    let program = #"""
      import datetime, plistlib, random, sys
      r = random.Random(36)
      epoch = datetime.datetime(2001, 1, 1)
      items = []
      for n in range(int(sys.argv[3])):
          items.append({
              "name": "item-%d" % n,
              "title": "A title for item %d, with some words" % n,
              "size": r.randrange(1 << 40),
              "score": r.uniform(-1000, 1000),
              "enabled": r.random() < 0.5,
              "created": epoch + datetime.timedelta(seconds=r.randrange(-10**9, 10**9)),
              "thumbnail": bytes(r.randrange(256) for _ in range(48)),
              "tags": ["t%d" % r.randrange(50) for _ in range(3)],
              "frame": {"x": r.randrange(2000), "y": r.randrange(2000),
                        "w": r.uniform(0, 500), "h": r.uniform(0, 500)},
              "history": [{"t": r.randrange(10**6), "v": "v%d" % r.randrange(10)}],
          })
      top = {"version": 3, "name": "Benchmark document", "items": items}
      with open(sys.argv[1], "wb") as f: plistlib.dump(top, f, sort_keys=False)
      with open(sys.argv[2], "wb") as f:
          plistlib.dump(top, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
      """#
    _ = try InspectBenchmark.spawn([
      "/usr/bin/env", "python3", "-c", program, xml.path, binary.path, String(items),
    ])
  }

  /// The open figures' lines.
  private static func openFigures(
    _ options: Options, file: URL, size: Int, runs: ClosedRange<Int>
  ) throws -> [String] {
    let folder = file.deletingLastPathComponent()
    let script = folder.appendingPathComponent("open.docscript")
    try Data("open \(file.lastPathComponent)\n".utf8).write(to: script)
    var docrepl: [Double] = []
    var python: [Double] = []
    var peaks: [Double] = []
    var floors: [Double] = []
    let empty = folder.appendingPathComponent("empty.docscript")
    try Data("\n".utf8).write(to: empty)
    let opening = [options.docrepl, "run", "-C", folder.path, script.path]
    let doingNothing = [options.docrepl, "run", "-C", folder.path, empty.path]
    var measuredAlone = false
    for run in runs {
      let opened = try InspectBenchmark.spawn(opening)
      let nothing = try InspectBenchmark.spawn(doingNothing)
      let loaded = try InspectBenchmark.spawn([
        "/usr/bin/env", "python3", "-c",
        "import plistlib, sys; plistlib.load(open(sys.argv[1], 'rb'))",
        file.path,
      ])
      guard run > 0 else { continue }
      docrepl.append(opened.seconds)
      python.append(loaded.seconds)
      // The peaks from `wait4` are at least this process's own (see
      // `ownPeakKilobytes`): they stand only where GNU time is missing.
      let ownPeak = try InspectBenchmark.ownPeakKilobytes(opening)
      let ownFloor = try InspectBenchmark.ownPeakKilobytes(doingNothing)
      measuredAlone = ownPeak != nil && ownFloor != nil
      peaks.append(Double(ownPeak ?? opened.maximumResidentKilobytes))
      floors.append(Double(ownFloor ?? nothing.maximumResidentKilobytes))
    }
    let floor = BenchCommand.median(floors)
    let time = BenchCommand.median(docrepl)
    let baseline = BenchCommand.median(python)
    let peak = BenchCommand.median(peaks)
    return [
      "open (docrepl run of 'open \(file.lastPathComponent)')",
      "  baseline (python3 plistlib.load): \(BenchCommand.format(baseline))",
      "  measured: \(BenchCommand.format(time))",
      "  ratio: time \(String(format: "%.2f", time / baseline))x  goal: <= 1.0x",
      "  peak resident memory (\(measuredAlone ? "GNU time" : "wait4, at least this process's own peak: install GNU time")): \(Int(peak / 1024)) MB, "
        + String(format: "%.2f", peak * 1024 / Double(size)) + "x the file  goal: <= 4x",
      "  of which docrepl running an empty script: \(Int(floor / 1024)) MB; the document adds "
        + String(format: "%.2f", (peak - floor) * 1024 / Double(size)) + "x the file",
    ]
  }

  @MainActor
  private static func setAndSave(file: URL, pointer: String, runs: ClosedRange<Int>) async throws {
    let folder = file.deletingLastPathComponent()
    let work = folder.appendingPathComponent("edited-" + file.lastPathComponent)
    let copy = folder.appendingPathComponent("copy-" + file.lastPathComponent)
    var paired = PairedRuns()
    for run in runs {
      try? FileManager.default.removeItem(at: work)
      try FileManager.default.copyItem(at: file, to: work)
      let session = try await DocumentSession<PropertyListDocument>.open(
        work, environment: .init(autosavePolicy: .never))
      // The copy's pages are written out now, not by the save's `fsync`:
      // the save pays for its own file, as the baseline does.
      sync()
      let (save, conditions) = try await RunConditions.measuring {
        try await BenchCommand.measure {
          try session.perform { try $0.set(.integer(Int64(run)), at: pointer) }
          try await session.save()
        }.seconds
      }
      guard
        try PropertyListDocument(bytes: [UInt8](Data(contentsOf: work))).value(at: pointer)
          == .integer(Int64(run))
      else { throw BenchError("the saved file does not hold the value set") }
      try? FileManager.default.removeItem(at: copy)
      let baseline = try await BenchCommand.measure {
        try BenchCommand.copyAndSync(file, to: copy)
      }.seconds
      if run > 0 { paired.append(measured: save, baseline: baseline, conditions: conditions) }
    }
    print("one set of a nested value (\(pointer)), then save, through a session")
    for line in paired.reportLines(baselineName: "cp + fsync of the copy", goal: 2) { print(line) }
  }
}
