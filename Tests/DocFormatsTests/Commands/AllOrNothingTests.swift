import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let tally: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.tally", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["tally"]], description: "Tally")
    ])
    return UTType(exportedAs: "org.docrepl.test.tally")
  }()
}

/// A third party's document whose commands misbehave the ways a command
/// can: registering an undo and then failing, and failing with an undo
/// group of its own left open.
struct Tally: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.tally] }
  var count = 0

  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("tally", .tally)] }
  static func makeUntitled(contentType: UTType) -> Tally { Tally() }
  var scriptDescription: String { "count: \(count)" }

  static func adding(_ n: Int) -> DocumentEdit<Tally> {
    DocumentEdit(actionName: "Bump \(n)") { tally in
      tally.count += n
      return adding(-n)
    }
  }

  @MainActor static var scriptCommands: [DocumentCommand<Tally>] {
    let amount = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec("bump", [amount], summary: "adds N", example: "bump 1", topic: .document)
      ) { context in
        let n = try context.arguments[amount].integer("N")
        context.session.perform { adding(n).apply(to: &$0) }
      },
      DocumentCommand(
        CommandSpec(
          "bump-fail", summary: "adds 1, then fails", example: "bump-fail", topic: .document)
      ) { context in
        context.session.perform { adding(1).apply(to: &$0) }
        throw ScriptError("bump failed after registering")
      },
      DocumentCommand(
        CommandSpec(
          "bump-open", summary: "opens an undo group, adds 1, fails",
          example: "bump-open", topic: .document)
      ) { context in
        context.session.undoManager.beginUndoGrouping()
        context.session.perform { adding(1).apply(to: &$0) }
        throw ScriptError("bump failed inside its own group")
      },
    ]
  }
}

@MainActor
private func registerTally(_ registry: DocumentTypeRegistry) {
  registry.register(.scripted(Tally.self), kind: .fileDocument)
}

/// One failing command (or `expect-error`) and what runs before it.
struct FailingCase: Sendable, CustomTestStringConvertible {
  var setup: String
  var command: String
  var files: [String: String] = [:]
  var testDescription: String { command }
}

/// Every failing command leaves every document exactly as it was: content,
/// dirty state, change count, both undo stacks step by step with their
/// titles, the open documents and the current one, snapshots, settings,
/// and the files in the working folder. Each case runs in two harnesses
/// with the same setup; only one runs the command, and the two must then
/// be indistinguishable.
@MainActor
@Suite("All or nothing")
struct AllOrNothingTests {
  /// Every failing case of every command's table.
  nonisolated static let commandFailures: [FailingCase] =
    (BuiltinCases.all + TextCases.all + JSONCases.all + NotesCases.all + BinaryCases.all)
    .filter(\.fails).map { FailingCase(setup: $0.setup, command: $0.command, files: $0.files) }

  @Test("Every command's every error leaves everything as it was", arguments: commandFailures)
  func commandFailure(_ failure: FailingCase) async throws {
    try await expectNothingChanged(by: failure.command, after: failure.setup, files: failure.files)
  }

  @Test("There is a failing case for every command")
  func everyCommandFails() {
    let named = Set(Self.commandFailures.compactMap { $0.command.split(separator: " ").first })
    for command in [
      "new", "open", "use", "close", "docs", "show", "status", "types", "snapshot", "diff",
      "restore", "save", "save-as", "save-to", "revert", "autosave", "recover", "export", "undo",
      "redo",
      "expect", "expect-error", "set", "source", "help", "set-text", "append", "insert", "delete",
      "replace", "line", "get", "remove", "note", "title", "hex", "patch", "truncate", "load",
      "group", "quit", "exit",
    ] {
      #expect(named.contains(Substring(command)), "no failing case for \(command)")
    }
  }

  /// The built-in setup, with a step to redo: a failure must leave it
  /// there (see `redoStackAfterRegisteringFailure`).
  nonisolated static let settled = BuiltinCases.base

