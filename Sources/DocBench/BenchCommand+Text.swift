import CDocBench
import DocFormats
import DocKit
import Foundation
import Glibc

/// `scripts/bench text`: the text buffer against GNU `ed`, and the memory
/// and time of undoing many edits.
extension BenchCommand {
  /// The text benchmarks. `edits` edits of a `lines`-line file against
  /// `ed -s`, then `undoEdits` edits of a `megabytes` MB file undone,
  /// then, given `docrepl`, `replace --all` over every line of an
  /// `everyLineMegabytes` MB log against `sed -i`
  /// (``ReplaceEveryLineBenchmark``), and a diff of a `diffMegabytes` MB
  /// log with 60% of its lines changed against `diff -u`
  /// (``ManyChangesDiffBenchmark``).
  @MainActor
  static func textBenchmarks(
    runs: Int, edits: Int, lines: Int, undoEdits: Int, megabytes: Int,
    everyLineMegabytes: Int = 0, diffMegabytes: Int = 0, docrepl: String? = nil
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    print("docrepl-bench text: medians of \(runs) runs")
    try replayAgainstEd(runs: runs, edits: edits, lines: lines, in: directory)
    try undoAll(runs: runs, edits: undoEdits, bytes: megabytes * 1_048_576)
    if let docrepl, everyLineMegabytes > 0 {
      try ReplaceEveryLineBenchmark.run(
        runs: runs, megabytes: everyLineMegabytes, docrepl: docrepl, in: directory)
    }
    if diffMegabytes > 0 {
      try ManyChangesDiffBenchmark.run(
        runs: runs, megabytes: diffMegabytes, bench: CommandLine.arguments[0], in: directory)
    }
  }

  // MARK: - Replay against ed

  @MainActor
  static func replayAgainstEd(runs: Int, edits: Int, lines: Int, in directory: URL) throws {
    let file = Data(TextEditScript.randomFile(lines: lines, seed: 10).utf8)
    let script = TextEditScript.random(count: edits, lines: lines, seed: 11)
    let input = directory.appendingPathComponent("input.txt")
    let output = directory.appendingPathComponent("output.txt")
    try file.write(to: input)

    var buffer: [Timing] = []
    var documentWithUndo: [Timing] = []
    var session: [Timing] = []
    var ed: [Timing] = []
    var result = Data()
    for _ in 1...runs {
      buffer.append(
        try Timing.measure {
          var text = try TextLines(data: Data(contentsOf: input))
          try script.apply(to: &text)
          try text.data.write(to: output)
        })
      result = try Data(contentsOf: output)
      documentWithUndo.append(
        try Timing.measure {
          var document = try PlainTextDocument(
            configuration: .init(
              contentType: .plainText,
              file: FileWrapper(regularFileWithContents: Data(contentsOf: input))))
          var undo: [DocumentEdit<PlainTextDocument>] = []
          try script.apply(to: &document, undo: &undo)
          try document.text.data.write(to: output)
        })
      guard try Data(contentsOf: output) == result else {
        throw BenchError("PlainTextDocument and TextLines disagree after the same edits")
      }
      session.append(
        try Timing.measure {
          var document = PlainTextDocument()
          document.text = try TextLines(data: Data(contentsOf: input))
          let host = DocumentSession(new: document, environment: .init(autosavePolicy: .never))
          _ = try applyThroughSession(script, host)
          try host.document.text.data.write(to: output)
        })
      guard try Data(contentsOf: output) == result else {
        throw BenchError("DocumentSession and TextLines disagree after the same edits")
      }
    }

    print("")
    print("\(edits) random single-line edits (insert, replace, delete) of a \(lines)-line file")
    print(
      "  (each: read the file, apply every edit, write the file; wall clock, and CPU user+system)")
    let measured = [
      ("TextLines", buffer), ("PlainTextDocument, inverses kept", documentWithUndo),
      ("DocumentSession and its UndoManager, a group an edit", session),
    ]
    guard let edPath = executable(named: "ed") else {
      print("  GNU ed is not installed (apt-get install ed): no baseline, no ratio")
      for (name, times) in measured { print("  \(name): \(Timing.median(times))") }
      return
    }
    let edInput = directory.appendingPathComponent("ed.txt")
    let edScript = directory.appendingPathComponent("script.ed")
    try Data(script.edScript.utf8).write(to: edScript)
    for _ in 1...runs {
      try file.write(to: edInput)
      ed.append(try Timing.measureChild { try runEd(edPath, file: edInput, script: edScript) })
    }
    guard try Data(contentsOf: edInput) == result else {
      throw BenchError("ed and TextLines produced different bytes; kept in \(directory.path)")
    }
    let baseline = Timing.median(ed)
    print("  baseline (GNU ed -s, the same edits as an ed script): \(baseline)")
    print("  identical bytes: yes (\(result.count) bytes)")
    for (name, times) in measured {
      let time = Timing.median(times)
      print("  \(name): \(time)")
      print("    ratio: \(time.ratio(to: baseline))  goal: <= 1.0x")
    }
  }

