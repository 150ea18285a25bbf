import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

@Suite("FileWrapper: Apple-style code catches CocoaError with Apple's codes")
struct FileWrapperCocoaErrorTests {
  @Test("A missing file is CocoaError.fileReadNoSuchFile, with the path, the errno and the call")
  func missingFile() throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("nothing.txt")
    var matched = false
    do {
      _ = try FileWrapper(url: url)
    } catch CocoaError.fileReadNoSuchFile {
      matched = true
    } catch {
      Issue.record("expected CocoaError.fileReadNoSuchFile, got \(error)")
    }
    #expect(matched)
    let error = try #require(#expect(throws: CocoaError.self) { try FileWrapper(url: url) })
    #expect(error.filePath == url.path)
    #expect(error.url == url)
    #expect((error.underlying as? POSIXError)?.code == .ENOENT)
    #expect(error.fileWrapperError?.systemCall == "fstatat")
    #expect(error.fileWrapperError?.errno == ENOENT)
    #expect(error.localizedDescription == "\(url.path): fstatat failed: No such file or directory")
  }

  @Test("DocKit's finer code is reachable in the catch: a device is .unsupportedFileType")
  func finerCode() {
    var caught: String?
    do {
      _ = try FileWrapper(url: URL(fileURLWithPath: "/dev/null"), options: .immediate)
    } catch CocoaError.fileReadNoSuchFile {
      caught = "no such file"
    } catch  where error.fileWrapperError?.code == .unsupportedFileType {
      caught = error.localizedDescription
    } catch {
      caught = "other: \(error)"
    }
    #expect(caught == "/dev/null: refusing to read a character device")
  }

  @Test("A directory that refuses access is .fileReadNoPermission, even for root")
  func permissionDenied() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "Locked.pkg/a.txt")
    let refusing = ErrnoInjectingFileSystem(EACCES, on: [.openForReading])
    do {
      _ = try FileSystemContext.$current.withValue(refusing) {
        try FileWrapper(url: temporary("Locked.pkg"))
      }
      Issue.record("the read succeeded")
    } catch let error as CocoaError where error.code == .fileReadNoPermission {
      #expect(error.filePath == temporary("Locked.pkg").path)
      #expect((error.underlying as? POSIXError)?.code == .EACCES)
      #expect(error.fileWrapperError?.code == .permissionDenied)
    } catch {
      Issue.record("expected .fileReadNoPermission, got \(error)")
    }
  }

  @Test(
    "A directory with mode 000 is .fileReadNoPermission (not run as root, which bypasses it)",
    .enabled(if: geteuid() != 0))
  func realPermissionDenied() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "Locked.pkg/a.txt")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0], ofItemAtPath: temporary("Locked.pkg").path)
    let error = #expect(throws: CocoaError.self) { try FileWrapper(url: temporary("Locked.pkg")) }
    #expect(error?.code == .fileReadNoPermission)
  }

  @Test("A write onto an existing item without .atomic is .fileWriteFileExists")
  func fileExists() throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("precious", to: "taken.txt")
    // Untyped, as Apple's `throws` is: the `as` test below is then not
    // trivially true.
    let write: () throws -> Void = {
      try FileWrapper(regularFileWithContents: Data("new".utf8))
        .write(to: url, options: [], originalContentsURL: nil)
    }
    do {
      try write()
      Issue.record("the write succeeded")
    } catch let error as CocoaError where error.code == .fileWriteFileExists {
      #expect(error.filePath == url.path)
      #expect(error.url == url)
      #expect((error.underlying as? POSIXError)?.code == .EEXIST)
    } catch {
      Issue.record("expected .fileWriteFileExists, got \(error)")
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "precious")
  }

  struct WriteFault: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var fileSystem: ErrnoInjectingFileSystem
    var code: CocoaError.Code
    var errno: POSIXErrorCode
  }

  static let faults = [
    WriteFault(
      testDescription: "a full disk", fileSystem: .init(ENOSPC, on: [.write]),
      code: .fileWriteOutOfSpace, errno: .ENOSPC),
    WriteFault(
      testDescription: "a quota", fileSystem: .init(EDQUOT, on: [.write]),
      code: .fileWriteOutOfSpace, errno: .EDQUOT),
    WriteFault(
      testDescription: "a read-only volume", fileSystem: .readOnlyVolume,
      code: .fileWriteVolumeReadOnly, errno: .EROFS),
    WriteFault(
      testDescription: "a directory that refuses writing",
      fileSystem: .init(EACCES, on: ErrnoInjectingFileSystem.Operation.modifying),
      code: .fileWriteNoPermission, errno: .EACCES),
  ]

  @Test("A write refused by the file system gets Apple's code", arguments: faults)
  func writeFaults(_ fault: WriteFault) throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("old", to: "Doc.txt")
    let error = #expect(throws: CocoaError.self) {
      try FileSystemContext.$current.withValue(fault.fileSystem) {
        try FileWrapper(regularFileWithContents: Data("new".utf8))
          .write(to: url, options: .atomic, originalContentsURL: nil)
      }
    }
    #expect(error?.code == fault.code)
    #expect((error?.underlying as? POSIXError)?.code == fault.errno)
    #expect(error?.filePath?.hasPrefix(temporary.url.path) == true)
    #expect(error?.fileWrapperError?.systemCall != nil)
    #expect(try String(contentsOf: url, encoding: .utf8) == "old")
    #expect(try temporary.names() == ["Doc.txt"])
  }

  @Test("A URL that is not a file URL is .fileReadUnsupportedScheme or .fileWriteUnsupportedScheme")
  func unsupportedScheme() throws {
    let url = try #require(URL(string: "https://example.com/Doc.txt"))
    let read = #expect(throws: CocoaError.self) { try FileWrapper(url: url) }
    #expect(read?.code == .fileReadUnsupportedScheme)
    #expect(read?.url == url)
    #expect(read?.fileWrapperError?.code == .unsupportedScheme)
    let write = #expect(throws: CocoaError.self) {
      try FileWrapper(regularFileWithContents: Data())
        .write(to: url, options: .atomic, originalContentsURL: nil)
    }
    #expect(write?.code == .fileWriteUnsupportedScheme)
  }

  @Test("read(from:) reports like init(url:), and leaves the wrapper as it was")
  func rereadMissing() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("a", to: "pkg/a.txt")
    let wrapper = try FileWrapper(url: temporary("pkg"))
    try FileManager.default.removeItem(at: temporary("pkg"))
    #expect {
      try wrapper.read(from: temporary("pkg"))
    } throws: { error in
      (error as? CocoaError)?.code == .fileReadNoSuchFile
    }
    #expect(wrapper.fileWrappers?.keys.sorted() == ["a.txt"])
  }
}
