import DocScript
import Foundation
import Glibc

/// `docrepl test [OPTIONS] FILE…|DIR…`: runs each script against its own
/// `#>` and `#!` lines, each in isolation (see ``TestRunner``), all in
/// this one process, and prints a unified diff for each that differs;
/// with `--update`, rewrites those lines in place instead.
@MainActor
enum TestCommand {
  static var usage: String { HelpText.usage(for: CommandLineReference.test) }

  static var help: String { HelpText.help(for: CommandLineReference.test) }

  /// `--jobs` when not given: the number of processors the process may
  /// use, like lit. More scripts in flight overlap more saves' `fsync`s,
  /// but commands still run one at a time (see docs/testing.md).
  nonisolated static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The command line, parsed.
  struct Options {
    var update = false
    var junit: String?
    var jobs = TestCommand.defaultJobs
    var shard: Shard?
    var filter: Regex<AnyRegexOutput>?
    var paths: [String] = []
  }

  static func run(
    arguments: [String], context: ShellContext, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    let options: Options
    switch parse(arguments) {
    case .success(.some(let parsed)):
      options = parsed
    case .success(.none):
      output.write(help)
      return .success
    case .failure(let problem):
      errors.write("docrepl test: error: \(problem.message)\n\n" + usage)
      return .usage
    }
    let selection: TestSelection
    do {
      selection = try TestSelection.find(
        options.paths, in: context.workingDirectory, filter: options.filter, shard: options.shard)
    } catch {
      errors.write("docrepl test: error: \(error.message)\n")
      return error.status
    }
    for folder in selection.skipped {
      errors.write(
        "docrepl test: note: skipped '\(folder.path)': \(folder.reason); name it to test its scripts\n"
      )
    }
    var junitURL: URL?
    if let junit = options.junit {
      let url = URL(fileURLWithPath: junit, relativeTo: context.workingDirectory)
        .standardizedFileURL
      var isDirectory: ObjCBool = false
      let folder = url.deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        errors.write("docrepl test: error: no folder for the JUnit report '\(junit)'\n")
        return .noInput
      }
      junitURL = url
    }

    normalizeProcessEnvironment()
    let runner = TestRunner(
      registry: context.registry, environment: normalizedEnvironment(context.environment),
      update: options.update)
    let interruption = TestRunInterruption()
    let outcomes = await runAll(
      selection.scripts, runner: runner, jobs: options.jobs, interruption: interruption,
      output: &output, errors: &errors)
    interruption.stop()

