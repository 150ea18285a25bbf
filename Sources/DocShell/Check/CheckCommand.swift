import DocKit
import DocScript
import Foundation

/// `docrepl check TYPE [--seed S] [--steps N] [--runs M] [--time SECONDS]
/// [--from FILE] [--junit PATH]`: random sequences of a type's commands,
/// undo, redo, snapshots, saves and reopens, with the invariants checked
/// after every step; a failure is shrunk and written to
/// `check-failure-<seed>.docscript` in the working folder.
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
    var showOutput = false
  }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus {
    let parsed = try Parsed(commandLine)
    let seed = parsed.seed ?? UInt64.random(in: 0...999_999_999)
    var options = CheckOptions(typeName: parsed.typeName, seed: seed)
    options.steps = parsed.steps
    options.runs = parsed.runs ?? (parsed.time == nil ? 100 : nil)
    options.timeLimit = parsed.time.map { .milliseconds(Int64($0 * 1000)) }
    let folder =
      parsed.directory.map {
        URL(fileURLWithPath: $0, relativeTo: context.workingDirectory).standardizedFileURL
      } ?? context.workingDirectory
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
        typeName: parsed.typeName, seed: seed, report: report, seconds: Self.seconds(elapsed)
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
    guard let failure = report.failure else {
      output.write(
        "\(parsed.typeName): every invariant held: \(report.runs) runs, \(report.steps) steps, seed \(seed)\n"
      )
      return .success
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
      \(parsed.typeName): \(failure.invariant) broke in run \(report.runs), seed \(failure.seed):
        \(failure.message)
      shrunk from \(failure.originalCommandCount) commands to \(failure.commandCount) (\(failure.shrinkReplays) replays)\(wrote ? "; wrote \(failure.fileName)" : ""):

      \(failure.script)
      """)
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
      case Option.folder, Option.from, Option.junit:
        guard !value.isEmpty else { throw refused() }
        switch given.option {
        case Option.folder: directory = value
        case Option.from: from = value
        default: junit = value
        }
      case Option.showOutput:
        showOutput = true
      default:
        // `--no-color`: check's output is never coloured.
        break
      }
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
