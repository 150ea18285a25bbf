import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// An export dialog that answers as told and remembers what it was asked.
@MainActor
final class FakeExportPrompt: ExportPrompt {
  /// The answer to the destination question; nil cancels.
  var destination: String?
  /// The answer to the replace question.
  var replaces: Bool
  private(set) var askedDestination: [String] = []
  private(set) var askedReplace: [String] = []
  private(set) var askedReplaceFolder: [String] = []

  init(destination: String?, replaces: Bool = false) {
    self.destination = destination
    self.replaces = replaces
  }

  func exportDestination(defaultFilename: String) async -> String? {
    askedDestination.append(defaultFilename)
    return destination
  }

  func confirmReplace(_ path: String) async -> Bool {
    askedReplace.append(path)
    return replaces
  }

  func confirmReplace(folder path: String) async -> Bool {
    askedReplaceFolder.append(path)
    return replaces
  }
}

/// `export` without `to` at an interactive prompt: it asks where, and
/// whether to replace a file there, as `fileExporter`'s panel does.
@MainActor
@Suite("The export dialog hook")
struct ExportPromptTests {
  /// A text document `t` holding "one".
  static let setup = "new text t\nappend one"

  private func harness(
    _ prompt: FakeExportPrompt?, files: [String: String] = [:]
  ) async throws -> ScriptHarness {
    let harness = try ScriptHarness()
    for (path, text) in files { try harness.temporary.write(text, to: path) }
    harness.interpreter.exportPrompt = prompt
    await harness.setUp(Self.setup)
    return harness
  }

  private func contents(_ harness: ScriptHarness, _ path: String) -> String? {
    try? String(contentsOf: harness.temporary(path), encoding: .utf8)
  }

  @Test("Without a prompt, a script writes the default filename into the working folder")
  func noPrompt() async throws {
    let harness = try await harness(nil)
    let step = await harness.run("export")
    #expect(step.output == "exported t.txt\n")
    #expect(contents(harness, "t.txt") == "one\n")
  }

  @Test(
    "The chosen name is written in the working folder; an empty answer takes the default",
    arguments: [("out.txt", "out.txt"), ("o.md", "o.md"), ("", "t.txt")])
  func chosen(_ answer: String, _ written: String) async throws {
    let prompt = FakeExportPrompt(destination: answer)
    let harness = try await harness(prompt)
    let step = await harness.run("export")
    #expect(step.failures == 0, "\(step.diagnostics)")
    #expect(step.output == "exported \(written)\n")
    #expect(prompt.askedDestination == ["t.txt"])
    #expect(prompt.askedReplace == [])
    #expect(contents(harness, written) == "one\n")
  }

  @Test("The default filename has the export type's extension and --name's base")
  func defaultFilename() async throws {
    let prompt = FakeExportPrompt(destination: nil)
    let harness = try await harness(prompt)
    await harness.run("export --name Trip --type net.daringfireball.markdown")
    #expect(prompt.askedDestination == ["Trip.md"])
  }

  @Test("Cancelling prints 'export cancelled', succeeds and writes nothing")
  func cancelled() async throws {
    let prompt = FakeExportPrompt(destination: nil)
    let harness = try await harness(prompt)
    let step = await harness.run("export\nexpect dirty")
    #expect(step.failures == 0, "\(step.diagnostics)")
    #expect(step.output == "export cancelled\n")
    #expect(WorldState.files(under: harness.temporary.url).isEmpty)
  }

  @Test("A chosen file that exists: declining to replace cancels; agreeing replaces it")
  func existing() async throws {
    for replaces in [false, true] {
      let prompt = FakeExportPrompt(destination: "old.txt", replaces: replaces)
      let harness = try await harness(prompt, files: ["old.txt": "old\n"])
      let step = await harness.run("export")
      #expect(step.failures == 0, "\(step.diagnostics)")
      #expect(prompt.askedReplace == ["old.txt"])
      #expect(step.output == (replaces ? "exported old.txt\n" : "export cancelled\n"))
      #expect(contents(harness, "old.txt") == (replaces ? "one\n" : "old\n"))
    }
  }

  @Test("--replace replaces without asking")
  func replaceFlag() async throws {
    let prompt = FakeExportPrompt(destination: "old.txt")
    let harness = try await harness(prompt, files: ["old.txt": "old\n"])
    let step = await harness.run("export --replace")
    #expect(step.output == "exported old.txt\n")
    #expect(prompt.askedReplace == [])
    #expect(contents(harness, "old.txt") == "one\n")
  }

