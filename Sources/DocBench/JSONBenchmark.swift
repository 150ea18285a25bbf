import CDocBench
import DocFormats
import DocKit
import Foundation
import Glibc

/// `docrepl-bench json`: a generated pretty-printed JSON file of `objects`
/// (default 150,000) objects in an array, each with nested objects and
/// arrays (about 36 MB), written as `jq .` writes JSON, so that jq's output
/// and docrepl's can be compared byte for byte. Four figures, each against
/// a baseline measured in the same run, medians of `runs` runs:
///
/// - Open: `docrepl run` of `open F`, against `python3 -c 'import json;
///   json.load(open(F))'` (goal: at most 1.0x the wall time), and
///   docrepl's peak resident memory against the file's size (goal: at most
///   4x), from GNU `time -v` when it is installed, else `wait4`.
/// - One `set` of a nested value, then `save`, through a session, against
///   `cp F G` and `fsync` of G (goal: at most 2x), each side first in
///   every other run; a second `cp` in each run shows how far the copy
///   moves against itself.
/// - 1,000 random `set`/`insert`/`remove` edits through a session, one
///   undo step each: the memory the undo stack holds (glibc mallinfo2;
///   goal: under 1 MB), then `undo` of all of them: the bytes must be the
///   original's.
/// - The same 1,000 edits as one `docrepl run` (open, edits, `save-to`)
///   against one `jq` run with the edits as chained assignments (goal:
///   docrepl at least 3x faster); the two outputs must be byte-identical,
///   which shows that docrepl changed only the edited values. Without jq
///   (apt-get install jq) this figure is skipped, and the script says so.
enum JSONBenchmark {
  struct Options {
    var objects = 150_000
    var edits = 1_000
    var runs = 3
    var docrepl: String
    var jq: String?
  }

