import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// The forms ported code uses: `catch CocoaError.fileReadNoSuchFile`,
/// `catch let error as CocoaError where error.code == …` and
/// `#expect(throws: CocoaError.self)`, against real failures.
@MainActor
@Suite("Document session: errors are CocoaErrors with Apple's codes, naming the file")
struct SessionCocoaErrorTests {
  @Test("Opening a missing file is caught by `catch CocoaError.fileReadNoSuchFile`")
  func openMissing() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Missing.txt")
    var matched = false
    do {
      _ = try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
    } catch CocoaError.fileReadNoSuchFile {
      matched = true
    } catch {
      Issue.record("expected CocoaError.fileReadNoSuchFile, got \(error)")
    }
    #expect(matched)
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
    }
    #expect(error?.filePath == url.path)
    #expect(error?.url == url)
    #expect((error?.underlying as? POSIXError)?.code == .ENOENT)
    #expect(error?.localizedDescription.hasPrefix(url.path + ": ") == true)
  }

  @Test("Opening a package that refuses access is .fileReadNoPermission, even for root")
  func openRefused() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 2)
    let refusing = ErrnoInjectingFileSystem(EACCES, on: [.openForReading])
    do {
      _ = try await FileSystemContext.$current.withValue(refusing) {
        try await DocumentSession<Folio>.open(
          url, environment: testEnvironment(temporary))
      }
      Issue.record("the open succeeded")
    } catch let error as CocoaError where error.code == .fileReadNoPermission {
      #expect(error.filePath?.hasPrefix(temporary.url.path) == true)
      #expect((error.underlying as? POSIXError)?.code == .EACCES)
      #expect(error.fileWrapperError?.systemCall == "openat")
    } catch {
      Issue.record("expected .fileReadNoPermission, got \(error)")
    }
  }

  @Test("Reverting to a file that was deleted is .fileReadNoSuchFile, and keeps the edits")
  func revertMissing() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["b"], at: 1) }
    try await session.endEvent()
    try FileManager.default.removeItem(at: url)
    let error = await #expect(throws: CocoaError.self) { try await session.revert() }
    #expect(error?.code == .fileReadNoSuchFile)
    #expect(error?.filePath == url.path)
    #expect(session.document.text == "a\nb\n")
    #expect(session.isDirty)
  }

  @Test(
    "Save as onto an existing file is caught as .fileWriteFileExists, naming it",
    arguments: ["Copy.txt", "Taken.folio"])
  func saveAsOntoExisting(_ name: String) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("mine\n", to: "Mine.txt")
    let target = try temporary.write("theirs\n", to: name)
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["edit"], at: 1) }
    try await session.endEvent()
    do {
      try await session.save(as: target)
      Issue.record("save as replaced \(name)")
    } catch let error as CocoaError where error.code == .fileWriteFileExists {
      #expect(error.filePath == target.path)
      #expect(error.url == target)
    } catch {
      Issue.record("expected .fileWriteFileExists, got \(error)")
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "theirs\n")
    #expect(session.fileURL == url)
    #expect(session.isDirty)
  }

  struct WriteFault: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var fileSystem: ErrnoInjectingFileSystem
    var code: CocoaError.Code
    var errno: POSIXErrorCode
  }

  nonisolated static let faults = [
    WriteFault(
      testDescription: "a full disk", fileSystem: .init(ENOSPC, on: [.write]),
      code: .fileWriteOutOfSpace, errno: .ENOSPC),
    WriteFault(
      testDescription: "a read-only volume", fileSystem: .readOnlyVolume,
      code: .fileWriteVolumeReadOnly, errno: .EROFS),
    WriteFault(
      testDescription: "a directory that refuses writing",
      fileSystem: .init(EACCES, on: ErrnoInjectingFileSystem.Operation.modifying),
      code: .fileWriteNoPermission, errno: .EACCES),
  ]

  @Test(
    "A single-file save the file system refuses gets Apple's code; nothing is lost",
    arguments: faults)
  func singleFileSave(_ fault: WriteFault) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("old\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["new"], at: 1) }
    try await session.endEvent()
    let error = await #expect(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(fault.fileSystem) {
        try await session.save()
      }
    }
    #expect(error?.code == fault.code)
    #expect((error?.underlying as? POSIXError)?.code == fault.errno)
    #expect(error?.filePath?.hasPrefix(temporary.url.path) == true)
    #expect(try String(contentsOf: url, encoding: .utf8) == "old\n")
    #expect(session.isDirty)
    try await session.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "old\nnew\n")
  }

  @Test(
    "An in-place package save the file system refuses gets Apple's code; nothing is lost",
    arguments: faults)
  func packageSave(_ fault: WriteFault) async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let before = diskState(url)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n2", text: "changed") }
    try await session.endEvent()
    let error = await #expect(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(fault.fileSystem) {
        try await session.save()
      }
    }
    #expect(error?.code == fault.code)
    #expect((error?.underlying as? POSIXError)?.code == fault.errno)
    #expect(session.isDirty)
    try DocumentSession<Folio>.recoverInterruptedSave(at: url)
    #expect(diskState(url) == before)
  }

  @Test("A document's CocoaError(.fileReadCorruptFile) comes back with the document's path")
  func corruptFileDocument() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("corrupt", to: "Bad.txt")
    var matched = false
    do {
      _ = try await DocumentSession<FailingDocument>.open(
        url, environment: testEnvironment(temporary))
    } catch CocoaError.fileReadCorruptFile {
      matched = true
    } catch {
      Issue.record("expected CocoaError.fileReadCorruptFile, got \(error)")
    }
    #expect(matched)
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<FailingDocument>.open(url, environment: testEnvironment(temporary))
    }
    #expect(error?.filePath == url.path)
    #expect(error?.url == url)
    #expect(
      error?.localizedDescription == "\(url.path): the file isn’t in the correct format")
  }

  @Test("A reference document's and a Document's corrupt-file errors get the path too")
  func corruptOtherKinds() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("corrupt", to: "Bad.txt")
    let reference = await #expect(throws: CocoaError.self) {
      try await DocumentSession<FailingReferenceDocument>.open(
        url, environment: testEnvironment(temporary))
    }
    #expect(reference?.code == .fileReadCorruptFile)
    #expect(reference?.filePath == url.path)
    let family = await #expect(throws: CocoaError.self) {
      try await DocumentSession<FailingFamilyDocument>.open(
        url, environment: testEnvironment(temporary)
      ) { FailingFamilyDocument() }
    }
    #expect(family?.code == .fileReadCorruptFile)
    #expect(family?.filePath == url.path)
  }

  @Test("A document's error while writing gets the destination's path, for every kind")
  func documentWriteErrors() async throws {
    let temporary = try TemporaryDirectory()
    let value = DocumentSession(
      new: FailingDocument(text: "unwritable"), environment: testEnvironment(temporary))
    let reference = DocumentSession(
      new: FailingReferenceDocument(text: "unwritable"), environment: testEnvironment(temporary))
    let family = DocumentSession(
      new: FailingFamilyDocument(text: "unwritable"), environment: testEnvironment(temporary))
    let errors = [
      await #expect(throws: CocoaError.self) { try await value.save(as: temporary("a.txt")) },
      await #expect(throws: CocoaError.self) { try await reference.save(as: temporary("b.txt")) },
      await #expect(throws: CocoaError.self) { try await family.save(as: temporary("c.txt")) },
    ]
    #expect(errors.map { $0?.code } == [.fileWriteUnknown, .fileWriteUnknown, .fileWriteUnknown])
    #expect(errors.map { $0?.filePath } == ["a.txt", "b.txt", "c.txt"].map { temporary($0).path })
    #expect(try temporary.names().isEmpty)
    #expect(value.fileURL == nil)
  }

  @Test("A document's own error type passes through unchanged, as Apple passes it")
  func foreignErrorsPassThrough() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("own", to: "Own.txt")
    await #expect(throws: ProbeError(detail: "own")) {
      try await DocumentSession<FailingDocument>.open(url, environment: testEnvironment(temporary))
    }
    let session = DocumentSession(
      new: FailingDocument(text: "own"), environment: testEnvironment(temporary))
    await #expect(throws: ProbeError(detail: "own")) {
      try await session.save(as: temporary("out.txt"))
    }
  }

  @Test("A document's CocoaError that already names a file keeps that file")
  func namedErrorsKeepTheirPath() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("elsewhere", to: "Doc.txt")
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<FailingDocument>.open(url, environment: testEnvironment(temporary))
    }
    #expect(error?.code == .fileReadCorruptFile)
    #expect(error?.filePath == "/elsewhere")
    #expect(error?.url == nil)
  }

  @Test("A type the document cannot open or write is a CocoaError naming the file")
  func unsupportedType() async throws {
    let temporary = try TemporaryDirectory()
    let json = try temporary.write("{}", to: "data.json")
    let open = await #expect(throws: CocoaError.self) {
      try await DocumentSession<TextMemo>.open(
        json, environment: testEnvironment(temporary))
    }
    #expect(open?.code == .fileReadUnknown)
    #expect(open?.filePath == json.path)
    #expect(open?.documentSessionError?.code == .unsupportedContentType)
    #expect(open?.localizedDescription.contains("cannot open public.json") == true)

    let session = DocumentSession(
      new: TextMemo(text: "x\n"), environment: testEnvironment(temporary))
    let save = await #expect(throws: CocoaError.self) {
      try await session.save(as: temporary("x.pdf"), contentType: .pdf)
    }
    #expect(save?.code == .fileWriteUnknown)
    #expect(save?.filePath == temporary("x.pdf").path)
    #expect(save?.documentSessionError?.code == .unsupportedContentType)
    #expect(!FileManager.default.fileExists(atPath: temporary("x.pdf").path))
  }

  @Test("An export's failures are CocoaErrors too, with the destination's path")
  func exportFailures() async throws {
    let temporary = try TemporaryDirectory()
    let taken = try temporary.write("theirs", to: "Taken.txt")
    let session = DocumentSession(
      new: TextMemo(text: "x\n"), environment: testEnvironment(temporary))
    let exporter = FileExporter()
    var results: [Result<URL, any Error>] = []
    await exporter.export(
      document: session, contentType: .plainText,
      presenter: RecordingPresenter(.init(url: taken))
    ) { results.append($0) }
    let unwritable = FailingFamilyDocument(text: "unwritable")
    await exporter.export(
      document: unwritable, contentType: .plainText,
      presenter: RecordingPresenter(.init(url: temporary("Out.txt")))
    ) { results.append($0) }
    let errors = results.map { result -> CocoaError? in
      guard case .failure(let error) = result else { return nil }
      return error as? CocoaError
    }
    #expect(errors.map { $0?.code } == [.fileWriteFileExists, .fileWriteUnknown])
    #expect(errors.map { $0?.filePath } == [taken.path, temporary("Out.txt").path])
    #expect(try String(contentsOf: taken, encoding: .utf8) == "theirs")
  }

  @Test("A file that vanished after a lazy read is the file's error, not a format error")
  func lazyReadFailure() throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let wrapper = try FileWrapper(url: url)  // the contents are read on first use
    try FileManager.default.removeItem(at: url)
    let error = #expect(throws: FileWrapperError.self) {
      try TextMemo(configuration: .init(contentType: .plainText, file: wrapper))
    }
    #expect(error?.code == .noSuchFile)
    #expect(error?.path == url.path)
  }

  @Test("A built-in document's failed read is reported as a CocoaError with the file's path")
  func builtInReadFailure() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let failing = ErrnoInjectingFileSystem(EIO, on: [.read])
    let error = await #expect(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(failing) {
        try await DocumentSession<TextMemo>.open(
          url, environment: testEnvironment(temporary))
      }
    }
    #expect(error?.code == .fileReadUnknown)
    #expect(error?.filePath == url.path)
    #expect((error?.underlying as? POSIXError)?.code == .EIO)
    #expect(error?.fileWrapperError?.systemCall == "read")
  }
}
