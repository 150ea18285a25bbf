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
public final class Checker {
  let registry: DocumentTypeRegistry
  /// The options it runs with.
  public let options: CheckOptions
  let plan: CheckPlan
  /// Asked between steps and inside long commands whether to stop: a
  /// hang's watchdog, or Ctrl-C.
  public var isInterruptRequested: @MainActor () -> Bool = { false }
  /// Told after each sequence: how many ran, and how many steps.
  public var progress: (@MainActor (_ runs: Int, _ steps: Int) -> Void)?
  /// When each step starts, for a watchdog on another thread that stops
  /// a step that runs past the hang bound (see ``CheckHeartbeat``).
  public let heartbeat = CheckHeartbeat()
  /// Why the setup of a sequence failed, if it did.
  private var setupFailure: String?

  /// A checker of the type `options.typeName` among `registry`'s.
  ///
  /// - Throws: ``CheckError`` when no type has that name or the start
  ///   file does not exist.
  public init(registry: DocumentTypeRegistry, options: CheckOptions) throws(CheckError) {
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
  }

  /// Runs the sequences until one breaks an invariant (then shrinks it)
  /// or the budget is spent.
  public func run() async -> CheckReport {
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
    }
    withExtendedLifetime(owned) {}
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
      registry: registry, plan: plan, folder: folder, capturesShowText: false)
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
    var count = 0
    while violation == nil, count < options.steps, !isInterruptRequested() {
      if plan.startFile != nil, !session.isAdopted { break }
      let step = generator.next(in: session)
      heartbeat.beat()
      violation = await session.perform(step)
      count += 1
    }
    if violation == nil, !isInterruptRequested() { violation = await session.finish() }
    // An interruption is no finding.
    if isInterruptRequested(), violation?.invariant != .noHang { violation = nil }
    return (count, session.slowestStep, violation, Array(session.steps.dropFirst(plan.setup.count)))
  }

  /// Replays `body` after the setup in a fresh folder.
  private func replay(
    _ body: [CheckStep], in root: URL, capturing: Bool
  ) async -> (
    CheckViolation?, CheckSession
  ) {
    // A folder made for this replay, as for a run (see `runSequence`).
    // Without one, nothing is replayed: the failure is not reproduced.
    let owned = try? TemporaryWorkingFolder(in: root, prefix: "shrink")
    defer { withExtendedLifetime(owned) {} }
    let session = CheckSession(
      registry: registry, plan: plan, folder: owned?.url ?? root, capturesShowText: capturing)
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
      ? violation : await replay(body, in: root, capturing: true).0 ?? violation
    let script = CheckScriptWriter(plan: plan, options: options).script(
      seed: seed, body: body, violation: final,
      originalCount: plan.setup.count + sequence.count)
    return CheckFailure(
      invariant: final.invariant, seed: seed, message: final.message, script: script,
      originalCommandCount: plan.setup.count + sequence.count,
      commandCount: CheckScriptWriter.commandCount(of: script), shrinkReplays: shrinker.attempts)
  }
}