    var status = ExitStatus.success
    if outcomes.contains(where: \.isFailure) { status = .failure }
    if outcomes.contains(where: { $0.verdict == .malformed }) { status = .dataError }
    if interruption.happened {
      let left = selection.scripts.count - outcomes.count
      errors.write(
        "docrepl test: interrupted; \(left) script\(left == 1 ? "" : "s") did not run\n")
      status = ExitStatus(rawValue: 130)
    }
    if let junitURL {
      do {
        try Data(JUnitReport(outcomes: outcomes).xml.utf8).write(to: junitURL, options: .atomic)
      } catch {
        errors.write(
          "docrepl test: error: cannot write the JUnit report '\(options.junit ?? "")': \(Interpreter.message(of: error))\n"
        )
        if status == .success { status = .failure }
      }
    }
    let passed = outcomes.filter { $0.verdict == .passed }.count
    let failed = outcomes.filter(\.isFailure).count
    let updated = outcomes.filter { $0.verdict == .updated }.count
    output.write(
      "\(passed) passed, \(failed) failed" + (options.update ? ", \(updated) updated" : "") + "\n")
    return status
  }

  /// Runs `scripts` with up to `jobs` in flight, and prints each outcome
  /// in the scripts' order as soon as it and all before it are done. After
  /// an interruption, starts no more scripts; those in flight finish (and
  /// remove their folders).
  static func runAll(
    _ scripts: [TestSelection.Script], runner: TestRunner, jobs: Int,
    interruption: TestRunInterruption,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> [TestOutcome] {
    var outcomes: [TestOutcome?] = Array(repeating: nil, count: scripts.count)
    var printed = 0
    await withTaskGroup(of: (Int, TestOutcome).self) { group in
      var next = 0
      var running = 0
      while next < scripts.count || running > 0 {
        // Keep `jobs` scripts in flight.
        while next < scripts.count, running < max(1, jobs), !interruption.happened {
          let index = next
          let script = scripts[index]
          group.addTask { await Self.run(script, at: index, with: runner) }
          next += 1
          running += 1
        }
        guard let finished = await group.next() else { break }
        running -= 1
        outcomes[finished.0] = finished.1
        while printed < outcomes.count, let ready = outcomes[printed] {
          errors.write(ready.errors)
          output.write(ready.report)
          printed += 1
        }
      }
    }
    return outcomes.prefix(printed).compactMap { $0 }
  }

  private static func run(
    _ script: TestSelection.Script, at index: Int, with runner: TestRunner
  ) async -> (Int, TestOutcome) {
    (index, await runner.run(script))
  }

  /// The environment scripts see: the caller's, with everything output
  /// could depend on fixed.
  static func normalizedEnvironment(_ environment: [String: String]) -> [String: String] {
    var environment = environment
    for (name, value) in fixedEnvironment { environment[name] = value }
    for name in ["LANGUAGE", "CLICOLOR_FORCE", "FORCE_COLOR"] { environment[name] = nil }
    return environment
  }

  /// What `test` fixes in every script's environment.
  static let fixedEnvironment = [
    "TZ": "UTC", "LANG": "C", "LC_ALL": "C", "NO_COLOR": "1", "SOURCE_DATE_EPOCH": "0",
  ]

  /// Sets `TZ`, `LANG` and `LC_ALL` for the whole process too, before any
  /// script runs, so that anything the C library or Foundation formats
  /// follows them.
  private static func normalizeProcessEnvironment() {
    for name in ["TZ", "LANG", "LC_ALL"] {
      if let value = fixedEnvironment[name] { setenv(name, value, 1) }
    }
    tzset()
  }

  /// A problem with the command line.
  struct UsageProblem: Error {
    var message: String
  }

  /// The options, or nil for `--help`.
  static func parse(_ arguments: [String]) -> Result<Options?, UsageProblem> {
    var options = Options()
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        options.paths.append(argument)
        continue
      }
      // --name=value is --name value.
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      func value() -> String? {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
      }
      switch argument {
      case "--": optionsEnded = true
      case "-h", "--help": return .success(nil)
      case "--update": options.update = true
      case "--no-color": break  // Scripts under test never see colour.
      case "--junit":
        guard let path = value(), !path.isEmpty else {
          return .failure(UsageProblem(message: "'--junit' needs a path"))
        }
        options.junit = path
      case "--jobs", "-j":
        guard let text = value(), let jobs = Int(text), jobs >= 1 else {
          return .failure(UsageProblem(message: "'\(argument)' needs a number of jobs, 1 or more"))
        }
        options.jobs = jobs
      case "--shard":
        guard let text = value() else {
          return .failure(UsageProblem(message: "'--shard' needs K/N, such as 2/4"))
        }
        switch Shard.parse(text) {
        case .success(let shard): options.shard = shard
        case .failure(let problem): return .failure(UsageProblem(message: problem.message))
        }
      case "--filter":
        guard let text = value() else {
          return .failure(UsageProblem(message: "'--filter' needs a regular expression"))
        }
        do {
          options.filter = try Regex(text)
        } catch {
          return .failure(
            UsageProblem(message: "'--filter \(text)' is not a regular expression: \(error)"))
        }
      default:
        return .failure(UsageProblem(message: "unknown option '\(argument)'"))
      }
    }
    guard !options.paths.isEmpty else {
      return .failure(UsageProblem(message: "no script or folder given"))
    }
    return .success(options)
  }
}
