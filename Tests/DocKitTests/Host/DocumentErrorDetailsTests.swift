import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// A session's errors say what a host needs as fields
/// (`CocoaError.documentErrorDetails`): the file, its role in the
/// operation, the reason without the path, the suggestion and the failed
/// system call; and the description still says the same, for Apple-style
/// callers, with the path in `NSFilePathErrorKey`.
@MainActor
@Suite("Document error details")
struct DocumentErrorDetailsTests {
  static func environment(_ temporary: TemporaryDirectory) -> DocumentEnvironment {
    DocumentEnvironment(autosaveDirectory: temporary("autosave"))
  }

  @Test("Opening a missing file: the document, ENOENT from the system call, and the reason")
  func openMissing() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("missing.txt")
    let error = try await #require(throws: CocoaError.self) {
      _ = try await DocumentSession<TextMemo>.open(url, environment: Self.environment(temporary))
    }
    let details = try #require(error.documentErrorDetails)
    #expect(details.url?.path == url.path)
    #expect(details.role == .document)
    #expect(details.systemCallError?.errno == ENOENT)
    #expect(details.systemCallError?.path == url.path)
    let reason = try #require(details.reason)
    #expect(error.localizedDescription == "\(url.path): \(reason)")
    #expect(error.userInfo[NSFilePathErrorKey] as? String == url.path)
  }

  @Test(
    "Saving into a folder that refuses writing (EACCES): the file, its role, the errno; the canary stays"
  )
  func saveRefused() async throws {
    let temporary = try TemporaryDirectory()
    let canary = try temporary.write("canary\n", to: "locked/canary.txt")
    let session = DocumentSession(
      new: TextMemo(), contentType: .plainText, environment: Self.environment(temporary))
    session.setDocument(TextMemo(text: "mine\n"))
    let destination = temporary("locked/memo.txt")
    let error = try await #require(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(
        ErrnoInjectingFileSystem(EACCES, on: [.openForWriting, .makeDirectory])
      ) {
        try await session.save(as: destination)
      }
    }
    #expect(error.code == .fileWriteNoPermission)
    let details = try #require(error.documentErrorDetails)
    let url = try #require(details.url)
    // The file or the folder it goes in, never "other": a host places
    // the error at the path its user gave.
    #expect([destination.path, temporary("locked").path].contains(url.path))
    #expect(details.role == (url.path == destination.path ? .document : .enclosingFolder))
    #expect(details.systemCallError?.errno == EACCES)
    #expect(details.reason?.contains("Permission denied") == true)
    #expect(session.isDirty)
    #expect(Array(try Data(contentsOf: canary)) == Array("canary\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: destination.path))
  }

  @Test("Save as onto a file without replacing: the destination, as the document; the file stays")
  func saveAsExisting() async throws {
    let temporary = try TemporaryDirectory()
    let existing = try temporary.write("keep\n", to: "memo.txt")
    let session = DocumentSession(
      new: TextMemo(), contentType: .plainText, environment: Self.environment(temporary))
    session.setDocument(TextMemo(text: "mine\n"))
    let error = try await #require(throws: CocoaError.self) {
      try await session.save(as: existing)
    }
    #expect(error.code == .fileWriteFileExists)
    let details = try #require(error.documentErrorDetails)
    #expect(details.url?.path == existing.path)
    #expect(details.role == .document)
    #expect(details.reason != nil)
    #expect(Array(try Data(contentsOf: existing)) == Array("keep\n".utf8))
    #expect(session.isDirty)
  }

  @Test("A conflict: the document, the reason, and DocKit's suggestion as a field of its own")
  func conflict() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("one\n", to: "memo.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: Self.environment(temporary))
    session.setDocument(TextMemo(text: "mine\n"))
    try Data("changed elsewhere\n".utf8).write(to: url)
    let error = try await #require(throws: CocoaError.self) {
      try await session.save()
    }
    #expect(error.documentSessionError?.code == .conflict)
    let details = try #require(error.documentErrorDetails)
    #expect(details.url?.path == url.path)
    #expect(details.role == .document)
    #expect(details.reason == "the file changed on disk since it was opened or saved")
    #expect(details.recoverySuggestion == DocumentSessionError.conflictSuggestion)
    #expect(details.systemCallError == nil)
    // Apple-style callers read the same as before.
    #expect(
      error.localizedDescription
        == "\(url.path): the file changed on disk since it was opened or saved; "
        + "revert, or save with force")
    #expect(
      error.userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String
        == DocumentSessionError.conflictSuggestion)
    #expect(Array(try Data(contentsOf: url)) == Array("changed elsewhere\n".utf8))
    #expect(session.isDirty)
  }

  @Test("An error that names no file says so: no URL, no role")
  func noPath() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(), contentType: .plainText, environment: Self.environment(temporary))
    session.setDocument(TextMemo(text: "mine\n"))
    let error = try await #require(throws: CocoaError.self) {
      try await session.save()
    }
    #expect(error.documentSessionError?.code == .untitled)
    let details = try #require(error.documentErrorDetails)
    #expect(details.url == nil)
    #expect(details.role == nil)
    #expect(details.reason == "the document is untitled; use save as")
  }

  @Test("A CocoaError that is not DocKit's has no details: its description is all there is")
  func foreign() {
    #expect(CocoaError(.fileReadCorruptFile).documentErrorDetails == nil)
  }
}
