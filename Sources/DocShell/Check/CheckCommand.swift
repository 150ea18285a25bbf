import DocKit
import DocScript
import Foundation

/// `docrepl check TYPE [--seed S] [--steps N] [--runs M] [--time SECONDS]
/// [--from FILE] [--compare bytes|value] [--junit PATH]`: random sequences
/// of a type's commands, undo, redo, snapshots, saves and reopens, with the
/// invariants checked after every step; a failure is shrunk and written to
/// `check-failure-<seed>.docscript` in the working folder. `docrepl check
/// --from-failure FILE` replays such a script's commands with the same
/// checks.
enum CheckCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.check }

  /// The options of one command line.
  struct Parsed {
    var typeName: String
    var seed: UInt64?
    var steps = 100
    var runs: Int?
    var time: Double?
    var from: String?
    var junit: String?
    var directory: String?
    var compare: CheckComparisonMode?
    var fromFailure: String?
    var showOutput = false
  }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus {
    let parsed = try Parsed(commandLine)
    let folder =
      parsed.directory.map {
        URL(fileURLWithPath: $0, relativeTo: context.workingDirectory).standardizedFileURL
      } ?? context.workingDirectory
    if let script = parsed.fromFailure {
      return await reproduce(
        URL(fileURLWithPath: script, relativeTo: folder).standardizedFileURL, named: script,
        registry: context.registry, output: &output, errors: &errors)
    }
    let seed = parsed.seed ?? UInt64.random(in: 0...999_999_999)
    var options = CheckOptions(typeName: parsed.typeName, seed: seed)
    options.programName = ProgramName.current.text
    options.steps = parsed.steps
    options.runs = parsed.runs ?? (parsed.time == nil ? 100 : nil)
    options.timeLimit = parsed.time.map { .milliseconds(Int64($0 * 1000)) }
    options.compare = parsed.compare
    if let from = parsed.from {
      options.startFile = URL(fileURLWithPath: from, relativeTo: folder).standardizedFileURL
    }
    var junitURL: URL?
    if let junit = parsed.junit {
      guard
        let url = JUnitReport.destination(
          junit, relativeTo: folder, for: "check", inputs: [options.startFile].compactMap { $0 },
          errors: &errors)
      else { return .noInput }
      junitURL = url
    }
    // Ctrl-C stops the check between steps (or a long command that asks),
    // so that its folder is removed; a second one ends the process. Caught
    // from before the folder exists, so that none leaves it behind.
    let interruption = TestRunInterruption()
    defer { interruption.stop() }
    // The sequences run in a scratch folder whose fsync is skipped, as
    // `docrepl test` does: it is removed at the end, and waiting for the
    // disk would be most of the time.
    let scratch: ScratchFolder
    do {
      scratch = try await ScratchFolder.make()
    } catch {
      errors.write("\(reference.commandName): error: \(error.message)\n")
      return .failure
    }
    defer { try? FileManager.default.removeItem(at: scratch.url) }
    options.workFolder = scratch.url
    let checker: Checker
    do {
      checker = try Checker(registry: context.registry, options: options)
    } catch {
      errors.write("\(reference.commandName): error: \(error.message)\n")
      if error.kind == .missingFile { return .noInput }
      if error.kind == .unknownType {
        errors.write("\n" + HelpText.usage(for: CommandLineReference.check))
        return .usage
      }
      return .failure
    }
    checker.isInterruptRequested = { interruption.happened }
    let runsText = options.runs.map { "\($0) runs" } ?? "runs"
    let timeText = parsed.time.map { " for up to \(Self.format($0)) s" } ?? ""
    output.write(
      "checking \(parsed.typeName): seed \(seed), \(runsText) of \(options.steps) steps\(timeText)\n"
    )
    let watchdog = CheckWatchdog(heartbeat: checker.heartbeat, bound: options.hangBound)
    watchdog.start()
    let start = ContinuousClock.now
    // What the type prints is kept out of the report (see ModelOutput),
    // unless --show-output lets it through.
    let capture = parsed.showOutput ? nil : ModelOutput(name: "check \(parsed.typeName)")
    let report = await ModelOutput.$current.withValue(capture) {
      await FileSystemContext.$current.withValue(ScratchFileSystem(folder: scratch.url.path)) {
        await checker.run()
      }
    }
    if let capture, capture.byteCount > 0 {
      let lines = capture.lineCount
      errors.write(
        "\(reference.commandName): note: \(parsed.typeName) printed \(lines) line\(lines == 1 ? "" : "s") (\(capture.byteCount) bytes) to standard output, not shown; --show-output shows it\n"
      )
    }
    watchdog.stop()
    interruption.stop()
    let elapsed = ContinuousClock.now - start
    if let junitURL {
      let xml = CheckJUnitReport(
        typeName: parsed.typeName, seed: seed, report: report, seconds: Self.seconds(elapsed),
        encodingCounts: options.compare != .value
      ).xml
      do {
        try AtomicFile.write(Array(xml.utf8), to: junitURL, as: .report)
      } catch {
        errors.write(
          "\(reference.commandName): error: cannot write '\(parsed.junit ?? "")': \(ErrorMessage().text(for: error))\n"
        )
        return .failure
      }
    }
    if interruption.happened, report.failure == nil {
      errors.write(
        "\(reference.commandName): interrupted after \(report.runs) runs, \(report.steps) steps (seed \(seed))\n"
      )
      return .interrupted
    }
    if let setupFailure = report.setupFailure {
      errors.write("\(reference.commandName): error: \(setupFailure)\n")
      return .failure
    }
    // The encoding's finding, once, before anything else: it is no
    // invariant's failure.
    var encodingCounts = false
    if let finding = report.encodingFinding {
      encodingCounts = options.compare != .value
      output.write(
        Self.describe(
          finding, typeName: parsed.typeName, report: report, note: !encodingCounts,
          stopped: options.compare == .bytes))
    }
    guard let failure = report.failure else {
      let held =
        report.skippedComparisons.isEmpty
        ? "every invariant held" : "every invariant held as far as it could be judged"
      var line =
        "\(parsed.typeName): \(held) (compared \(report.comparison.summary)): \(report.runs) runs, \(report.steps) steps, seed \(seed)"
      if encodingCounts {
        line += "; but its encoding is not deterministic (above)"
      }
      output.write(line + "\n")
      if !report.skippedComparisons.isEmpty {
        output.write("  \(Self.skipped(report))\n")
      }
      return encodingCounts ? .failure : .success
    }
    let file = folder.appendingPathComponent(failure.fileName)
    var wrote = true
    do {
      try AtomicFile.write(Array(failure.script.utf8), to: file, as: .failureScript)
    } catch {
      wrote = false
      errors.write(
        "\(reference.commandName): error: cannot write '\(failure.fileName)': \(ErrorMessage().text(for: error))\n"
      )
    }
    output.write(
      """
      \(parsed.typeName): \(failure.invariant) broke in run \(report.runs), seed \(failure.seed), compared \(failure.comparison.summary):
        \(failure.message)
      shrunk from \(failure.originalCommandCount) commands to \(failure.commandCount) (\(failure.shrinkReplays) replays)\(wrote ? "; wrote \(failure.fileName)" : ""):

      \(failure.script)
      """)
    return .failure
  }

  /// The encoding's finding, as the report prints it.
  static func describe(
    _ finding: CheckEncodingFinding, typeName: String, report: CheckReport, note: Bool,
    stopped: Bool = false
  ) -> String {
    let then: String =
      switch report.comparison {
      case _ where stopped, .bytes:
        "--compare bytes: the check stopped there; no invariant was judged on these bytes"
      case .value: "states are compared by value (the type's ==) from then on"
      case .notJudged(let reason):
        "states whose bytes differ cannot be judged from then on: \(reason); make it Equatable to compare by value"
      }
    return """
      \(typeName): \(note ? "note: " : "")\(finding.message) (seed \(finding.seed))
        likely cause: \(finding.cause)
        fix: \(finding.fix)
        \(then)

      """
  }

  /// The comparisons not judged, by invariant.
  static func skipped(_ report: CheckReport) -> String {
    let counts = report.skippedComparisons.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      "\($0.key) \($0.value)"
    }
    return "not judged (the bytes differed, and could not be compared by value): "
      + counts.joined(separator: ", ")
  }

  /// `docrepl check --from-failure FILE`: replays a failure script's
  /// commands with the checks and comparison it was found with.
  @MainActor
  static func reproduce(
    _ url: URL, named name: String, registry: DocumentTypeRegistry,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      errors.write("\(reference.commandName): error: no such file '\(name)'\n")
      return .noInput
    }
    return await reproduce(
      text: String(decoding: data, as: UTF8.self), named: name, registry: registry,
      output: &output, errors: &errors)
  }

  /// `docrepl check --from-failure` of a script's text.
  @MainActor
  static func reproduce(
    text: String, named name: String, registry: DocumentTypeRegistry,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    let script: CheckFailureScript
    let checker: Checker
    do {
      script = try CheckFailureScript(text: text)
      var options = CheckOptions(typeName: script.typeName, seed: script.seed)
      options.programName = ProgramName.current.text
      options.startFile = script.startFile
      options.compare = script.comparison
      checker = try Checker(registry: registry, options: options)
    } catch {
      errors.write("\(reference.commandName): error: '\(name)': \(error.message)\n")
      return error.kind == .missingFile ? .noInput : .dataError
    }
    let report = await checker.reproduce(script)
    if let setupFailure = report.setupFailure {
      errors.write("\(reference.commandName): error: \(setupFailure)\n")
      return .failure
    }
    guard let failure = report.failure else {
      output.write(
        "\(name): the failure no longer reproduces: every invariant held over its \(script.commandCount) commands (compared \(report.comparison.summary))\n"
      )
      return .success
    }
    output.write(
      "\(name): reproduced: \(failure.invariant) broke, compared \(failure.comparison.summary):\n  \(failure.message)\n"
    )
    return .failure
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

extension CheckCommand.Parsed {
  /// The options on `commandLine`, each value checked in the order given.
  init(_ commandLine: ParsedCommandLine) throws(CommandLineError) {
    typealias Option = CommandLineReference.CheckOptions
    self.init(typeName: "")
    for given in commandLine.occurrences {
      let value = given.value ?? ""
      func refused() -> CommandLineError {
        CommandLineError(
          .needsValue(option: given.spelling, needs: given.option.needs), position: given.position)
      }
      switch given.option {
      case Option.seed:
        guard let number = UInt64(value) else { throw refused() }
        seed = number
      case Option.steps, Option.runs:
        guard let count = Int(value), count > 0 else { throw refused() }
        if given.option == Option.steps { steps = count } else { runs = count }
      case Option.time:
        guard let seconds = Double(value), seconds > 0, seconds.isFinite else { throw refused() }
        time = seconds
      case Option.compare:
        guard let mode = CheckComparisonMode(rawValue: value) else { throw refused() }
        compare = mode
      case Option.folder, Option.from, Option.junit, Option.fromFailure:
        guard !value.isEmpty else { throw refused() }
        switch given.option {
        case Option.folder: directory = value
        case Option.from: from = value
        case Option.fromFailure: fromFailure = value
        default: junit = value
        }
      case Option.showOutput:
        showOutput = true
      default:
        // `--no-color`: check's output is never coloured.
        break
      }
    }
    if fromFailure != nil {
      guard commandLine.operands.isEmpty else {
        throw CommandLineError(
          .other("--from-failure takes no <type>: the script names the type it checked"))
      }
      return
    }
    switch commandLine.operands.count {
    case 0:
      throw CommandLineError(
        .other("missing <type> (text, markdown, json, notes, binary, or your own)"))
    case 1:
      typeName = commandLine.operands[0]
      guard !typeName.isEmpty else { throw CommandLineError(.other("<type> is empty")) }
    default:
      throw CommandLineError(
        .other("expected one <type>, got \(commandLine.operands.count)"))
    }
  }
}

extension CheckComparisonUse {
  /// `by bytes`, `by value`, or `by bytes, where they were equal`: short,
  /// for a report's one line.
  var summary: String {
    switch self {
    case .bytes: "by bytes"
    case .value: "by value"
    case .notJudged: "by bytes where they were equal"
    }
  }
}
