import DocFormats
import DocKit
import Foundation
import Glibc

/// `docrepl-bench replay`: a script of random single-line edits replayed
/// by the built `docrepl run`, against GNU `ed -s` doing the same edits,
/// each a child process run in turn, in the same run.
///
/// The edits are ``TextEditScript``'s (the same seeds as `scripts/bench
/// text`): a third each inserts, replaces and deletes, spread over a file
/// of `lines` lines. The script opens the file, applies them as `insert N
/// 'TEXT'`, `set-line N 'TEXT'` and `delete N`, and saves; `ed` gets the
/// same edits as `Na`, `Nc` and `Nd`, then `w`. Both files must end up
/// byte-identical, and identical to the same edits applied to
/// ``TextLines`` in this process. A third child, `docrepl run` of a script
/// that opens the file, edits one line and saves it, shows what the edit
/// commands themselves cost. Each figure is the median of `runs` runs, after one warm-up run of
/// each.
enum ReplayBenchmark {
  struct Options {
    var runs = 3
    var edits = 100_000
    var lines = 10_000
    var docrepl: String
  }

  static func run(_ options: Options) throws {
    guard access(options.docrepl, X_OK) == 0 else {
      throw BenchError("no docrepl executable at \(options.docrepl) (build it, or pass --docrepl)")
    }
    guard let ed = BenchCommand.executable(named: "ed") else {
      throw BenchError("GNU ed is not installed (apt-get install ed); it is the baseline")
    }
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    let file = Data(TextEditScript.randomFile(lines: options.lines, seed: 10).utf8)
    let edits = TextEditScript.random(count: options.edits, lines: options.lines, seed: 11)
    var expected = try TextLines(data: file)
    try edits.apply(to: &expected)
    try Data(edits.edScript.utf8).write(to: URL(fileURLWithPath: path("edits.ed")))
    let open = "open '\(path("doc.txt"))'\n"
    let script = open + edits.docScript + "save\n"
    try Data(script.utf8).write(to: URL(fileURLWithPath: path("edits.docscript")))
    try Data((open + "set-line 1 'floor'\nsave\n").utf8).write(
      to: URL(fileURLWithPath: path("open-save.docscript")))

    print(
      "docrepl-bench replay: \(options.edits) random single-line edits (insert, set-line, delete) "
        + "of a \(options.lines)-line file; medians of \(options.runs) runs")
    print(
      "  script: \(script.utf8.count) bytes, \(options.edits + 2) commands; file: \(file.count) bytes"
    )
    let children: [(name: String, arguments: [String], input: String?, file: String)] = [
      ("docrepl run", [options.docrepl, "run", path("edits.docscript")], nil, "doc.txt"),
      ("ed -s", [ed, "-s", path("ed.txt")], path("edits.ed"), "ed.txt"),
      (
        "docrepl run, open, 1 edit, save", [options.docrepl, "run", path("open-save.docscript")],
        nil,
        "doc.txt"
      ),
    ]
    var samples = Array(repeating: [InspectBenchmark.Sample](), count: children.count)
    for run in 0...options.runs {
      for (index, child) in children.enumerated() {
        try file.write(to: URL(fileURLWithPath: path(child.file)))
        let sample = try InspectBenchmark.spawn(child.arguments, input: child.input)
        if run > 0 { samples[index].append(sample) }  // Run 0 warms the caches.
        guard index < 2 else { continue }
        let result = try Data(contentsOf: URL(fileURLWithPath: path(child.file)))
        guard result == expected.data else {
          throw BenchError(
            "\(child.name) did not produce the bytes TextLines did; kept in \(directory.path)")
        }
      }
    }
    let medians = samples.map(InspectBenchmark.median)
    print("  identical bytes (docrepl, ed, TextLines): yes (\(expected.data.count) bytes)")
    print("")
    for (index, child) in children.enumerated() {
      print("  \(child.name.padding(toLength: 32, withPad: " ", startingAt: 0)) \(medians[index])")
    }
    let (docrepl, baseline, floor) = (medians[0], medians[1], medians[2])
    print("")
    print("  docrepl run / ed -s: \(docrepl.ratio(to: baseline))  goal: <= 1.0x")
    let perCommand = (docrepl.processorSeconds - floor.processorSeconds) / Double(options.edits)
    print(
      "  per edit command, less open and save: "
        + String(format: "%.2f µs CPU", perCommand * 1e6)
        + "; ed: "
        + String(format: "%.2f µs CPU", baseline.processorSeconds / Double(options.edits) * 1e6))
  }
}
