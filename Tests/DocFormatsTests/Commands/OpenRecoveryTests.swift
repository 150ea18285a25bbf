import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// scripts/crash-test found that a first save of a new name, killed before
/// its rename, left a hidden temporary file that nothing removed: `open`
/// of that name reported "no such file" before DocKit ran recovery.
@MainActor
@Suite("open: recovery runs even where nothing is at the name")
struct OpenRecoveryTests {
  @Test("A first save's leftover temporary file is removed by opening the name")
  func leftoverOfAFirstSaveGoes() async throws {
    let harness = try ScriptHarness()
    let url = try harness.temporary.write("x\n", to: "new.txt")
    let prefix = try await ConcurrentSaveTests.temporaryPrefix(of: url, harness.temporary)
    try FileManager.default.removeItem(at: url)
    try harness.temporary.write("a first save, killed", to: prefix + "k1ll3d.tmp")

    let step = await harness.run("open new.txt")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("no such file 'new.txt'"))
    #expect(try harness.temporary.names() == [])
  }

  @Test("An old file moved aside with nothing at its name is put back and opened")
  func asideComesBack() async throws {
    let harness = try ScriptHarness()
    let url = try harness.temporary.write("x\n", to: "b.txt")
    let prefix = try await ConcurrentSaveTests.temporaryPrefix(of: url, harness.temporary)
    try harness.temporary.write("the old text\n", to: "b.txt")
    try FileManager.default.moveItem(at: url, to: harness.temporary(prefix + "x.old"))

    let step = await harness.run("open b.txt\nshow")
    #expect(step.failures == 0)
    #expect(step.output == "the old text\n")
    #expect(try harness.temporary.names() == ["b.txt"])
  }
}
