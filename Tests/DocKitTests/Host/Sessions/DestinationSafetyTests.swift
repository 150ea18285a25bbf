import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// What a session may replace, and how it follows links on the way to a
/// document: every write mode, through the DocKit API itself.
@MainActor
@Suite("Session destinations: folders are never replaced, links are followed")
struct DestinationSafetyTests {
  /// The bytes of the canary every refused write must leave.
  static let canary = Data("canary 1f2e\n".utf8)

  /// A folder `photos` holding a canary file.
  private func photos(_ temporary: TemporaryDirectory) throws -> URL {
    let folder = temporary("photos")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Self.canary.write(to: folder.appendingPathComponent("a.jpg"))
    return folder
  }

  private func isSymbolicLink(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  private func inode(_ url: URL) -> UInt64? {
    var status = stat()
    return lstat(url.path, &status) == 0 ? UInt64(status.st_ino) : nil
  }

  enum Mode: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case saveAs, saveTo, export
    var testDescription: String { rawValue }
  }

  /// Writes `session` to `url` replacing what is there, in `mode`.
  private func write<D>(_ session: DocumentSession<D>, to url: URL, _ mode: Mode) async throws {
    switch mode {
    case .saveAs: try await session.save(as: url, overwrite: true)
    case .saveTo: try await session.save(to: url, overwrite: true)
    case .export:
      var result: Result<URL, any Error>?
      await FileExporter().export(
        document: session,
        presenter: FixedExportPresenter(.init(url: url, replacingExisting: true))
      ) { result = $0 }
      _ = try #require(result).get()
    }
  }

