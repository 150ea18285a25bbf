import CDocBench
import DocFormats
import DocKit
import Foundation

/// `scripts/bench text`: the text buffer against GNU `ed`, and the memory
/// and time of undoing many edits.
extension BenchCommand {
  /// Both text benchmarks. `edits` edits of a `lines`-line file against
  /// `ed -s`, then `undoEdits` edits of a `megabytes` MB file undone.
  static func textBenchmarks(
    runs: Int, edits: Int, lines: Int, undoEdits: Int, megabytes: Int
  ) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    print("docrepl-bench text: medians of \(runs) runs")
    try replayAgainstEd(runs: runs, edits: edits, lines: lines, in: directory)
    try undoAll(runs: runs, edits: undoEdits, bytes: megabytes * 1_048_576)
  }

  // MARK: - Replay against ed

  static func replayAgainstEd(runs: Int, edits: Int, lines: Int, in directory: URL) throws {
    let file = Data(TextEditScript.randomFile(lines: lines, seed: 10).utf8)
    let script = TextEditScript.random(count: edits, lines: lines, seed: 11)
    let input = directory.appendingPathComponent("input.txt")
    let output = directory.appendingPathComponent("output.txt")
    try file.write(to: input)

    var buffer: [Double] = []
    var documentWithUndo: [Double] = []
    var ed: [Double] = []
    var result = Data()
    for _ in 1...runs {
      buffer.append(
        try seconds {
          var text = try TextLines(data: Data(contentsOf: input))
          try script.apply(to: &text)
          try text.data.write(to: output)
        })
      result = try Data(contentsOf: output)
      documentWithUndo.append(
        try seconds {
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
    }

    print("")
    print("\(edits) random single-line edits (insert, replace, delete) of a \(lines)-line file")
    print("  (each: read the file, apply every edit, write the file)")
    guard let edPath = executable(named: "ed") else {
      print("  ed is not installed (apt-get install ed): no baseline, no ratio")
      print("  TextLines: \(format(median(buffer)))")
      print("  PlainTextDocument, inverses kept: \(format(median(documentWithUndo)))")
      return
    }
    let edInput = directory.appendingPathComponent("ed.txt")
    let edScript = directory.appendingPathComponent("script.ed")
    try Data(script.edScript.utf8).write(to: edScript)
    for _ in 1...runs {
      try file.write(to: edInput)
      ed.append(try seconds { try runEd(edPath, file: edInput, script: edScript) })
    }
    guard try Data(contentsOf: edInput) == result else {
      throw BenchError("ed and TextLines produced different bytes; kept in \(directory.path)")
    }
    let edTime = median(ed)
    print("  baseline (GNU ed -s, same edits as an ed script): \(format(edTime))")
    print("  identical bytes: yes (\(result.count) bytes)")
    for (name, times) in [
      ("TextLines", buffer), ("PlainTextDocument, inverses kept", documentWithUndo),
    ] {
      print(
        "  \(name): \(format(median(times))), ratio \(String(format: "%.3f", median(times) / edTime))x  goal: <= 1.0x"
      )
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
      let released = docbench_allocated_bytes()
      retained = Int(held) - Int(released)
    }

    var apply: [Double] = []
    var undoing: [Double] = []
    for _ in 1...runs {
      var document = original
      var undo: [DocumentEdit<PlainTextDocument>] = []
      apply.append(try seconds { try script.apply(to: &document, undo: &undo) })
      undoing.append(
        seconds {
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
    print("  identical bytes after undo: yes")
    print(
      "  undo memory retained: \(String(format: "%.1f", Double(retained) / 1_048_576)) MB, "
        + "\(retained / max(edits, 1)) bytes a step (glibc mallinfo2)  goal: <= 32 MB")
    print("  apply: \(format(median(apply))), undo all: \(format(median(undoing)))")
    print(
      "  ratio: undo all / apply \(String(format: "%.3f", median(undoing) / median(apply)))x  goal: <= 1.5x"
    )
  }

  // MARK: - Helpers

  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}

/// A benchmark that could not measure what it set out to.
struct BenchError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
