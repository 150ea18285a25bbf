import DocKit
import DocScript
import Foundation
import Glibc

/// `docrepl test [OPTIONS] FILE…|DIR…`: runs each script against its own
/// `#>` and `#!` lines, each in isolation (see ``TestRunner``), all in
/// this one process, and prints a unified diff for each that differs;
/// with `--update`, rewrites those lines in place instead.
enum TestCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.test }

  /// `--jobs` when not given: the number of processors the process may
  /// use, like lit. More scripts in flight overlap more saves' `fsync`s,
  /// but commands still run one at a time (see docs/testing.md).
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The command line, parsed.
  struct Options {
    var update = false
    var junit: String?
    var jobs = TestCommand.defaultJobs
    var shard: Shard?
    var filter: Regex<AnyRegexOutput>?
    var paths: [String] = []
    /// `--confine`, and its `--allow-read` paths.
    var confine = false
    var allowRead: [String] = []
  }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus {
    let options = try Options(commandLine)
    if let descriptors = context.environment[TestWorkers.workerVariable] {
      // A worker of another `docrepl test`, which hands out the scripts.
      normalizeProcessEnvironment()
      let interruption = TestRunInterruption()
      let served = await TestWorkers.serve(
        runner: makeRunner(options, context: context), descriptors: descriptors)
      interruption.stop()
      guard served else {
        errors.write(
          "\(reference.commandName): error: \(TestWorkers.workerVariable) is set, but not by docrepl test: it starts its own workers; unset it\n"
        )
        return .usage
      }
      return .success
    }
    var confined: ConfinedRun?
    if options.confine {
      switch prepareConfinement(options, in: context, errors: &errors) {
      case .ranInChild(let status): return status
      case .failed(let message, let status):
        errors.write("\(reference.commandName): error: \(message)\n")
        return status
      case .runHere(let run):
        confined = run
        errors.write("\(reference.commandName): \(run.announcement)\n")
      }
    }
    defer { confined?.finish() }
    let selection: TestSelection
    do {
      selection = try TestSelection.find(
        options.paths, in: context.workingDirectory, filter: options.filter, shard: options.shard)
    } catch {
      errors.write("\(reference.commandName): error: \(error.message)\n")
      return error.status
    }
    for folder in selection.skipped {
      errors.write(
        "\(reference.commandName): note: skipped '\(folder.path)': \(folder.reason); name it to test its scripts\n"
      )
    }
    var junitURL: URL?
    if let junit = options.junit {
      guard
        let url = JUnitReport.destination(
          junit, relativeTo: context.workingDirectory, for: "test",
          inputs: selection.scripts.map(\.url), errors: &errors)
      else { return .noInput }
      junitURL = url
    }

    normalizeProcessEnvironment()
    let runner = makeRunner(options, context: context)
    runner.confined = confined
    let interruption = TestRunInterruption()
    let outcomes: [TestOutcome]
    // A confined run stays in its one confined process: its run folder
    // and report belong to it.
    if options.jobs > 1, selection.scripts.count > 1, confined == nil,
      let arguments = ProgramCopy.arguments,
      let workers = TestWorkers(
        count: min(options.jobs, selection.scripts.count), arguments: arguments,
        environment: ProcessInfo.processInfo.environment)
    {
      outcomes = await workers.runAll(
        selection.scripts, runner: runner, interruption: interruption, output: &output,
        errors: &errors)
    } else {
      outcomes = await runAll(
        selection.scripts, runner: runner, jobs: options.jobs, interruption: interruption,
        output: &output, errors: &errors)
    }
    interruption.stop()

    var status = ExitStatus.success
    if outcomes.contains(where: \.isFailure) { status = .failure }
    if outcomes.contains(where: { $0.verdict == .malformed }) { status = .dataError }
    if interruption.happened {
      let left = selection.scripts.count - outcomes.count
      errors.write(
        "\(reference.commandName): interrupted; \(left) script\(left == 1 ? "" : "s") did not run\n"
      )
      status = ExitStatus(rawValue: 130)
    }
    if let junitURL {
      do {
        let report = Array(JUnitReport(outcomes: outcomes).xml.utf8)
        // A confined copy hands it to the process that started it, which
        // may write outside the run's folder.
        if confined?.handOver(report: report) != true {
          try AtomicFile.write(report, to: junitURL, as: .report)
        }
      } catch {
        errors.write(
          "\(reference.commandName): error: cannot write the JUnit report '\(options.junit ?? "")': \(ErrorMessage().text(for: error))\n"
        )
        if status == .success { status = .failure }
      }
    }
    let passed = outcomes.filter { $0.verdict == .passed }.count
    let failed = outcomes.filter(\.isFailure).count
    let updated = outcomes.filter { $0.verdict == .updated || $0.rewrote }.count
    output.write(
      "\(passed) passed, \(failed) failed" + (options.update ? ", \(updated) updated" : "") + "\n")
    return status
  }

  /// The runner for `options`, the same in the parent and in its workers.
  @MainActor
  static func makeRunner(_ options: Options, context: ShellContext) -> TestRunner {
    TestRunner(
      registry: context.registry, environment: normalizedEnvironment(context.environment),
      update: options.update)
  }

  /// Prepares `--confine` (see ``ConfinedRun``): a confined copy reads
  /// the folders named on the command line, the scripts' folders under
  /// them and the `--types` files before any script runs.
  @MainActor
  static func prepareConfinement(
    _ options: Options, in context: ShellContext, errors: inout some TextOutputStream
  ) -> ConfinedRun.Preparation {
    let reads = options.paths.map { path in
      let url = URL(fileURLWithPath: path, relativeTo: context.workingDirectory)
        .standardizedFileURL
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      return exists && !isDirectory.boolValue ? url.deletingLastPathComponent() : url
    }
    let junit = options.junit.map {
      URL(fileURLWithPath: $0, relativeTo: context.workingDirectory).standardizedFileURL
    }
    return ConfinedRun.prepare(
      allowRead: options.allowRead, reads: reads + context.declarationFiles,
      in: context.workingDirectory, prefix: "docrepl-test", report: junit, errors: &errors)
  }

  /// Runs `scripts` with up to `jobs` in flight, and prints each outcome
  /// in the scripts' order as soon as it and all before it are done. After
  /// an interruption, starts no more scripts; those in flight finish (and
  /// remove their folders).
  @MainActor
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

  @MainActor
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
    for name in ["LANGUAGE", "CLICOLOR_FORCE", "FORCE_COLOR", TestWorkers.workerVariable] {
      environment[name] = nil
    }
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
}

