import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// docs/dockit.md's "Hosting a document" examples, run as written (with a
/// temporary folder for paths), so that those docs cannot drift from the
/// API.
@MainActor
@Suite("The hosting examples of docs/dockit.md")
struct ReadmeHostingTests {
  @Test("New, edit, save as, save to, export, revert, conflicts and close")
  func hosting() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url

    // --- docs/dockit.md: new document, edits, save as ---
    let session = DocumentSession(new: PlainTextDocument(text: "Milk\n"))
    try session.perform { try $0.insert(["Eggs"], at: 1) }  // undoable, "Undo Insert Lines"
    #expect(session.isDirty)  // no endEvent() needed before saving
    try await session.save(as: folder.appendingPathComponent("List.txt"))
    #expect(session.fileURL?.lastPathComponent == "List.txt")
    #expect(!session.isDirty)

    // --- docs/dockit.md: replace the whole value, save a copy ---
    session.setDocument(PlainTextDocument(text: "Bread\n"), actionName: "Replace List")
    try await session.save(to: folder.appendingPathComponent("Copy.md"), contentType: .markdown)
    #expect(session.isDirty)  // save(to:) leaves the document's own file and state alone

    // --- docs/dockit.md: revert ---
    try await session.revert()
    #expect(session.document.text.text == "Milk\nEggs\n")

    // --- docs/dockit.md: conflicts ---
    try Data("Changed elsewhere\n".utf8).write(to: folder.appendingPathComponent("List.txt"))
    #expect(session.hasConflict)
    try session.perform { try $0.insert(["Tea"], at: 2) }
    do {
      try await session.save()
      Issue.record("a conflict must refuse the save")
    } catch let error as CocoaError where error.documentSessionError?.code == .conflict {
      try await session.save(force: true)  // replace the other version on purpose
    }
    #expect(!session.hasConflict)

    // --- docs/dockit.md: export through a presenter ---
    let exporter = FileExporter()
    var exported: URL?
    await exporter.export(
      document: session, contentType: .markdown, defaultFilename: "Shopping",
      presenter: FixedExportPresenter(
        ExportDestination(url: folder.appendingPathComponent("Shopping.md")))
    ) { result in
      exported = try? result.get()
    }
    #expect(exported?.lastPathComponent == "Shopping.md")

    // --- docs/dockit.md: close ---
    try session.perform { try $0.insert(["Jam"], at: 0) }
    #expect(throws: CocoaError.self) { try session.close() }  // unsaved changes
    try session.close(discardingChanges: true)

    #expect(
      try String(contentsOf: folder.appendingPathComponent("List.txt"), encoding: .utf8)
        == "Milk\nEggs\nTea\n")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Copy.md"), encoding: .utf8)
        == "Bread\n")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Shopping.md"), encoding: .utf8)
        == "Milk\nEggs\nTea\n")
  }

  @Test("Opening a package and saving one note costs one file")
  func package() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Trip.notes")
    let new = DocumentSession(
      new: try NoteCollectionDocument(
        title: "Lisbon", notes: [.init(id: "tram", title: "Tram", text: "Take the 28")]))
    try await new.save(as: url)
    try new.close()

    // --- docs/dockit.md: open, edit, save, undo ---
    let session = try await DocumentSession<NoteCollectionDocument>.open(url)
    try session.perform { try $0.editNote(id: "tram", text: "Take the 28 at 9") }
    try await session.save()  // journaled and atomic; rewrites tram.json only
    session.undoManager.undo()  // back past the saved point: dirty again
    #expect(session.isDirty)
    #expect(session.undoManager.redoMenuItemTitle == "Redo Edit Note")
  }
}
