import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// `diff --disk`: the current document against its file as it is on disk
/// now, read with the document's own type; and what the interpreter tells
/// the prompt's watcher of its documents and the disk.
@MainActor
@Suite("diff --disk, and the disk as the watcher sees it")
struct DiskDiffTests {
  @Test("A text document against its file changed behind its back: the file is the old side")
  func text() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("one\ntwo\n", to: "a.txt")
    await harness.setUp("open a.txt\nappend three")
    try harness.temporary.write("one\nTWO\n", to: "a.txt")
    let step = await harness.run("diff --disk")
    #expect(step.diagnostics == "")
    #expect(
      step.output == """
        --- a.txt (disk)
        +++ a (current)
        @@ -1,2 +1,3 @@
         one
        -TWO
        +two
        +three

        """)
    // Nothing changed: the document keeps its edit, the file its bytes.
    let status = await harness.run("status")
    #expect(status.output.contains("dirty:     yes"), "\(status.output)")
    #expect(status.output.contains("on disk:   changed since read"), "\(status.output)")
    #expect(
      try String(contentsOf: harness.temporary("a.txt"), encoding: .utf8) == "one\nTWO\n")
  }

  @Test("In step with the disk, diff --disk prints nothing")
  func inStep() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("{\"a\": 1}\n", to: "c.json")
    await harness.setUp("open c.json")
    let step = await harness.run("diff --disk")
    #expect(step == .init(output: "", diagnostics: "", failures: 0))
  }

  @Test("A JSON document is read with JSON's reader: the diff is of its show text")
  func json() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("{\"a\": 1}\n", to: "c.json")
    await harness.setUp("open c.json")
    try harness.temporary.write("{\"a\": 2}\n", to: "c.json")
    let step = await harness.run("diff --disk")
    #expect(step.diagnostics == "")
    #expect(step.output.hasPrefix("--- c.json (disk)\n+++ c (current)\n"), "\(step.output)")
    #expect(
      step.output.contains("-  \"a\": 2\n+  \"a\": 1\n") || step.output.contains("-{\"a\": 2}"))
  }

  @Test(
    "Clear errors: untitled, removed, unreadable on disk, a snapshot given too, nothing given",
    arguments: [
      ("new text u", nil, "'u' is untitled: it has no file on disk to compare with"),
      (
        "open a.txt", "remove",
        "'a.txt' is no longer on disk: another program removed or renamed it"
      ),
      ("open c.json", "{ broken", "'c.json' as it is on disk cannot be read: c.json:"),
    ] as [(String, String?, String)])
  func errors(setup: String, change: String?, message: String) async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "a.txt")
    try harness.temporary.write("{\"a\": 1}\n", to: "c.json")
    await harness.setUp(setup)
    let file = setup.hasSuffix("c.json") ? "c.json" : "a.txt"
    switch change {
    case "remove": try FileManager.default.removeItem(at: harness.temporary(file))
    case let text?: try harness.temporary.write(text, to: file)
    case nil: break
    }
    let step = await harness.run("diff --disk")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("error: \(message)"), "\(step.diagnostics)")
  }

  @Test("diff needs a snapshot or --disk, and --disk takes no snapshot")
  func usage() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "a.txt")
    await harness.setUp("open a.txt\nsnapshot s")
    let bare = await harness.run("diff")
    #expect(bare.diagnostics.contains("error: missing A for 'diff'"), "\(bare.diagnostics)")
    #expect(bare.diagnostics.contains("usage: diff [A] [B] [--disk]"), "\(bare.diagnostics)")
    let both = await harness.run("diff --disk s")
    #expect(
      both.diagnostics.contains(
        "error: 'diff --disk' compares the current document with its file; it takes no snapshot"),
      "\(both.diagnostics)")
    #expect(await harness.run("diff s").failures == 0)
  }

  @Test("The watcher's view: documents with files, their state, and follow's reload")
  func watcherView() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "a.txt")
    await harness.setUp("new text u\nopen a.txt\nnew notes n\nsave n.notes")
    let interpreter = harness.interpreter
    #expect(interpreter.documentsOnDisk.map(\.name) == ["a", "n"])
    #expect(interpreter.documentsOnDisk.map(\.isFolder) == [false, true])
    #expect(interpreter.documentsOnDisk.map(\.shownPath) == ["a.txt", "n.notes"])
    #expect(interpreter.diskState(ofDocument: "a") == .unchanged)
    // Its own save changes nothing.
    await harness.setUp("use a\nappend two\nsave")
    #expect(interpreter.diskState(ofDocument: "a") == .unchanged)
    try harness.temporary.write("other\n", to: "a.txt")
    #expect(interpreter.diskState(ofDocument: "a") == .changed)
    #expect(!interpreter.followsDisk)
    await harness.setUp("set follow on")
    #expect(interpreter.followsDisk)
    #expect(await interpreter.reload(document: "a") == nil)
    #expect(interpreter.diskState(ofDocument: "a") == .unchanged)
    #expect(await harness.run("show").output == "other\n")
    try FileManager.default.removeItem(at: harness.temporary("a.txt"))
    #expect(interpreter.diskState(ofDocument: "a") == .removed)
    #expect(interpreter.diskState(ofDocument: "u") == .unchanged)
    #expect(interpreter.diskState(ofDocument: "n") == .unchanged)
  }

  @Test("set follow takes on or off, and is listed among the settings")
  func followSetting() async throws {
    let harness = try ScriptHarness()
    let wrong = await harness.run("set follow maybe")
    #expect(wrong.diagnostics.contains("expected on or off, not 'maybe'"), "\(wrong.diagnostics)")
    let unknown = await harness.run("set folow on")
    #expect(unknown.diagnostics.contains("'follow'"), "\(unknown.diagnostics)")
  }
}
