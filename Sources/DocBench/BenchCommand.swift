import DocFormats
import DocKit
import Foundation
import Glibc

/// The benchmarks of `scripts/bench`. Timings are medians over `runs`
/// repetitions, each as a ratio to a baseline measured in the same run;
/// bytes are what the process passed to `write` (`wchar` in
/// `/proc/self/io`).
public enum BenchCommand {
  /// Runs `arguments`: `save [--runs N] [--notes N]`, `save-as [--runs N]
  /// [--notes N]` (only the save-as figures), `text [--runs N] [--edits N]
  /// [--lines N] [--undo-edits N] [--megabytes N]`, `parse [--runs N]
  /// [--lines N] [--megabytes N]` (see ``ParseBenchmark``, whose children
  /// are `parse-child …`), `replay [--runs N] [--edits N] [--lines N]
  /// [--docrepl PATH]` (see ``ReplayBenchmark``), `suite [--runs N]
  /// [--scripts N] [--docrepl PATH]` (see ``SuiteBenchmark``), `undo [--runs N]
  /// [--edits N] [--megabytes N]`, or `single-save-once
  /// DIR` (one 4 KB session save, for `strace -c`), or `package-save-once
  /// DIR` (one edited note saved in a package made by `make-package DIR N`),
  /// or `inspect [--runs N] [--files N] [--sparse-bytes N] [--docrepl PATH]`
  /// (see ``InspectBenchmark``), whose baseline is `read-tree DIR`, or
  /// `startup [--runs N] [--docrepl PATH] [--static PATH] [--static-no-pie
  /// PATH] [--baseline COMMAND]` (see ``StartupBenchmark``), or `json [--runs N]
  /// [--objects N] [--edits N] [--docrepl PATH] [--jq PATH]` (see ``JSONBenchmark``), or
  /// `plist [--runs N] [--items N] [--docrepl PATH]` (see ``PropertyListBenchmark``), or
  /// `check [--runs N] [--sequences N] [--steps N]` (see ``CheckBenchmark``), or
  /// `scale [--runs N] [--text-mb N,N] [--json-mb N,N] [--notes N,N]` (see
  /// ``ScaleTableBenchmark``).
  @MainActor
  public static func main(_ arguments: [String]) async -> Int32 {
    do {
      switch arguments.first {
      case "save":
        let runs = value(after: "--runs", in: arguments) ?? 5
        let notes = value(after: "--notes", in: arguments) ?? 10_000
        let scale = value(after: "--scale-notes", in: arguments) ?? 100_000
        try await saveBenchmarks(runs: max(5, runs), notes: notes)
        if scale > 0 {
          try await scaleBenchmark(runs: max(5, runs), small: 10_000, large: scale)
        }
      case "inspect":
        var options = InspectBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.files = max(0, value(after: "--files", in: arguments) ?? options.files)
        options.sparseBytes = max(
          0, value(after: "--sparse-bytes", in: arguments) ?? options.sparseBytes)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try InspectBenchmark.run(options)
      case "large":
        var options = LargeBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.megabytes = max(1, value(after: "--megabytes", in: arguments) ?? options.megabytes)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try await LargeBenchmark.run(options)
      case "large-text":
        var options = LargeTextBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.lines = max(100, value(after: "--lines", in: arguments) ?? options.lines)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        options.diffOnly = arguments.contains("--diff-only")
        options.onlySave = arguments.contains("--save-only")
        try LargeTextBenchmark.run(options)
      case "scale":
        var options = ScaleTableBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.textMegabytes = sizes(after: "--text-mb", in: arguments) ?? options.textMegabytes
        options.jsonMegabytes = sizes(after: "--json-mb", in: arguments) ?? options.jsonMegabytes
        options.notes = sizes(after: "--notes", in: arguments) ?? options.notes
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try await ScaleTableBenchmark.run(options)
      case "check":
        var options = CheckBenchmark.Options()
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.sequences = max(1, value(after: "--sequences", in: arguments) ?? options.sequences)
        options.steps = max(1, value(after: "--steps", in: arguments) ?? options.steps)
        try await CheckBenchmark.run(options)
      case "json":
        var options = JSONBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.objects = max(10, value(after: "--objects", in: arguments) ?? options.objects)
        options.edits = max(1, value(after: "--edits", in: arguments) ?? options.edits)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        options.jq = string(after: "--jq", in: arguments)
        try await JSONBenchmark.run(options)
      case "plist":
        var options = PropertyListBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.items = max(10, value(after: "--items", in: arguments) ?? options.items)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try await PropertyListBenchmark.run(options)
      case "startup":
        var options = StartupBenchmark.Options()
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        for (flag, label) in [
          ("--docrepl", "dynamic"), ("--static", "static stdlib"),
          ("--static-no-pie", "static stdlib, no PIE"),
        ] {
          if let path = string(after: flag, in: arguments) {
            options.docrepls.append((label, path))
          }
        }
        if options.docrepls.isEmpty { options.docrepls = [("dynamic", siblingDocrepl())] }
        if let baseline = string(after: "--baseline", in: arguments) {
          options.baseline = baseline.split(separator: " ").map(String.init)
        }
        try StartupBenchmark.run(options)
      case "read-tree":
        guard arguments.count == 2 else { return usage() }
        try InspectBenchmark.readTree(arguments[1])
      case "text":
        try textBenchmarks(
          runs: max(1, value(after: "--runs", in: arguments) ?? 3),
          edits: value(after: "--edits", in: arguments) ?? 100_000,
          lines: value(after: "--lines", in: arguments) ?? 10_000,
          undoEdits: value(after: "--undo-edits", in: arguments) ?? 100_000,
          megabytes: value(after: "--megabytes", in: arguments) ?? 10,
          everyLineMegabytes: max(0, value(after: "--every-line-megabytes", in: arguments) ?? 120),
          diffMegabytes: max(0, value(after: "--diff-megabytes", in: arguments) ?? 100),
          docrepl: string(after: "--docrepl", in: arguments))
      case "diff-child":
        try ManyChangesDiffBenchmark.child(Array(arguments.dropFirst()))
      case "parse":
        var options = ParseBenchmark.Options()
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.lines = max(10, value(after: "--lines", in: arguments) ?? options.lines)
        options.megabytes = max(1, value(after: "--megabytes", in: arguments) ?? options.megabytes)
        try ParseBenchmark.run(options)
      case "parse-child":
        try ParseBenchmark.child(Array(arguments.dropFirst()))
      case "replay":
        var options = ReplayBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.edits = max(1, value(after: "--edits", in: arguments) ?? options.edits)
        options.lines = max(1, value(after: "--lines", in: arguments) ?? options.lines)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try ReplayBenchmark.run(options)
      case "suite":
        var options = SuiteBenchmark.Options(docrepl: siblingDocrepl())
        options.runs = max(1, value(after: "--runs", in: arguments) ?? options.runs)
        options.scripts = max(1, value(after: "--scripts", in: arguments) ?? options.scripts)
        options.docrepl = string(after: "--docrepl", in: arguments) ?? options.docrepl
        try SuiteBenchmark.run(options)
      case "undo":
        try await undoBenchmarks(
          runs: max(1, value(after: "--runs", in: arguments) ?? 3),
          edits: max(1, value(after: "--edits", in: arguments) ?? 100_000),
          megabytes: max(1, value(after: "--megabytes", in: arguments) ?? 10))
      case "save-as":
        let runs = value(after: "--runs", in: arguments) ?? 5
        let notes = value(after: "--notes", in: arguments) ?? 10_000
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        DocFormats.registerTypes()
        print("docrepl-bench save-as: medians of \(max(5, runs)) runs")
        try await saveAsBenchmarks(
          runs: max(5, runs), package: makePackage(in: directory, notes: notes), in: directory)
      case "make-package":
        guard arguments.count == 3, let count = Int(arguments[2]) else { return usage() }
        _ = try makePackage(in: URL(fileURLWithPath: arguments[1]), notes: count)
      case "package-save-once":
        guard arguments.count == 2 else { return usage() }
        try await packageSave(
          URL(fileURLWithPath: arguments[1]).appendingPathComponent("Bench.notes"), run: 0)
      case "single-save-once":
        guard arguments.count == 2 else { return usage() }
        let url = URL(fileURLWithPath: arguments[1]).appendingPathComponent("single.txt")
        if !FileManager.default.fileExists(atPath: url.path) { try fourKilobytes(0).write(to: url) }
        try await singleSave(url, run: 1)
      case "single-save-loop":
        // N 4 KB saves in a row, for a profiler (`perf record`).
        guard arguments.count == 3, let count = Int(arguments[2]) else { return usage() }
        let url = URL(fileURLWithPath: arguments[1]).appendingPathComponent("single.txt")
        try fourKilobytes(0).write(to: url)
        for run in 1...max(1, count) { try await singleSave(url, run: run) }
      case "floor-save-once":
        guard arguments.count == 2 else { return usage() }
        try rawSave(
          URL(fileURLWithPath: arguments[1]).appendingPathComponent("floor.txt"),
          data: fourKilobytes(1))
      default:
        return usage()
      }
      return 0
    } catch {
      FileHandle.standardError.write(Data("docrepl-bench: error: \(error)\n".utf8))
      return 1
    }
  }