  @Test("'to PATH' does not ask")
  func explicitPath() async throws {
    let prompt = FakeExportPrompt(destination: "other.txt")
    let harness = try await harness(prompt)
    let step = await harness.run("export to given.txt")
    #expect(step.output == "exported given.txt\n")
    #expect(prompt.askedDestination == [])
  }

  @Test("A write that fails fails the command, at the command, and leaves the document dirty")
  func failure() async throws {
    // A name the file system refuses: longer than 255 bytes.
    let name = String(repeating: "n", count: 300) + ".txt"
    let prompt = FakeExportPrompt(destination: name)
    let harness = try await harness(prompt)
    let step = await harness.run("export\nexpect dirty")
    #expect(step.failures == 1)
    #expect(step.diagnostics.hasPrefix("t:1:1: error: "), "\(step.diagnostics)")
    #expect(WorldState.files(under: harness.temporary.url).isEmpty)
  }

  @Test(
    "The dialog takes a name, not a path: a slash, '.' and '..' are refused and nothing is written",
    arguments: ["sub/out.txt", "../out.txt", ".", ".."])
  func pathAnswer(_ answer: String) async throws {
    let prompt = FakeExportPrompt(destination: answer)
    let harness = try await harness(prompt, files: ["sub/keep.txt": "keep\n"])
    let step = await harness.run("export\nexpect dirty")
    #expect(step.failures == 1)
    #expect(
      step.diagnostics.contains(
        "error: '\(answer)' is not a file name; the export dialog takes a name, not a path"),
      "\(step.diagnostics)")
    #expect(WorldState.files(under: harness.temporary.url) == ["sub/keep.txt": Data("keep\n".utf8)])
    #expect(contents(harness, "sub/keep.txt") == "keep\n")
  }

  @Test("The offered name is free: never the document's own file, nor a file that is there")
  func freeDefault() async throws {
    let prompt = FakeExportPrompt(destination: "")
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "t.txt")
    try harness.temporary.write("keep\n", to: "t 2.txt")
    harness.interpreter.exportPrompt = prompt
    await harness.setUp("open t.txt\nappend two")
    let step = await harness.run("export\nstatus")
    #expect(step.failures == 0, "\(step.diagnostics)")
    #expect(prompt.askedDestination == ["t 3.txt"])
    #expect(prompt.askedReplace == [])
    #expect(step.output.hasPrefix("exported t 3.txt\n"))
    #expect(step.output.contains("unchanged since read"))
    #expect(contents(harness, "t.txt") == "one\n")
    #expect(contents(harness, "t 2.txt") == "keep\n")
    #expect(contents(harness, "t 3.txt") == "one\ntwo\n")
  }

  @Test("The document's own file, typed at the dialog, is refused without asking to replace it")
  func ownFileTyped() async throws {
    let prompt = FakeExportPrompt(destination: "t.txt", replaces: true)
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "t.txt")
    harness.interpreter.exportPrompt = prompt
    await harness.setUp("open t.txt\nappend two")
    let step = await harness.run("export")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("'t.txt' is the document's own file"), "\(step.diagnostics)")
    #expect(prompt.askedReplace == [])
    #expect(contents(harness, "t.txt") == "one\n")
  }

  @Test("A plain folder is refused at the dialog; a package of the type is offered as a folder")
  func folders() async throws {
    let prompt = FakeExportPrompt(destination: "photos", replaces: true)
    let harness = try await harness(prompt, files: ["photos/a.jpg": "canary\n"])
    let step = await harness.run("export")
    #expect(step.failures == 1)
    #expect(
      step.diagnostics.contains(
        "photos: this is a folder; only files and document packages are replaced"),
      "\(step.diagnostics)")
    #expect(prompt.askedReplace == [] && prompt.askedReplaceFolder == [])
    #expect(contents(harness, "photos/a.jpg") == "canary\n")

    let notes = FakeExportPrompt(destination: "Old.notes", replaces: false)
    let package = try ScriptHarness()
    package.interpreter.exportPrompt = notes
    await package.setUp("new notes T\nnote add n1 x\nsave-to Old.notes")
    let declined = await package.run("export")
    #expect(declined.failures == 0, "\(declined.diagnostics)")
    #expect(declined.output == "export cancelled\n")
    #expect(notes.askedReplaceFolder == ["Old.notes"])
    #expect(notes.askedReplace == [])
  }
}
