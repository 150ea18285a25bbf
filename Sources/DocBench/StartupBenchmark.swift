import Foundation

/// `docrepl-bench startup`: how long `docrepl run empty.docscript` takes,
/// start to exit, against `sqlite3 :memory: .quit` run in the same loop,
/// in turn, so that all see the same machine. Each binary given is
/// measured: the release build linked against the Swift runtime's shared
/// libraries, one built with `--static-swift-stdlib`, and that one linked
/// as a fixed-address executable (`-no-pie`). Medians of `runs` runs each,
/// after a warm-up run of each.
enum StartupBenchmark {
  struct Options {
    var runs = 200
    /// The binaries to time, with their labels.
    var docrepls: [(label: String, path: String)] = []
    /// The baseline's command line: `sqlite3 :memory: .quit`, or another
    /// program when sqlite3 is missing.
    var baseline = ["/usr/bin/sqlite3", ":memory:", ".quit"]
  }

  static func run(_ options: Options) throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("empty.docscript")
    try Data().write(to: script)
    let commands =
      [(label: options.baseline.joined(separator: " "), arguments: options.baseline)]
      + options.docrepls.map {
        (
          label: "docrepl run empty.docscript (\($0.label))",
          arguments: [$0.path, "run", script.path]
        )
      }
    // A warm-up run of each: the page cache, the dynamic loader's cache.
    for command in commands {
      _ = try InspectBenchmark.spawn(command.arguments, input: "/dev/null")
    }
    var samples = Array(repeating: [InspectBenchmark.Sample](), count: commands.count)
    for _ in 0..<options.runs {
      for (index, command) in commands.enumerated() {
        samples[index].append(try InspectBenchmark.spawn(command.arguments, input: "/dev/null"))
      }
    }
    let medians = samples.map(InspectBenchmark.median)
    print("docrepl-bench startup: medians of \(options.runs) runs, each program in turn")
    for (index, command) in commands.enumerated() {
      let median = medians[index]
      // Not the peak memory: a child's starts at this process's own.
      var line = String(
        format: "  %@\n      %7.2f ms wall  %7.2f ms CPU", command.label,
        median.seconds * 1000, median.processorSeconds * 1000)
      if index > 0 { line += "   " + median.ratio(to: medians[0]) + " (goal <= 2x wall)" }
      print(line)
    }
  }
}
