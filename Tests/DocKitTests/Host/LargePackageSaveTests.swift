import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

// A package document outside DocFormats, written with DocKit's public API
// only (PublicAPIBoundaryTests scans this file), that saves in O(k) as the
// note collection does: the article "Saving a large package in O(k)".

extension UTType {
  fileprivate static let shelf = UTType.declaredLazily("org.docrepl.test.shelf") {
    UTTypeDeclaration(
      identifier: "org.docrepl.test.shelf", conformsTo: ["com.apple.package"],
      tags: [.filenameExtension: ["shelf"]], description: "Shelf")
  }
}

/// Which content (by serial) each wrapper a shelf was written through
/// holds, by the wrapper's `contentVersion`. Shared by the values of one
/// lineage.
private final class ShelfBaseline: @unchecked Sendable {
  // @unchecked Sendable: `records` is only touched with `lock` held.
  private let lock = NSLock()
  private var records: [UInt64: UInt64] = [:]
  private static let serials = Atomic<UInt64>(0)

  static func nextSerial() -> UInt64 { serials.add(1, ordering: .relaxed).newValue }

  func record(_ wrapper: FileWrapper, holds serial: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    records[wrapper.contentVersion] = serial
  }

  func wrapper(_ wrapper: FileWrapper, holds serial: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return records[wrapper.contentVersion] == serial
  }
}

/// A package of books, one file each.
private struct Shelf: FileDocument, ChangeTrackingDocument {
  static var readableContentTypes: [UTType] { [.shelf] }

  private(set) var books: [String: Data]
  /// The books changed since the base: the content read or last saved.
  private var changed: Set<String> = []
  private var serial = ShelfBaseline.nextSerial()
  private var baseSerial: UInt64 = 0
  private let baseline = ShelfBaseline()

  init(configuration: ReadConfiguration) throws {
    var books: [String: Data] = [:]
    for (name, wrapper) in configuration.file.fileWrappers ?? [:] {
      books[name] = wrapper.regularFileContents ?? Data()
    }
    self.books = books
    baseSerial = serial
    baseline.record(configuration.file, holds: serial)
  }

  mutating func setBook(_ name: String, to text: String) {
    books[name] = Data(text.utf8)
    changed.insert(name)
    serial = ShelfBaseline.nextSerial()
  }

  /// Rewrites only the changed books when `existingFile` holds the base
  /// (its `contentVersion` is recorded for it); any other wrapper gets
  /// every book.
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    if let existing = configuration.existingFile, existing.isDirectory {
      if baseline.wrapper(existing, holds: serial) { return existing }
      if baseline.wrapper(existing, holds: baseSerial) {
        for name in changed {
          if let old = existing.fileWrappers?[name] { existing.removeFileWrapper(old) }
          if let data = books[name] {
            let book = FileWrapper(regularFileWithContents: data)
            book.preferredFilename = name
            existing.addFileWrapper(book)
          }
        }
        baseline.record(existing, holds: serial)
        return existing
      }
    }
    let package = FileWrapper(
      directoryWithFileWrappers: books.mapValues { FileWrapper(regularFileWithContents: $0) })
    baseline.record(package, holds: serial)
    return package
  }

  mutating func markSaved(as contentType: UTType) {
    changed = []
    baseSerial = serial
  }
}

/// Counts the files and directories a write creates.
private final class CreationCounter: FileSystem {
  let created = Mutex(0)
  func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    if flags & O_CREAT != 0 { created.withLock { $0 += 1 } }
    return Glibc.openat(directory, path, flags, mode)
  }
  func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    created.withLock { $0 += 1 }
    return Glibc.mkdirat(directory, path, mode)
  }
}

@MainActor
@Suite("Saving a large package in O(k), with public API only")
struct LargePackageSaveTests {
  @Test("After one book of 300 changed, a save creates a handful of files, not 300")
  func oneChangeWritesOneFile() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Library.shelf")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    for index in 0..<300 {
      try Data("book \(index)\n".utf8).write(to: url.appendingPathComponent("b\(index).txt"))
    }
    var before = stat()
    try #require(lstat(url.appendingPathComponent("b1.txt").path, &before) == 0)
    let session = try await DocumentSession<Shelf>.open(
      url, environment: DocumentEnvironment(autosaveDirectory: temporary("autosave")))
    var edited = session.document
    edited.setBook("b7.txt", to: "rewritten\n")
    session.setDocument(edited)
    let counter = CreationCounter()
    try await FileSystemContext.$current.withValue(counter) { try await session.save() }

    // The changed book staged, the journal and its COMMIT record: O(k).
    let created = counter.created.withLock { $0 }
    #expect(created >= 1)
    #expect(created <= 4)
    #expect(!session.isDirty)
    let saved = try Data(contentsOf: url.appendingPathComponent("b7.txt"))
    #expect(Array(saved) == Array("rewritten\n".utf8))
    // Another book is the very file it was: not rewritten.
    var after = stat()
    try #require(lstat(url.appendingPathComponent("b1.txt").path, &after) == 0)
    #expect(after.st_ino == before.st_ino)
    #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).count == 300)
    #expect(try temporary.names() == ["Library.shelf"])
  }
}
