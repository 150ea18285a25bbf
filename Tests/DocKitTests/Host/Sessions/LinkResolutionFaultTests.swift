import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// Fails every `lstat` (`fstatat` with `AT_SYMLINK_NOFOLLOW`) or every
/// `readlinkat` of the one path whose last name is `name`, with `code`;
/// every other call goes to the real file system.
struct FailingLinkLookup: FileSystem {
  enum Call: String, CaseIterable, Sendable { case lstat, readlink }

  let call: Call
  let name: String
  let code: Int32

  private func fails(_ path: UnsafePointer<CChar>) -> Bool {
    guard String(cString: path).hasSuffix("/" + name) else { return false }
    errno = code
    return true
  }

  func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    if call == .lstat, flags & AT_SYMLINK_NOFOLLOW != 0, fails(path) { return -1 }
    return POSIXFileSystem().fstatat(directory, path, &status, flags)
  }

  func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    if call == .readlink, fails(path) { return -1 }
    return POSIXFileSystem().readlinkat(directory, path, buffer, size)
  }
}

/// The links on the way to a document are looked at through
/// ``FileSystemContext``, and a look that fails for any reason but "nothing
/// there" stops the save: it is never read as "not a link", which would
/// replace the link with a file and leave its target without the edit.
@MainActor
@Suite(
  "A failed look at a link on the way to a document stops the save; the link and its target stay")
struct LinkResolutionFaultTests {
  /// How the document is reached: its own name is a link, or the folder
  /// on the way is.
  enum Layout: String, CaseIterable, Sendable {
    case linkedName, linkedFolder
    /// The link's name, and the document's path through it.
    var link: (name: String, document: String) {
      switch self {
      case .linkedName: ("link.txt", "link.txt")
      case .linkedFolder: ("linkdir", "linkdir/memo.txt")
      }
    }
  }

  enum Mode: String, CaseIterable, Sendable { case save, saveAs }

  nonisolated static let cases: [(FailingLinkLookup.Call, Int32, Layout, Mode)] =
    FailingLinkLookup.Call.allCases.flatMap { call in
      [EIO, EACCES].flatMap { code in
        Layout.allCases.flatMap { layout in Mode.allCases.map { (call, code, layout, $0) } }
      }
    }

  private func linkTarget(_ url: URL) -> String? {
    var status = stat()
    guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
    return try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)
  }

  @Test(
    "A failing lstat or readlink of the link fails the save loudly; the link, its target's bytes and the unsaved edit stay",
    arguments: cases)
  func lookupFault(
    call: FailingLinkLookup.Call, code: Int32, layout: Layout, mode: Mode
  ) async throws {
    let temporary = try TemporaryDirectory()
    let old = Array("canary 4c1d\n".utf8)
    let target = temporary("real/memo.txt")
    try FileManager.default.createDirectory(
      at: temporary("real"), withIntermediateDirectories: true)
    try Data(old).write(to: target)
    let (linkName, documentPath) = layout.link
    let linkDestination = layout == .linkedName ? "real/memo.txt" : "real"
    try FileManager.default.createSymbolicLink(
      atPath: temporary(linkName).path, withDestinationPath: linkDestination)
    let url = temporary(documentPath)
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["edit"], at: 0) }

    let failing = FailingLinkLookup(call: call, name: linkName, code: code)
    let error = try await #require(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(failing) {
        switch mode {
        case .save: try await session.save()
        case .saveAs: try await session.save(as: url, overwrite: true)
        }
      }
    }
    let failure = try #require(error.fileWrapperError)
    #expect(failure.errno == code)
    #expect(failure.systemCall == (call == .lstat ? "fstatat" : "readlinkat"))
    #expect(failure.path.hasSuffix("/" + linkName))
    // Nothing changed: the link is still the same link, the target holds
    // its old bytes, and the edit is still unsaved.
    #expect(linkTarget(temporary(linkName)) == linkDestination)
    #expect(Array(try Data(contentsOf: target)) == old)
    #expect(try temporary.names(in: "real") == ["memo.txt"])
    #expect(session.isDirty)

    // Once the link can be looked at, the same save goes to the target.
    switch mode {
    case .save: try await session.save()
    case .saveAs: try await session.save(as: url, overwrite: true)
    }
    #expect(linkTarget(temporary(linkName)) == linkDestination)
    #expect(Array(try Data(contentsOf: target)) == Array("edit\n".utf8) + old)
    #expect(!session.isDirty)
  }

  @Test("A link that is missing its target's folder, or a new name, still resolves as before")
  func missingIsNotAFault() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "new\n"), contentType: .plainText,
      environment: testEnvironment(temporary))
    // A dangling link whose target's folder exists: the save creates the
    // target and keeps the link.
    try FileManager.default.createDirectory(
      at: temporary("real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: temporary("dangling.txt").path, withDestinationPath: "real/new.txt")
    try await session.save(as: temporary("dangling.txt"), overwrite: true)
    #expect(linkTarget(temporary("dangling.txt")) == "real/new.txt")
    #expect(Array(try Data(contentsOf: temporary("real/new.txt"))) == Array("new\n".utf8))
    // A name under a missing folder is the usual "no such file".
    let missing = try await #require(throws: CocoaError.self) {
      try await session.save(as: temporary("missing/x.txt"))
    }
    #expect(missing.fileWrapperError?.code == .noSuchFile)
  }
}
