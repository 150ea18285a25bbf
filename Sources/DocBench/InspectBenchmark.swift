import DocKit
import Foundation
import Glibc

/// `docrepl-bench inspect`: how long `docrepl inspect` takes to list a wide
/// tree, and how much memory it needs, against two baselines run as child
/// processes in the same run, in turn:
///
/// - a program that reads the same tree with `FileWrapper(url:)` (lazily)
///   and exits (`docrepl-bench read-tree DIR`);
/// - `find DIR -printf '%p %s\n'`, which lists names and sizes and nothing
///   else.
///
/// The tree is one folder of `files` empty files plus one sparse file of
/// `sparseBytes` bytes that occupies no disk: a listing that reads contents
/// pays for it in time and memory, one that uses `lstat` does not. Each
/// figure is the median of `runs` runs, after one warm-up run of each.
enum InspectBenchmark {
  struct Options {
    var files = 200_000
    var runs = 5
    var sparseBytes = 1_000_000_000
    var docrepl: String
  }

  /// One child's wall-clock time, processor time (user + system, which a
  /// busy machine disturbs less) and peak resident memory.
  struct Sample: CustomStringConvertible {
    var seconds: Double
    var processorSeconds: Double
    var maximumResidentKilobytes: Int

    /// The wall and processor times. (Not the peak memory: see
    /// ``InspectBenchmark/spawn(_:input:output:)``.)
    var description: String {
      String(format: "%8.3f s wall  %8.3f s CPU", seconds, processorSeconds)
    }

    /// `self` over `baseline`: wall time, then processor time.
    func ratio(to baseline: Sample) -> String {
      String(
        format: "%.3fx wall, %.3fx CPU", seconds / baseline.seconds,
        processorSeconds / baseline.processorSeconds)
    }
  }

  /// The median of each figure, on its own.
  static func median(_ runs: [Sample]) -> Sample {
    Sample(
      seconds: median(runs.map(\.seconds)),
      processorSeconds: median(runs.map(\.processorSeconds)),
      maximumResidentKilobytes: Int(median(runs.map { Double($0.maximumResidentKilobytes) })))
  }

  static func run(_ options: Options) throws {
    guard access(options.docrepl, X_OK) == 0 else {
      throw BenchError("no docrepl executable at \(options.docrepl) (build it, or pass --docrepl)")
    }
    let directory = try BenchCommand.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let tree = directory.appendingPathComponent("tree").path
    try makeTree(at: tree, files: options.files, sparseBytes: options.sparseBytes)
    let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    let find = "/usr/bin/find"
    let commands: [(name: String, arguments: [String])] = [
      ("docrepl inspect", [options.docrepl, "inspect", tree]),
      ("FileWrapper(url:)", [bench, "read-tree", tree]),
      ("find -printf", [find, tree, "-printf", "%p %s\\n"]),
    ]
    print(
      "docrepl-bench inspect: \(options.files) empty files and a sparse file of "
        + "\(options.sparseBytes) bytes in one folder; medians of \(options.runs) runs")
    var samples = Array(repeating: [Sample](), count: commands.count)
    for run in 0...options.runs {
      for (index, command) in commands.enumerated() {
        let sample = try spawn(command.arguments)
        if run > 0 { samples[index].append(sample) }  // Run 0 warms the caches.
      }
    }
    let medians = samples.map(median)
    print("")
    for (index, command) in commands.enumerated() {
      let sample = medians[index]
      print(
        "  \(command.name.padding(toLength: 18, withPad: " ", startingAt: 0)) "
          + String(
            format: "%8.3f s wall  %8.3f s CPU  max RSS %8.1f MB", sample.seconds,
            sample.processorSeconds, Double(sample.maximumResidentKilobytes) / 1024))
    }
    func ratios(_ baseline: Sample) -> String {
      String(
        format: "%.2fx the wall time, %.2fx the CPU time", medians[0].seconds / baseline.seconds,
        medians[0].processorSeconds / baseline.processorSeconds)
    }
    print("")
    print("  inspect / FileWrapper(url:): \(ratios(medians[1]))  goal: <= 1.5x")
    print("  inspect / find -printf:      \(ratios(medians[2]))")
    print(
      "  inspect max RSS:             "
        + String(format: "%.1f MB", Double(medians[0].maximumResidentKilobytes) / 1024)
        + " (the sparse file alone is "
        + String(format: "%.1f MB)", Double(options.sparseBytes) / 1_048_576))
  }