  nonisolated static let groups: [FailingCase] = [
    FailingCase(setup: settled, command: "group g { append x; delete 9 }"),
    FailingCase(setup: settled, command: "group g { append x; set-text y; line 9 }"),
    FailingCase(
      setup: settled, command: "group g { append x; append y --doc other; delete 9 --doc other }"),
    FailingCase(
      setup: settled,
      command: "group g { append x --doc other; snapshot s2; append y; use other }"),
    FailingCase(setup: settled, command: "group g { append x; group h { append y; delete 9 } }"),
    FailingCase(
      setup: settled + "\nappend four", command: "group g { restore s1; append x; delete 9 }"),
    FailingCase(setup: settled, command: "group g { append x; save }"),
    FailingCase(setup: settled, command: "group g { append x; print $nope }"),
    FailingCase(setup: settled + "\nlet c = shw", command: "group g { append x; $c }"),
    FailingCase(
      setup: settled,
      command: "group g { append x; expect-error 'out of range' delete 9; delete 9 }"),
    FailingCase(
      setup: settled, command: "group g { expect-error 'zzz' append q --doc other; append x }"),
    FailingCase(setup: settled, command: "group g { append x; expect show nope }"),
    FailingCase(setup: "new json j\nset /a 1", command: "group g { set /a 2; set /b/c 3 }"),
    FailingCase(
      setup: "new notes n\nnote add a x",
      command: "group g { note add b y; note move b 1; note remove zz }"),
    FailingCase(
      setup: "new binary b\npatch 0 0102",
      command: "group g { patch 0 ff; truncate 9; patch 99 00 }"),
  ]

  @Test("A failed group is rolled back in every document it touched", arguments: groups)
  func groupFailure(_ failure: FailingCase) async throws {
    try await expectNothingChanged(by: failure.command, after: failure.setup)
  }

