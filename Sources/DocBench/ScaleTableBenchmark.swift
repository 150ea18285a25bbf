import DocFormats
import DocKit
import Foundation
import Glibc

/// `docrepl-bench scale`: how the cost of each operation grows with the
/// size of its document, as the table in docs/performance.md gives it.
///
/// - Text, at each size (default 10, 100 and 1,000 MB of an 80-byte-a-line
///   log, one line in 50 holding `foo`): `open`; `set-line` + `save`;
///   `replace foo bar --all` + `save`; `diff` of a snapshot after one
///   `set-line`. Each is a `docrepl run` child process.
/// - JSON, at each size (default 4, 40 and 400 MB of an array of objects):
///   `open`; one `set` of a nested value + `save`.
/// - Note collections of 1,000 to 999,998 one-line notes (the largest that
///   fits `FileWrapper`'s limit of 1,000,000 entries a tree, with
///   `metadata.json` and the package's folder): opening the
///   package, and saving it after one note is edited, in this process
///   through a `DocumentSession` (the save works off the main actor, so
///   processor time is the whole process's).
///
/// Each figure is the median of `runs` runs (default 1: the largest sizes
/// take seconds each), with processor time and the peak resident memory
/// from `wait4` (children) or `VmHWM` (this process; notes only, after the
/// open). Between two sizes it prints the growth exponent `e` such that
/// time grows as size^e: 0 is constant, 1 linear; n log n shows as a
/// little over 1.
enum ScaleTableBenchmark {
  struct Options {
    var runs = 1
    var textMegabytes = [10, 100, 1000]
    var jsonMegabytes = [4, 40, 400]
    var notes = [1000, 10000, 100_000, 999_998]
    var docrepl: String
  }

  /// One row: a size and the medians measured at it.
  private struct Row {
    var size: Double
    var label: String
    var sample: InspectBenchmark.Sample
  }

  static func run(_ options: Options) async throws {
    guard access(options.docrepl, X_OK) == 0 else {
      throw BenchError("no docrepl executable at \(options.docrepl) (build it, or pass --docrepl)")
    }
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    print("docrepl-bench scale: medians of \(options.runs) run(s) at each size")
    let empty = directory.appendingPathComponent("empty.docscript")
    try Data().write(to: empty)
    let startup = try median(runs: 5) {
      try InspectBenchmark.spawn([options.docrepl, "run", empty.path])
    }.seconds
    print(
      "docrepl run of an empty script (taken off before the growth): \(BenchCommand.format(startup))"
    )
    if !options.textMegabytes.isEmpty { try text(options, in: directory, startup: startup) }
    if !options.jsonMegabytes.isEmpty { try json(options, in: directory, startup: startup) }
    if !options.notes.isEmpty { try await notes(options, in: directory) }
  }

  // MARK: - Text

