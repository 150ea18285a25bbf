import CDocBench
import DocFormats
import DocKit
import DocScript
import Foundation

/// `scripts/bench undo`: many small edits of a large text document, then
/// all of them undone, through the layers a user goes through.
extension BenchCommand {
  /// `edits` single-line edits of a `megabytes` MB text file, undone: on
  /// a stack of inverses and through a `DocumentSession` (see
  /// ``undoAll(runs:edits:bytes:)``), then through the interpreter.
  @MainActor
  static func undoBenchmarks(runs: Int, edits: Int, megabytes: Int) async throws {
    print("docrepl-bench undo: medians of \(runs) runs")
    try undoAll(runs: runs, edits: edits, bytes: megabytes * 1_048_576)
    try await undoThroughInterpreter(runs: runs, edits: edits, bytes: megabytes * 1_048_576)
  }

  /// The same edits as ``undoAll(runs:edits:bytes:)`` as DocScript
  /// commands (`insert`, `set-line`, `delete`), each one undo step, run by
  /// an ``Interpreter`` in this process on a file it opened; then `undo N`
  /// of all of them, and `save-to` a copy that must hold the original
  /// bytes.
  ///
  /// The undo memory is the allocator's bytes in use after the commands,
  /// less the same once the document's undo stack is emptied
  /// (`removeAllActions()`). The interpreter keeps its sessions to itself;
  /// their undo manager is the object of the `NSUndoManager…`
  /// notifications the commands cause, which is how this finds it.
  @MainActor
  static func undoThroughInterpreter(runs: Int, edits: Int, bytes: Int) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let originalData = Data(TextEditScript.randomFile(bytes: bytes, seed: 20).utf8)
    let lineCount = try TextLines(data: originalData).count
    let script = TextEditScript.random(count: edits, lines: lineCount, seed: 21)
    try originalData.write(to: directory.appendingPathComponent("big.txt"))
    let commands = ScriptSource(name: "edits.docscript", text: script.docScript)
    let undoAll = ScriptSource(name: "undo.docscript", text: "undo \(edits)\n")
    func interpreter(_ output: FailureCount) -> Interpreter {
      Interpreter(
        registry: DocFormats.makeRegistry(), options: .init(workingDirectory: directory),
        output: output)
    }

    // The memory, in a run of its own: the observer that finds the undo
    // manager costs time.
    var retained = 0
    do {
      let output = FailureCount()
      let interpreter = interpreter(output)
      try await run(interpreter, "open big.txt as doc", output)
      let finder = UndoManagerFinder()
      try await run(interpreter, commands, output)
      let held = Int(docbench_allocated_bytes())
      guard let undoManager = finder.stop() else {
        throw BenchError("the commands posted no undo notification")
      }
      undoManager.removeAllActions()
      retained = held - Int(docbench_allocated_bytes())
    }

    var apply: [Timing] = []
    var undoing: [Timing] = []
    for _ in 1...runs {
      let output = FailureCount()
      let interpreter = interpreter(output)
      try await run(interpreter, "open big.txt as doc", output)
      apply.append(try await Timing.measure { try await run(interpreter, commands, output) })
      undoing.append(try await Timing.measure { try await run(interpreter, undoAll, output) })
      let undone = directory.appendingPathComponent("undone.txt")
      try? FileManager.default.removeItem(at: undone)
      try await run(interpreter, "save-to undone.txt", output)
      guard try Data(contentsOf: undone) == originalData else {
        throw BenchError("undoing every command did not give back the original bytes")
      }
    }
    print("  through the interpreter: \(edits) commands, then 'undo \(edits)':")
    report(retained: retained, edits: edits, apply: apply, undo: undoing)
  }

  @MainActor
  private static func run(
    _ interpreter: Interpreter, _ text: String, _ output: FailureCount
  ) async throws {
    try await run(interpreter, ScriptSource(name: "bench.docscript", text: text), output)
  }

  @MainActor
  private static func run(
    _ interpreter: Interpreter, _ source: ScriptSource, _ output: FailureCount
  ) async throws {
    let result = await interpreter.run(source)
    guard result.succeeded else {
      throw BenchError("\(source.name) failed: \(output.firstProblem ?? "malformed")")
    }
  }
}

/// Finds the undo manager that posts `NSUndoManagerDidCloseUndoGroup`
/// while it listens.
@MainActor
private final class UndoManagerFinder {
  private final class Found: @unchecked Sendable {
    // Set and read on the main actor only: the undo manager posts there.
    weak var undoManager: UndoManager?
  }

  private let found = Found()
  private var observer: (any NSObjectProtocol)?

  init() {
    let found = found
    observer = NotificationCenter.default.addObserver(
      forName: .NSUndoManagerDidCloseUndoGroup, object: nil, queue: nil
    ) { notification in
      let undoManager = notification.object as? UndoManager
      MainActor.assumeIsolated {
        if found.undoManager == nil { found.undoManager = undoManager }
      }
    }
  }

  /// Stops listening; returns the undo manager found, if any.
  func stop() -> UndoManager? {
    if let observer { NotificationCenter.default.removeObserver(observer) }
    observer = nil
    return found.undoManager
  }
}

/// Script output that keeps only the first diagnostic.
@MainActor
private final class FailureCount: ScriptOutput {
  var firstProblem: String?

  func write(_ text: String) {}

  func report(_ diagnostic: Diagnostic, rendered: String) {
    if firstProblem == nil { firstProblem = rendered }
  }
}
