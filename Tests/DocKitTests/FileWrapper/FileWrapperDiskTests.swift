import DocKit
import DocTestSupport
import Foundation
import Testing

@Suite("FileWrapper: reading and writing the disk")
struct FileWrapperDiskTests {
  /// A package with a nested folder, a link and a file with unusual bytes.
  static func samplePackage() throws -> FileWrapper {
    let notes = FileWrapper(directoryWithFileWrappers: [:])
    notes.addRegularFile(
      withContents: Data("{\"text\":\"one\"}".utf8), preferredFilename: "one.json")
    notes.addRegularFile(withContents: Data([0, 255, 10, 13]), preferredFilename: "binary.bin")
    let link = FileWrapper(
      symbolicLinkWithDestinationURL: try #require(URL(string: "notes/one.json")))
    link.preferredFilename = "latest"
    notes.preferredFilename = "notes"
    let package = FileWrapper(directoryWithFileWrappers: ["notes": notes, "latest": link])
    package.addRegularFile(withContents: Data("{}".utf8), preferredFilename: "metadata.json")
    package.addRegularFile(withContents: Data(), preferredFilename: "empty")
    return package
  }

  @Test("A tree written and read back has the same names, kinds, bytes and link targets")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    let package = try Self.samplePackage()
    try package.write(to: temporary("Doc.pkg"), options: [], originalContentsURL: nil)
    let read = try FileWrapper(url: temporary("Doc.pkg"))
    #expect(read.filename == "Doc.pkg")
    #expect(read.preferredFilename == "Doc.pkg")
    #expect(
      Set(read.fileWrappers?.keys ?? [:].keys) == ["notes", "latest", "metadata.json", "empty"])
    #expect(
      read.fileWrappers?["notes"]?.fileWrappers?["binary.bin"]?.regularFileContents
        == Data([0, 255, 10, 13]))
    #expect(read.fileWrappers?["empty"]?.regularFileContents == Data())
    #expect(
      read.fileWrappers?["latest"]?.symbolicLinkDestinationURL?.relativePath == "notes/one.json")
    #expect(read.fileWrappers?["notes"]?.fileWrappers?["one.json"]?.filename == "one.json")
    // Equal trees serialize to equal bytes, whatever their history: the
    // tree read back, written elsewhere and read again is the same tree.
    try read.write(to: temporary("Again.pkg"), options: .atomic, originalContentsURL: nil)
    let again = try FileWrapper(url: temporary("Again.pkg"))
    again.preferredFilename = "Doc.pkg"
    #expect(read.serializedRepresentation != nil)
    #expect(read.serializedRepresentation == again.serializedRepresentation)
  }

  @Test("Reading a single file or a link gives a wrapper of that kind; links are not followed")
  func readingOtherKinds() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("text", to: "file.txt")
    try FileManager.default.createSymbolicLink(
      atPath: temporary("link").path, withDestinationPath: "file.txt")
    let file = try FileWrapper(url: temporary("file.txt"), options: .immediate)
    #expect(file.isRegularFile)
    #expect(file.regularFileContents == Data("text".utf8))
    let link = try FileWrapper(url: temporary("link"))
    #expect(link.isSymbolicLink)
    #expect(link.symbolicLinkDestinationURL?.relativePath == "file.txt")
    #expect(
      link.symbolicLinkDestinationURL?.standardizedFileURL.path
        == temporary("file.txt").standardizedFileURL.path)
  }

  @Test("Permissions read from disk are written back exactly, even read-only ones")
  func permissions() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("secret", to: "in/private.txt")
    try temporary.write("public", to: "in/locked/readonly.txt")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: temporary("in/private.txt").path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o444], ofItemAtPath: temporary("in/locked/readonly.txt").path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: temporary("in/locked").path)
    let tree = try FileWrapper(url: temporary("in"))
    try tree.write(to: temporary("out"), options: .atomic, originalContentsURL: nil)
    #expect(FileStat(temporary("out/private.txt"))?.permissions == 0o600)
    #expect(FileStat(temporary("out/locked"))?.permissions == 0o555)
    #expect(FileStat(temporary("out/locked/readonly.txt"))?.permissions == 0o444)
    #expect(
      try String(contentsOf: temporary("out/locked/readonly.txt"), encoding: .utf8) == "public")
  }

  @Test("A new wrapper's mode is narrowed by the umask, like any new file")
  func newFileMode() throws {
    let temporary = try TemporaryDirectory()
    let mask = umask(0o022)
    defer { umask(mask) }
    try FileWrapper(regularFileWithContents: Data()).write(
      to: temporary("new"), options: [], originalContentsURL: nil)
    #expect(FileStat(temporary("new"))?.permissions == 0o644)
  }

  @Test("An atomic write leaves only the destination: no temporary files")
  func atomicLeavesNoTemporaries() throws {
    let temporary = try TemporaryDirectory()
    try Self.samplePackage().write(
      to: temporary("Doc.pkg"), options: .atomic, originalContentsURL: nil)
    #expect(try temporary.names() == ["Doc.pkg"])
    try Self.samplePackage().write(
      to: temporary("Doc.pkg"), options: .atomic, originalContentsURL: nil)
    try FileWrapper(regularFileWithContents: Data("a".utf8))
      .write(to: temporary("single.txt"), options: .atomic, originalContentsURL: nil)
    try FileWrapper(regularFileWithContents: Data("b".utf8))
      .write(to: temporary("single.txt"), options: .atomic, originalContentsURL: nil)
    #expect(try temporary.names() == ["Doc.pkg", "single.txt"])
    #expect(try String(contentsOf: temporary("single.txt"), encoding: .utf8) == "b")
  }

  @Test("An atomic write replaces a directory with a file, and a file with a directory")
  func atomicReplacesAcrossKinds() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("old", to: "target/inside.txt")
    try FileWrapper(regularFileWithContents: Data("new".utf8))
      .write(to: temporary("target"), options: .atomic, originalContentsURL: nil)
    #expect(try String(contentsOf: temporary("target"), encoding: .utf8) == "new")
    try Self.samplePackage().write(
      to: temporary("target"), options: .atomic, originalContentsURL: nil)
    #expect(try temporary.names(in: "target") == ["empty", "latest", "metadata.json", "notes"])
    #expect(try temporary.names() == ["target"])
  }

  @Test("A non-atomic write refuses an existing destination and leaves it alone")
  func nonAtomicRefusesExisting() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("precious", to: "Doc.pkg/keep.txt")
    let error = #expect(throws: CocoaError.self) {
      try Self.samplePackage().write(
        to: temporary("Doc.pkg"), options: [], originalContentsURL: nil)
    }
    #expect(error?.code == .fileWriteFileExists)
    #expect(error?.fileWrapperError?.code == .fileExists)
    #expect(try temporary.names(in: "Doc.pkg") == ["keep.txt"])
  }

  @Test(
    "A write that fails part-way leaves nothing new behind, and an atomic one keeps the old item")
  func failedWriteCleansUp() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("a", to: "source/a.txt")
    try temporary.write("b", to: "source/b.txt")
    let tree = try FileWrapper(url: temporary("source"))  // lazy
    try FileManager.default.removeItem(at: temporary("source/b.txt"))
    #expect(throws: CocoaError.self) {
      try tree.write(to: temporary("copy"), options: [], originalContentsURL: nil)
    }
    #expect(try temporary.names() == ["source"])
    try temporary.write("old", to: "existing/old.txt")
    let thrown = #expect(throws: CocoaError.self) {
      try tree.write(to: temporary("existing"), options: .atomic, originalContentsURL: nil)
    }
    #expect(thrown?.code == .fileNoSuchFile)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .noSuchFile)
    #expect(error?.path == temporary("source/b.txt").path)
    #expect(try temporary.names() == ["existing", "source"])
    #expect(try temporary.names(in: "existing") == ["old.txt"])
  }

  @Test("withNameUpdating sets each written wrapper's filename to its key")
  func nameUpdating() throws {
    let temporary = try TemporaryDirectory()
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    let key = directory.addRegularFile(withContents: Data("x".utf8), preferredFilename: "a")
    let duplicate = directory.addRegularFile(withContents: Data("y".utf8), preferredFilename: "a")
    try directory.write(to: temporary("plain"), options: [], originalContentsURL: nil)
    #expect(directory.fileWrappers?[key]?.filename == nil)
    try directory.write(
      to: temporary("named"), options: .withNameUpdating, originalContentsURL: nil)
    #expect(directory.filename == "named")
    #expect(directory.fileWrappers?[key]?.filename == "a")
    #expect(directory.fileWrappers?[duplicate]?.filename == duplicate)
    #expect(try temporary.names(in: "named") == ["1__#$!@%!#__a", "a"])
  }

  @Test("A uniqued key longer than 255 bytes is refused at write, before anything is created")
  func overlongUniquedKey() throws {
    let temporary = try TemporaryDirectory()
    let name = String(repeating: "n", count: 250)
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    directory.addRegularFile(withContents: Data(), preferredFilename: name)
    directory.addRegularFile(withContents: Data(), preferredFilename: name)
    let thrown = #expect(throws: CocoaError.self) {
      try directory.write(to: temporary("Doc"), options: [], originalContentsURL: nil)
    }
    #expect(thrown?.code == .fileWriteInvalidFileName)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .invalidFilename)
    #expect(error?.path == temporary("Doc").path + "/1__#$!@%!#__" + name)
    #expect(try temporary.names().isEmpty)
  }

  @Test("A directory wrapper that contains itself is refused, not walked forever")
  func cycle() throws {
    let temporary = try TemporaryDirectory()
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    let inner = FileWrapper(directoryWithFileWrappers: [:])
    inner.preferredFilename = "inner"
    directory.addFileWrapper(inner)
    inner.addFileWrapper(directory)
    let error = #expect(throws: CocoaError.self) {
      try directory.write(to: temporary("Loop"), options: .atomic, originalContentsURL: nil)
    }
    #expect(error?.code == .fileWriteUnknown)
    #expect(error?.fileWrapperError?.code == .cycle)
    #expect(directory.serializedRepresentation == nil)
    #expect(try temporary.names().isEmpty)
  }

  @Test("The same wrapper in two directories is written in both")
  func sharedWrapperWrittenTwice() throws {
    let temporary = try TemporaryDirectory()
    let shared = FileWrapper(regularFileWithContents: Data("same".utf8))
    shared.preferredFilename = "s.txt"
    let left = FileWrapper(directoryWithFileWrappers: ["s.txt": shared])
    let right = FileWrapper(directoryWithFileWrappers: ["s.txt": shared])
    left.preferredFilename = "left"
    right.preferredFilename = "right"
    let root = FileWrapper(directoryWithFileWrappers: ["left": left, "right": right])
    try root.write(to: temporary("Root"), options: .atomic, originalContentsURL: nil)
    #expect(try String(contentsOf: temporary("Root/left/s.txt"), encoding: .utf8) == "same")
    #expect(try String(contentsOf: temporary("Root/right/s.txt"), encoding: .utf8) == "same")
  }

  @Test("Lazy reads fetch contents on first use; .immediate reads them up front")
  func lazyAndImmediate() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("one", to: "pkg/a.txt")
    let lazy = try FileWrapper(url: temporary("pkg"))
    let immediate = try FileWrapper(url: temporary("pkg"), options: [.immediate, .withoutMapping])
    try FileManager.default.removeItem(at: temporary("pkg/a.txt"))
    #expect(immediate.fileWrappers?["a.txt"]?.regularFileContents == Data("one".utf8))
    let child = try #require(lazy.fileWrappers?["a.txt"])
    #expect(child.regularFileContents == nil)
    let error = #expect(throws: FileWrapperError.self) { try child.loadRegularFileContents() }
    #expect(error?.code == .noSuchFile)
    #expect(error?.path == temporary("pkg/a.txt").path)
    #expect(lazy.serializedRepresentation == nil)
  }

  @Test("A lazily read file that was rewritten since the read is reported, not misread")
  func lazyReadAfterChange() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("before", to: "pkg/a.txt")
    let lazy = try FileWrapper(url: temporary("pkg"))
    try FileManager.default.removeItem(at: temporary("pkg/a.txt"))
    try temporary.write("after!", to: "pkg/a.txt")
    let error = #expect(throws: FileWrapperError.self) {
      try lazy.fileWrappers?["a.txt"]?.loadRegularFileContents()
    }
    #expect(error?.code == .changedSinceRead)
  }

  @Test("read(from:) adds and removes children to match the disk, keeping unchanged wrappers")
  func rereading() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("a", to: "pkg/a.txt")
    try temporary.write("b", to: "pkg/b.txt")
    let package = try FileWrapper(url: temporary("pkg"))
    let a = try #require(package.fileWrappers?["a.txt"])
    try FileManager.default.removeItem(at: temporary("pkg/b.txt"))
    try temporary.write("c", to: "pkg/c.txt")
    try temporary.write("a2", to: "pkg/a.txt")
    try package.read(from: temporary("pkg"))
    #expect(package.fileWrappers?.keys.sorted() == ["a.txt", "c.txt"])
    #expect(package.fileWrappers?["a.txt"] === a)
    #expect(a.regularFileContents == Data("a2".utf8))
  }

  @Test("matchesContents(of:) notices added files, changed sizes and changed kinds")
  func matching() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("a", to: "pkg/a.txt")
    try FileManager.default.createSymbolicLink(
      atPath: temporary("pkg/l").path, withDestinationPath: "a.txt")
    let package = try FileWrapper(url: temporary("pkg"))
    #expect(package.matchesContents(of: temporary("pkg")))
    try temporary.write("b", to: "pkg/b.txt")
    #expect(!package.matchesContents(of: temporary("pkg")))
    try FileManager.default.removeItem(at: temporary("pkg/b.txt"))
    #expect(package.matchesContents(of: temporary("pkg")))
    try temporary.write("longer", to: "pkg/a.txt")
    #expect(!package.matchesContents(of: temporary("pkg")))
    try package.read(from: temporary("pkg"))
    #expect(package.matchesContents(of: temporary("pkg")))
    try FileManager.default.removeItem(at: temporary("pkg/l"))
    try FileManager.default.createSymbolicLink(
      atPath: temporary("pkg/l").path, withDestinationPath: "elsewhere")
    #expect(!package.matchesContents(of: temporary("pkg")))
    #expect(!package.matchesContents(of: temporary("missing")))
  }
}
