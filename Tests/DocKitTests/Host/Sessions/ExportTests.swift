import DocKit
import DocTestSupport
import Foundation
import Testing

/// A presenter that records what it was asked and answers as told.
@MainActor
final class RecordingPresenter: ExportPresenter {
  var asked: [(String, UTType)] = []
  let answer: ExportDestination?

  init(_ answer: ExportDestination?) {
    self.answer = answer
  }

  func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination? {
    asked.append((defaultFilename, contentType))
    return answer
  }
}

@MainActor
@Suite("fileExporter semantics")
struct ExportTests {
  @Test(
    "A nil content type exports the first writable type, named with its extension; the session is unchanged"
  )
  func export() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 2)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    session.perform { $0.setTitle("Porto") }
    try await session.endEvent()
    let exporter = FileExporter()
    let presenter = RecordingPresenter(.init(url: temporary("Out.folio")))
    var presentedAtCompletion: Bool?
    var result: Result<URL, any Error>?
    await exporter.export(document: session, defaultFilename: "Out", presenter: presenter) {
      presentedAtCompletion = exporter.isPresented
      result = $0
    }
    #expect(presenter.asked.map(\.0) == ["Out.folio"])
    #expect(presenter.asked.map(\.1) == [.folio])
    #expect(presentedAtCompletion == false)
    #expect(try result?.get().path == temporary("Out.folio").path)
    #expect(session.fileURL == url)
    #expect(session.isDirty)
    #expect(
      try Folio(
        configuration: .init(
          contentType: .folio, file: FileWrapper(url: temporary("Out.folio")))
      ).title == "Porto")
  }

  @Test("Plain-text export, cancellation, an unwritable type, an existing file, and a nil document")
  func edges() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: try Folio(title: "T", pages: [.init(id: "a", text: "x")]),
      environment: testEnvironment(temporary))
    let exporter = FileExporter()
    var outcomes: [String] = []
    await exporter.export(
      document: session, contentType: .plainText,
      presenter: RecordingPresenter(.init(url: temporary("t.txt")))
    ) { outcomes.append((try? $0.get()) != nil ? "ok" : "failed") }
    #expect(try String(contentsOf: temporary("t.txt"), encoding: .utf8) == "# T\n\n## a\n\nx\n")
    await exporter.export(
      document: session, contentType: .plainText, presenter: RecordingPresenter(nil),
      onCompletion: { _ in outcomes.append("completed") },
      onCancellation: {
        outcomes.append(exporter.isPresented ? "cancelled while presented" : "cancelled")
      })
    await exporter.export(document: session, contentType: .pdf, presenter: RecordingPresenter(nil))
    {
      outcomes.append(((try? $0.get()) == nil) ? "refused pdf" : "wrote pdf")
    }
    await exporter.export(
      document: session, contentType: .plainText,
      presenter: RecordingPresenter(.init(url: temporary("t.txt")))
    ) {
      if case .failure(let error as CocoaError) = $0, error.code == .fileWriteFileExists {
        outcomes.append("\(error.documentSessionError?.code.description ?? "?")")
      }
    }
    let none: DocumentSession<Folio>? = nil
    await exporter.export(document: none, presenter: RecordingPresenter(nil)) { _ in
      outcomes.append("nil document")
    }
    #expect(outcomes == ["ok", "cancelled", "refused pdf", "fileExists"])
    #expect(!exporter.isPresented)
  }

  @Test("A Document-family session opens, edits with undo, saves and reopens")
  func documentFamily() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("one\ntwo", to: "a.txt")
    let session = try await DocumentSession<TextPage>.open(
      url, environment: testEnvironment(temporary)
    ) {
      TextPage()
    }
    #expect(session.document.text == "one\ntwo")
    try session.document.insert(["three"], at: 2, undoManager: session.undoManager)
    try await session.endEvent()
    #expect(session.isDirty)
    try await session.save()
    #expect(!session.isDirty)
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\nthree\n")
    session.undoManager.undo()
    #expect(session.isDirty)
    try await session.save(as: temporary("b.txt"))
    let reopened = try await DocumentSession<TextPage>.open(
      temporary("b.txt"), environment: testEnvironment(temporary)
    ) {
      TextPage()
    }
    #expect(reopened.document.text == "one\ntwo")
  }

  @Test(
    "A Document-family save as onto an existing file without overwrite is refused whichever call fails; the file keeps its bytes"
  )
  func documentFamilyNoReplaceUnderFaults() async throws {
    let canary = Array("canary 93b1\n".utf8)
    /// The folder (kept while the caller holds it), the existing file, and
    /// the save's error.
    func attempt(
      _ fileSystem: FaultInjectingFileSystem
    ) async throws -> (TemporaryDirectory, URL, (any Error)?) {
      let temporary = try TemporaryDirectory()
      let url = try temporary.write("one\n", to: "a.txt")
      let existing = temporary("b.txt")
      try Data(canary).write(to: existing)
      let session = try await DocumentSession<TextPage>.open(
        url, environment: testEnvironment(temporary)
      ) {
        TextPage()
      }
      try session.document.insert(["two"], at: 1, undoManager: session.undoManager)
      try await session.endEvent()
      do {
        try await FileSystemContext.$current.withValue(fileSystem) {
          try await session.save(as: existing)
        }
        return (temporary, existing, nil)
      } catch {
        return (temporary, existing, error)
      }
    }
    let counting = FaultInjectingFileSystem()
    let (folder, reference, refused) = try await attempt(counting)
    #expect((refused as? CocoaError)?.code == .fileWriteFileExists)
    #expect(Array(try Data(contentsOf: reference)) == canary)
    withExtendedLifetime(folder) {}
    for call in 1...counting.callCount {
      let failing = FaultInjectingFileSystem(failingCall: call, with: .eio)
      let (folder, existing, error) = try await attempt(failing)
      #expect(failing.didFail)
      #expect(error != nil, "call \(call)")
      #expect(Array(try Data(contentsOf: existing)) == canary, "call \(call)")
      withExtendedLifetime(folder) {}
    }
  }
}
