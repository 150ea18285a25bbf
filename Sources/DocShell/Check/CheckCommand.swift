import DocKit
import DocScript
import Foundation

/// `docrepl check TYPE [--seed S] [--steps N] [--runs M] [--time SECONDS]
/// [--from FILE] [--junit PATH]`: random sequences of a type's commands,
/// undo, redo, snapshots, saves and reopens, with the invariants checked
/// after every step; a failure is shrunk and written to
/// `check-failure-<seed>.docscript` in the working folder.
enum CheckCommand {
  static var help: String { HelpText.help(for: CommandLineReference.check) }

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
  }

  @MainActor
  static func run(
    arguments: [String], shell: Shell, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    let parsed: Parsed
    switch parse(arguments) {
    case .success(let value): parsed = value
    case .failure(let problem):
      if problem.message == "help" {
        output.write(help)
        return .success
      }
      errors.write(
        "docrepl check: error: \(problem.message)\n\n"
          + HelpText.usage(for: CommandLineReference.check))
      return .usage
    }
    let seed = parsed.seed ?? UInt64.random(in: 0...999_999_999)
    var options = CheckOptions(typeName: parsed.typeName, seed: seed)
    options.steps = parsed.steps
    options.runs = parsed.runs ?? (parsed.time == nil ? 100 : nil)
    options.timeLimit = parsed.time.map { .milliseconds(Int64($0 * 1000)) }
    let folder =
      parsed.directory.map {
        URL(fileURLWithPath: $0, relativeTo: shell.workingDirectory).standardizedFileURL
      } ?? shell.workingDirectory
    if let from = parsed.from {
      options.startFile = URL(fileURLWithPath: from, relativeTo: folder).standardizedFileURL
    }
    let junitURL = parsed.junit.map { URL(fileURLWithPath: $0, relativeTo: folder) }
    if let junitURL {
      var isFolder: ObjCBool = false
      let parent = junitURL.deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        errors.write("docrepl check: error: no folder '\(parent)' for the JUnit report\n")
        return .noInput
      }
    }
    // The sequences run in a scratch folder whose fsync is skipped, as
    // `docrepl test` does: it is removed at the end, and waiting for the
    // disk would be most of the time.
    let scratch: ScratchFolder
    do {
      scratch = try await ScratchFolder.make()
    } catch {
      errors.write("docrepl check: error: \(error.message)\n")
      return .failure
    }
    defer { try? FileManager.default.removeItem(at: scratch.url) }
    options.workFolder = scratch.url
    let checker: Checker
    do {
      checker = try Checker(registry: shell.registry, options: options)
    } catch {
      errors.write("docrepl check: error: \(error.message)\n")
      if error.kind == .missingFile { return .noInput }
      if error.kind == .unknownType {
        errors.write("\n" + HelpText.usage(for: CommandLineReference.check))
        return .usage
      }
      return .failure
    }
    // Ctrl-C stops the check between steps (or a long command that asks),
    // so that its folder is removed; a second one ends the process.
    let interruption = Interruption()
    checker.isInterruptRequested = { interruption.happened }
    let runsText = options.runs.map { "\($0) runs" } ?? "runs"
    let timeText = parsed.time.map { " for up to \(Self.format($0)) s" } ?? ""
    output.write(
      "checking \(parsed.typeName): seed \(seed), \(runsText) of \(options.steps) steps\(timeText)\n"
    )
    let watchdog = CheckWatchdog(heartbeat: checker.heartbeat, bound: options.hangBound)
    watchdog.start()
    let start = ContinuousClock.now
    let report = await FileSystemContext.$current.withValue(
      ScratchFileSystem(folder: scratch.url.path)
    ) {
      await checker.run()
    }
    watchdog.stop()
    interruption.stop()
    let elapsed = ContinuousClock.now - start
    if let junitURL {
      let xml = CheckJUnitReport(
        typeName: parsed.typeName, seed: seed, report: report, seconds: Self.seconds(elapsed)
      ).xml
      do {
        try Data(xml.utf8).write(to: junitURL, options: .atomic)
      } catch {
        errors.write("docrepl check: error: cannot write '\(parsed.junit ?? "")': \(error)\n")
        return .failure
      }
    }
    if interruption.happened, report.failure == nil {
      errors.write(
        "docrepl check: interrupted after \(report.runs) runs, \(report.steps) steps (seed \(seed))\n"
      )
      return .interrupted
    }
    if let setupFailure = report.setupFailure {
      errors.write("docrepl check: error: \(setupFailure)\n")
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
      try Data(failure.script.utf8).write(to: file, options: .atomic)
    } catch {
      wrote = false
      errors.write("docrepl check: error: cannot write '\(failure.fileName)': \(error)\n")
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

  /// A problem with the command line; `help` for `--help`.
  struct Problem: Error {
    var message: String
  }

  /// Parses the options; every one is checked before anything runs.
  static func parse(_ arguments: [String]) -> Result<Parsed, Problem> {
    var typeName: String?
    var parsed = Parsed(typeName: "")
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded, argument.hasPrefix("-"), argument.count > 1 {
        var name = argument
        var inline: String?
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          name = String(argument[..<equals])
          inline = String(argument[argument.index(after: equals)...])
        }
        func value() -> String? {
          if let inline { return inline }
          guard index < arguments.count else { return nil }
          index += 1
          return arguments[index - 1]
        }
        switch name {
        case "-h", "--help": return .failure(Problem(message: "help"))
        case "--": optionsEnded = true
        case "--no-color": continue
        case "--seed", "--steps", "--runs", "--time", "--from", "--junit", "-C":
          guard let text = value() else {
            return .failure(Problem(message: "'\(name)' needs a value"))
          }
          switch name {
          case "--seed":
            guard let seed = UInt64(text) else {
              return .failure(
                Problem(
                  message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'"))
            }
            parsed.seed = seed
          case "--steps", "--runs":
            guard let count = Int(text), count > 0 else {
              return .failure(
                Problem(message: "\(name) takes a whole number above 0, not '\(text)'"))
            }
            if name == "--steps" { parsed.steps = count } else { parsed.runs = count }
          case "--time":
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
              return .failure(
                Problem(message: "--time takes a number of seconds above 0, not '\(text)'"))
            }
            parsed.time = seconds
          case "-C":
            guard !text.isEmpty else { return .failure(Problem(message: "-C needs a folder")) }
            parsed.directory = text
          case "--from":
            guard !text.isEmpty else { return .failure(Problem(message: "--from needs a file")) }
            parsed.from = text
          default:
            guard !text.isEmpty else { return .failure(Problem(message: "--junit needs a path")) }
            parsed.junit = text
          }
        default:
          return .failure(Problem(message: "unknown option '\(argument)'"))
        }
      } else {
        guard typeName == nil else {
          return .failure(Problem(message: "expected one TYPE, got another: '\(argument)'"))
        }
        typeName = argument
      }
    }
    guard let typeName, !typeName.isEmpty else {
      return .failure(
        Problem(message: "missing TYPE (text, markdown, json, notes, binary, or your own)"))
    }
    parsed.typeName = typeName
    return .success(parsed)
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
