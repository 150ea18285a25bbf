import DocKit
import DocTestSupport
import Foundation
import Synchronization
import Testing

/// A small single file is written on the main actor
/// (`DocumentEnvironment.inlineSaveLimit`); everything else off it. Every
/// document is serialized off it, as SwiftUI serializes.
@MainActor
@Suite("Saves of small single files are written on the main actor; others off it")
struct InlineSaveTests {
  /// A save of a file of `size` bytes, opened in an environment whose
  /// limit is `limit`, and where its `fsync`s ran.
  struct Case: Sendable, CustomTestStringConvertible {
    var size: Int
    var limit: Int
    var onMainActor: Bool
    var testDescription: String {
      "\(size) bytes, limit \(limit): " + (onMainActor ? "on the main actor" : "off it")
    }
  }

  nonisolated static let cases = [
    Case(size: 4096, limit: DocumentEnvironment.defaultInlineSaveLimit, onMainActor: true),
    Case(size: 64 * 1024 - 8, limit: DocumentEnvironment.defaultInlineSaveLimit, onMainActor: true),
    Case(size: 4096, limit: 0, onMainActor: false),
    Case(size: 100_000, limit: DocumentEnvironment.defaultInlineSaveLimit, onMainActor: false),
  ]

  private func open(
    _ temporary: TemporaryDirectory, size: Int, limit: Int
  ) async throws -> (DocumentSession<TextMemo>, URL) {
    let url = try temporary.write(String(repeating: "m", count: size - 1) + "\n", to: "a.txt")
    var environment = testEnvironment(temporary)
    environment.inlineSaveLimit = limit
    let session = try await DocumentSession<TextMemo>.open(url, environment: environment)
    return (session, url)
  }

  @Test("A save writes where its size says, and writes the document's bytes", arguments: cases)
  func save(_ test: Case) async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(temporary, size: test.size, limit: test.limit)
    try session.perform { try $0.insert(["edited"], at: 0) }
    let recorder = ThreadRecordingFileSystem()
    try await FileSystemContext.$current.withValue(recorder) { try await session.save() }
    // The temporary file's fsync and the folder's.
    #expect(recorder.fsyncsOnMainQueue == [test.onMainActor, test.onMainActor])
    #expect(try Data(contentsOf: url) == Data(session.document.text.utf8))
    #expect(session.document.text.hasPrefix("edited\n"))
    #expect(!session.isDirty)
    #expect(!session.hasConflict)
  }

  @Test("A small file that grew past the limit is written off the main actor")
  func grownPastTheLimit() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(
      temporary, size: 4096, limit: DocumentEnvironment.defaultInlineSaveLimit)
    session.setDocument(TextMemo(text: String(repeating: "g", count: 200_000)))
    let recorder = ThreadRecordingFileSystem()
    try await FileSystemContext.$current.withValue(recorder) { try await session.save() }
    #expect(recorder.fsyncsOnMainQueue == [false, false])
    #expect(try Data(contentsOf: url).count == 200_000)
    #expect(!session.isDirty)
  }

  @Test("An autosave of a small file runs off the main actor")
  func autosave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(
      temporary, size: 4096, limit: DocumentEnvironment.defaultInlineSaveLimit)
    try session.perform { try $0.insert(["autosaved"], at: 0) }
    let recorder = ThreadRecordingFileSystem()
    let wrote = try await FileSystemContext.$current.withValue(recorder) {
      try await session.autosave()
    }
    #expect(wrote)
    #expect(recorder.fsyncsOnMainQueue == [false, false])
    #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("autosaved\n"))
  }

  @Test("Save as of a small file runs on the main actor, and the new file is the document's")
  func saveAs() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await open(
      temporary, size: 4096, limit: DocumentEnvironment.defaultInlineSaveLimit)
    try session.perform { try $0.insert(["moved"], at: 0) }
    let recorder = ThreadRecordingFileSystem()
    let copy = temporary("b.txt")
    try await FileSystemContext.$current.withValue(recorder) { try await session.save(as: copy) }
    #expect(recorder.fsyncsOnMainQueue == [true, true])
    #expect(session.fileURL == copy)
    #expect(try String(contentsOf: copy, encoding: .utf8).hasPrefix("moved\n"))
    #expect(try !String(contentsOf: url, encoding: .utf8).hasPrefix("moved\n"))
    #expect(!session.hasConflict)
  }

  @Test(
    "A small file is still serialized off the main actor: a model may reach the main queue with sync"
  )
  func serializedOffMainActor() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("title\n", to: "main-queue.txt")
    let session = try await DocumentSession<MainQueueMemo>.open(
      url, environment: testEnvironment(temporary))
    session.setDocument(
      MainQueueMemo(text: "saved through the main queue\n"), actionName: "Retitle")
    let recorder = ThreadRecordingFileSystem()
    try await FileSystemContext.$current.withValue(recorder) { try await session.save() }
    #expect(MainQueueMemo.serializedOnMainThread.withLock { $0 } == [false])
    #expect(recorder.fsyncsOnMainQueue == [true, true])
    #expect(try String(contentsOf: url, encoding: .utf8) == "saved through the main queue\n")
  }
}

/// A value document whose `fileWrapper` reads main-actor state with
/// `DispatchQueue.main.sync`, as ported SwiftUI models do: it would
/// deadlock if it ran on the main actor.
private struct MainQueueMemo: FileDocument {
  static let readableContentTypes: [UTType] = [.plainText]
  static let serializedOnMainThread = Mutex([Bool]())
  @MainActor static var footer = ""

  var text: String

  init(text: String) { self.text = text }

  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    Self.serializedOnMainThread.withLock { $0.append(Thread.isMainThread) }
    let footer = DispatchQueue.main.sync { MainActor.assumeIsolated { Self.footer } }
    return FileWrapper(regularFileWithContents: Data((text + footer).utf8))
  }
}
