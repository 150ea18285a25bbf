import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// Where an untitled document's autosave is written: a folder of the
/// user's own, made 0700, files 0600, and never over something already
/// there.
@MainActor
@Suite("Document session: the autosave folder")
struct AutosaveFolderTests {
  /// An untitled text document with one change, autosaving to `folder`
  /// under `name`.
  func untitled(
    autosavingTo folder: URL, name: String = "Untitled-1"
  ) throws -> DocumentSession<TextMemo> {
    let session = DocumentSession(
      new: TextMemo(text: "draft\n"),
      environment: DocumentEnvironment(
        autosaveDirectory: folder, autosavePolicy: .never, makeAutosaveName: { name }))
    try session.perform { try $0.insert(["unsaved work"], at: 1) }
    return session
  }

  /// The process's umask, from `/proc/self/status`: reading it with
  /// `umask` would change it, for every test running meanwhile.
  static var processUmask: mode_t {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) }
      ?? 0o022
  }

  @Test("Each folder made for the autosave is 0700 and the autosave 0600, whatever the umask")
  func modes() async throws {
    let temporary = try TemporaryDirectory()
    let session = try untitled(autosavingTo: temporary("a/b/autosave"))
    #expect(try await session.autosave())
    for path in ["a", "a/b", "a/b/autosave"] {
      #expect(FileStat(temporary(path))?.permissions == 0o700, "\(path)")
    }
    #expect(FileStat(temporary("a/b/autosave/Untitled-1.txt"))?.permissions == 0o600)
    // The next autosave replaces it with a file of the same mode.
    try session.perform { try $0.insert(["more"], at: 2) }
    #expect(try await session.autosave())
    #expect(FileStat(temporary("a/b/autosave/Untitled-1.txt"))?.permissions == 0o600)
    // A save as gives the document's file the usual mode.
    try await session.save(as: temporary("kept.txt"))
    #expect(FileStat(temporary("kept.txt"))?.permissions == UInt16(0o666 & ~Self.processUmask))
  }

  @Test("A package's autosave: every folder in it 0700, every file 0600")
  func packageModes() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    let opened = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    // An untitled copy of it: the same pages, not yet saved anywhere.
    let session = DocumentSession(
      new: opened.document, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n1", text: "changed") }
    #expect(try await session.autosave())
    let autosave = try #require(session.autosaveURL)
    #expect(FileStat(autosave)?.permissions == 0o700)
    var files = 0
    for case let path as String in FileManager.default.enumerator(atPath: autosave.path)! {
      var isDirectory: ObjCBool = false
      let item = autosave.appendingPathComponent(path)
      _ = FileManager.default.fileExists(atPath: item.path, isDirectory: &isDirectory)
      #expect(FileStat(item)?.permissions == (isDirectory.boolValue ? 0o700 : 0o600), "\(path)")
      if !isDirectory.boolValue { files += 1 }
    }
    #expect(files >= 3)
  }

  @Test("A folder others may write, even through a link, is refused, and nothing is written")
  func writableByOthers() async throws {
    let temporary = try TemporaryDirectory()
    let open = temporary("open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
    for mode: mode_t in [0o777, 0o770, 0o1777] {
      chmod(open.path, mode)
      for folder in [open, temporary("link")] {
        try? FileManager.default.removeItem(at: temporary("link"))
        try FileManager.default.createSymbolicLink(at: temporary("link"), withDestinationURL: open)
        let session = try untitled(autosavingTo: folder)
        let error = await #expect(throws: CocoaError.self) { try await session.autosave() }
        #expect(error?.documentSessionError?.code == .unsafeAutosaveFolder)
        #expect(
          error?.documentSessionError?.message
            == "the autosave folder may be written by others (mode 0\(String(mode, radix: 8)))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: open.path) == [])
        #expect(session.autosaveURL == nil)
      }
    }
  }

  @Test(
    "A folder another user owns is refused", .enabled(if: geteuid() == 0, "chown needs root"))
  func ownedByAnotherUser() async throws {
    let temporary = try TemporaryDirectory()
    let foreign = temporary("foreign")
    try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: false)
    chmod(foreign.path, 0o700)
    chown(foreign.path, 65534, 65534)
    let session = try untitled(autosavingTo: foreign)
    let error = await #expect(throws: CocoaError.self) { try await session.autosave() }
    #expect(error?.documentSessionError?.code == .unsafeAutosaveFolder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == [])
  }

  @Test("A folder of the user's own that others may read is made private")
  func narrowed() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary("autosave")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    chmod(folder.path, 0o755)
    let session = try untitled(autosavingTo: folder)
    #expect(try await session.autosave())
    #expect(FileStat(folder)?.permissions == 0o700)
  }

  @Test("A name something is already at is not reused: the leftover stays as it was")
  func takenName() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary("autosave")
    try temporary.write("left by another process\n", to: "autosave/Untitled-1.txt")
    try temporary.write("and another\n", to: "autosave/Untitled-1-2.txt")
    let session = try untitled(autosavingTo: folder)
    #expect(try await session.autosave())
    #expect(session.autosaveURL == folder.appendingPathComponent("Untitled-1-3.txt"))
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Untitled-1.txt"), encoding: .utf8)
        == "left by another process\n")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Untitled-1-3.txt"), encoding: .utf8)
        == "draft\nunsaved work\n")
    // Its own file, it keeps writing.
    try session.perform { try $0.insert(["more"], at: 2) }
    #expect(try await session.autosave())
    #expect(session.autosaveURL == folder.appendingPathComponent("Untitled-1-3.txt"))
    #expect(try temporary.names(in: "autosave").count == 3)
  }
}
