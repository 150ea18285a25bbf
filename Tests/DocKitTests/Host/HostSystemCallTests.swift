import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// Fails every `unlinkat` of one name with EIO, and counts the tries.
private final class FailingUnlink: FileSystem {
  let name: String
  let tries = Mutex(0)
  init(name: String) { self.name = name }
  func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    guard String(cString: path) == name else { return Glibc.unlinkat(directory, path, flags) }
    tries.withLock { $0 += 1 }
    errno = EIO
    return -1
  }
}

/// The host's own file calls (the autosave folder's listing, removing an
/// autosave, the existence check, reading a declarations file) go through
/// ``FileSystemContext``, so fault injection and the power-loss model see
/// them: a fault there is reported, or is harmless, and loses nothing.
@MainActor
@Suite("Host system calls go through FileSystem")
struct HostSystemCallTests {
  @Test("A read that fails while registering a declarations file is an error; nothing registers")
  func declarationsReadFault() throws {
    let temporary = try TemporaryDirectory()
    func declarations(_ name: String) throws -> (URL, String) {
      let identifier = "org.docrepl.test.fault-\(UUID().uuidString.lowercased())"
      let file = try temporary.write(
        """
        {"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "\(identifier)",
          "UTTypeConformsTo": "public.json"}]}
        """, to: name)
      return (file, identifier)
    }
    // A first file, as long as the second, to count the calls a read makes.
    let (counted, _) = try declarations("counted.json")
    let counting = FaultInjectingFileSystem()
    try FileSystemContext.$current.withValue(counting) {
      try UTType.registerDeclarations(contentsOf: counted)
    }
    #expect(counting.callsByName["openat"] == 1)
    #expect(counting.callsByName["read"] ?? 0 >= 1)
    // Every call but the last (the `close` after the read, whose failure
    // changes nothing read) fails the registration, which registers nothing.
    let (file, identifier) = try declarations("types.json")
    let before = try Data(contentsOf: file)
    for call in 1..<counting.callCount {
      let failing = FaultInjectingFileSystem(failingCall: call, with: .eio)
      let error = FileSystemContext.$current.withValue(failing) {
        #expect(throws: UTTypeDeclarationError.self) {
          try UTType.registerDeclarations(contentsOf: file)
        }
      }
      #expect(failing.didFail)
      #expect(error?.message == "cannot read the file: Input/output error")
      #expect(UTType(identifier) == nil)
    }
    #expect(try Data(contentsOf: file) == before)
  }

  @Test("Save as removes the untitled autosave through the file system; a failure keeps both")
  func autosaveRemovalFault() async throws {
    let temporary = try TemporaryDirectory()
    let autosaves = temporary("autosave")
    let environment = DocumentSession<TextMemo>.Environment(
      autosaveDirectory: autosaves, makeAutosaveName: { "Untitled-1" })
    let session = DocumentSession(
      new: TextMemo(), contentType: .plainText, environment: environment)
    session.setDocument(TextMemo(text: "canary\n"))
    #expect(try await session.autosave())
    let autosave = try #require(session.autosaveURL)
    #expect(DocumentSession<TextMemo>.recoverableAutosaves(in: autosaves) == [autosave])
    let failing = FailingUnlink(name: autosave.lastPathComponent)
    let saved = temporary("memo.txt")
    try await FileSystemContext.$current.withValue(failing) {
      try await session.save(as: saved)
    }
    // The removal went through the file system and failed: the save
    // stands, and the autosave is still there, holding the same text.
    #expect(failing.tries.withLock { $0 } == 1)
    #expect(!session.isDirty)
    #expect(Array(try Data(contentsOf: saved)) == Array("canary\n".utf8))
    #expect(Array(try Data(contentsOf: autosave)) == Array("canary\n".utf8))
  }

  @Test(
    "A failed save as says where the file its error names stands: the folder on the way, or the document"
  )
  func pathRoles() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "canary\n"), contentType: .plainText,
      environment: DocumentEnvironment(autosaveDirectory: temporary("autosave")))
    let missing = try await #require(throws: CocoaError.self) {
      try await session.save(as: temporary("missing/memo.txt"))
    }
    #expect(missing.documentPathRole == .enclosingFolder)
    let existing = try temporary.write("keep\n", to: "memo.txt")
    let exists = try await #require(throws: CocoaError.self) {
      try await session.save(as: existing)
    }
    #expect(exists.code == .fileWriteFileExists)
    #expect(exists.documentPathRole == .document)
    #expect(Array(try Data(contentsOf: existing)) == Array("keep\n".utf8))
  }

  @Test(
    "A save in place with any one call failing either fails, the file as it was, or writes it keeping its permissions"
  )
  func saveKeepsPermissionsUnderFaults() async throws {
    let old = Array("canary\n".utf8)
    /// The folder (kept while the caller holds it), the file, and the
    /// save's error.
    func attempt(
      _ fileSystem: FaultInjectingFileSystem
    ) async throws -> (TemporaryDirectory, URL, (any Error)?) {
      let temporary = try TemporaryDirectory()
      let url = try temporary.write("canary\n", to: "memo.txt")
      #expect(chmod(url.path, 0o751) == 0)
      let session = try await DocumentSession<TextMemo>.open(
        url, environment: DocumentEnvironment(autosaveDirectory: temporary("autosave")))
      session.setDocument(TextMemo(text: "edited\n"))
      do {
        try await FileSystemContext.$current.withValue(fileSystem) { try await session.save() }
        return (temporary, url, nil)
      } catch {
        return (temporary, url, error)
      }
    }
    let counting = FaultInjectingFileSystem()
    let (_, _, unexpected) = try await attempt(counting)
    #expect(unexpected == nil)
    for call in 1...counting.callCount {
      let (temporary, url, error) = try await attempt(
        FaultInjectingFileSystem(failingCall: call, with: .eio))
      let bytes = Array(try Data(contentsOf: url))
      #expect(bytes == (error == nil ? Array("edited\n".utf8) : old), "call \(call)")
      #expect(FileStat(url)?.permissions == 0o751, "call \(call)")
      withExtendedLifetime(temporary) {}
    }
  }
}
