import CDocBench
import DocScript
import Foundation
import Glibc

/// `docrepl-bench parse`: how DocScript's streaming parser scales with a
/// script's size, and how much memory parsing takes.
///
/// Three kinds of script, each at two sizes ten times apart: a script of
/// `lines` lines of commands (``GeneratedScript/commands(lines:seed:)``)
/// and one of a tenth of that, and a `set-text` whose heredoc body is
/// `megabytes` MB and 1 MB, interpolating (`<<EOF`) and literal
/// (`<<'EOF'`).
///
/// - Time: `Parser.next()` until nil, counting the statements (the source
///   already in memory; the encoding check included), in this process,
///   median of `runs` runs after a warm-up run, the smaller script parsed
///   ten times in a run so that every run parses as many bytes. Printed
///   per MB at both sizes, so that linear time shows as equal figures; the
///   baseline is a byte scan of the same bytes that counts their newlines,
///   in the same run. Freed memory stays in the heap
///   (`docbench_keep_freed_memory`), so that runs do not pay for fresh
///   pages that the one before gave back.
/// - Memory: the peak resident memory of a child process that reads the
///   file as `docrepl run` does and parses it, less that of the same child
///   when it only starts, as a multiple of the script's size; and the same
///   for a child that only reads the file, so that what the parser adds to
///   reading shows too. Each child reports its own peak (`VmHWM` in
///   `/proc/self/status`): `wait4`'s would be at least this process's size
///   (see ``InspectBenchmark/spawn(_:input:output:)``).
enum ParseBenchmark {
  struct Options {
    var runs = 3
    var lines = 1_000_000
    var megabytes = 10
  }

  static func run(_ options: Options) throws {
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    let megabyte = 1_048_576
    let kinds: [(name: String, sizes: [(label: String, script: GeneratedScript)])] = [
      (
        "a script of commands",
        [options.lines / 10, options.lines].map {
          ("\($0) lines", GeneratedScript.commands(lines: $0, seed: 30))
        }
      ),
      (
        "set-text with a heredoc <<EOF (interpolating)",
        [1, options.megabytes].map {
          (
            "\($0) MB body",
            GeneratedScript.heredoc(bytes: $0 * megabyte, interpolating: true, seed: 31)
          )
        }
      ),
      (
        "set-text with a heredoc <<'EOF' (literal)",
        [1, options.megabytes].map {
          (
            "\($0) MB body",
            GeneratedScript.heredoc(bytes: $0 * megabyte, interpolating: false, seed: 32)
          )
        }
      ),
    ]
    // Freed buffers stay in the heap, so that no run pays for fresh pages
    // that the one before gave back to the system.
    docbench_keep_freed_memory()
    print("docrepl-bench parse: medians of \(options.runs) runs after one warm-up run")
    let startup = try childPeak(bench, ["startup"], runs: options.runs, in: directory)
    print(
      "  a child that only starts: max RSS "
        + String(format: "%.1f MB", Double(startup) / Double(megabyte)))
    for kind in kinds {
      print("")
      print(kind.name)
      var perMegabyte: [Timing] = []
      let largest = kind.sizes.map(\.script.bytes.count).max() ?? 1
      for (label, script) in kind.sizes {
        let file = directory.appendingPathComponent("script.docscript").path
        try Data(script.bytes).write(to: URL(fileURLWithPath: file))
        let megabytes = Double(script.bytes.count) / Double(megabyte)
        // Each timing covers about as many bytes at either size: the
        // smaller script is parsed that many times more.
        let repeats = max(1, Int((Double(largest) / Double(script.bytes.count)).rounded()))
        func parseAll() throws {
          for _ in 1...repeats {
            let found = try statements(in: script.bytes)
            guard found == script.statements else {
              throw BenchError("parsed \(found) statements, expected \(script.statements)")
            }
          }
        }
        try parseAll()  // warms the allocator's memory
        var parse: [Timing] = []
        var scan: [Timing] = []
        for _ in 1...options.runs {
          parse.append(try Timing.measure(parseAll))
          scan.append(
            try Timing.measure {
              for _ in 1...repeats {
                guard newlines(in: script.bytes) > 0 else { throw BenchError("no lines") }
              }
            })
        }
        let scale = 1 / Double(repeats)
        let time = Timing(
          wall: Timing.median(parse).wall * scale, cpu: Timing.median(parse).cpu * scale)
        let baseline = Timing(
          wall: Timing.median(scan).wall * scale, cpu: Timing.median(scan).cpu * scale)
        let unit = Timing(wall: time.wall / megabytes, cpu: time.cpu / megabytes)
        perMegabyte.append(unit)
        let read =
          try childPeak(bench, ["read", file], runs: options.runs, in: directory) - startup
        let parsed =
          try childPeak(
            bench, ["parse", file, "\(script.statements)"], runs: options.runs, in: directory)
          - startup
        let size = Double(script.bytes.count)
        print(
          "  \(label), " + String(format: "%.2f MB", megabytes)
            + ", \(script.statements) statements: parse \(time)")
        print("    per MB: \(unit)")
        print(
          "    baseline (a byte scan counting the newlines): "
            + "\(Timing(wall: baseline.wall / megabytes, cpu: baseline.cpu / megabytes)) per MB")
        print("    ratio: \(time.ratio(to: baseline))")
        print(
          "    peak memory over a child that only starts: read as docrepl run reads it "
            + String(format: "%.2fx", Double(read) / size) + " the script; read and parsed "
            + String(format: "%.2fx", Double(parsed) / size) + "  goal: < 4x")
      }
      print(
        "  time per MB at \(kind.sizes[1].label) / at \(kind.sizes[0].label): "
          + "\(perMegabyte[1].ratio(to: perMegabyte[0]))  goal: 1.0x (linear)")
    }
  }

