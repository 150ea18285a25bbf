import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The copies the host makes (save as, save to, export, a copy of an
/// untitled document's autosave) share no inode with the file they were
/// made from: a program that writes one of them in place (`Data.write`,
/// `>>`, vim on a file with several links) leaves the other as it was.
@MainActor
@Suite("Document session: save as, save to and export share no inode with the original")
struct IndependentCopyTests {
  /// One way the host makes a copy of an open package.
  struct Operation: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Makes the copy of `session`'s package at `destination`.
    var run: @MainActor @Sendable (DocumentSession<Folio>, URL) async throws -> Void
  }

  nonisolated static let operations: [Operation] = [
    Operation(testDescription: "save as") { session, destination in
      try await session.save(as: destination)
    },
    Operation(testDescription: "save as over an existing package") { session, destination in
      // A package a folio reads: only such a folder is replaced.
      try await session.save(to: destination)
      try await session.save(as: destination, overwrite: true)
    },
    Operation(testDescription: "save to") { session, destination in
      try await session.save(to: destination)
    },
    Operation(testDescription: "export") { session, destination in
      var outcome: Result<URL, any Error>?
      await FileExporter().export(
        document: session, presenter: FixedExportPresenter(.init(url: destination))
      ) { outcome = $0 }
      _ = try #require(outcome).get()
    },
  ]

  /// The package `makeFolio` writes, open, with page n1 edited.
  static func editedPackage(
    _ temporary: TemporaryDirectory, name: String = "Journal.folio"
  ) async throws -> (DocumentSession<Folio>, URL) {
    let url = try makeFolio(temporary, name: name, count: 5)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n1", text: "edited") }
    try await session.endEvent()
    return (session, url)
  }

  @Test("Every file of the copy is its own inode, with one link", arguments: operations)
  func copiesShareNoInode(_ operation: Operation) async throws {
    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    let copy = temporary("Journal 2.folio")
    try await operation.run(session, copy)
    try expectIndependent(copy, of: original)
    // The copy holds the edit and every unchanged page.
    let reopened = try await DocumentSession<Folio>.open(
      copy, environment: testEnvironment(temporary))
    #expect(
      reopened.document.pages.map(\.text) == ["edited", "text 2", "text 3", "text 4", "text 5"])
  }

  @Test(
    "Writing into the copy in place (Data.write, FileHandle, >>) leaves the original as it was",
    arguments: operations)
  func inPlaceWritesStayInTheCopy(_ operation: Operation) async throws {
    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    let copy = temporary("Journal 2.folio")
    try await operation.run(session, copy)
    let before = try #require(diskState(original))
    try writeInPlace(into: copy)
    #expect(diskState(original) == before, "a write into the copy changed the original")
    #expect(
      try String(contentsOf: original.appendingPathComponent("n2.txt"), encoding: .utf8)
        .contains("text 2"))
    // And the other way round: writing into the original leaves the copy.
    let copied = try #require(diskState(copy))
    try writeInPlace(into: original)
    #expect(diskState(copy) == copied, "a write into the original changed the copy")
  }

  @Test("Save as keeps each unchanged file's bytes, mode and modification time, as a link would")
  func copiesKeepAttributes() async throws {
    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    #expect(chmod(original.appendingPathComponent("n3.txt").path, 0o640) == 0)
    try await session.save(as: temporary("Copy.folio"))
    for name in ["n2.txt", "n3.txt", "n4.txt", "n5.txt"] {
      let old = original.appendingPathComponent(name)
      let new = temporary("Copy.folio/\(name)")
      #expect(try Data(contentsOf: new) == Data(contentsOf: old))
      #expect(FileStat(new)?.permissions == FileStat(old)?.permissions)
      #expect(modificationTime(new) == modificationTime(old), "\(name)")
    }
    #expect(FileStat(temporary("Copy.folio/n3.txt"))?.permissions == 0o640)
    #expect(
      try String(contentsOf: temporary("Copy.folio/n1.txt"), encoding: .utf8).contains("edited"))
  }

  @Test("An untitled document's autosave and the copies made from it share no inode")
  func untitledAutosave() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: try Folio(
        title: "Draft", pages: [.init(id: "a", text: "first")]),
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 1, interval: nil)))
    try session.perform { try $0.editPage(id: "a", text: "second") }
    #expect(try await session.endEvent() == true)
    let autosave = try #require(session.autosaveURL)
    // Save to: the autosave stays, next to an independent copy.
    try await session.save(to: temporary("Exported.folio"))
    try expectIndependent(temporary("Exported.folio"), of: autosave)
    try writeInPlace(into: temporary("Exported.folio"), files: ["a.txt", "index.txt"])
    #expect(
      try String(contentsOf: autosave.appendingPathComponent("a.txt"), encoding: .utf8)
        .contains("second"))
    // Save as: the document adopts the new package; its autosave goes.
    try await session.save(as: temporary("Kept.folio"))
    #expect(!FileManager.default.fileExists(atPath: autosave.path))
    try expectIndependent(temporary("Kept.folio"), of: temporary("Exported.folio"))
  }

  @Test("A document recovered from an autosave saves as a package of its own")
  func recoveredAutosave() async throws {
    let temporary = try TemporaryDirectory()
    let environment: DocumentSession<Folio>.Environment = testEnvironment(
      temporary, policy: AutosavePolicy(changes: 1, interval: nil))
    let autosave: URL
    do {
      let session = DocumentSession(
        new: try Folio(
          title: "Draft", pages: [.init(id: "a", text: "first")]),
        environment: environment)
      try session.perform { try $0.editPage(id: "a", text: "second") }
      try await session.endEvent()
      autosave = try #require(session.autosaveURL)
    }
    let recovered = try await DocumentSession<Folio>.recover(
      autosaveAt: autosave, kind: .fileDocument, environment: environment)
    try await recovered.save(as: temporary("Kept.folio"))
    #expect(!FileManager.default.fileExists(atPath: autosave.path))
    try expectSingleLinks(temporary("Kept.folio"))
    #expect(try regularFiles(under: temporary("Kept.folio")) == ["a.txt", "index.txt"])
    #expect(recovered.document.pages.map(\.text) == ["second"])
  }

  @Test(
    "Without FICLONE the copy is made by copy_file_range, and without that by read and write",
    arguments: [
      (EOPNOTSUPP, nil), (EXDEV, nil), (EINVAL, nil), (ENOTTY, nil),
      (EOPNOTSUPP, EXDEV), (EXDEV, ENOSYS), (EOPNOTSUPP, EINVAL), (EINVAL, EOPNOTSUPP),
    ] as [(Int32, Int32?)])
  func fallbacks(clone: Int32, copyRange: Int32?) async throws {
    var refusals = ["ficlone": clone]
    if let copyRange { refusals["copyFileRange"] = copyRange }
    // The same save as with only FICLONE refused, for comparison.
    let reference = try TemporaryDirectory()
    let (referenceSession, _) = try await Self.editedPackage(reference)
    let clonelessFileSystem = FaultInjectingFileSystem(refusing: ["ficlone": EOPNOTSUPP])
    try await FileSystemContext.$current.withValue(clonelessFileSystem) {
      try await referenceSession.save(as: reference("Copy.folio"))
    }

    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    let fileSystem = FaultInjectingFileSystem(refusing: refusals)
    let copy = temporary("Copy.folio")
    try await FileSystemContext.$current.withValue(fileSystem) {
      try await session.save(as: copy)
    }
    let unchanged = try regularFiles(under: original).filter {
      try Data(contentsOf: original.appendingPathComponent($0))
        == Data(contentsOf: copy.appendingPathComponent($0))
    }
    #expect(unchanged.count == 5)  // the index and every page but n1
    let calls = fileSystem.callsByName
    #expect(calls["ficlone"] == unchanged.count, "one clone attempt per unchanged file")
    if copyRange == nil {
      #expect(calls["copyFileRange", default: 0] >= unchanged.count)
      #expect(calls["write"] == clonelessFileSystem.callsByName["write"])
    } else {
      // Each file tries copy_file_range once, then reads and writes.
      #expect(calls["copyFileRange"] == unchanged.count)
      #expect(
        calls["write", default: 0]
          == clonelessFileSystem.callsByName["write", default: 0] + unchanged.count)
    }
    #expect(diskState(copy) == diskState(reference("Copy.folio")))
    try expectIndependent(copy, of: original)
  }

  @Test("A real failure of FICLONE, copy_file_range or syncfs fails the save, leaving nothing")
  func copyFailures() async throws {
    for refusal in [
      ["ficlone": EIO], ["ficlone": EOPNOTSUPP, "copyFileRange": ENOSPC], ["syncfs": EIO],
    ] {
      let temporary = try TemporaryDirectory()
      let (session, original) = try await Self.editedPackage(temporary)
      let before = diskState(original)
      let fileSystem = FaultInjectingFileSystem(refusing: refusal)
      await #expect(throws: (any Error).self, "\(refusal)") {
        try await FileSystemContext.$current.withValue(fileSystem) {
          try await session.save(as: temporary("Copy.folio"))
        }
      }
      #expect(try temporary.names() == ["Journal.folio"], "\(refusal)")
      #expect(diskState(original) == before)
      #expect(session.fileURL == original)
      #expect(session.isDirty)
    }
  }

  @Test(
    "A file written in place while it is copied: the copy is never a mixture"
  )
  func sourceChangesDuringCopy() async throws {
    // Contents in memory (the pages were read): the copy is written from
    // them instead, and holds what the document read.
    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    let tampering = TamperingFileSystem()
    try await FileSystemContext.$current.withValue(tampering) {
      try await session.save(as: temporary("Copy.folio"))
    }
    let tampered = try #require(tampering.tampered.withLock { $0 })
    #expect(
      try String(contentsOf: temporary("Copy.folio/\(tampered)"), encoding: .utf8)
        .contains("tampered") == false)
    #expect(
      try String(contentsOf: original.appendingPathComponent(tampered), encoding: .utf8)
        .hasSuffix("tampered"))
    try expectIndependent(temporary("Copy.folio"), of: original)

    // Contents never read (a lazy wrapper): the save fails, and no copy is
    // left.
    let lazyTemporary = try TemporaryDirectory()
    try lazyTemporary.write("one", to: "Journal/page-1.txt")
    try lazyTemporary.write("two", to: "Journal/page-2.txt")
    let lazy = try await DocumentSession<LazyPackage>.open(
      lazyTemporary("Journal"), environment: testEnvironment(lazyTemporary))
    let lazyTampering = TamperingFileSystem()
    await #expect(throws: (any Error).self) {
      try await FileSystemContext.$current.withValue(lazyTampering) {
        try await lazy.save(as: lazyTemporary("Journal 2"))
      }
    }
    #expect(lazyTampering.tampered.withLock { $0 } != nil)
    #expect(try lazyTemporary.names() == ["Journal"])
    #expect(lazy.fileURL == lazyTemporary("Journal"))
  }

  @Test("A lazily read package is copied without reading its files into memory")
  func lazyPackageSaveAs() async throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("one", to: "Journal/page-1.txt")
    try temporary.write("two", to: "Journal/sub/page-2.txt")
    let session = try await DocumentSession<LazyPackage>.open(
      temporary("Journal"), environment: testEnvironment(temporary))
    let fileSystem = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(fileSystem) {
      try await session.save(as: temporary("Journal 2"))
    }
    // The kernel clones or copies: nothing is read or written through user
    // space.
    #expect(fileSystem.callsByName["ficlone"] == 2)
    #expect(fileSystem.callsByName["read", default: 0] == 0)
    #expect(fileSystem.callsByName["write", default: 0] == 0)
    // Made durable by one syncfs and the parent's fsync after the rename
    // (Linux 5.8 and later), or by an fsync of each of the 2 files and 3
    // directories, then the parent's.
    let syncs = (fileSystem.callsByName["syncfs"] ?? 0, fileSystem.callsByName["fsync"] ?? 0)
    #expect(syncs == (1, 1) || syncs == (0, 6), "\(syncs)")
    try expectIndependent(temporary("Journal 2"), of: temporary("Journal"))
    // The reproduction: append to a page of the copy.
    try append("\nmore", to: temporary("Journal 2/page-1.txt"))
    #expect(try String(contentsOf: temporary("Journal/page-1.txt"), encoding: .utf8) == "one")
    #expect(
      try String(contentsOf: temporary("Journal 2/page-1.txt"), encoding: .utf8) == "one\nmore")
    // Saved in place now, the copy links only to its own old files, which
    // the replace removes.
    session.setDocument(LazyPackage(edits: ["page-3.txt": "three"]), actionName: "Add")
    try await session.endEvent()
    try await session.save()
    try expectIndependent(temporary("Journal 2"), of: temporary("Journal"))
  }

  @Test("A Document-family package (FileWrapperDocumentWriter) saves as an independent copy")
  func documentFamily() async throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("one", to: "Journal/page-1.txt")
    try temporary.write("two", to: "Journal/page-2.txt")
    let session = try await DocumentSession<FolderDocument>.open(
      temporary("Journal"), environment: testEnvironment(temporary)
    ) {
      FolderDocument()
    }
    try await session.save(as: temporary("Journal 2"))
    try expectIndependent(temporary("Journal 2"), of: temporary("Journal"))
    try await session.save(to: temporary("Journal 3"))
    try expectIndependent(temporary("Journal 3"), of: temporary("Journal 2"))
    try expectIndependent(temporary("Journal 3"), of: temporary("Journal"))
    try append("\nmore", to: temporary("Journal 2/page-1.txt"))
    #expect(try String(contentsOf: temporary("Journal/page-1.txt"), encoding: .utf8) == "one")
    #expect(try String(contentsOf: temporary("Journal 3/page-1.txt"), encoding: .utf8) == "one")
    // In place, over its own file: links that the replace then leaves alone.
    try await session.save(force: true)
    try expectIndependent(temporary("Journal 2"), of: temporary("Journal 3"))
    #expect(try temporary.names() == ["Journal", "Journal 2", "Journal 3"])
  }

  @Test("After an in-place save no surviving name shares an inode with the package")
  func inPlaceSaves() async throws {
    let temporary = try TemporaryDirectory()
    let (session, original) = try await Self.editedPackage(temporary)
    // Through the journal: only the changed page is replaced, by rename.
    try await session.save()
    try expectSingleLinks(original)
    // Through the whole-tree write, over the same package: unchanged files
    // are linked into the new tree, and the old tree is removed.
    try session.perform { try $0.editPage(id: "n2", text: "again") }
    try await session.endEvent()
    try await session.save(as: original, overwrite: true)
    try expectSingleLinks(original)
    #expect(try temporary.names() == ["Journal.folio"])
    // A copy, then in-place saves of the copy: the original stays as it was.
    let before = diskState(original)
    try await session.save(as: temporary("Copy.folio"))
    try session.perform { try $0.editPage(id: "n3", text: "in the copy") }
    try await session.endEvent()
    try await session.save()
    try expectIndependent(temporary("Copy.folio"), of: original)
    #expect(diskState(original) == before)
    #expect(try temporary.names() == ["Copy.folio", "Journal.folio"])
  }

  // MARK: - Helpers

  /// Expects every regular file under `copy` and under `original` to have
  /// one link, and no file of `copy` to be an inode of `original`.
  func expectIndependent(
    _ copy: URL, of original: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let originalInodes = Set(
      try regularFiles(under: original).compactMap {
        FileStat(original.appendingPathComponent($0))?.inode
      })
    let names = try regularFiles(under: copy)
    #expect(!names.isEmpty, sourceLocation: sourceLocation)
    for name in names {
      let status = try #require(
        FileStat(copy.appendingPathComponent(name)), sourceLocation: sourceLocation)
      #expect(
        status.linkCount == 1, "\(name) has \(status.linkCount) links",
        sourceLocation: sourceLocation)
      #expect(
        !originalInodes.contains(status.inode), "\(name) shares its inode with the original",
        sourceLocation: sourceLocation)
    }
    try expectSingleLinks(original, sourceLocation: sourceLocation)
  }

  func expectSingleLinks(
    _ root: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for name in try regularFiles(under: root) {
      #expect(
        FileStat(root.appendingPathComponent(name))?.linkCount == 1, "\(name)",
        sourceLocation: sourceLocation)
    }
  }

  /// Writes into three of `root`'s files in place, as other programs do: a
  /// truncating `Data.write` (no `.atomic`), a `FileHandle` write at the
  /// end, and an `O_APPEND` write (the shell's `>>`).
  func writeInPlace(
    into root: URL, files: [String] = ["n2.txt", "n3.txt", "index.txt"]
  ) throws {
    let inodes = files.map { FileStat(root.appendingPathComponent($0))?.inode }
    for (index, name) in files.enumerated() {
      let url = root.appendingPathComponent(name)
      switch index % 3 {
      case 0:
        try Data("overwritten in place".utf8).write(to: url)
      case 1:
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" written at the end".utf8))
        try handle.close()
      default:
        try append(" appended", to: url)
      }
    }
    // Really in place: the same inodes.
    #expect(files.map { FileStat(root.appendingPathComponent($0))?.inode } == inodes)
  }
}