  private static func usage() -> Int32 {
    FileHandle.standardError.write(
      Data(
        "usage: docrepl-bench save|save-as [--runs N] [--notes N] | text [--runs N] [--edits N] [--lines N] [--undo-edits N] [--megabytes N] | parse [--runs N] [--lines N] [--megabytes N] | parse-child startup|read FILE|parse FILE N | replay [--runs N] [--edits N] [--lines N] [--docrepl PATH] | undo [--runs N] [--edits N] [--megabytes N] | suite [--runs N] [--scripts N] [--docrepl PATH] | make-package DIR N | package-save-once DIR | single-save-once DIR | single-save-loop DIR N | floor-save-once DIR | inspect [--runs N] [--files N] [--sparse-bytes N] [--docrepl PATH] | read-tree DIR | startup [--runs N] [--docrepl PATH] [--static PATH] [--static-no-pie PATH] [--baseline COMMAND] | large-text [--runs N] [--lines N] [--diff-only | --save-only] [--docrepl PATH] | json [--runs N] [--objects N] [--edits N] [--docrepl PATH] [--jq PATH] | plist [--runs N] [--items N] [--docrepl PATH] | check [--runs N] [--sequences N] [--steps N] | scale [--runs N] [--text-mb N,N] [--json-mb N,N] [--notes N,N] [--docrepl PATH]\n"
          .utf8))
    return 64
  }