  /// `parse-child startup`, `parse-child read FILE` or `parse-child parse
  /// FILE N`: what ``run(_:)`` measures the peak memory of. Prints the
  /// process's peak resident memory in bytes. `parse` fails unless FILE
  /// holds N statements and parses cleanly.
  static func child(_ arguments: [String]) throws {
    switch (arguments.first, arguments.count) {
    case ("startup", 1):
      break
    case ("read", 2):
      guard newlines(in: try read(arguments[1]).bytes) >= 0 else { throw BenchError("unreachable") }
    case ("parse", 3):
      let found = try statements(in: read(arguments[1]).bytes)
      guard found == Int(arguments[2]) else {
        throw BenchError("parsed \(found) statements, expected \(arguments[2])")
      }
    default:
      throw BenchError("usage: parse-child startup | read FILE | parse FILE N")
    }
    print(try peakResidentBytes())
  }

  /// `VmHWM` from `/proc/self/status`: this process's peak resident memory
  /// since it started (since its `execve`).
  private static func peakResidentBytes() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")
      if let value = kilobytes.first.flatMap({ Int($0) }) { return value * 1024 }
    }
    throw BenchError("no VmHWM in /proc/self/status")
  }

  /// The file as `docrepl run` reads a script.
  private static func read(_ path: String) throws -> ScriptSource {
    guard let source = ScriptSource(name: path, contentsOfFile: path) else {
      throw BenchError("cannot read \(path)")
    }
    return source
  }

  /// The top-level statements in `bytes`, parsed one at a time and dropped.
  private static func statements(in bytes: [UInt8]) throws -> Int {
    var parser = Parser(ScriptSource(name: "bench.docscript", bytes: bytes))
    var count = 0
    while parser.next() != nil { count += 1 }
    if let first = parser.diagnostics.first {
      throw BenchError("the generated script does not parse: \(first)")
    }
    return count
  }

  private static func newlines(in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      for byte in buffer where byte == 0x0A { count += 1 }
      return count
    }
  }

  /// The median peak resident memory, in bytes, that `bench parse-child
  /// ARGUMENTS` reports.
  private static func childPeak(
    _ bench: String, _ arguments: [String], runs: Int, in directory: URL
  ) throws -> Int {
    let report = directory.appendingPathComponent("peak.txt")
    var peaks: [Double] = []
    for _ in 1...runs {
      _ = try InspectBenchmark.spawn([bench, "parse-child"] + arguments, output: report.path)
      let text = try String(contentsOf: report, encoding: .utf8)
      guard let peak = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchError("parse-child \(arguments.joined(separator: " ")) reported '\(text)'")
      }
      peaks.append(peak)
    }
    return Int(BenchCommand.median(peaks))
  }
}