/// Appends `text` with `O_APPEND`, as the shell's `>>` does.
func append(_ text: String, to url: URL) throws {
  let fd = open(url.path, O_WRONLY | O_APPEND)
  guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
    throw POSIXError(.EIO)
  }
}

/// The regular files under `root`, by path relative to it, sorted.
func regularFiles(under root: URL) throws -> [String] {
  try FileManager.default.subpathsOfDirectory(atPath: root.path).filter {
    var raw = stat()
    return lstat(root.appendingPathComponent($0).path, &raw) == 0
      && raw.st_mode & S_IFMT == S_IFREG
  }.sorted()
}

/// The modification time of `url`: seconds and nanoseconds.
func modificationTime(_ url: URL) -> [Int]? {
  var raw = stat()
  guard lstat(url.path, &raw) == 0 else { return nil }
  return [raw.st_mtim.tv_sec, raw.st_mtim.tv_nsec]
}

/// The live file system, except that the first file it is asked to clone
/// or copy is first appended to, in place, as another program might do at
/// that moment.
final class TamperingFileSystem: FileSystem {
  /// The name of the file appended to, once it has been.
  let tampered = Mutex<String?>(nil)

  private func tamper(_ source: Int32) {
    tampered.withLock { name in
      guard name == nil else { return }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
      let count = readlink("/proc/self/fd/\(source)", &buffer, buffer.count)
      guard count > 0 else { return }
      let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let fd = open(path, O_WRONLY | O_APPEND)
      guard fd >= 0 else { return }
      _ = "tampered".withCString { write(fd, $0, 8) }
      _ = close(fd)
      name = URL(fileURLWithPath: path).lastPathComponent
    }
  }

