import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// A library error's path, as a diagnostic shows it: relative to the
/// working folder when inside it, whole when not, and never reworded.
/// These are the cases a rewrite of the message's text got wrong.
@MainActor
@Suite("Paths in library errors")
struct ErrorPathTests {
  /// Every write fails as on a full disk: the error names the destination.
  static let fullDisk = ErrnoInjectingFileSystem(ENOSPC, on: [.write])

  @Test("A file name with a blank and a capital keeps its case at the start of the message")
  func blankInName() async throws {
    let step = try await expectNothingChanged(
      by: "save-as 'Read Me.txt'", after: "new text t\nappend one", on: Self.fullDisk)
    #expect(
      step.diagnostics.hasPrefix(
        "t:1:9: error: Read Me.txt: the disk is full: the save writes about 4 bytes, and "),
      "\(step.diagnostics)")
  }

  @Test("A document's file with a blank and a capital, in a format error, keeps its case")
  func blankInFormatError() async throws {
    let step = try await expectNothingChanged(
      by: "open 'Bad File.json'", after: "new text t", files: ["Bad File.json": "[1,"])
    #expect(
      step.diagnostics.hasPrefix(
        "t:1:6: error: Bad File.json:1:4: unexpected end of input, expected a value"),
      "\(step.diagnostics)")
  }

  @Test("A path outside the working folder that holds the folder's path inside it stays whole")
  func workingFolderInsideAnotherPath() async throws {
    let harness = try ScriptHarness()
    let other = try TemporaryDirectory("other")
    // `<other>/<working folder's path>/a.txt`: the working folder's path
    // appears in it, but it is not in the working folder.
    let folder = other.url.appendingPathComponent(
      String(harness.temporary.url.standardizedFileURL.path.dropFirst()))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let destination = folder.appendingPathComponent("a.txt").path
    await harness.setUp("new text t\nappend one")
    let step = await FileSystemContext.$current.withValue(Self.fullDisk) {
      await harness.run("save-as '\(destination)'")
    }
    #expect(step.failures == 1)
    #expect(
      step.diagnostics.hasPrefix(
        "t:1:9: error: \(destination): the disk is full: the save writes about 4 bytes, and "),
      "\(step.diagnostics)")
    #expect(!FileManager.default.fileExists(atPath: destination))
  }

  @Test(
    "A full disk in a package's save names the package, what the save writes and what is free, never the journal"
  )
  func fullDiskInPackage() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(
      "new notes n\nnote add a hello\nnote add b world\nsave Trip.notes\nnote edit a "
        + String(repeating: "x", count: 5_000))
    let before = WorldState.files(under: harness.temporary.url)
    let step = await FileSystemContext.$current.withValue(Self.fullDisk) {
      await harness.run("save")
    }
    #expect(step.failures == 1)
    // The edited note's 5 KB and the index: not the unchanged note.
    let message = try #require(
      step.diagnostics.firstMatch(
        of:
          /t:1:1: error: Trip.notes: the disk is full: the save writes about 5(\.[0-9])? KB, and [0-9.]+ [KMGTP]?B(ytes)? are free; the file is as it was \(write failed\)\n/
      ), "\(step.diagnostics)")
    #expect(!message.output.0.contains("journal"))
    #expect(WorldState.files(under: harness.temporary.url) == before)
    let after = await harness.run("expect dirty")
    #expect(after.diagnostics == "")
  }

  @Test("A package's conflict names the changed note and the commands that resolve it")
  func packageConflict() async throws {
    let harness = try ScriptHarness()
    await harness.setUp("new notes n\nnote add a hello\nsave Trip.notes\nnote edit a mine")
    // Another program rewrites the note in place, at the same size: the
    // package folder itself does not change, the note does.
    let note = harness.temporary("Trip.notes/a.json")
    let theirs = Data(String(repeating: " ", count: try Data(contentsOf: note).count).utf8)
    let handle = try FileHandle(forWritingTo: note)
    try handle.write(contentsOf: theirs)
    try handle.close()
    let step = await harness.run("save")
    #expect(step.failures == 1)
    #expect(step.diagnostics.hasPrefix("t:1:1: error: Trip.notes/a.json: "), "\(step.diagnostics)")
    #expect(
      step.diagnostics.contains(
        " since the package was opened or saved; 'diff --disk' to compare, then 'revert' or 'save --force'\n"
      ),
      "\(step.diagnostics)")
    #expect(try Data(contentsOf: note) == theirs)
    let after = await harness.run("expect dirty")
    #expect(after.diagnostics == "")
  }
}