  private static func text(_ options: Options, in directory: URL, startup: Double) throws {
    var tables: [String: [Row]] = [:]
    let operations = ["open", "set-line + save", "replace --all + save", "diff after one change"]
    for megabytes in options.textMegabytes {
      let log = directory.appendingPathComponent("log.txt")
      let lines = megabytes * 1_048_576 / 80
      let size = try writeLog(at: log, lines: lines)
      let middle = lines / 2
      let scripts = [
        "open log.txt\n",
        "open work.txt\nset-line \(middle) \"one line\"\nsave\n",
        "open work.txt\nreplace foo bar --all\nsave\n",
        "open log.txt\nsnapshot s\nset-line \(middle) \"one line\"\ndiff s\n",
      ]
      for (operation, script) in zip(operations, scripts) {
        let scriptURL = directory.appendingPathComponent("scale.docscript")
        try Data(script.utf8).write(to: scriptURL)
        let sample = try median(runs: options.runs) {
          if script.hasPrefix("open work.txt") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("work.txt"))
            try FileManager.default.copyItem(
              at: log, to: directory.appendingPathComponent("work.txt"))
            sync()
          }
          return try InspectBenchmark.spawnAllowingStatus(
            [options.docrepl, "run", "-C", directory.path, scriptURL.path], allowed: [0])
        }
        tables[operation, default: []].append(
          Row(size: Double(size), label: "\(megabytes) MB", sample: sample))
      }
      try? FileManager.default.removeItem(at: log)
      try? FileManager.default.removeItem(at: directory.appendingPathComponent("work.txt"))
    }
    for operation in operations {
      printTable(
        "text: \(operation)", tables[operation] ?? [], memoryPerByte: true, startup: startup)
    }
  }

  /// Writes a log of `lines` lines of about 80 bytes, one in 50 holding
  /// `foo`, in chunks (the benchmark's own memory stays small, since a
  /// child's peak starts from it); returns its size.
  private static func writeLog(at url: URL, lines: Int) throws -> Int {
    let words = ["GET", "POST", "user", "session", "cache", "miss", "hit", "slow", "retry", "ok"]
    var random = SplitMix64(seed: 2026)
    return try writeChunked(at: url, count: lines) { line, bytes in
      bytes += "2026-12-02T10:00:00.\(line % 1000)Z INFO [worker-\(line % 16)] ".utf8
      for _ in 0..<5 { bytes += ((words.randomElement(using: &random) ?? "ok") + " ").utf8 }
      bytes += (line % 50 == 0 ? "foo id=\(line)\n" : "id=\(line)\n").utf8
    }
  }

  // MARK: - JSON

  private static func json(_ options: Options, in directory: URL, startup: Double) throws {
    var opens: [Row] = []
    var saves: [Row] = []
    var copies: [Row] = []
    for megabytes in options.jsonMegabytes {
      let file = directory.appendingPathComponent("big.json")
      let objects = megabytes * 1_048_576 / 200
      let size = try writeJSON(at: file, objects: objects)
      let work = directory.appendingPathComponent("work.json")
      let openScript = directory.appendingPathComponent("open.docscript")
      try Data("open big.json\n".utf8).write(to: openScript)
      let saveScript = directory.appendingPathComponent("save.docscript")
      try Data("open work.json\nset /\(objects / 2)/dims/w 7\nsave\n".utf8).write(to: saveScript)
      let label = "\(megabytes) MB"
      opens.append(
        Row(
          size: Double(size), label: label,
          sample: try median(runs: options.runs) {
            try InspectBenchmark.spawn([
              options.docrepl, "run", "-C", directory.path, openScript.path,
            ])
          }))
      saves.append(
        Row(
          size: Double(size), label: label,
          sample: try median(runs: options.runs) {
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.copyItem(at: file, to: work)
            sync()
            return try InspectBenchmark.spawn([
              options.docrepl, "run", "-C", directory.path, saveScript.path,
            ])
          }))
      copies.append(
        Row(
          size: Double(size), label: label,
          sample: try median(runs: options.runs) {
            try? FileManager.default.removeItem(at: work)
            sync()
            let copy = try InspectBenchmark.spawn(["/bin/cp", file.path, work.path])
            let synced = try InspectBenchmark.spawn(["/bin/sync", work.path])
            return InspectBenchmark.Sample(
              seconds: copy.seconds + synced.seconds,
              processorSeconds: copy.processorSeconds + synced.processorSeconds,
              maximumResidentKilobytes: copy.maximumResidentKilobytes)
          }))
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: work)
    }
    printTable("JSON: open", opens, memoryPerByte: true, startup: startup)
    printTable(
      "JSON: one set + save", saves, memoryPerByte: true, startup: startup, baseline: copies)
  }

  /// Writes an array of `objects` objects of about 200 bytes, each with a
  /// nested `dims` object; returns the file's size.
  private static func writeJSON(at url: URL, objects: Int) throws -> Int {
    var random = SplitMix64(seed: 35)
    return try writeChunked(at: url, count: objects + 2) { index, bytes in
      guard index > 0, index <= objects else {
        bytes += (index == 0 ? "[\n" : "]\n").utf8
        return
      }
      let id = index - 1
      bytes +=
        """
          {
            "id": \(id),
            "name": "item-\(id)",
            "active": \(random.below(2) == 0),
            "tags": ["t\(random.below(50))", "t\(random.below(50))"],
            "dims": {"w": \(random.below(100)), "h": \(random.below(100))}
          }\(id == objects - 1 ? "" : ",")

        """.utf8
    }
  }

  // MARK: - Note collections

  @MainActor
  private static func notes(_ options: Options, in directory: URL) async throws {
    var opens: [Row] = []
    var saves: [Row] = []
    for count in options.notes {
      let package = directory.appendingPathComponent("Scale-\(count).notes")
      try writePackage(at: package, notes: count)
      var openSamples: [InspectBenchmark.Sample] = []
      var saveSamples: [InspectBenchmark.Sample] = []
      for run in 1...options.runs {
        var session: DocumentSession<NoteCollectionDocument>?
        openSamples.append(
          try await measured {
            session = try await DocumentSession<NoteCollectionDocument>.open(
              package, environment: .init(autosavePolicy: .never))
          })
        guard let session else { throw BenchError("the package did not open") }
        try session.perform {
          try $0.editNote(id: "n\(count / 2)", text: "edited in run \(run)")
        }
        try await session.endEvent()
        saveSamples.append(try await measured { try await session.save() })
      }
      let size = Double(count)
      opens.append(
        Row(size: size, label: "\(count) notes", sample: InspectBenchmark.median(openSamples)))
      saves.append(
        Row(size: size, label: "\(count) notes", sample: InspectBenchmark.median(saveSamples)))
      try? FileManager.default.removeItem(at: package)
    }
    printTable("note collection: open (in this process)", opens, memoryPerByte: false)
    printTable("note collection: one note edited, save", saves, memoryPerByte: false)
  }

  /// Writes a note collection of `notes` one-line notes as the document
  /// lays it out (`metadata.json` and `n<i>.json`), without the cost of
  /// building it as a document first.
  private static func writePackage(at url: URL, notes: Int) throws {
    guard mkdir(url.path, 0o755) == 0 else { throw BenchError("mkdir \(url.path) failed") }
    let ids = (1...notes).map { "\"n\($0)\"" }.joined(separator: ",")
    try Data("{\"title\":\"Scale\",\"notes\":[\(ids)]}\n".utf8).write(
      to: url.appendingPathComponent(NoteCollectionDocument.metadataFilename))
    for index in 1...notes {
      let bytes = Array("{\"title\":\"Note \(index)\",\"text\":\"line \(index)\"}\n".utf8)
      let descriptor = open(url.path + "/n\(index).json", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard descriptor >= 0 else { throw BenchError("cannot write note \(index)") }
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    sync()
  }

  /// Times `body` in this process: wall, processor time of every thread,
  /// and the resident memory's high-water mark after it.
  @MainActor
  private static func measured(
    _ body: () async throws -> Void
  ) async throws -> InspectBenchmark.Sample {
    var start = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    let seconds = try await BenchCommand.measure(body).seconds
    var end = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
    let processor =
      Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    return InspectBenchmark.Sample(
      seconds: seconds, processorSeconds: processor,
      maximumResidentKilobytes: highWaterKilobytes())
  }

  /// `VmHWM` of this process, in KiB.
  private static func highWaterKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst(6).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }
    return 0
  }

  // MARK: - Shared

  /// Writes `count` records, each appended to a buffer by `record`, in
  /// chunks of about 4 MB; returns the bytes written.
  private static func writeChunked(
    at url: URL, count: Int, _ record: (Int, inout [UInt8]) -> Void
  ) throws -> Int {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw BenchError("cannot write \(url.path)") }
    defer { close(descriptor) }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4 << 20 + 4096)
    var total = 0
    func flush() throws {
      let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written == buffer.count else { throw BenchError("short write to \(url.path)") }
      total += written
      buffer.removeAll(keepingCapacity: true)
    }
    for index in 0..<count {
      record(index, &buffer)
      if buffer.count >= 4 << 20 { try flush() }
    }
    try flush()
    return total
  }

  private static func median(
    runs: Int, _ body: () throws -> InspectBenchmark.Sample
  ) rethrows -> InspectBenchmark.Sample {
    var samples: [InspectBenchmark.Sample] = []
    for _ in 0..<max(1, runs) { samples.append(try body()) }
    return InspectBenchmark.median(samples)
  }

  /// Prints one operation's rows, with the growth exponent from each size
  /// to the next (of the time less `startup`, what a child costs before
  /// it reads anything), and the baseline's time where there is one.
  private static func printTable(
    _ title: String, _ rows: [Row], memoryPerByte: Bool, startup: Double = 0,
    baseline: [Row] = []
  ) {
    print("")
    print(title)
    for (index, row) in rows.enumerated() {
      var line =
        "  \(row.label.padding(toLength: 14, withPad: " ", startingAt: 0))"
        + " \(BenchCommand.format(row.sample.seconds)) wall,"
        + " \(BenchCommand.format(row.sample.processorSeconds)) processor,"
        + " peak \(row.sample.maximumResidentKilobytes / 1024) MB"
      if memoryPerByte {
        line += String(
          format: " (%.2fx the file)", Double(row.sample.maximumResidentKilobytes) * 1024 / row.size
        )
      }
      if index < baseline.count {
        let base = baseline[index].sample.seconds
        line +=
          String(format: ", %.2fx", row.sample.seconds / base)
          + " cp + sync (\(BenchCommand.format(base)))"
      }
      if index > 0 {
        let previous = rows[index - 1]
        let exponent =
          log(
            max(row.sample.seconds - startup, 1e-6) / max(previous.sample.seconds - startup, 1e-6))
          / log(row.size / previous.size)
        line += "; growth from \(previous.label): e = " + String(format: "%.2f", exponent)
      }
      print(line)
    }
  }
}
