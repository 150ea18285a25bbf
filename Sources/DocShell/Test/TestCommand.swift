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
    /// `--timeout`: the limit, and how the user wrote it.
    var timeout: (limit: Duration, seconds: String)?
    var keepTemporaryFolders = false
  }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus {
    let options = try Options(commandLine)
    let bazel: BazelTestEnvironment
    let shard: Shard?
    do {
      bazel = try BazelTestEnvironment(context.environment)
      shard = try bazel.shard(given: options.shard)
    } catch {
      throw CommandLineError(.other(error.message), showsUsage: false)
    }
    if let descriptors = context.environment[TestWorkers.workerVariable] {
      // A worker of another `docrepl test`, which hands out the scripts.
      return await serveAsWorker(
        descriptors, options: options, bazel: bazel, context: context, errors: &errors)
    }
    var confined: ConfinedRun?
    if options.confine {
      let started = prepareConfinement(options, in: context, errors: &errors)
        .start(as: reference.commandName, errors: &errors)
      if let exit = started.exit { return exit }
      confined = started.run
    }
    defer { confined?.finish() }
    let selection: TestSelection
    do {
      selection = try TestSelection.find(
        options.paths, in: context.workingDirectory, filter: options.filter, shard: shard)
    } catch {
      errors.write("\(reference.commandName): error: \(error.message)\n")
      return error.status
    }
    for folder in selection.skipped {
      errors.write(
        "\(reference.commandName): note: skipped '\(folder.path)': \(folder.reason); name it to test its scripts\n"
      )
    }
    // `--junit`'s report, and Bazel's (`XML_OUTPUT_FILE`), each once.
    var reports: [(path: String, url: URL)] = []
    for junit in [options.junit, bazel.xmlOutputFile].compactMap({ $0 }) {
      guard
        let url = JUnitReport.destination(
          junit, relativeTo: context.workingDirectory, for: "test",
          inputs: selection.scripts.map(\.url), errors: &errors)
      else { return .noInput }
      if !reports.contains(where: { $0.url == url }) { reports.append((junit, url)) }
    }
    do {
      try bazel.touchShardStatusFile(relativeTo: context.workingDirectory)
    } catch {
      errors.write("\(reference.commandName): error: \(error.message)\n")
      return .failure
    }

    // In the program's own process (and so in its workers, which inherit
    // it), a script reads standard input's end, never the caller's
    // terminal or pipe: a run in CI cannot wait on it. A library call in
    // a host's process (``ProgramCopy/arguments`` is nil) leaves the
    // host's standard input alone: the language itself never reads it.
    if ProgramCopy.arguments != nil {
      let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
      if devNull >= 0 {
        dup2(devNull, STDIN_FILENO)
        close(devNull)
      }
    }
    let runner = makeRunner(options, bazel: bazel, context: context)
    runner.confined = confined
    let interruption = TestRunInterruption()
    let ledger = TestRunLedger(
      total: selection.scripts.count, reports: reports.map(\.url),
      keepsFolders: options.keepTemporaryFolders)
    let outcomes: [TestOutcome]
    // A confined run stays in its one confined process: its run folder
    // and report belong to it.
    if options.jobs > 1, selection.scripts.count > 1, confined == nil,
      let arguments = ProgramCopy.arguments,
      let workers = TestWorkers(
        count: min(options.jobs, selection.scripts.count), arguments: arguments,
        environment: workerEnvironment(ProcessInfo.processInfo.environment))
    {
      outcomes = await workers.runAll(
        selection.scripts, interruption: interruption, output: &output, errors: &errors
      ) { script in
        await Self.run(script, at: 0, with: runner, timeout: options.timeout, ledger: ledger).1
      }
    } else {
      outcomes = await runAll(
        selection.scripts, runner: runner, jobs: options.jobs, timeout: options.timeout,
        ledger: ledger, interruption: interruption, output: &output, errors: &errors)
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
      status = .interrupted
    }
    for report in reports {
      do {
        let bytes = Array(JUnitReport(outcomes: outcomes).xml.utf8)
        // A confined copy hands its report to the process that started
        // it, which may write outside the run's folder.
        if confined?.handOver(report: bytes) != true {
          try AtomicFile.write(bytes, to: report.url, as: .report)
        }
      } catch {
        errors.write(
          "\(reference.commandName): error: cannot write the JUnit report '\(report.path)': \(ErrorMessage().text(for: error))\n"
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
  static func makeRunner(
    _ options: Options, bazel: BazelTestEnvironment, context: ShellContext
  ) -> TestRunner {
    let runner = TestRunner(
      registry: context.registry, environment: normalizedEnvironment(context.environment),
      update: options.update)
    let folder = context.workingDirectory
    runner.scratchBase = bazel.temporaryFolder.map {
      URL(fileURLWithPath: $0, isDirectory: true, relativeTo: folder).standardizedFileURL
    }
    runner.keepsFailedFolders = options.keepTemporaryFolders
    runner.artifacts = bazel.undeclaredOutputs.map {
      FailureArtifacts(
        folder: URL(fileURLWithPath: $0, isDirectory: true, relativeTo: folder).standardizedFileURL
      )
    }
    return runner
  }

  /// In a worker of another `docrepl test`: runs the scripts it hands
  /// over, each as that run would (its timeout included), until it
  /// closes the command pipe. A script whose command holds the main
  /// thread past its limit is reported to the parent, and the worker
  /// ends: the parent's other workers run the rest.
  @MainActor
  private static func serveAsWorker(
    _ descriptors: String, options: Options, bazel: BazelTestEnvironment,
    context: ShellContext, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    let runner = makeRunner(options, bazel: bazel, context: context)
    let interruption = TestRunInterruption()
    defer { interruption.stop() }
    let served = await TestWorkers.serve(descriptors: descriptors) { script, results in
      let ledger = TestRunLedger(
        total: 1, reports: [], keepsFolders: options.keepTemporaryFolders,
        resultDescriptor: results)
      return await Self.run(
        script, at: 0, with: runner, timeout: options.timeout, ledger: ledger
      ).1
    }
    guard served else {
      errors.write(
        "\(reference.commandName): error: \(TestWorkers.workerVariable) is set, but not by docrepl test: it starts its own workers; unset it\n"
      )
      return .usage
    }
    return .success
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
    timeout: (limit: Duration, seconds: String)? = nil, ledger: TestRunLedger? = nil,
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
          group.addTask {
            await Self.run(script, at: index, with: runner, timeout: timeout, ledger: ledger)
          }
          next += 1
          running += 1
        }
        guard let finished = await group.next() else { break }
        running -= 1
        outcomes[finished.0] = finished.1
        while printed < outcomes.count, let ready = outcomes[printed] {
          errors.write(ready.errors)
          output.write(ready.report)
          ledger?.printed(ready)
          printed += 1
        }
      }
    }
    return outcomes.prefix(printed).compactMap { $0 }
  }

  /// Runs one script; with a timeout, in a race with it (see
  /// ``ScriptTimeout/race(for:onHeldMainActor:_:)``).
  @MainActor
  private static func run(
    _ script: TestSelection.Script, at index: Int, with runner: TestRunner,
    timeout: (limit: Duration, seconds: String)?, ledger: TestRunLedger?
  ) async -> (Int, TestOutcome) {
    guard let timeout else { return (index, await runner.run(script)) }
    let watch = ScriptTimeout(limit: timeout.limit, seconds: timeout.seconds)
    ledger?.started(watch, for: script)
    var outcome = await watch.race(
      for: script, onHeldMainActor: { watch in ledger?.stop(heldBy: watch) }
    ) {
      await runner.run(script, timeout: watch)
    }
    ledger?.finished(watch)
    if watch.wasAbandoned, let folder = watch.folder {
      outcome.report +=
        "\(script.path): note: its temporary folder, left to it: \(folder.url.path)\n"
    }
    return (index, outcome)
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

  /// The environment a worker process starts with: this process's, with
  /// `TZ`, `LANG` and `LC_ALL` fixed, so that anything the C library or
  /// Foundation formats in it follows them. This process's own
  /// environment is left as it is: `test` is a library call too.
  static func workerEnvironment(_ environment: [String: String]) -> [String: String] {
    var environment = environment
    for name in ["TZ", "LANG", "LC_ALL"] { environment[name] = fixedEnvironment[name] }
    return environment
  }
}

extension TestCommand.Options {
  /// The options on `commandLine`, each value checked in the order given.
  init(_ commandLine: ParsedCommandLine) throws(CommandLineError) {
    typealias Option = CommandLineReference.TestOptions
    update = commandLine.contains(Option.update)
    keepTemporaryFolders = commandLine.contains(Option.keepTemporaryFolders)
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
      case Option.timeout:
        guard let seconds = Double(value), seconds > 0, seconds <= 1e9, seconds.isFinite,
          value.allSatisfy({ $0.isNumber || $0 == "." })
        else {
          throw CommandLineError(
            .needsValue(option: given.spelling, needs: Option.timeout.needs),
            position: given.position)
        }
        timeout = (.milliseconds(Int64((seconds * 1000).rounded(.up))), seconds.secondsText)
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
