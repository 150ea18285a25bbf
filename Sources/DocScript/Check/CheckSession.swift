import DocKit
import Foundation

/// One sequence of `docrepl check`, run in a fresh interpreter in its own
/// folder: each step is a script line the interpreter runs, as `docrepl
/// run` would, and after each the session checks the invariants against
/// its own model of the document (``CheckInvariant``).
///
/// The model is the list of states the document has been in, by undo
/// depth (the bytes a full save writes, and an identity): an edit that
/// leaves one step to undo pushes a new state and drops the redo states,
/// undo and redo move along the list, and new, open and revert start a new
/// list. The saved state is one identity of the list. Invariant 2 is
/// checked at each `undo` and `redo` and, once, at the end (undo all, redo
/// all), so a sequence costs O(steps), not O(steps²).
@MainActor
final class CheckSession {
  /// A state the document has been in.
  struct State {
    var id: Int
    var bytes: CheckBytes
    /// Its `show` text, when capturing.
    var show: String?
  }

  /// What the session sees of the current document after a step.
  struct Observation {
    var handle: ObjectIdentifier
    var bytes: CheckBytes
    var undo: Int
    var redo: Int
    var isDirty: Bool
    var show: String?
  }

  let interpreter: Interpreter
  private let output = CheckOutput()
  let folder: URL
  let plan: CheckPlan
  /// Whether to keep each state's `show` text, to write `expect show`
  /// lines: for the last replay of a shrunk sequence only.
  let capturesShowText: Bool

  /// The steps run so far.
  private(set) var steps: [CheckStep] = []
  private var states: [State] = []
  private var savedID: Int?
  private var snapshots: [String: State] = [:]
  private var nextID = 0
  private var last: Observation?
  /// Steps since invariant 5 was last checked.
  private var stepsSinceFullSaveCheck = 0
  /// Whether the disk has been compared with a full save since the last
  /// in-place save.
  private var diskChecked = true
  /// The longest a step took.
  private(set) var slowestStep: Duration = .zero
  /// What the type's commands did when they succeeded, by name: the
  /// generator picks those that never change the document (queries such
  /// as `get` and `keys`) less often, so that sequences reach deep states.
  private(set) var effects: [String: CommandEffect] = [:]

  /// How often one of the type's commands succeeded, and how often that
  /// left a step to undo.
  struct CommandEffect {
    var succeeded = 0
    var changed = 0
    /// Whether the command looks like a query: it succeeded twice or
    /// more and never changed the document.
    var isQuery: Bool { succeeded >= 2 && changed == 0 }
  }
  /// How states are compared: shared by the check's sequences.
  let comparison: CheckComparison
  /// The seed of the sequence, which an encoding finding names.
  let seed: UInt64

  init(
    registry: DocumentTypeRegistry, plan: CheckPlan, folder: URL, capturesShowText: Bool,
    comparison: CheckComparison? = nil, seed: UInt64 = 0
  ) {
    self.comparison = comparison ?? CheckComparison(requested: nil)
    self.seed = seed
    var options = Interpreter.Options(workingDirectory: folder)
    options.clock = Date(timeIntervalSince1970: 0)
    interpreter = Interpreter(registry: registry, options: options, output: output)
    self.folder = folder
    self.plan = plan
    self.capturesShowText = capturesShowText
  }

  /// The current document, if one is open.
  var handle: (any CheckableHandle)? {
    guard let name = interpreter.state.currentName else { return nil }
    return interpreter.state.documents[name] as? any CheckableHandle
  }

