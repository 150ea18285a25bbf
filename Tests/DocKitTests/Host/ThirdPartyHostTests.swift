import DocKit
import DocTestSupport
import Foundation
import Testing

/// A list of lines, saved one a line.
private struct Lines: FileDocument, Equatable {
  static var readableContentTypes: [UTType] { [.plainText] }
  var lines: [String]

  init(_ lines: [String]) { self.lines = lines }

  init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    lines = text.split(separator: "\n").map(String.init)
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(lines.map { $0 + "\n" }.joined().utf8))
  }
}

private struct CommandFailed: Error {}

/// A host written against DocKit's public API only (the boundary test
/// scans this file): it keeps documents of any type as `any
/// DocumentHosting`, and runs each command all or nothing, as DocScript's
/// interpreter does, taking back every change a failed command made.
@MainActor
private struct AllOrNothingHost {
  let documents: [any DocumentHosting]

  /// Runs `command`; if it throws, each document is as it was before,
  /// with no undo step and no counted change.
  func run(_ command: () throws -> Void) throws {
    let points = documents.map { ($0, $0.rollbackPoint()) }
    do {
      try command()
    } catch {
      for (document, point) in points.reversed() { document.rollBack(to: point) }
      throw error
    }
  }
}

@Suite("A third party's host offers all-or-nothing commands through DocumentHosting")
@MainActor
struct ThirdPartyHostTests {
  @Test("A failed command leaves the document, its undo stack and its saved state as they were")
  func failedCommandIsTakenBack() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(new: Lines(["milk"]), kind: .fileDocument)
    try await session.save(as: temporary("list.txt"))
    let host = AllOrNothingHost(documents: [session])
    let hosted: any DocumentHosting = session
    let changes = hosted.changeCount

    #expect(throws: CommandFailed.self) {
      try host.run {
        session.setDocument(Lines(["milk", "bread"]), actionName: "Add")
        session.setDocument(Lines(["bread"]), actionName: "Remove")
        throw CommandFailed()
      }
    }
    #expect(session.document == Lines(["milk"]))
    #expect(!hosted.isDirty)
    #expect(hosted.changeCount == changes)
    #expect(hosted.savedChangeCount == changes)
    #expect(!hosted.undoManager.canUndo)

    try host.run { session.setDocument(Lines(["milk", "eggs"]), actionName: "Add") }
    #expect(hosted.isDirty)
    let next = try await hosted.contentsForNextSave()
    #expect(next.wrapper.regularFileContents == Data("milk\neggs\n".utf8))
    #expect(!next.writtenByDocument)
    try await hosted.save(force: false)
    #expect(!hosted.isDirty)
    #expect(try String(contentsOf: temporary("list.txt"), encoding: .utf8) == "milk\neggs\n")
  }
}