  /// `expect-error` whose command succeeds fails itself, and takes back
  /// what the command did.
  nonisolated static let expectErrors: [FailingCase] = [
    FailingCase(setup: settled, command: "expect-error zzz append x"),
    FailingCase(setup: settled, command: "expect-error zzz set-text x --doc other"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz undo"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz undo 2"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz redo"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz new text"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz new json j"),
    FailingCase(
      setup: BuiltinCases.base, command: "expect-error zzz open a.txt", files: ["a.txt": "hi\n"]),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz use other"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz snapshot"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz snapshot s2 --doc other"),
    FailingCase(setup: settled + "\nappend four", command: "expect-error zzz restore s1"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz set bail on"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz set clock now"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz autosave on"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz show"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz expect dirty"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz print hi"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz delete 9"),
    FailingCase(setup: "new json j\nset /a 1\nundo", command: "expect-error zzz get /a"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error zzz expect-error y delete 9"),
    FailingCase(setup: BuiltinCases.base, command: "expect-error 'no such' expect-error y show"),
  ]

  @Test(
    "expect-error leaves everything as it was, whether its command fails or not",
    arguments: expectErrors)
  func expectError(_ failure: FailingCase) async throws {
    try await expectNothingChanged(by: failure.command, after: failure.setup, files: failure.files)
  }

  nonisolated static let others: [FailingCase] = [
    // undo N with fewer than N steps, past the saved point
    FailingCase(setup: BuiltinCases.titled, command: "undo 9"),
    FailingCase(setup: BuiltinCases.titled + "\nundo 3", command: "redo 9"),
    // a snapshot whose document was closed is gone with it
    FailingCase(
      setup: BuiltinCases.base + "\nsnapshot s2 --doc other\nclose other --discard",
      command: "restore s2"),
    FailingCase(
      setup: BuiltinCases.base + "\nsnapshot s2 --doc other\nclose other --discard",
      command: "diff s2"),
    // a failure right after expect-error, which once undid the step before
    FailingCase(
      setup: BuiltinCases.base + "\nexpect-error 'out of range' delete 9", command: "expect no-undo"
    ),
    FailingCase(
      setup: BuiltinCases.base + "\nexpect-error 'out of range' delete 9", command: "delete 9"),
    // a failure right after restore, which once stayed in an open event
    FailingCase(setup: settled + "\nappend four\nrestore s1", command: "delete 9"),
    // replace --all that would break a line: nothing is replaced
    FailingCase(
      setup: "new text t\nappend ab\nappend cb\nappend d", command: "replace b \"x\\ny\" --all"),
    FailingCase(
      setup: "new text t\nappend a\nappend cb", command: "replace b \"x\\ny\" --all --regex"),
    // replace --regex --all that would take too long on a line: each of
    // the 20,000 matches of 'x' rescans the rest of the line for a 'y'
    FailingCase(
      setup: "new text t\nappend xx\nappend " + String(repeating: "x", count: 20_000),
      command: "replace '.*y|x' Q --all --regex"),
  ]

  @Test("undo N, restore, replace --all, and failures after expect-error", arguments: others)
  func other(_ failure: FailingCase) async throws {
    try await expectNothingChanged(by: failure.command, after: failure.setup)
  }

  nonisolated static let thirdParty: [FailingCase] = [
    FailingCase(setup: "new tally c\nbump 1\nbump 2", command: "bump-fail"),
    FailingCase(setup: "new tally c\nbump 1\nbump 2", command: "bump-open"),
    FailingCase(setup: "new tally c\nbump 1", command: "group g { bump 5; bump-open }"),
    FailingCase(
      setup: "new tally c\nbump 1\nnew text t", command: "group g { append x; bump-fail --doc c }"),
    FailingCase(setup: "new tally c\nbump 1", command: "expect-error 'bump failed' bump-fail"),
  ]

  @Test(
    "A command that registers an undo and then fails, even with a group left open, is rolled back",
    arguments: thirdParty)
  func thirdPartyFailure(_ failure: FailingCase) async throws {
    try await expectNothingChanged(
      by: failure.command, after: failure.setup,
      failures: failure.command.hasPrefix("expect-error") ? 0 : 1, registering: registerTally)
  }

  @Test("After a failure that registered nothing, the redo stack is intact")
  func redoStackAfterFailure() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(BuiltinCases.base)
    let step = await harness.run(
      "delete 9\nexpect-error zzz delete 9\nexpect-error 'out of range' delete 9\nredo")
    #expect(step.failures == 2)
    #expect(step.output == "Redo Append Line\n")
  }

  /// Documented in docs/docscript.md: a command that registered an undo
  /// before failing (a group, a document type's command that edits and
  /// then throws, `expect-error` whose command succeeded or failed) is
  /// rolled back, and the redo stack it emptied is put back: the same
  /// steps under the same names, and a saved point on it still reachable.
  @Test(
    "After a failure that had registered a change, the redo stack is as it was",
    arguments: [
      "group g { append x; delete 9 }", "expect-error zzz append x",
      "group g { bump-fail --doc c }", "bump-fail --doc c",
      "bump-open --doc c", "group g { append x; append y --doc other; delete 9 }",
    ])
  func redoStackAfterRegisteringFailure(_ command: String) async throws {
    let harness = try ScriptHarness(registering: registerTally)
    // t: saved with three lines, then three steps undone; c: one undone.
    await harness.setUp(
      "new tally c\nbump 1\nbump 2\nundo\n" + BuiltinCases.base
        + "\nsave t.txt\nappend four\nundo 3\nundo --doc other")
    let before = await WorldState.capture(harness)
    let step = await harness.run(command)
    #expect(step.failures == 1)
    let after = await WorldState.capture(harness)
    #expect(after == before)
    let touched = command.contains("bump") ? "c" : "t"
    #expect(before.documents.first { $0.name == touched }?.canRedo == true)
    // Every step redoes under its own name, and t is clean again at its
    // saved point.
    let redo = await harness.run(
      "redo --doc c; redo --doc other; redo; expect dirty; redo; expect clean; redo; expect dirty; expect no-redo"
    )
    #expect(redo.failures == 0, "\(redo.diagnostics)")
    #expect(
      redo.output
        == "Redo Bump -2\nRedo Append Line\nRedo Append Line\nRedo Append Line\nRedo Append Line\n")
  }

  @Test("A command that succeeds clears the redo stack, as Apple's UndoManager does")
  func successClearsRedo() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(BuiltinCases.base)
    let step = await harness.run("expect can-redo\nappend x\nexpect no-redo")
    #expect(step.failures == 0, "\(step.diagnostics)")
    let after = await WorldState.capture(harness)
    #expect(after.documents.first { $0.name == "t" }?.redoCount == 0)
  }

  @Test("expect-error whose command closed a document or saved cannot take that back; says so")
  func irreversible() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(BuiltinCases.base + "\nsnapshot s2 --doc other")
    let step = await harness.run(
      """
      expect-error zzz close other --discard
      expect-error zzz save t.txt
      docs
      snapshots
      status
      """)
    #expect(step.failures == 2)
    #expect(
      step.output == """
        > t  public.plain-text  t.txt
        s1  t
        document:  t
        dirty:     no
        changes:   2
        file:      t.txt
        type:      public.plain-text
        on disk:   unchanged since read

        """)
    #expect(try String(contentsOf: harness.temporary("t.txt"), encoding: .utf8) == "one\ntwo\n")
  }
}
