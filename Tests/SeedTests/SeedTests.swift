import DocKit
import DocTestSupport
import Foundation
import Testing

@Suite("The seed examples compile and run")
struct SeedTests {
  @Test("NoteCollection writes a package, reads it back, and rewrites only the changed note")
  func noteCollection() throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Trip.notes")
    let collection = NoteCollection(
      metadata: .init(title: "Trip"),
      notes: [
        .init(id: "a", text: "first"), .init(id: "b", text: "second"),
        .init(id: "c", text: "third"),
      ])
    let written = try collection.fileWrapper(
      configuration: .init(contentType: .package, existingFile: nil))
    try written.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: nil)
    #expect(
      try temporary.names(in: "Trip.notes") == ["a.json", "b.json", "c.json", "metadata.json"])

    let existing = try FileWrapper(url: url)
    var read = try NoteCollection(configuration: .init(contentType: .package, file: existing))
    #expect(read.metadata.title == "Trip")
    #expect(read.notes.map(\.text) == ["first", "second", "third"])
    #expect(read.notes.allSatisfy { !$0.isChanged })

    let before = try temporary.names(in: "Trip.notes").map {
      FileStat(url.appendingPathComponent($0))?.inode
    }
    read.notes[1].text = "second, edited"
    read.notes[1].isChanged = true
    read.notes.remove(at: 2)
    let updated = try read.fileWrapper(
      configuration: .init(contentType: .package, existingFile: existing))
    #expect(updated === existing)
    try updated.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)
    #expect(try temporary.names(in: "Trip.notes") == ["a.json", "b.json", "metadata.json"])
    #expect(FileStat(url.appendingPathComponent("a.json"))?.inode == before[0])
    #expect(FileStat(url.appendingPathComponent("b.json"))?.inode != before[1])
    #expect(FileStat(url.appendingPathComponent("metadata.json"))?.inode == before[3])
    let reread = try NoteCollection(
      configuration: .init(contentType: .package, file: FileWrapper(url: url)))
    #expect(reread.notes.map(\.text) == ["first", "second, edited"])
  }

  @Test("PDFDocument reads, snapshots under its lock, and writes the same bytes")
  func pdfDocument() throws {
    let temporary = try TemporaryDirectory()
    let bytes = Data("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8)
    let document = try PDFDocument(
      configuration: .init(contentType: .pdf, file: FileWrapper(regularFileWithContents: bytes)))
    let snapshot = try document.snapshot(contentType: .pdf)
    let wrapper = try document.fileWrapper(
      snapshot: snapshot, configuration: .init(contentType: .pdf, existingFile: nil))
    try wrapper.write(to: temporary("out.pdf"), options: .atomic, originalContentsURL: nil)
    #expect(try Data(contentsOf: temporary("out.pdf")) == bytes)
    #expect(PDFDocument.writableContentTypes == [.pdf])
    #expect(throws: CocoaError.self) {
      try PDFDocument(
        configuration: .init(contentType: .pdf, file: FileWrapper(directoryWithFileWrappers: [:])))
    }
  }

  @MainActor
  @Test("TextDocument's writer saves its snapshot as UTF-8")
  func textDocument() async throws {
    let temporary = try TemporaryDirectory()
    let document = TextDocument()
    document.text = "Hello, Linux — ünïcödé\n"
    let snapshot = try await document.snapshot(contentType: .utf8PlainText)
    let writer = document.writer(configuration: .init(contentType: .utf8PlainText))
    try await writer.write(
      snapshot: snapshot, to: temporary("Untitled.txt"), previous: nil, progress: .discarded)
    #expect(try String(contentsOf: temporary("Untitled.txt"), encoding: .utf8) == document.text)
    // The other spelling Apple's pages use reaches the same method.
    try await writer.write(
      content: "second", to: temporary("Second.txt"), previous: nil, progress: .discarded)
    #expect(try String(contentsOf: temporary("Second.txt"), encoding: .utf8) == "second")
  }
}

extension SeedTests {
  @MainActor
  @Test("The seed's fileExporter example: TextDocument exports through its writer")
  func seedExport() async throws {
    let temporary = try TemporaryDirectory()
    let document = TextDocument()
    document.text = "exported"
    let exporter = FileExporter()
    var exported: URL?
    await exporter.export(
      document: document, defaultFilename: "Untitled",
      presenter: FixedExportPresenter(.init(url: temporary("Untitled.txt")))
    ) { result in exported = try? result.get() }
    #expect(exported == temporary("Untitled.txt"))
    #expect(try String(contentsOf: temporary("Untitled.txt"), encoding: .utf8) == "exported")
    #expect(!exporter.isPresented)
  }
}