  static func runEd(_ path: String, file: URL, script: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-s", file.path]
    process.standardInput = try FileHandle(forReadingFrom: script)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError("ed exited with status \(process.terminationStatus)")
    }
  }

  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  // MARK: - Undo everything

  @MainActor
  static func undoAll(runs: Int, edits: Int, bytes: Int) throws {
    let originalData = Data(TextEditScript.randomFile(bytes: bytes, seed: 20).utf8)
    var original = PlainTextDocument()
    original.text = try TextLines(data: originalData)
    let script = TextEditScript.random(count: edits, lines: original.text.count, seed: 21)

    // Memory: the allocator's bytes in use with the inverses held, less
    // the same once they are released, the edited document kept.
    var retained = 0
    do {
      var document = original
      var undo: [DocumentEdit<PlainTextDocument>] = []
      try script.apply(to: &document, undo: &undo)
      let held = docbench_allocated_bytes()
      undo = []
      retained = Int(held) - Int(docbench_allocated_bytes())
    }
    var apply: [Timing] = []
    var undoing: [Timing] = []
    for _ in 1...runs {
      var document = original
      var undo: [DocumentEdit<PlainTextDocument>] = []
      apply.append(try Timing.measure { try script.apply(to: &document, undo: &undo) })
      undoing.append(
        Timing.measure {
          while let inverse = undo.popLast() { inverse.apply(to: &document) }
        })
      guard document.text.data == originalData else {
        throw BenchError("undoing every edit did not give back the original bytes")
      }
    }

    print("")
    print(
      "\(edits) single-line edits of a \(originalData.count / 1_048_576) MB file (\(original.text.count) lines), then undo them all"
    )
    var parse: [Timing] = []
    var serialize: [Timing] = []
    var join: [Timing] = []
    for _ in 1...runs {
      parse.append(try Timing.measure { _ = try TextLines(data: originalData) })
      serialize.append(Timing.measure { _ = original.text.data })
      join.append(Timing.measure { _ = original.text.text })
    }
    print("  read (TextLines(data:)): \(Timing.median(parse))")
    print("  data: \(Timing.median(serialize)); text: \(Timing.median(join))")
    print("  through PlainTextDocument, its inverses on a stack:")
    report(retained: retained, edits: edits, apply: apply, undo: undoing)

    // The same through the host: a DocumentSession registering each
    // inverse with its UndoManager, one undo group an edit, as the
    // interpreter will.
    let session = DocumentSession(
      new: original, environment: .init(autosavePolicy: .never))
    let held = try applyThroughSession(script, session)
    session.undoManager.removeAllActions()
    retained = held - Int(docbench_allocated_bytes())
    apply = []
    undoing = []
    for _ in 1...runs {
      session.setDocument(original)
      session.undoManager.removeAllActions()
      apply.append(try Timing.measure { _ = try applyThroughSession(script, session) })
      undoing.append(
        Timing.measure {
          while session.undoManager.canUndo { session.undoManager.undo() }
        })
      guard session.document.text.data == originalData else {
        throw BenchError("undoing every edit in the session did not give back the original bytes")
      }
    }
    print("  through DocumentSession and its UndoManager, a group an edit:")
    report(retained: retained, edits: edits, apply: apply, undo: undoing)
  }

  /// Applies `script` in `session`, each edit its own undo group; returns
  /// the allocator's bytes in use after.
  @MainActor
  static func applyThroughSession(
    _ script: TextEditScript, _ session: DocumentSession<PlainTextDocument>
  ) throws -> Int {
    for edit in script.edits {
      switch edit {
      case .insert(let text, let index): try session.perform { try $0.insert([text], at: index) }
      case .replace(let index, let text):
        try session.perform { try $0.replace(lineAt: index, with: text) }
      case .delete(let index): try session.perform { try $0.delete(index..<(index + 1)) }
      }
      session.undoManager.markEventBoundary()
    }
    return Int(docbench_allocated_bytes())
  }

  static func report(retained: Int, edits: Int, apply: [Timing], undo: [Timing]) {
    print("    identical bytes after undo: yes")
    print(
      "    undo memory retained: \(String(format: "%.1f", Double(retained) / 1_048_576)) MB, "
        + "\(retained / max(edits, 1)) bytes a step (glibc mallinfo2)  goal: <= 32 MB")
    print("    apply: \(Timing.median(apply))")
    print("    undo all: \(Timing.median(undo))")
    print(
      "    ratio undo all / apply: \(Timing.median(undo).ratio(to: Timing.median(apply)))  goal: <= 1.5x"
    )
  }
}

