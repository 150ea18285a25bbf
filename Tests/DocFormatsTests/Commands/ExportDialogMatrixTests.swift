import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Glibc
import Testing

/// The export dialog's row of the destination matrix: the name chosen at
/// every class of destination a name can reach, answered yes and no to
/// "replace it?", directly and through a link. The dialog's yes is
/// `--replace`, and decides through the same policy.
@MainActor
@Suite("The export dialog at every kind of destination")
struct ExportDialogMatrixTests {
  enum Fixture: String, CaseIterable, Sendable {
    case nothing, file, readOnlyFile, hardLinkedFile, folder, danglingLink, fifo, socket

    var kind: WriteDestination.Kind {
      switch self {
      case .nothing: .nothing
      case .file, .readOnlyFile, .hardLinkedFile: .file
      case .folder: .folder
      case .danglingLink: .danglingLink
      case .fifo: .fifo
      case .socket: .socket
      }
    }
  }

  struct Cell: Sendable, CustomTestStringConvertible {
    var fixture: Fixture
    var yes: Bool
    var throughLink: Bool
    var testDescription: String {
      "\(fixture) \(yes ? "yes" : "no")\(throughLink ? " through a link" : "")"
    }
  }

  nonisolated static let cells: [Cell] = Fixture.allCases.flatMap { fixture in
    [false, true].flatMap { yes in
      [false, true].compactMap { link in
        fixture == .danglingLink && link
          ? nil : Cell(fixture: fixture, yes: yes, throughLink: link)
      }
    }
  }

  @Test("The dialog's answer decides through the policy; nothing else changes", arguments: cells)
  func cell(_ cell: Cell) async throws {
    let harness = try ScriptHarness()
    let folder = harness.temporary
    try Data("keep\n".utf8).write(to: folder("keep.txt"))
    let path = folder("dest.txt").path
    switch cell.fixture {
    case .nothing: break
    case .file: try Data("old\n".utf8).write(to: folder("dest.txt"))
    case .readOnlyFile:
      try Data("old\n".utf8).write(to: folder("dest.txt"))
      #expect(chmod(path, 0o444) == 0)
    case .hardLinkedFile:
      try Data("old\n".utf8).write(to: folder("dest.txt"))
      #expect(link(path, folder("other.txt").path) == 0)
    case .folder:
      try FileManager.default.createDirectory(
        at: folder("dest.txt"), withIntermediateDirectories: true)
      try Data("photo\n".utf8).write(to: folder("dest.txt/a.jpg"))
    case .danglingLink:
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "gone.txt")
    case .fifo: #expect(mkfifo(path, 0o644) == 0)
    case .socket: try makeSocket(at: folder("dest.txt"))
    }
    var name = "dest.txt"
    if cell.throughLink {
      try FileManager.default.createSymbolicLink(
        atPath: folder("link.txt").path, withDestinationPath: "dest.txt")
      name = "link.txt"
    }
    let prompt = FakeExportPrompt(destination: name, replaces: cell.yes)
    harness.interpreter.exportPrompt = prompt
    await harness.setUp(ExportPromptTests.setup)
    let before = try DiskSnapshot(of: folder.url)
    let step = await harness.run("export")
    let changed = before.differences(from: try DiskSnapshot(of: folder.url))
    let kind = cell.throughLink && cell.fixture == .nothing ? .danglingLink : cell.fixture.kind
    let asks = DestinationPolicy.outcome(
      of: .export, kind: kind, isReadOnly: cell.fixture == .readOnlyFile)
    let answered = DestinationPolicy.outcome(
      of: .export, kind: kind, isReadOnly: cell.fixture == .readOnlyFile,
      flags: cell.yes ? [.replace] : [])
    let report = "\(cell.testDescription): \(step.diagnostics)"
    // Asked only where a flag would let the write through.
    #expect(
      (prompt.askedReplace + prompt.askedReplaceFolder).isEmpty
        == (asks == .write || asks == .refuse), "\(report)")
    let writes = asks == .write || (asks != .refuse && answered == .write)
    switch (asks, answered) {
    case _ where writes:
      #expect(step.failures == 0, "\(report)")
      let target = cell.fixture == .danglingLink ? "gone.txt" : "dest.txt"
      #expect(try Data(contentsOf: folder(target)) == Data("one\n".utf8), "\(report)")
      #expect(changed.allSatisfy { $0 == target }, "\(report): \(changed)")
    case (.refuse, _):
      #expect(step.failures == 1, "\(report)")
      #expect(changed.isEmpty, "\(report): \(changed)")
    default:
      // A "no", or a yes that a read-only file still refuses.
      #expect(changed.isEmpty, "\(report): \(changed)")
      if cell.yes { #expect(step.failures == 1, "\(report)") }
      if !cell.yes { #expect(step.output == "export cancelled\n", "\(report)") }
    }
  }
}