  /// `read-tree DIR`: the baseline program, which reads DIR with
  /// `FileWrapper(url:)` and nothing else.
  static func readTree(_ path: String) throws {
    let wrapper = try FileWrapper(url: URL(fileURLWithPath: path))
    guard wrapper.isDirectory || wrapper.isRegularFile || wrapper.isSymbolicLink else {
      throw BenchError("unreachable")
    }
  }

  /// A folder of `files` empty files, `f0000000` upwards, and `sparse.bin`.
  static func makeTree(at path: String, files: Int, sparseBytes: Int) throws {
    guard mkdir(path, 0o755) == 0 else { throw BenchError("mkdir \(path): \(errnoText())") }
    for index in 0..<files {
      let name = path + "/f" + String(index).leftPadded(to: 7)
      let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw BenchError("open \(name): \(errnoText())") }
      close(fd)
    }
    let sparse = path + "/sparse.bin"
    let fd = open(sparse, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchError("open \(sparse): \(errnoText())") }
    defer { close(fd) }
    guard ftruncate(fd, off_t(sparseBytes)) == 0 else {
      throw BenchError("ftruncate \(sparse): \(errnoText())")
    }
  }

  /// Runs `arguments` with standard output sent to /dev/null, or to the
  /// file `output`, and standard input read from `input`, if given; returns
  /// its wall-clock time, processor time and, from `wait4`, its peak
  /// resident memory.
  ///
  /// Linux carries a process's peak memory across `execve`, and the child
  /// starts as a copy of this process: so the peak `wait4` gives is at
  /// least this process's own resident memory when it spawned the child.
  /// A child whose peak matters and that is smaller than this process
  /// must report its own (`VmHWM` in `/proc/self/status`).
  static func spawn(
    _ arguments: [String], input: String? = nil, output: String? = nil
  ) throws
    -> Sample
  {
    try spawnAllowingStatus(arguments, input: input, output: output, allowed: [0])
  }

  /// ``spawn(_:input:output:)``, accepting the exit statuses in `allowed`
  /// (`diff` exits with 1 when the files differ).
  static func spawnAllowingStatus(
    _ arguments: [String], input: String? = nil, output: String? = nil,
    allowed: Set<Int32> = [0, 1]
  ) throws -> Sample {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let input {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input, O_RDONLY, 0)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard result == 0 else {
      throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(result)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("wait4: \(errnoText())") }
    }
    let elapsed = clock.now - start
    // Exited normally with status 0: the low 7 bits are the signal, the
    // next 8 the exit status.
    guard status & 0x7F == 0, allowed.contains((status >> 8) & 0xFF) else {
      throw BenchError("\(arguments.joined(separator: " ")) failed (wait status \(status))")
    }
    return Sample(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      processorSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
      maximumResidentKilobytes: usage.ru_maxrss)
  }

  /// The peak resident memory of `arguments` on its own, in KiB, as GNU
  /// `time` measures it; nil where it is not installed (`apt-get install
  /// time`). A child this process starts (a `vfork` or a `fork`) reports
  /// from `wait4` at least this process's own peak, which its `exec`
  /// inherits: for a program smaller than this one, that is all the figure
  /// says. `time` is small, and its child inherits only its peak.
  static func ownPeakKilobytes(_ arguments: [String]) throws -> Int? {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
    let report = try BenchCommand.temporaryDirectory().appendingPathComponent("peak.txt")
    defer { try? FileManager.default.removeItem(at: report) }
    _ = try spawn([time, "-f", "%M", "-o", report.path] + arguments)
    let text = try String(contentsOf: report, encoding: .utf8)
    guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
      throw BenchError("\(time) printed no peak: \(text)")
    }
    return kilobytes
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