  @MainActor
  static func run(_ options: Options) async throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("big.json")
    let size = try makeFile(at: file, objects: options.objects)
    let megabytes = String(format: "%.1f MB", Double(size) / 1_048_576)
    print(
      "docrepl-bench json: an array of \(options.objects) objects, \(megabytes), medians of \(options.runs) runs"
    )
    let runs = 0...options.runs  // run 0 warms up and is not counted
    try openFigures(options, file: file, size: size, runs: runs)
    try await setAndSave(file: file, runs: runs)
    let edits = randomEdits(count: options.edits, objects: options.objects, seed: 7)
    try await undoFigures(file: file, edits: edits)
    try jqFigures(options, file: file, edits: edits, runs: runs)
  }

  // MARK: - The file

  /// Writes the file; returns its size.
  private static func makeFile(at url: URL, objects: Int) throws -> Int {
    var text = "[\n"
    text.reserveCapacity(objects * 260)
    var random = SplitMix64(seed: 35)
    for id in 0..<objects {
      let score = "\(random.below(1000)).\(1 + random.below(9))"
      text += """
          {
            "id": \(id),
            "name": "item-\(id)",
            "active": \(random.below(2) == 0),
            "score": \(score),
            "tags": [
              "t\(random.below(50))",
              "t\(random.below(50))"
            ],
            "dims": {
              "w": \(random.below(100)),
              "h": \(random.below(100))
            },
            "history": [
              {
                "t": \(random.below(1_000_000)),
                "v": "\(random.below(10))"
              }
            ]
          }
        """
      text += id == objects - 1 ? "\n" : ",\n"
    }
    text += "]\n"
    let data = Data(text.utf8)
    try data.write(to: url)
    return data.count
  }

  /// One edit, as docrepl's command and as a jq assignment.
  struct Edit {
    var command: String
    var jq: String
  }

  /// Edits of random objects: a nested value set, a member added or set,
  /// a tag inserted first, a tag removed (when there is one).
  static func randomEdits(count: Int, objects: Int, seed: UInt64) -> [Edit] {
    var random = SplitMix64(seed: seed)
    var tags: [Int: Int] = [:]
    var edits: [Edit] = []
    while edits.count < count {
      let object = random.below(objects)
      let value = random.below(10_000)
      switch random.below(4) {
      case 0:
        edits.append(
          Edit(command: "set /\(object)/dims/w \(value)", jq: ".[\(object)].dims.w = \(value)"))
      case 1:
        edits.append(
          Edit(command: "set /\(object)/dims/d \(value)", jq: ".[\(object)].dims.d = \(value)"))
      case 2:
        tags[object, default: 2] += 1
        edits.append(
          Edit(
            command: "insert /\(object)/tags/0 '\"n\(value)\"'",
            jq: ".[\(object)].tags |= [\"n\(value)\"] + ."))
      default:
        guard tags[object, default: 2] > 0 else { continue }
        tags[object, default: 2] -= 1
        edits.append(
          Edit(command: "remove /\(object)/tags/0", jq: "del(.[\(object)].tags[0])"))
      }
    }
    return edits
  }

  // MARK: - The figures

  private static func openFigures(
    _ options: Options, file: URL, size: Int, runs: ClosedRange<Int>
  ) throws {
    let folder = file.deletingLastPathComponent()
    let script = folder.appendingPathComponent("open.docscript")
    try Data("open big.json\n".utf8).write(to: script)
    var docrepl: [Double] = []
    var python: [Double] = []
    var peaks: [Double] = []
    for run in runs {
      let opened = try InspectBenchmark.spawn([
        options.docrepl, "run", "-C", folder.path, script.path,
      ])
      let loaded = try InspectBenchmark.spawn([
        "/usr/bin/env", "python3", "-c", "import json, sys; json.load(open(sys.argv[1]))",
        file.path,
      ])
      guard run > 0 else { continue }
      docrepl.append(opened.seconds)
      python.append(loaded.seconds)
      peaks.append(try LargeBenchmark.peakKilobytes(docrepl: options.docrepl, script: script))
    }
    let time = BenchCommand.median(docrepl)
    let baseline = BenchCommand.median(python)
    let peak = BenchCommand.median(peaks)
    print("")
    print("open (docrepl run of 'open big.json')")
    print("  baseline (python3 json.load): \(BenchCommand.format(baseline))")
    print("  measured: \(BenchCommand.format(time))")
    print("  ratio: time \(String(format: "%.2f", time / baseline))x  goal: <= 1.0x")
    print(
      "  peak resident memory: \(Int(peak / 1024)) MB, "
        + String(format: "%.2f", peak * 1024 / Double(size)) + "x the file  goal: <= 4x")
  }

  @MainActor
  private static func setAndSave(file: URL, runs: ClosedRange<Int>) async throws {
    let work = file.deletingLastPathComponent().appendingPathComponent("edited.json")
    let copy = file.deletingLastPathComponent().appendingPathComponent("copy.json")
    let again = file.deletingLastPathComponent().appendingPathComponent("copy-again.json")
    var paired = PairedRuns()
    for run in runs {
      // The last run's copies are removed first, before the open and
      // outside every measure: no side frees a file of 38 MB just before
      // it writes one.
      try? FileManager.default.removeItem(at: copy)
      try? FileManager.default.removeItem(at: again)
      try? FileManager.default.removeItem(at: work)
      try FileManager.default.copyItem(at: file, to: work)
      let session = try await DocumentSession<JSONDocument>.open(
        work, environment: .init(autosavePolicy: .never))
      // The copy's pages are written out now, not by the save's `fsync`:
      // the save pays for its own file, as the baseline does.
      sync()
      func copyOnce(to copy: URL) async throws -> Double {
        try await BenchCommand.measure { try BenchCommand.copyAndSync(file, to: copy) }.seconds
      }
      // Each side goes first in every other run.
      let baselineFirst = !run.isMultiple(of: 2)
      var baseline = baselineFirst ? try await copyOnce(to: copy) : 0
      let (save, conditions) = try await RunConditions.measuring {
        try await BenchCommand.measure {
          try session.perform { try $0.set(.number("\(run)"), at: "/75000/dims/w") }
          try await session.save()
        }.seconds
      }
      if !baselineFirst { baseline = try await copyOnce(to: copy) }
      // The copy again, to show how far it moves against itself.
      sync()
      let repeated = try await copyOnce(to: again)
      if run > 0 {
        paired.append(measured: save, baseline: baseline, conditions: conditions)
        paired.appendBaselineRepeat(repeated, baseline: baseline)
      }
    }
    print("")
    print("one set of a nested value (/75000/dims/w), then save, through a session")
    for line in paired.reportLines(baselineName: "cp + fsync of the copy", goal: 2) { print(line) }
  }

  @MainActor
  private static func undoFigures(file: URL, edits: [Edit]) async throws {
    let original = try Data(contentsOf: file)
    let literals = try edits.map { edit in
      let parts = edit.command.split(separator: " ", maxSplits: 2).map(String.init)
      let value: JSONValue? =
        parts.count == 3
        ? try JSONDocument(text: parts[2].trimmingCharacters(in: ["'"])).root : nil
      return (parts[0], parts[1], value)
    }
    func session() async throws -> DocumentSession<JSONDocument> {
      let session = try await DocumentSession<JSONDocument>.open(
        file, environment: .init(autosavePolicy: .never))
      for (command, pointer, value) in literals {
        try session.perform { document in
          switch (command, value) {
          case ("set", let value?): try document.set(value, at: pointer)
          case ("insert", let value?): try document.insert(value, at: pointer)
          default: try document.remove(at: pointer)
          }
        }
        try await session.endEvent()
      }
      return session
    }
    var edited = try await session()
    let held = Int(docbench_allocated_bytes())
    edited.undoManager.removeAllActions()
    let retained = held - Int(docbench_allocated_bytes())
    edited = try await session()
    let undo = try await BenchCommand.measure {
      while edited.undoManager.canUndo { edited.undoManager.undo() }
    }.seconds
    guard edited.document.data == original else {
      throw BenchError("undoing every edit did not give back the original bytes")
    }
    print("")
    print("\(edits.count) random set/insert/remove edits through a session, then all undone")
    print(
      "  undo stack: \(retained / 1024) KB (\(retained / max(1, edits.count)) bytes an edit)  goal: < 1 MB"
    )
    print("  undo of all: \(BenchCommand.format(undo)); the bytes are the original's")
  }

  private static func jqFigures(
    _ options: Options, file: URL, edits: [Edit], runs: ClosedRange<Int>
  ) throws {
    print("")
    print("\(edits.count) edits in one run, saved to a new file, against jq")
    guard let jq = options.jq else {
      print("  skipped: jq is not installed (apt-get install jq)")
      return
    }
    let folder = file.deletingLastPathComponent()
    let script = folder.appendingPathComponent("edits.docscript")
    try Data(
      (["open big.json"] + edits.map(\.command) + ["save-to docrepl.json --replace"]).joined(
        separator: "\n"
      ).utf8 + [0x0A]
    ).write(to: script)
    let filter = edits.map(\.jq).joined(separator: " | ")
    let jqOutput = folder.appendingPathComponent("jq.json")
    var docrepl: [Double] = []
    var baseline: [Double] = []
    for run in runs {
      let ours = try InspectBenchmark.spawn([
        options.docrepl, "run", "-C", folder.path, script.path,
      ])
      let theirs = try InspectBenchmark.spawn([jq, filter, file.path], output: jqOutput.path)
      if run > 0 {
        docrepl.append(ours.seconds)
        baseline.append(theirs.seconds)
      }
    }
    let ours = try Data(contentsOf: folder.appendingPathComponent("docrepl.json"))
    let theirs = try Data(contentsOf: jqOutput)
    let time = BenchCommand.median(docrepl)
    let base = BenchCommand.median(baseline)
    print("  baseline (jq with \(edits.count) chained assignments): \(BenchCommand.format(base))")
    print("  measured (docrepl run: open, edits, save-to): \(BenchCommand.format(time))")
    print(
      "  ratio: docrepl is \(String(format: "%.2f", base / time))x faster  goal: >= 3x")
    print(
      ours == theirs
        ? "  the outputs are byte-identical: only the edited values changed"
        : "  the outputs DIFFER (\(ours.count) bytes against jq's \(theirs.count))")
  }
}
