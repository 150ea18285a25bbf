import DocKit
import DocTestSupport
import Foundation
import Testing

/// The seed documents' own `CocoaError`s, hosted: the issue's case of a
/// corrupt package whose error came back without a path.
@MainActor
@Suite("The seed documents' errors, hosted, name the file")
struct SeedErrorTests {
  @Test("A NoteCollection package without metadata is .fileReadCorruptFile naming the package")
  func corruptNoteCollection() async throws {
    let temporary = try TemporaryDirectory()
    try temporary.write(#"{"id":"a","text":"first"}"#, to: "Trip.notes/a.json")
    let url = temporary("Trip.notes")
    var matched = false
    do {
      _ = try await DocumentSession<NoteCollection>.open(url, contentType: .package)
    } catch CocoaError.fileReadCorruptFile {
      matched = true
    } catch {
      Issue.record("expected CocoaError.fileReadCorruptFile, got \(error)")
    }
    #expect(matched)
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<NoteCollection>.open(url, contentType: .package)
    }
    #expect(error?.filePath == url.path)
    #expect(error?.url == url)
    #expect(error?.localizedDescription == "\(url.path): the file isn’t in the correct format")
  }

  @Test("A PDFDocument that is not a regular file is .fileReadCorruptFile naming it")
  func corruptPDF() async throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: temporary("Scan.pdf"), withIntermediateDirectories: true)
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<PDFDocument>.open(temporary("Scan.pdf"), contentType: .pdf)
    }
    #expect(error?.code == .fileReadCorruptFile)
    #expect(error?.filePath == temporary("Scan.pdf").path)
  }
}