  /// Whether the working file has been written.
  var hasFile: Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(plan.fileName).path)
  }

  /// Whether the current document's file, if it has one, is in the
  /// session's folder: false after `open` of a `--from` file whose
  /// `save-as` failed, when a save would write the user's file.
  var isAdopted: Bool {
    guard let handle else { return true }
    guard let url = handle.session.fileURL else { return plan.startFile == nil }
    let own = folder.appendingPathComponent(plan.fileName).resolvingSymlinksInPath().path
    return url.resolvingSymlinksInPath().path == own
  }

  /// The message of the last diagnostic.
  var lastMessage: String? { output.lastMessage }

  /// The names of the snapshots taken, sorted.
  var snapshotNames: [String] { snapshots.keys.sorted() }

  /// Sets the flag that a long command asks to learn whether to stop.
  func setInterruptionProbe(_ probe: @escaping () -> Bool) {
    interpreter.isInterruptRequested = probe
  }

  // MARK: - Steps

  /// Runs `step` and checks the invariants after it.
  func perform(_ step: CheckStep) async -> CheckViolation? {
    let index = steps.count
    steps.append(step)
    stepsSinceFullSaveCheck += 1
    if last == nil, let handle { last = await observe(handle) }
    let before = last
    let failuresBefore = interpreter.currentResult.failures
    let clock = ContinuousClock()
    let start = clock.now
    await interpreter.run(ScriptSource(name: "check", text: step.line))
    // The step's own time: what other work the main actor does while the
    // step's queued jobs get their turns is no hang of the step's.
    let elapsed = clock.now - start
    await Self.letMainActorJobsRun()
    slowestStep = max(slowestStep, elapsed)
    let failed = interpreter.currentResult.failures > failuresBefore
    let after: Observation? =
      if let handle { await observe(handle) } else { nil }
    last = after
    if plan.checks(.noHang), elapsed > plan.hangBound {
      return CheckViolation(
        invariant: .noHang,
        message:
          "'\(step.line)' took \(Self.seconds(elapsed)), more than the bound of \(Self.seconds(plan.hangBound))",
        stepIndex: index,
        tail: ["# the command above took more than \(Self.seconds(plan.hangBound))"])
    }
    if failed {
      guard plan.checks(.allOrNothing) else { return nil }
      return await checkUnchanged(before: before, after: after, step: step, index: index)
    }
    guard let after, let handle else {
      states = []
      return nil
    }
    switch step.kind {
    case .start, .reopen, .revert:
      states = [newState(after)]
      savedID = states[0].id
      diskChecked = true
    case .close:
      states = []
      return nil
    case .save, .adopt:
      if let violation = await checkSave(before: before, after: after, handle: handle, index: index)
      {
        return violation
      }
    case .undo, .redo:
      guard after.undo < states.count else {
        return CheckViolation(
          invariant: .undoRestores,
          message: "'\(step.line)' left \(after.undo) steps to undo, more than were done",
          stepIndex: index)
      }
      let expected = states[after.undo]
      if plan.checks(.undoRestores),
        await !same(after.bytes, expected.bytes, for: .undoRestores)
      {
        return CheckViolation(
          invariant: .undoRestores,
          message:
            "'\(step.line)' did not give back the state it went back to\(byValue): \(Self.difference(after.bytes, expected: expected.bytes))",
          stepIndex: index, tail: expectState(expected.bytes, show: expected.show, actual: after))
      }
    case .snapshot(let name):
      snapshots[name] = State(id: 0, bytes: after.bytes, show: after.show)
    case .restore, .edit:
      if step.kind == .edit, let before, before.handle == after.handle {
        effects[step.name, default: CommandEffect()].succeeded += 1
        if after.undo != before.undo || after.redo != before.redo {
          effects[step.name, default: CommandEffect()].changed += 1
        }
      }
      if plan.checks(.snapshotsAreValues), case .restore(let name) = step.kind,
        let snapshot = snapshots[name],
        await !same(after.bytes, snapshot.bytes, for: .snapshotsAreValues)
      {
        return CheckViolation(
          invariant: .snapshotsAreValues,
          message:
            "'\(step.line)' did not give back the snapshot\(byValue): \(Self.difference(after.bytes, expected: snapshot.bytes))",
          stepIndex: index, tail: expectState(snapshot.bytes, show: snapshot.show, actual: after))
      }
      if let violation = await recordEdit(before: before, after: after, step: step, index: index) {
        return violation
      }
    }
    return checkSavedPoint(after, step: step, index: index)
  }

  /// Invariant 1, after a step that failed.
  private func checkUnchanged(
    before: Observation?, after: Observation?, step: CheckStep, index: Int
  ) async -> CheckViolation? {
    guard let before else {
      guard after == nil else {
        return CheckViolation(
          invariant: .allOrNothing,
          message: "'\(step.line)' failed but left a document open", stepIndex: index)
      }
      return nil
    }
    let error = output.lastMessage.map { " (\($0))" } ?? ""
    guard let after, after.handle == before.handle else {
      return CheckViolation(
        invariant: .allOrNothing,
        message: "'\(step.line)' failed\(error) but changed which document is current",
        stepIndex: index)
    }
    var changes: [String] = []
    if await !same(after.bytes, before.bytes, for: .allOrNothing) {
      changes.append("the bytes (\(Self.difference(after.bytes, expected: before.bytes)))")
    }
    if after.undo != before.undo {
      changes.append("the undo stack (\(before.undo) to \(after.undo))")
    }
    if after.redo != before.redo {
      changes.append("the redo stack (\(before.redo) to \(after.redo))")
    }
    if after.isDirty != before.isDirty {
      changes.append(
        "the dirty state (\(before.isDirty ? "dirty" : "clean") to \(after.isDirty ? "dirty" : "clean"))"
      )
    }
    guard !changes.isEmpty else { return nil }
    var tail: [String] = []
    if capturesShowText {
      tail = expectState(before.bytes, show: before.show, actual: after)
      if after.isDirty != before.isDirty {
        tail.append(before.isDirty ? "expect dirty" : "expect clean")
      }
      if after.undo != before.undo {
        tail.append(before.undo > 0 ? "expect can-undo" : "expect no-undo")
      }
      if after.redo != before.redo {
        tail.append(before.redo > 0 ? "expect can-redo" : "expect no-redo")
      }
    }
    return CheckViolation(
      invariant: .allOrNothing,
      message: "'\(step.line)' failed\(error) but changed " + changes.joined(separator: ", "),
      stepIndex: index, tail: tail)
  }

  /// Invariant 2 for an edit (or a restore): one step to undo when the
  /// bytes changed, none when they did not.
  private func recordEdit(
    before: Observation?, after: Observation, step: CheckStep, index: Int
  ) async -> CheckViolation? {
    guard let before, before.handle == after.handle else {
      states = [newState(after)]
      return nil
    }
    if after.undo == before.undo + 1, after.redo == 0 {
      states = Array(states.prefix(before.undo + 1)) + [newState(after)]
      return nil
    }
    guard plan.checks(.undoRestores) else { return nil }
    if after.undo == before.undo, after.redo == before.redo {
      guard await !same(after.bytes, before.bytes, for: .undoRestores) else { return nil }
      var tail: [String] = []
      if capturesShowText {
        if after.undo == 0 {
          tail = ["expect can-undo"]
        } else {
          tail = ["undo"] + expectState(before.bytes, show: before.show, actual: nil)
        }
      }
      return CheckViolation(
        invariant: .undoRestores,
        message:
          "'\(step.line)' changed the document but left no step to undo: \(Self.difference(after.bytes, expected: before.bytes))",
        stepIndex: index, tail: tail)
    }
    return CheckViolation(
      invariant: .undoRestores,
      message:
        "'\(step.line)' took the stacks from \(before.undo) to undo and \(before.redo) to redo to \(after.undo) and \(after.redo); one command is one step",
      stepIndex: index,
      tail: capturesShowText
        ? ["undo"] + expectState(before.bytes, show: before.show, actual: nil) : [])
  }

  /// Invariant 3 after a step.
  private func checkSavedPoint(
    _ after: Observation, step: CheckStep?, index: Int?
  )
    -> CheckViolation?
  {
    guard plan.checks(.savedPointHolds), after.undo < states.count else { return nil }
    let shouldBeClean = states[after.undo].id == savedID
    guard after.isDirty == shouldBeClean else { return nil }
    let what = step.map { "after '\($0.line)'" } ?? "after undoing and redoing everything"
    return CheckViolation(
      invariant: .savedPointHolds,
      message: shouldBeClean
        ? "the document is dirty \(what), but undo and redo have brought it back to the state last saved"
        : "the document is clean \(what), but its state is not the one last saved",
      stepIndex: index, tail: [shouldBeClean ? "expect clean" : "expect dirty"])
  }

  /// After a save: nothing changed but the saved point (3), the file opens
  /// to what was saved (4) and, every K steps, the disk holds what a full
  /// save writes (5).
  private func checkSave(
    before: Observation?, after: Observation, handle: any CheckableHandle, index: Int
  ) async -> CheckViolation? {
    var changed = false
    if let before, before.handle == after.handle {
      changed = before.undo != after.undo || before.redo != after.redo
      if !changed { changed = await !same(after.bytes, before.bytes, for: .savedPointHolds) }
    }
    if changed {
      return CheckViolation(
        invariant: .savedPointHolds,
        message: "the save changed the document's content or its undo stacks", stepIndex: index)
    }
    if after.undo < states.count {
      savedID = states[after.undo].id
    } else {
      states = [newState(after)]
      savedID = states[0].id
    }
    guard let url = handle.session.fileURL else { return nil }
    diskChecked = false
    // Invariant 4: what the document held opens again.
    if plan.checks(.saveOpenRoundTrips),
      let violation = await checkReopen(url: url, handle: handle, after: after, index: index)
    {
      return violation
    }
    if plan.checks(.incrementalSaveEqualsFullSave),
      !fullSaveCheckedOnce || stepsSinceFullSaveCheck >= plan.fullSaveInterval
    {
      return await checkFullSave(url: url, handle: handle, index: index)
    }
    return nil
  }

  /// Whether a save has been compared with a full save yet.
  private var fullSaveCheckedOnce = false

  /// Invariant 4: opening `url` gives a document that writes what the
  /// saved one held.
  private func checkReopen(
    url: URL, handle: any CheckableHandle, after: Observation, index: Int
  ) async -> CheckViolation? {
    let reopened: CheckBytes
    do {
      guard let entry = interpreter.registry.entry(reading: handle.session.contentType) else {
        return nil
      }
      let opened = try await entry.open(
        url, handle.session.contentType, interpreter.sessionEnvironment)
      defer { try? opened.session.close(discardingChanges: true) }
      guard let checkable = opened as? any CheckableHandle else { return nil }
      reopened = await Self.bytes(of: checkable)
    } catch {
      return CheckViolation(
        invariant: .saveOpenRoundTrips,
        message: "the file just saved does not open: \(ErrorMessage().text(for: error))",
        stepIndex: index, tail: ["open \(Word.quoted(plan.fileName)) as saved"])
    }
    let saved = plan.observesBytes ? after.bytes : await Self.bytes(of: handle)
    guard await !same(reopened, saved, for: .saveOpenRoundTrips) else { return nil }
    var tail: [String] = []
    if capturesShowText {
      tail = ["open \(Word.quoted(plan.fileName)) as saved"]
      if let show = after.show { tail.append("expect show \(Word.quoted(show))") }
      if !after.bytes.isPackage, comparesBytes {
        tail += ["save-to \(Word.quoted(plan.copyName))"]
        tail += expectFiles(at: plan.copyName, expected: after.bytes, actual: reopened)
      }
    }
    return CheckViolation(
      invariant: .saveOpenRoundTrips,
      message:
        "opening the file just saved gives a document that differs from the one saved: \(Self.difference(reopened, expected: saved))",
      stepIndex: index, tail: tail)
  }

  /// Invariant 5: what the in-place save left at `url` equals a `save-to`
  /// of the same state into an empty folder.
  private func checkFullSave(
    url: URL, handle: any CheckableHandle, index: Int?
  ) async
    -> CheckViolation?
  {
    stepsSinceFullSaveCheck = 0
    diskChecked = true
    fullSaveCheckedOnce = true
    let copy = folder.appendingPathComponent(plan.copyName)
    defer { try? FileManager.default.removeItem(at: copy) }
    do {
      try await handle.save(to: copy, contentType: nil, overwrite: true, force: false)
    } catch {
      return CheckViolation(
        invariant: .incrementalSaveEqualsFullSave,
        message: "a full save-to of the saved state failed: \(ErrorMessage().text(for: error))",
        stepIndex: index, tail: ["save-to \(Word.quoted(plan.copyName))"])
    }
    guard let disk = CheckBytes(readingDiskAt: url), let full = CheckBytes(readingDiskAt: copy)
    else {
      return CheckViolation(
        invariant: .incrementalSaveEqualsFullSave,
        message: "the saved file or its full copy cannot be read back", stepIndex: index)
    }
    guard await !same(disk, full, for: .incrementalSaveEqualsFullSave) else { return nil }
    return CheckViolation(
      invariant: .incrementalSaveEqualsFullSave,
      message:
        "the in-place save left different files from a full save of the same state: \(Self.difference(disk, expected: full))",
      stepIndex: index,
      tail: ["save-to \(Word.quoted(plan.copyName))"]
        + (comparesBytes ? expectFiles(at: plan.fileName, expected: full, actual: disk) : []))
  }

  // MARK: - The end

  /// The checks of the end of a sequence: invariant 5 if the last save was
  /// not compared yet and the document is still as saved, then undoing
  /// everything gives the first state and redoing everything the last (2),
  /// with the saved point right at both ends (3).
  func finish() async -> CheckViolation? {
    guard let handle, var current = last else { return nil }
    if plan.checks(.incrementalSaveEqualsFullSave), !diskChecked, let url = handle.session.fileURL,
      !current.isDirty
    {
      if let violation = await checkFullSave(url: url, handle: handle, index: nil) {
        return violation
      }
    }
    let undoCount = current.undo
    let total = current.undo + current.redo
    guard plan.checks(.undoRestores), total > 0, total < states.count else { return nil }
    if undoCount > 0 {
      guard let violation = await travel("undo \(undoCount)", to: 0, from: &current) else {
        return await redoAll(total, from: &current, prefix: ["undo \(undoCount)"])
      }
      return violation
    }
    return await redoAll(total, from: &current, prefix: [])
  }

  private func redoAll(
    _ total: Int, from current: inout Observation, prefix: [String]
  ) async
    -> CheckViolation?
  {
    guard let violation = await travel("redo \(total)", to: total, from: &current) else {
      return nil
    }
    var violation2 = violation
    violation2.tail = prefix + violation.tail
    return violation2
  }

  /// Runs `line` (an undo or redo of several steps) and checks that it
  /// reached state `depth`.
  private func travel(
    _ line: String, to depth: Int, from current: inout Observation
  ) async
    -> CheckViolation?
  {
    let failuresBefore = interpreter.currentResult.failures
    await interpreter.run(ScriptSource(name: "check", text: line))
    await Self.letMainActorJobsRun()
    guard let handle else { return nil }
    let after = await observe(handle)
    current = after
    let expected = states[depth]
    if interpreter.currentResult.failures > failuresBefore {
      return CheckViolation(
        invariant: .undoRestores,
        message: "'\(line)' failed: \(output.lastMessage ?? "")", stepIndex: nil, tail: [line])
    }
    if await !same(after.bytes, expected.bytes, for: .undoRestores) {
      let what = depth == 0 ? "the starting state" : "the last state"
      return CheckViolation(
        invariant: .undoRestores,
        message:
          "'\(line)' did not give back \(what): \(Self.difference(after.bytes, expected: expected.bytes))",
        stepIndex: nil,
        tail: [line] + expectState(expected.bytes, show: expected.show, actual: after))
    }
    if var violation = checkSavedPoint(after, step: nil, index: nil) {
      violation.tail = [line] + violation.tail
      return violation
    }
    return nil
  }

  // MARK: - Comparing

  /// ` (by value)` while states are compared by value, for messages.
  private var byValue: String { comparison.mode == .value ? " (by value)" : "" }

  /// Whether the failure script may show a difference with `expect file`
  /// lines: only while states are compared byte for byte.
  private var comparesBytes: Bool { comparison.mode == .bytes }

  /// Whether `actual` is the state `expected`, for `invariant`: the same
  /// bytes, or, by value, the same value read back. Before a difference
  /// of bytes counts, it is checked not to be the encoding's own (see
  /// ``encodingFinding(_:_:handle:)``); a difference that cannot be
  /// judged counts as none, and is counted.
  func same(
    _ actual: CheckBytes, _ expected: CheckBytes, for invariant: CheckInvariant
  ) async
    -> Bool
  {
    if actual == expected { return true }
    if actual.failure != nil || expected.failure != nil { return false }
    guard let handle else { return false }
    switch comparison.mode {
    case .value:
      return equalValues(actual, expected, handle: handle) ?? false
    case .notJudged:
      comparison.skip(invariant)
      return true
    case .bytes:
      guard let finding = await encodingFinding(actual, expected, handle: handle) else {
        return false
      }
      comparison.found(finding, support: handle.valueSupport)
      if comparison.mode == .value {
        return equalValues(actual, expected, handle: handle) ?? false
      }
      comparison.skip(invariant)
      return true
    }
  }

  /// Whether the two states read back to equal values; nil when the type
  /// cannot be compared by value. A state that does not read back differs.
  private func equalValues(
    _ a: CheckBytes, _ b: CheckBytes, handle: any CheckableHandle
  ) -> Bool? {
    guard handle.valueSupport == .equatable else { return nil }
    guard let first = a.wrapper(named: plan.fileName), let second = b.wrapper(named: plan.fileName)
    else { return false }
    do {
      guard let x = try handle.checkValue(reading: first),
        let y = try handle.checkValue(reading: second)
      else { return nil }
      return x.equals(y)
    } catch {
      return false
    }
  }

  /// The finding that the encoding is not deterministic, if the
  /// difference between `actual` and `expected` is the encoding's own:
  /// the two are equal by value, or (for a type that cannot be compared
  /// by value) the document, saved twice, or a state read back and saved
  /// twice, gives different bytes.
  private func encodingFinding(
    _ actual: CheckBytes, _ expected: CheckBytes, handle: any CheckableHandle
  ) async -> CheckEncodingFinding? {
    if let equal = equalValues(actual, expected, handle: handle) {
      guard equal else { return nil }
      return await sameValueWrittenTwice(actual, expected, handle: handle)
    }
    let again = await Self.bytes(of: handle)
    if again.failure == nil, let current = last?.bytes, current.failure == nil, again != current {
      return finding(current, again, "two saves of the same unchanged document")
    }
    for state in [expected, actual] {
      guard let tree = state.wrapper(named: plan.fileName),
        let first = try? await handle.resavedTree(reading: tree)
      else { continue }
      for _ in 0..<2 {
        guard let second = try? await handle.resavedTree(reading: tree) else { break }
        let (x, y) = (CheckBytes(first), CheckBytes(second))
        if x != y { return finding(x, y, "reading the same file back twice and saving each") }
      }
    }
    return nil
  }

  /// The finding for two trees that read back to equal values, if they
  /// show the encoding is not deterministic rather than a reader that
  /// drops something the writer wrote (which also makes two different
  /// trees read back equal): saving what either reads back, a few times,
  /// gives different bytes; or the two hold the same bytes in another
  /// order (keys, a set's elements).
  private func sameValueWrittenTwice(
    _ a: CheckBytes, _ b: CheckBytes, handle: any CheckableHandle
  ) async -> CheckEncodingFinding? {
    var seen: CheckBytes?
    for state in [a, b, a, b] {
      guard let tree = state.wrapper(named: plan.fileName),
        let resaved = try? await handle.resavedTree(reading: tree)
      else { continue }
      let bytes = CheckBytes(resaved)
      if let seen, seen != bytes {
        return finding(seen, bytes, "the same value, read back and written again,")
      }
      seen = bytes
    }
    if a.isReordering(of: b) {
      return finding(a, b, "two states that are equal by value (the type's ==)")
    }
    return nil
  }

  private func finding(
    _ a: CheckBytes, _ b: CheckBytes, _ evidence: String
  )
    -> CheckEncodingFinding
  {
    CheckEncodingFinding(
      first: a, second: b, documentName: plan.fileName, evidence: evidence, seed: seed)
  }

  /// Before the sequence compares anything: saves the document as it
  /// stands once more, and saves what it reads back, and reports an
  /// encoding that is not deterministic (once a check). Two saves, not one
  /// a step.
  func probeEncoding() async {
    guard comparison.finding == nil, plan.observesBytes, let handle,
      let current = last?.bytes, current.failure == nil
    else { return }
    let again = await Self.bytes(of: handle)
    if again.failure == nil, again != current {
      comparison.found(
        finding(current, again, "two saves of the same unchanged document"),
        support: handle.valueSupport)
      return
    }
    guard let tree = current.wrapper(named: plan.fileName),
      let resaved = try? await handle.resavedTree(reading: tree)
    else { return }
    let reread = CheckBytes(resaved)
    // A difference after reading back is the encoding's only when the
    // value is the same and it is written differently; otherwise it is
    // invariant 4's to report.
    guard reread != current, equalValues(reread, current, handle: handle) == true,
      let found = await sameValueWrittenTwice(current, reread, handle: handle)
    else { return }
    comparison.found(found, support: handle.valueSupport)
  }

  // MARK: - Helpers

  private func newState(_ observation: Observation) -> State {
    nextID += 1
    return State(id: nextID, bytes: observation.bytes, show: observation.show)
  }

  private func observe(_ handle: any CheckableHandle) async -> Observation {
    let bytes = plan.observesBytes ? await Self.bytes(of: handle) : CheckBytes(failure: "")
    var show: String?
    if capturesShowText { show = try? await handle.show() }
    return Observation(
      handle: ObjectIdentifier(handle), bytes: bytes, undo: handle.session.undoManager.undoCount,
      redo: handle.session.undoManager.redoCount, isDirty: handle.session.isDirty, show: show)
  }

  /// Lets main-actor jobs that a step queued run before the step is
  /// observed (`Task { @MainActor in … }` in an undo handler, say), as an
  /// app's run loop would between two events. Bounded: a model that
  /// queues work forever does not hang the check.
  static func letMainActorJobsRun() async {
    for _ in 0..<4 { await Task.yield() }
  }

  static func bytes(of handle: any CheckableHandle) async -> CheckBytes {
    do {
      guard let wrapper = try await handle.freshSaveTree() else {
        return CheckBytes(failure: "the document writes by itself")
      }
      return CheckBytes(wrapper)
    } catch {
      return CheckBytes(failure: ErrorMessage().text(for: error))
    }
  }

  /// `expect show` of the state expected (and, for a plain file whose
  /// `show` would not tell, a copy saved and its bytes expected).
  private func expectState(_ expected: CheckBytes, show: String?, actual: Observation?) -> [String]
  {
    guard capturesShowText else { return [] }
    var lines: [String] = []
    if let show { lines.append("expect show \(Word.quoted(show))") }
    let showTells = show != nil && actual.map { $0.show != show } ?? true
    if !showTells, !expected.isPackage, comparesBytes {
      lines.append("save-to \(Word.quoted(plan.copyName))")
      lines += expectFiles(at: plan.copyName, expected: expected, actual: actual?.bytes)
    }
    return lines
  }

  /// `expect file` lines for the files of `expected` at `path` (a file, or
  /// a package's files) that differ from `actual`'s.
  private func expectFiles(at path: String, expected: CheckBytes, actual: CheckBytes?) -> [String] {
    var lines: [String] = []
    let paths = actual.map { expected.differingPaths(from: $0) } ?? expected.filePaths
    for inner in paths.prefix(6) {
      let full = inner.isEmpty ? path : path + "/" + inner
      switch expected.entries[inner] {
      case .file(let data)?:
        if let text = String(validating: data, as: UTF8.self), !text.contains("\u{0}") {
          lines.append("expect file \(Word.quoted(full)) \(Word.quoted(text))")
        } else {
          var hash = SHA256()
          hash.update(data)
          let hex = hash.finalize().map { String($0, radix: 16).leftPadded(to: 2) }.joined()
          lines.append("expect sha256 \(Word.quoted(full)) \(hex)")
        }
      case nil:
        lines.append("expect-error '' expect file \(Word.quoted(full))")
      default:
        lines.append("expect file \(Word.quoted(full))")
      }
    }
    return lines
  }

  /// How two states differ, in a few words: the files, and their sizes.
  static func difference(_ actual: CheckBytes, expected: CheckBytes) -> String {
    if let failure = actual.failure { return "the document could not be written: \(failure)" }
    if let failure = expected.failure {
      return "the expected state could not be written: \(failure)"
    }
    let paths = actual.differingPaths(from: expected)
    let described = paths.prefix(3).map { path -> String in
      let name = path.isEmpty ? "the file" : "'\(path)'"
      func size(_ entry: CheckBytes.Entry?) -> String {
        switch entry {
        case .file(let data)?: "\(data.count) bytes"
        case .folder?: "a folder"
        case .link?: "a link"
        case nil: "missing"
        }
      }
      return "\(name) is \(size(actual.entries[path])), expected \(size(expected.entries[path]))"
        + (sameSize(actual.entries[path], expected.entries[path]) ? " with other bytes" : "")
    }
    return described.joined(separator: "; ")
      + (paths.count > 3 ? "; and \(paths.count - 3) more" : "")
  }

  private static func sameSize(_ a: CheckBytes.Entry?, _ b: CheckBytes.Entry?) -> Bool {
    if case .file(let x)? = a, case .file(let y)? = b { return x.count == y.count }
    return false
  }

  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds) / 1e18
    return String(format: "%.1f s", value)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