  /// The `docrepl` built next to this program.
  private static func siblingDocrepl() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("docrepl").path
  }

  private static func value(after flag: String, in arguments: [String]) -> Int? {
    string(after: flag, in: arguments).flatMap { Int($0) }
  }

  /// The comma-separated sizes after `flag` (`--text-mb 10,100`); an
  /// empty list (`--notes ''`) skips that part.
  private static func sizes(after flag: String, in arguments: [String]) -> [Int]? {
    string(after: flag, in: arguments).map { $0.split(separator: ",").compactMap { Int($0) } }
  }

  private static func string(after flag: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: flag).flatMap {
      arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
  }

  // MARK: - The save benchmarks

  @MainActor
  static func saveBenchmarks(runs: Int, notes: Int) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    DocFormats.registerTypes()
    print("docrepl-bench save: medians of \(runs) runs")

    // A package of `notes` 1 KB notes; one note edited, saved in place,
    // against a full rewrite of the same package.
    let package = try makePackage(in: directory, notes: notes)
    var incremental: [(seconds: Double, bytes: Int)] = []
    var full: [(seconds: Double, bytes: Int)] = []
    for run in 1...runs {
      let session = try await editedPackage(package, run: run)
      incremental.append(try await measure { try await session.save() })
      full.append(try await measure { try fullRewrite(package) })
    }
    report(
      "package of \(notes) x 1 KB notes, one note edited, save in place",
      measured: incremental, baseline: full, baselineName: "full rewrite of the package",
      goal: "<= 1% of the time, <= 0.1% of the bytes")

    // A 4 KB single-file save through a session, against the raw floor:
    // temporary file, fsync, rename, directory fsync, and nothing else.
    let single = directory.appendingPathComponent("single.txt")
    try fourKilobytes(0).write(to: single)
    let floorFile = directory.appendingPathComponent("floor.txt")
    // Each run also measures the same save handed off the main actor
    // (`inlineSaveLimit` 0), as every save was before small files were
    // written on the main actor: what the hand-offs cost.
    var paired = PairedRuns()
    var offMain = PairedRuns()
    for run in 1...max(runs, 20) {
      for offTheMainActor in [false, true] {
        let edited = try await editedText(
          single, run: run,
          inlineSaveLimit: offTheMainActor ? 0 : DocumentEnvironment.defaultInlineSaveLimit)
        // The floor once before the save and once after, each a neighbour
        // of the save: the save is compared with their mean, which no
        // place in the loop favours (the floor just after a session's
        // open runs about 5% slower than the floor after a save), and the
        // first with the second, to show how far the floor moves against
        // itself within a run.
        let floorBefore = try await measure {
          try rawSave(floorFile, data: fourKilobytes(run))
        }.seconds
        let (save, conditions) = try await RunConditions.measuring {
          try await measure { try await edited.save() }.seconds
        }
        let floorAfter = try await measure {
          try rawSave(floorFile, data: fourKilobytes(run))
        }.seconds
        let floor = (floorBefore + floorAfter) / 2
        if offTheMainActor {
          offMain.append(measured: save, baseline: floor, conditions: conditions)
          offMain.appendBaselineRepeat(floorBefore, baseline: floorAfter)
        } else {
          paired.append(measured: save, baseline: floor, conditions: conditions)
          paired.appendBaselineRepeat(floorBefore, baseline: floorAfter)
        }
      }
    }
    print("")
    print("4 KB single-file save through a session")
    for line in paired.reportLines(
      baselineName: "raw temp + fsync + rename + dir fsync", goal: 1.1)
    {
      print(line)
    }

    print("")
    print("the same save off the main actor (inlineSaveLimit 0)")
    for line in offMain.reportLines(
      baselineName: "raw temp + fsync + rename + dir fsync", goal: 1.1)
    {
      print(line)
    }

    try await saveAsBenchmarks(runs: runs, package: package, in: directory)
  }

  /// Save as of the package made by `makePackage`.
  @MainActor
  static func saveAsBenchmarks(runs: Int, package: URL, in directory: URL) async throws {
    // Save as: the package, one note edited, saved under a new name,
    // against `cp -r` of the same package, byte for byte
    // (`--reflink=never`) and cloning where the file system can
    // (`--reflink=auto`, coreutils 9's default). `cp` syncs nothing. Each
    // copy is removed and everything synced before the next is measured.
    var saveAs: [(seconds: Double, bytes: Int)] = []
    var copy: [(seconds: Double, bytes: Int)] = []
    var reflinkCopy: [(seconds: Double, bytes: Int)] = []
    let destination = directory.appendingPathComponent("Copy.notes")
    func removeCopy() throws {
      try FileManager.default.removeItem(at: destination)
      sync()
    }
    for run in 1...runs {
      let edited = try await editedPackage(package, run: run)
      sync()
      saveAs.append(try await measure { try await edited.save(as: destination) })
      try removeCopy()
      copy.append(
        try await measure { try copyTree(package, to: destination, ["-r", "--reflink=never"]) })
      try removeCopy()
      reflinkCopy.append(
        try await measure { try copyTree(package, to: destination, ["-r", "--reflink=auto"]) })
      try removeCopy()
    }
    report(
      "package of \(noteCount(package)) x 1 KB notes, one note edited, save as a new name",
      measured: saveAs, baseline: copy, baselineName: "cp -r --reflink=never",
      goal: "none (a copy is O(N))")
    report(
      "the same save as", measured: saveAs, baseline: reflinkCopy,
      baselineName: "cp -r --reflink=auto", goal: "none (a copy is O(N))")
  }

  static func report(
    _ name: String, measured: [(seconds: Double, bytes: Int)],
    baseline: [(seconds: Double, bytes: Int)],
    baselineName: String, goal: String
  ) {
    let time = median(measured.map(\.seconds))
    let baseTime = median(baseline.map(\.seconds))
    let bytes = median(measured.map { Double($0.bytes) })
    let baseBytes = median(baseline.map { Double($0.bytes) })
    print("")
    print(name)
    print("  baseline (\(baselineName)): \(format(baseTime)), \(Int(baseBytes)) bytes written")
    print("  measured: \(format(time)), \(Int(bytes)) bytes written")
    // A baseline run as another process (`cp`) writes nothing of ours.
    let byteRatio =
      baseBytes == 0
      ? ""
      : ", bytes \(String(format: "%.5f", bytes / baseBytes)) (\(String(format: "%.3f", 100 * bytes / baseBytes))%)"
    print(
      "  ratio: time \(String(format: "%.4f", time / baseTime)) (\(String(format: "%.2f", 100 * time / baseTime))%)"
        + byteRatio + "  goal: \(goal)")
  }

  static func format(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.3f ms", seconds * 1000)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  @MainActor
  static func measure(
    _ body: () async throws -> Void
  ) async throws -> (seconds: Double, bytes: Int) {
    let bytesBefore = writtenBytes()
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, writtenBytes() - bytesBefore)
  }

  /// `wchar` from `/proc/self/io`: bytes passed to write calls.
  private static func writtenBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
      return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    return 0
  }

  // MARK: - The operations measured

  static func makePackage(in directory: URL, notes: Int) throws -> URL {
    let text = String(repeating: "x", count: 1_000)
    let document = try NoteCollectionDocument(
      title: "Bench",
      notes: (1...notes).map { .init(id: "n\($0)", title: "Note \($0)", text: text) })
    let url = directory.appendingPathComponent("Bench.notes")
    try document.fileWrapper(configuration: .init(contentType: .noteCollection, existingFile: nil))
      .write(to: url, options: .atomic, originalContentsURL: nil)
    return url
  }

  /// Opens the package and edits one note, ready to save.
  @MainActor
  static func editedPackage(
    _ url: URL, run: Int
  ) async throws -> DocumentSession<NoteCollectionDocument> {
    let session = try await DocumentSession<NoteCollectionDocument>.open(
      url, environment: .init(autosavePolicy: .never))
    try session.perform {
      try $0.editNote(
        id: "n\(run % 100 + 1)", text: "edit \(run) " + String(repeating: "y", count: 990))
    }
    try await session.endEvent()
    return session
  }

  @MainActor
  static func packageSave(_ url: URL, run: Int) async throws {
    try await editedPackage(url, run: run).save()
  }

  /// A full rewrite: every note written again, as an app that ignores
  /// `existingFile` would.
  static func fullRewrite(_ url: URL) throws {
    let session = try FileWrapper(url: url)
    let fresh = FileWrapper(directoryWithFileWrappers: [:])
    for (name, child) in session.fileWrappers ?? [:] {
      fresh.addRegularFile(
        withContents: try child.loadRegularFileContents(), preferredFilename: name)
    }
    try fresh.write(to: url, options: .atomic, originalContentsURL: nil)
  }

  /// How many notes the package made by `makePackage` holds.
  static func noteCount(_ package: URL) -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []).filter {
      $0.hasPrefix("n")
    }.count
  }

  /// `cp SOURCE DESTINATION`, then `fsync` of the copy: the baseline of
  /// a whole-file save (`large`, `json`).
  static func copyAndSync(_ source: URL, to destination: URL) throws {
    _ = try InspectBenchmark.spawn(["/bin/cp", source.path, destination.path])
    let descriptor = open(destination.path, O_RDONLY)
    guard descriptor >= 0 else { throw BenchError("cannot open \(destination.path)") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw BenchError("fsync failed") }
  }

  /// Runs `cp ARGUMENTS SOURCE DESTINATION`.
  static func copyTree(_ source: URL, to destination: URL, _ arguments: [String]) throws {
    let process = try Process.run(
      URL(fileURLWithPath: "/bin/cp"), arguments: arguments + [source.path, destination.path])
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw POSIXError(.EIO) }
  }

  /// Opens the text file and edits its first line, ready to save.
  @MainActor
  static func editedText(
    _ url: URL, run: Int, inlineSaveLimit: Int = DocumentEnvironment.defaultInlineSaveLimit
  ) async throws -> DocumentSession<PlainTextDocument> {
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: .init(autosavePolicy: .never, inlineSaveLimit: inlineSaveLimit))
    try session.perform { try $0.replace(lineAt: 0, with: "run \(run)") }
    try await session.endEvent()
    return session
  }

  @MainActor
  static func singleSave(_ url: URL, run: Int) async throws {
    try await editedText(url, run: run).save()
  }

  static func fourKilobytes(_ run: Int) -> Data {
    Data(
      (["run \(run)"] + Array(repeating: String(repeating: "z", count: 63), count: 63)).joined(
        separator: "\n"
      ).utf8)
  }

  /// The floor: temporary file, write, fsync, rename, directory fsync.
  static func rawSave(_ url: URL, data: Data) throws {
    let temporary = url.path + ".tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
    close(fd)
    rename(temporary, url.path)
    let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
    fsync(directory)
    close(directory)
  }

  static func temporaryDirectory() throws -> URL {
    let base =
      ProcessInfo.processInfo.environment["DOCREPL_BENCH_DIR"].map(URL.init(fileURLWithPath:))
      ?? FileManager.default.temporaryDirectory
    let url = base.appendingPathComponent("docrepl-bench-\(getpid())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