extension TestCommand.Options {
  /// The options on `commandLine`, each value checked in the order given.
  init(_ commandLine: ParsedCommandLine) throws(CommandLineError) {
    typealias Option = CommandLineReference.TestOptions
    update = commandLine.contains(Option.update)
    for given in commandLine.occurrences {
      let value = given.value ?? ""
      switch given.option {
      case Option.junit:
        guard !value.isEmpty else {
          throw CommandLineError(
            .needsValue(option: given.spelling, needs: Option.junit.needs),
            position: given.position)
        }
        junit = value
      case Option.jobs:
        guard let count = Int(value), count >= 1 else {
          throw CommandLineError(
            .needsValue(option: given.spelling, needs: Option.jobs.needs),
            position: given.position)
        }
        jobs = count
      case Option.shard:
        switch Shard.parse(value) {
        case .success(let parsed): shard = parsed
        case .failure(let problem):
          throw CommandLineError(.other(problem.message), position: given.position)
        }
      case Option.filter:
        do {
          filter = try Regex(value)
        } catch {
          throw CommandLineError(
            .other("'--filter \(value)' is not a regular expression: \(error)"),
            position: given.position)
        }
      default:
        // Flags, read above or not at all (`--no-color`: scripts under
        // test never see colour).
        break
      }
    }
    paths = commandLine.operands
    guard !paths.isEmpty else { throw CommandLineError(.other("no script or folder given")) }
    confine = commandLine.contains(CommandLineReference.ConfineOptions.confine)
    allowRead = commandLine.values(of: CommandLineReference.ConfineOptions.allowRead)
    if !allowRead.isEmpty, !confine {
      throw CommandLineError(.other("'--allow-read' is for '--confine'"))
    }
    if confine, update {
      throw CommandLineError(
        .other(
          "'--update' rewrites the scripts in their own folders, which '--confine' never writes; update scripts you trust without '--confine'"
        ))
    }
  }
}
