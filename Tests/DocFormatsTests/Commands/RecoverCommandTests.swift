import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// `recover`, and leaving, in one process.
@MainActor
@Suite("recover")
struct RecoverCommandTests {
  @Test("A recover that expect-error takes back leaves the autosave under the name it had")
  func takenBack() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("left\n", to: "autosave/Untitled-9.txt")
    let step = await harness.run("expect-error '' recover Untitled-9.txt\nrecover\ndocs\n")
    #expect(step.output == "Untitled-9.txt  public.plain-text  5 bytes  2026-01-01T00:00:00Z\n")
    #expect(step.diagnostics.contains("it succeeded"))
    #expect(try harness.temporary.names(in: "autosave") == ["Untitled-9.txt"])
  }

  @Test(
    "Leaving closes what has no unsaved changes; discarding closes the rest and their autosaves")
  func leaving() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("left\n", to: "autosave/Untitled-9.txt")
    await harness.setUp(
      "new text clean\nnew text dirty\nappend x\nautosave now\nrecover Untitled-9.txt as r\n")
    #expect(try harness.temporary.names(in: "autosave").count == 2)
    harness.interpreter.closeDocuments(discardingChanges: false)
    #expect(harness.interpreter.dirtyDocumentNames == ["dirty", "r"])
    #expect(harness.interpreter.currentDocument?.name == "r")
    #expect(try harness.temporary.names(in: "autosave").count == 2)
    harness.interpreter.closeDocuments(discardingChanges: true)
    #expect(harness.interpreter.dirtyDocumentNames == [])
    #expect(harness.interpreter.currentDocument == nil)
    #expect(try harness.temporary.names(in: "autosave") == [])
  }

  @Test("Tab completes recover's argument to the autosaves left")
  func completion() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write("left\n", to: "autosave/Untitled-9.txt")
    try harness.temporary.write("x\n", to: "autosave/.hidden")
    #expect(harness.interpreter.completions(for: "recover U").values == ["Untitled-9.txt"])
    #expect(harness.interpreter.completions(for: "recover ").values == ["Untitled-9.txt"])
  }
}
