import DocKit
import Foundation

/// Finds bugs in a document type by itself: runs random sequences of the
/// type's commands and of undo, redo, snapshot, restore, save, revert,
/// close and reopen, checks the ``CheckInvariant``s after every step, and
/// shrinks a sequence that breaks one to a short script (`docrepl check`).
///
///     let checker = try Checker(registry: registry, options: CheckOptions(typeName: "text", seed: 1))
///     let report = await checker.run()
///     if let failure = report.failure { print(failure.script) }
@MainActor
package final class Checker {
  let registry: DocumentTypeRegistry
  /// The options it runs with.
  package let options: CheckOptions
  let plan: CheckPlan
  /// Asked between steps and inside long commands whether to stop: a
  /// hang's watchdog, or Ctrl-C.
  package var isInterruptRequested: @MainActor () -> Bool = { false }
  /// Told after each sequence: how many ran, and how many steps.
  package var progress: (@MainActor (_ runs: Int, _ steps: Int) -> Void)?
  /// When each step starts, for a watchdog on another thread that stops
  /// a step that runs past the hang bound (see ``CheckHeartbeat``).
  package let heartbeat = CheckHeartbeat()
  /// Why the setup of a sequence failed, if it did.
  private var setupFailure: String?
  /// How states are compared, by every sequence and replay.
  let comparison: CheckComparison

  /// A checker of the type `options.typeName` among `registry`'s.
  ///
  /// - Throws: ``CheckError`` when no type has that name or the start
  ///   file does not exist.
  package init(registry: DocumentTypeRegistry, options: CheckOptions) throws(CheckError) {
    guard let (_, contentType) = registry.entry(forNew: options.typeName) else {
      throw CheckError(
        kind: .unknownType,
        message:
          "no document type named '\(options.typeName)'; the types are \(registry.typeNames.joined(separator: ", "))"
      )
    }
    var fileExtension = contentType.preferredFilenameExtension ?? "data"
    if let start = options.startFile {
      guard FileManager.default.fileExists(atPath: start.path) else {
        throw CheckError(kind: .missingFile, message: "no such file '\(start.path)'")
      }
      if !start.pathExtension.isEmpty { fileExtension = start.pathExtension }
    }
    self.registry = registry
    self.options = options
    plan = CheckPlan(
      typeName: options.typeName, fileName: "\(CheckPlan.documentName).\(fileExtension)",
      copyName: "check-copy.\(fileExtension)",
      startFile: options.startFile?.standardizedFileURL, hangBound: options.hangBound,
      fullSaveInterval: max(1, options.fullSaveInterval), invariants: options.invariants)
    comparison = CheckComparison(requested: options.compare)
  }

  /// Runs the sequences until one breaks an invariant (then shrinks it)
  /// or the budget is spent.
  package func run() async -> CheckReport {
    var report = CheckReport()
    let clock = ContinuousClock()
    let start = clock.now
    let owned: TemporaryWorkingFolder?
    if options.workFolder == nil {
      guard let folder = try? TemporaryWorkingFolder() else { return report }
      owned = folder
    } else {
      owned = nil
    }
    guard let rootURL = options.workFolder ?? owned?.url else { return report }
    var run = 0
    while options.runs.map({ run < $0 }) ?? true {
      if let limit = options.timeLimit, clock.now - start >= limit { break }
      if options.runs == nil, options.timeLimit == nil { break }
      if isInterruptRequested() { break }
      let seed = options.seed &+ UInt64(run)
      run += 1
      let outcome = await runSequence(seed: seed, in: rootURL)
      report.runs = run
      report.steps += outcome.steps
      report.slowestStep = max(report.slowestStep, outcome.slowest)
      if let setupFailure {
        report.setupFailure = setupFailure
        break
      }
      progress?(report.runs, report.steps)
      if let violation = outcome.violation {
        report.failure = await shrink(
          outcome.sequence, violation: violation, seed: seed, in: rootURL)
        break
      }
      if comparison.stopsChecking { break }
    }
    withExtendedLifetime(owned) {}
    report.encodingFinding = comparison.finding
    report.comparison = comparison.use
    report.skippedComparisons = comparison.skipped
    return report
  }

  /// One sequence from `seed`.
  private func runSequence(
    seed: UInt64, in root: URL
  ) async -> (
    steps: Int, slowest: Duration, violation: CheckViolation?, sequence: [CheckStep]
  ) {
    // A folder made for this run, removed with it: never one that was in
    // `root` already, which may be the caller's (`workFolder`).
    let owned: TemporaryWorkingFolder
    do {
      owned = try TemporaryWorkingFolder(in: root, prefix: "run-\(seed)")
    } catch {
      setupFailure = error.message
      return (0, .zero, nil, [])
    }
    defer { withExtendedLifetime(owned) {} }
    let folder = owned.url
    let session = CheckSession(
      registry: registry, plan: plan, folder: folder, capturesShowText: false,
      comparison: comparison, seed: seed)
    let heartbeat = heartbeat
    session.setInterruptionProbe { [isInterruptRequested] in
      isInterruptRequested() || heartbeat.isStopRequested
    }
    var generator = CheckGenerator(seed: seed, plan: plan)
    var violation: CheckViolation?
    var setupMessage: String?
    for step in plan.setup where violation == nil {
      heartbeat.beat()
      violation = await session.perform(step)
      setupMessage = setupMessage ?? session.lastMessage
    }
    // Never a step on a document whose file is the --from file: a save
    // would write the user's file.
    guard violation != nil || session.handle != nil && session.isAdopted else {
      setupFailure =
        "'\(plan.setup.map(\.line).joined(separator: "; "))' did not leave a document saved as \(plan.fileName) in the check's folder\(setupMessage.map { ": \($0)" } ?? "")"
      return (0, session.slowestStep, nil, [])
    }
    if violation == nil, let failure = checkComparable(session) {
      setupFailure = failure
      return (0, session.slowestStep, nil, [])
    }
    // Before comparing anything: is the encoding deterministic?
    if violation == nil { await session.probeEncoding() }
    var count = 0
    while violation == nil, count < options.steps, !isInterruptRequested(),
      !comparison.stopsChecking
    {
      if plan.startFile != nil, !session.isAdopted { break }
      let step = generator.next(in: session)
      heartbeat.beat()
      violation = await session.perform(step)
      count += 1
    }
    if violation == nil, !isInterruptRequested(), !comparison.stopsChecking {
      violation = await session.finish()
    }
    // An interruption is no finding.
    if isInterruptRequested(), violation?.invariant != .noHang { violation = nil }
    return (count, session.slowestStep, violation, Array(session.steps.dropFirst(plan.setup.count)))
  }

  /// Why `--compare value` cannot compare the type, if it cannot.
  private func checkComparable(_ session: CheckSession) -> String? {
    guard options.compare == .value, let handle = session.handle,
      case .unavailable(let reason) = handle.valueSupport
    else { return nil }
    return
      "--compare value cannot compare \(plan.typeName) by value: \(reason); make it Equatable, or compare by bytes"
  }

  /// Replays `body` after the setup in a fresh folder.
  private func replay(
    _ body: [CheckStep], in root: URL, capturing: Bool, seed: UInt64 = 0
  ) async -> (
    CheckViolation?, CheckSession
  ) {
    // A folder made for this replay, as for a run (see `runSequence`).
    // Without one, nothing is replayed: the failure is not reproduced.
    let owned = try? TemporaryWorkingFolder(in: root, prefix: "shrink")
    defer { withExtendedLifetime(owned) {} }
    let session = CheckSession(
      registry: registry, plan: plan, folder: owned?.url ?? root, capturesShowText: capturing,
      comparison: comparison, seed: seed)
    guard owned != nil else { return (nil, session) }
    for step in plan.setup {
      if let violation = await session.perform(step) { return (violation, session) }
    }
    guard session.isAdopted else { return (nil, session) }
    for step in body {
      if plan.startFile != nil, !session.isAdopted { break }
      if let violation = await session.perform(step) { return (violation, session) }
    }
    return (await session.finish(), session)
  }

  private func shrink(
    _ sequence: [CheckStep], violation: CheckViolation, seed: UInt64, in root: URL
  ) async -> CheckFailure {
    var shrinker = CheckShrinker(
      invariant: violation.invariant, setupCount: plan.setup.count, budget: options.shrinkBudget
    ) { [unowned self] body in
      await self.replay(body, in: root, capturing: false).0
    }
    // A hang is not replayed: each replay would take as long again.
    let body =
      violation.invariant == .noHang
      ? Array(
        sequence.prefix(max(0, (violation.stepIndex ?? sequence.count) - plan.setup.count + 1)))
      : await shrinker.shrink(sequence, violation: violation)
    let final =
      violation.invariant == .noHang
      ? violation : await replay(body, in: root, capturing: true, seed: seed).0 ?? violation
    let writer = CheckScriptWriter(plan: plan, options: options, comparison: comparison.use)
    var script = writer.script(
      seed: seed, body: body, violation: final,
      originalCount: plan.setup.count + sequence.count, expectLinesFail: true)
    // The script must fail when replayed: if its expect lines do not show
    // the failure (a difference only a comparison by value sees), it says
    // so, and `check --from-failure` (or `run`) reproduces it.
    var expectLinesFail = true
    var bare = final
    bare.tail = []
    let bodyOnly = writer.script(
      seed: seed, body: body, violation: bare, originalCount: plan.setup.count + sequence.count)
    if final.invariant != .noHang, await !tailFails(script, more: bodyOnly, in: root) {
      expectLinesFail = false
      script = writer.script(
        seed: seed, body: body, violation: final,
        originalCount: plan.setup.count + sequence.count, expectLinesFail: false)
    }
    var failure = CheckFailure(
      invariant: final.invariant, seed: seed, message: final.message, script: script,
      originalCommandCount: plan.setup.count + sequence.count,
      commandCount: CheckScriptWriter.commandCount(of: script), shrinkReplays: shrinker.attempts)
    failure.comparison = comparison.use
    failure.expectLinesFail = expectLinesFail
    return failure
  }

  /// Whether `script`, replayed as `docrepl run` would, fails more than
  /// `bodyOnly` (the same without the lines after the shrunk commands):
  /// whether the lines that show the failure fail.
  private func tailFails(_ script: String, more bodyOnly: String, in root: URL) async -> Bool {
    guard let with = await failures(replaying: script, in: root),
      let without = await failures(replaying: bodyOnly, in: root)
    else { return true }
    return with > without
  }

  /// The failures of `script` run by a fresh interpreter in a new folder.
  private func failures(replaying script: String, in root: URL) async -> Int? {
    guard let owned = try? TemporaryWorkingFolder(in: root, prefix: "verify") else { return nil }
    defer { withExtendedLifetime(owned) {} }
    var interpreterOptions = Interpreter.Options(workingDirectory: owned.url)
    interpreterOptions.clock = Date(timeIntervalSince1970: 0)
    let interpreter = Interpreter(
      registry: registry, options: interpreterOptions, output: CheckOutput())
    defer { interpreter.closeDocuments(discardingChanges: true) }
    let result = await interpreter.run(ScriptSource(name: "check-failure", text: script))
    return result.failures
  }

  /// Replays the commands of a failure script that `docrepl check` wrote,
  /// with the comparison it used, and reports whether the same invariant
  /// still breaks: `docrepl check --from-failure`.
  package func reproduce(_ script: CheckFailureScript) async -> CheckReport {
    var report = CheckReport()
    report.runs = 1
    guard let folder = try? TemporaryWorkingFolder() else {
      report.setupFailure = "cannot make a temporary folder"
      return report
    }
    defer { withExtendedLifetime(folder) {} }
    let (violation, session) = await replay(script.body, in: folder.url, capturing: false)
    report.steps = session.steps.count - plan.setup.count
    report.slowestStep = session.slowestStep
    report.encodingFinding = comparison.finding
    report.comparison = comparison.use
    report.skippedComparisons = comparison.skipped
    if let violation {
      var failure = CheckFailure(
        invariant: violation.invariant, seed: script.seed, message: violation.message,
        script: script.text, originalCommandCount: script.commandCount,
        commandCount: script.commandCount, shrinkReplays: 0)
      failure.comparison = comparison.use
      failure.expectLinesFail = script.expectLinesFail
      report.failure = failure
    }
    return report
  }
}
