import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// Everything a failed command must leave as it was: every open
/// document's content, dirty state, change count, undo and redo state, the
/// set of open documents and the current one, the snapshots, the settings
/// and counters, and every file in the working folder.
@MainActor
struct WorldState: Equatable, CustomStringConvertible {
  /// One open document as the user can observe it.
  struct Document: Equatable, CustomStringConvertible {
    var name: String
    var type: String
    var file: String
    var show: String
    var isDirty: Bool
    var changeCount: Int
    var hasConflict: Bool
    var canUndo: Bool
    var canRedo: Bool
    var undoTitle: String
    var redoTitle: String
    var undoCount: Int
    var redoCount: Int
    /// Open undo groups: 0 between commands.
    var groupingLevel: Int
    /// Whether its session autosaves (its policy is not `.never`).
    var autosaves: Bool

    var description: String {
      """
      \(name) (\(type), \(file)): dirty \(isDirty), changes \(changeCount), conflict \(hasConflict), \
      undo \(canUndo) \(undoCount) '\(undoTitle)', redo \(canRedo) \(redoCount) '\(redoTitle)', \
      groups \(groupingLevel), autosaves \(autosaves)
      \(String(reflecting: show))
      """
    }
  }

  var documents: [Document]
  var current: String?
  /// `name document text`, oldest first.
  var snapshots: [String]
  var settings: String
  /// Every file under the working folder by relative path, and its bytes.
  var files: [String: Data]

  var description: String {
    (["current: \(current ?? "none")", "settings: \(settings)"]
      + documents.map(\.description) + snapshots.map { "snapshot \($0)" }
      + files.keys.sorted().map { "file \($0): \(files[$0]?.count ?? 0) bytes" })
      .joined(separator: "\n")
  }

  /// The state of `harness` now.
  static func capture(_ harness: ScriptHarness) async -> WorldState {
    let interpreter = harness.interpreter
    var documents: [Document] = []
    for name in interpreter.state.documents.keys.sorted() {
      guard let handle = interpreter.state.documents[name] else { continue }
      let undoManager = handle.session.undoManager
      documents.append(
        Document(
          name: name, type: handle.session.contentType.identifier,
          file: handle.session.fileURL.map(interpreter.resolver.display) ?? "(untitled)",
          show: (try? await handle.show()) ?? "(show failed)", isDirty: handle.session.isDirty,
          changeCount: handle.session.changeCount, hasConflict: handle.session.hasConflict,
          canUndo: undoManager.canUndo, canRedo: undoManager.canRedo,
          undoTitle: undoManager.undoMenuItemTitle, redoTitle: undoManager.redoMenuItemTitle,
          undoCount: undoManager.undoCount, redoCount: undoManager.redoCount,
          groupingLevel: undoManager.groupingLevel,
          autosaves: handle.session.autosavePolicy != .never))
    }
    let snapshots = interpreter.state.snapshotOrder.map { name in
      let entry = interpreter.state.snapshots[name]
      return "\(name) \(entry?.document ?? "?") \(Interpreter.quoted(entry?.snapshot.text ?? "?"))"
    }
    let options = interpreter.state.options
    let settings = """
      bail \(options.bail) echo \(options.echo) autosave \(interpreter.state.options.autosavePolicy != .never) \
      clock \(interpreter.clock.now.timeIntervalSince1970) untitled \(interpreter.state.untitledCount) \
      snap \(interpreter.state.snapshotCount) snapshots \(interpreter.state.snapshots.count)
      """
    return WorldState(
      documents: documents, current: interpreter.state.currentName, snapshots: snapshots,
      settings: settings, files: files(under: harness.temporary.url))
  }

  /// Every regular file under `folder`, by path relative to it.
  static func files(under folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = folder.appendingPathComponent(path).path
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files[path] = FileManager.default.contents(atPath: full)
    }
    return files
  }

  /// Walks every document's whole history: undoes every step, then redoes
  /// every step, noting each title and the state it leads to. Two
  /// harnesses whose walks are equal have equal undo and redo stacks, not
  /// just equal tops. Changes the documents.
  static func walk(_ harness: ScriptHarness) async -> [String] {
    var lines: [String] = []
    let interpreter = harness.interpreter
    for name in interpreter.state.documents.keys.sorted() {
      guard let handle = interpreter.state.documents[name] else { continue }
      let undoManager = handle.session.undoManager
      func note(_ title: String) async {
        let show = (try? await handle.show()) ?? "(show failed)"
        lines.append(
          "\(name): \(title) -> dirty \(handle.session.isDirty) changes \(handle.session.changeCount) "
            + Interpreter.quoted(show))
      }
      await note("start")
      var steps = 0
      while undoManager.canUndo, steps < 1000 {
        let title = undoManager.undoMenuItemTitle
        undoManager.undo()
        await note(title)
        steps += 1
      }
      while undoManager.canRedo, steps < 2000 {
        let title = undoManager.redoMenuItemTitle
        undoManager.redo()
        await note(title)
        steps += 1
      }
    }
    return lines
  }
}

/// Runs `setup` in two harnesses, then `command` in one of them, which
/// must fail (or, for `expect-error`, may succeed): afterwards the one that
/// ran it must be exactly as it was, and as its twin that never ran it,
/// down to every step of every undo and redo stack. A failed `new` or
/// `open` is the one exception, on purpose: it leaves no document
/// current, so that what follows it cannot act on the one that was.
@MainActor
@discardableResult
func expectNothingChanged(
  by command: String, after setup: String, files: [String: String] = [:], failures: Int = 1,
  registering extra: @escaping (DocumentTypeRegistry) -> Void = { _ in },
  between: (ScriptHarness) throws -> Void = { _ in }, on fileSystem: (any FileSystem)? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) async throws -> ScriptHarness.Step {
  let subject = try ScriptHarness(registering: extra)
  let twin = try ScriptHarness(registering: extra)
  for (path, text) in files {
    try subject.temporary.write(text, to: path)
    try twin.temporary.write(text, to: path)
  }
  await subject.setUp(setup, sourceLocation: sourceLocation)
  await twin.setUp(setup, sourceLocation: sourceLocation)
  try between(subject)
  try between(twin)
  let before = await WorldState.capture(subject)
  let step: ScriptHarness.Step
  if let fileSystem {
    step = await FileSystemContext.$current.withValue(fileSystem) { await subject.run(command) }
  } else {
    step = await subject.run(command)
  }
  #expect(
    step.problems == failures, "\(command) should fail: \(step.diagnostics)",
    sourceLocation: sourceLocation)
  let after = await WorldState.capture(subject)
  var expected = before
  var twinState = await WorldState.capture(twin)
  if ["new", "open"].contains(command.split(separator: " ").first) {
    expected.current = nil
    twinState.current = nil
  }
  #expect(after == expected, "\(command) changed something", sourceLocation: sourceLocation)
  #expect(after == twinState, sourceLocation: sourceLocation)
  let walk = await WorldState.walk(subject)
  let twinWalk = await WorldState.walk(twin)
  #expect(walk == twinWalk, "\(command) changed the history", sourceLocation: sourceLocation)
  return step
}