  func ficlone(_ destination: Int32, _ source: Int32) -> Int32 {
    tamper(source)
    return POSIXFileSystem().ficlone(destination, source)
  }

  func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int {
    tamper(source)
    return POSIXFileSystem().copyFileRange(source, destination, count)
  }
}

/// A package document that saves the wrapper it was read from, with the
/// files in `edits` replaced: its other files are never read.
struct LazyPackage: FileDocument {
  static let readableContentTypes: [UTType] = [.folder]
  var edits: [String: String] = [:]

  init(edits: [String: String]) {
    self.edits = edits
  }

  init(configuration: ReadConfiguration) throws {}

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    for (name, text) in edits.sorted(by: { $0.key < $1.key }) {
      if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
      package.addRegularFile(withContents: Data(text.utf8), preferredFilename: name)
    }
    return package
  }
}

/// A `Document`-family package written by a `FileWrapperDocumentWriter`
/// that reuses the previous wrapper whole.
@MainActor
final class FolderDocument: Document {
  static let readableContentTypes: [UTType] = [.folder]

  nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<Int> {
    FileWrapperDocumentReader(configuration) { _ in 0 }
  }

  func apply(snapshot: sending Int, previous: sending Int?) async throws {}

  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<Int> {
    FileWrapperDocumentWriter(configuration) { _, previous in
      previous ?? FileWrapper(directoryWithFileWrappers: [:])
    }
  }

  func snapshot(contentType: UTType) async throws -> Int { 0 }
}