  @Test(
    "A plain folder is never replaced, even with overwrite: a typed error, the canary stays",
    arguments: Mode.allCases)
  func plainFolder(_ mode: Mode) async throws {
    let temporary = try TemporaryDirectory()
    let folder = try photos(temporary)
    let session = DocumentSession(
      new: TextMemo(text: "text\n"), environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["unsaved"], at: 0) }
    let error = await #expect(throws: CocoaError.self) {
      try await write(session, to: folder, mode)
    }
    #expect(error?.documentSessionError?.code == .destinationIsFolder)
    #expect(error?.localizedDescription.contains("this is a folder") == true)
    #expect(try Data(contentsOf: folder.appendingPathComponent("a.jpg")) == Self.canary)
    #expect(session.fileURL == nil)
    #expect(session.isDirty)
  }

  @Test(
    "A plain folder is never replaced whichever call fails: the write fails and the canary stays",
    arguments: Mode.allCases)
  func plainFolderUnderFaults(_ mode: Mode) async throws {
    /// The folder (kept while the caller holds it), the canary folder,
    /// and the write's error.
    func attempt(
      _ fileSystem: FaultInjectingFileSystem
    ) async throws -> (TemporaryDirectory, URL, (any Error)?) {
      let temporary = try TemporaryDirectory()
      let folder = try photos(temporary)
      let session = DocumentSession(
        new: TextMemo(text: "text\n"), environment: testEnvironment(temporary))
      do {
        try await FileSystemContext.$current.withValue(fileSystem) {
          try await write(session, to: folder, mode)
        }
        return (temporary, folder, nil)
      } catch {
        return (temporary, folder, error)
      }
    }
    let counting = FaultInjectingFileSystem()
    let (_, _, refused) = try await attempt(counting)
    #expect(refused != nil)
    for call in 1...counting.callCount {
      let failing = FaultInjectingFileSystem(failingCall: call, with: .eio)
      let (temporary, folder, error) = try await attempt(failing)
      #expect(error != nil, "call \(call)")
      #expect(
        try Data(contentsOf: folder.appendingPathComponent("a.jpg")) == Self.canary, "call \(call)")
      #expect(try temporary.names(in: "photos") == ["a.jpg"], "call \(call)")
    }
  }

  @Test("A folder above the working folder is never replaced")
  func aboveWorkingFolder() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "text\n"), environment: testEnvironment(temporary))
    // "/" holds every working folder; a write over it is refused before
    // anything is written.
    let error = await #expect(throws: CocoaError.self) {
      try await session.save(to: URL(fileURLWithPath: "/"), overwrite: true)
    }
    #expect(error?.documentSessionError?.code == .destinationHoldsWorkingFolder)
  }

  @Test("A package replaces a package of its type, crash-safely; the canary folder beside it stays")
  func packageOverPackage() async throws {
    let temporary = try TemporaryDirectory()
    let folder = try photos(temporary)
    let old = try makeFolio(temporary, name: "Old.folio", count: 1)
    let source = try makeFolio(temporary, name: "Trip.folio", count: 2)
    let session = try await DocumentSession<Folio>.open(
      source, environment: testEnvironment(temporary))
    session.perform { $0.setTitle("Porto") }
    try await session.save(to: old, overwrite: true)
    let copy = try Folio(
      configuration: .init(contentType: .folio, file: FileWrapper(url: old)))
    #expect(copy.title == "Porto")
    #expect(copy.pages.count == 2)
    #expect(try Data(contentsOf: folder.appendingPathComponent("a.jpg")) == Self.canary)
    #expect(try temporary.names().filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test("Nothing is written inside the document's own package")
  func insideOwnPackage() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 2)
    let before = try #require(diskState(url))
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    session.perform { $0.setTitle("Porto") }
    let error = await #expect(throws: CocoaError.self) {
      try await session.save(to: url.appendingPathComponent("inner.folio"))
    }
    #expect(error?.documentSessionError?.code == .destinationInsideDocument)
    #expect(diskState(url) == before)
  }

  @Test(
    "A text file opened through a linked folder and a linked name saves to the target, keeping the links"
  )
  func linkedTextFile() async throws {
    let temporary = try TemporaryDirectory()
    let target = try temporary.write("one\n", to: "real/f.txt")
    try FileManager.default.createSymbolicLink(
      at: temporary("linkdir"), withDestinationURL: temporary("real"))
    try FileManager.default.createSymbolicLink(
      atPath: temporary("linkf.txt").path, withDestinationPath: "real/f.txt")
    for (step, name) in ["linkdir/f.txt", "linkf.txt"].enumerated() {
      let url = temporary(name)
      let session = try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
      #expect(session.fileURL == url)
      let inodeBefore = inode(target)
      try session.perform { try $0.insert(["step \(step)"], at: 0) }
      try await session.save()
      #expect(!session.hasConflict)
      // Written crash-safely beside the target and renamed over it: a new
      // inode at the target, and the links still links.
      #expect(inode(target) != inodeBefore)
      #expect(isSymbolicLink(temporary("linkdir")))
      #expect(isSymbolicLink(temporary("linkf.txt")))
      #expect(try temporary.names(in: "real") == ["f.txt"])
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "step 1\nstep 0\none\n")
  }

  @Test("A change to a link's target is a conflict; the save is refused and the other version kept")
  func conflictThroughLink() async throws {
    let temporary = try TemporaryDirectory()
    let target = try temporary.write("one\n", to: "real.txt")
    try FileManager.default.createSymbolicLink(
      atPath: temporary("link.txt").path, withDestinationPath: "real.txt")
    let session = try await DocumentSession<TextMemo>.open(
      temporary("link.txt"), environment: testEnvironment(temporary))
    #expect(!session.hasConflict)
    try Data("other program\n".utf8).write(to: target)
    #expect(session.hasConflict)
    try session.perform { try $0.insert(["mine"], at: 0) }
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(try String(contentsOf: target, encoding: .utf8) == "other program\n")
    try await session.revert()
    #expect(session.document.text == "other program\n")
  }

  @Test("A package opened through a link saves in place into the target package; the link stays")
  func linkedPackage() async throws {
    let temporary = try TemporaryDirectory()
    let target = try makeFolio(temporary, name: "Real.folio", count: 2)
    let link = temporary("Link.folio")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "Real.folio")
    let session = try await DocumentSession<Folio>.open(
      link, environment: testEnvironment(temporary))
    session.perform { $0.setTitle("Porto") }
    try await session.save()
    #expect(!session.hasConflict)
    #expect(isSymbolicLink(link))
    let saved = try Folio(
      configuration: .init(contentType: .folio, file: FileWrapper(url: target)))
    #expect(saved.title == "Porto")
    // And a save as onto the link replaces the target package, not the link.
    session.perform { $0.setTitle("Lisbon") }
    try await session.save(as: link, overwrite: true)
    #expect(isSymbolicLink(link))
    let again = try Folio(
      configuration: .init(contentType: .folio, file: FileWrapper(url: target)))
    #expect(again.title == "Lisbon")
  }

  @Test("A folder opened without a type says it is a folder")
  func folderOpened() async throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: temporary("adir"), withIntermediateDirectories: true)
    let error = await #expect(throws: CocoaError.self) {
      _ = try await DocumentSession<TextMemo>.open(
        temporary("adir"), environment: testEnvironment(temporary))
    }
    let message = try #require(error?.localizedDescription)
    #expect(
      message.hasPrefix(
        temporary("adir").path + ": this is a folder; this document reads public.plain-text"))
  }

  @Test("A package of a type with no declaration is still saved in place and saved as onto itself")
  func ownUndeclaredPackage() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, name: "pkg", count: 1)
    let session = try await DocumentSession<Folio>.open(
      url, contentType: .folio, environment: testEnvironment(temporary))
    session.perform { $0.setTitle("Porto") }
    try await session.save()
    session.perform { $0.setTitle("Lisbon") }
    try await session.save(as: url, overwrite: true)
    #expect(!session.isDirty)
  }
}