/// A duration measured two ways: by the wall clock, and as CPU time (user
/// plus system), which a busy machine disturbs less.
struct Timing: CustomStringConvertible {
  var wall: Double
  var cpu: Double

  var description: String {
    "\(BenchCommand.format(wall)) wall, \(BenchCommand.format(cpu)) CPU"
  }

  /// `self` over `baseline`, both ways.
  func ratio(to baseline: Timing) -> String {
    String(format: "%.3fx wall, %.3fx CPU", wall / baseline.wall, cpu / baseline.cpu)
  }

  /// The medians of the wall and CPU times, each on its own.
  static func median(_ timings: [Timing]) -> Timing {
    Timing(
      wall: BenchCommand.median(timings.map(\.wall)), cpu: BenchCommand.median(timings.map(\.cpu)))
  }

  /// Times `body` on this thread (CPU time: `CLOCK_THREAD_CPUTIME_ID`).
  static func measure(_ body: () throws -> Void) rethrows -> Timing {
    let cpu = threadCPU()
    let wall = ContinuousClock.now
    try body()
    return Timing(wall: seconds(ContinuousClock.now - wall), cpu: threadCPU() - cpu)
  }

  /// Times `body`, which may run on any thread (CPU time: the whole
  /// process's, `CLOCK_PROCESS_CPUTIME_ID`).
  static func measure(_ body: () async throws -> Void) async rethrows -> Timing {
    let cpu = processCPU()
    let wall = ContinuousClock.now
    try await body()
    return Timing(wall: seconds(ContinuousClock.now - wall), cpu: processCPU() - cpu)
  }

  /// Times `body`, which runs a child process to its end (CPU time: the
  /// children's, from `getrusage(RUSAGE_CHILDREN)`).
  static func measureChild(_ body: () throws -> Void) rethrows -> Timing {
    let cpu = childrenCPU()
    let wall = ContinuousClock.now
    try body()
    return Timing(wall: seconds(ContinuousClock.now - wall), cpu: childrenCPU() - cpu)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func processCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }
}
