import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

@Suite("FileWrapper: unchanged children are hard-linked, never rewritten")
struct FileWrapperHardLinkTests {
  /// A note-collection package like the seed's: metadata plus one JSON
  /// file per note.
  static func makePackage(in temporary: TemporaryDirectory, notes: Int = 5) throws -> URL {
    try temporary.write(#"{"title":"Trip"}"#, to: "Trip.notes/metadata.json")
    for index in 1...notes {
      try temporary.write(#"{"text":"note \#(index)"}"#, to: "Trip.notes/note-\(index).json")
    }
    return temporary("Trip.notes")
  }

  @Test("Writing a read package elsewhere links every file: same inode, link count 2")
  func unchangedFilesAreLinked() throws {
    let temporary = try TemporaryDirectory()
    let original = try Self.makePackage(in: temporary)
    let package = try FileWrapper(url: original)
    try package.write(to: temporary("Copy.notes"), options: .atomic, originalContentsURL: original)
    for name in try temporary.names(in: "Trip.notes") {
      let old = try #require(FileStat(original.appendingPathComponent(name)))
      let new = try #require(FileStat(temporary("Copy.notes/\(name)")))
      #expect(new.inode == old.inode, "\(name) was copied, not linked")
      #expect(new.linkCount == 2)
    }
  }

  @Test("The seed's package example: change one note, save in place; only that note is new")
  func seedPackageExample() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary)
    let before = try Dictionary(
      uniqueKeysWithValues: temporary.names(in: "Trip.notes").map {
        ($0, try #require(FileStat(url.appendingPathComponent($0))))
      })
    // The seed's fileWrapper(configuration:), with existingFile being the
    // wrapper from the last read: replace the changed note's wrapper only.
    let documentPackage = try FileWrapper(url: url)
    if let old = documentPackage.fileWrappers?["note-3.json"] {
      documentPackage.removeFileWrapper(old)
    }
    documentPackage.addRegularFile(
      withContents: Data(#"{"text":"note 3, edited"}"#.utf8), preferredFilename: "note-3.json")
    try documentPackage.write(
      to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)

    #expect(try temporary.names() == ["Trip.notes"], "temporary files were left behind")
    for (name, old) in before {
      let new = try #require(FileStat(url.appendingPathComponent(name)))
      if name == "note-3.json" {
        #expect(new.inode != old.inode)
        #expect(new.linkCount == 1)
      } else {
        #expect(new.inode == old.inode, "\(name) was rewritten")
        #expect(new.linkCount == 1)  // the old tree's link is gone
      }
    }
    #expect(
      try String(contentsOf: url.appendingPathComponent("note-3.json"), encoding: .utf8).contains(
        "edited"))

    // A second save, after another edit, links the note written by the first.
    let edited = try #require(FileStat(url.appendingPathComponent("note-3.json")))
    if let old = documentPackage.fileWrappers?["note-1.json"] {
      documentPackage.removeFileWrapper(old)
    }
    documentPackage.addRegularFile(withContents: Data("{}".utf8), preferredFilename: "note-1.json")
    try documentPackage.write(
      to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)
    #expect(FileStat(url.appendingPathComponent("note-3.json"))?.inode == edited.inode)
    #expect(
      FileStat(url.appendingPathComponent("note-1.json"))?.inode != before["note-1.json"]?.inode)
  }

  @Test("An old revision that shares inodes with the new one is never modified")
  func oldRevisionUntouched() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 2)
    let package = try FileWrapper(url: url)
    try package.write(to: temporary("Backup.notes"), options: .atomic, originalContentsURL: url)
    // Now edit and save the original in place; the backup shares inodes.
    if let old = package.fileWrappers?["note-1.json"] { package.removeFileWrapper(old) }
    package.addRegularFile(withContents: Data("changed".utf8), preferredFilename: "note-1.json")
    try package.write(to: url, options: .atomic, originalContentsURL: url)
    #expect(
      try String(contentsOf: temporary("Backup.notes/note-1.json"), encoding: .utf8)
        == #"{"text":"note 1"}"#)
    #expect(
      try String(contentsOf: url.appendingPathComponent("note-1.json"), encoding: .utf8)
        == "changed")
  }

  @Test("A new wrapper with an old file's name is written, not linked")
  func freshWrapperIsWritten() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 1)
    let package = FileWrapper(directoryWithFileWrappers: [:])
    package.addRegularFile(
      withContents: Data(#"{"title":"Trip"}"#.utf8), preferredFilename: "metadata.json")
    try package.write(to: temporary("Out.notes"), options: .atomic, originalContentsURL: url)
    #expect(
      FileStat(temporary("Out.notes/metadata.json"))?.inode
        != FileStat(url.appendingPathComponent("metadata.json"))?.inode)
  }

  @Test("A child whose original changed on disk since the read is not linked")
  func changedOriginalIsNotLinked() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 1)
    let package = try FileWrapper(url: url, options: .immediate)
    // Replace the original file with new bytes: a new inode at the same name.
    try temporary.write("tampered", to: "Trip.notes/note-1.json")
    try package.write(to: temporary("Out.notes"), options: .atomic, originalContentsURL: url)
    let written = temporary("Out.notes/note-1.json")
    #expect(FileStat(written)?.inode != FileStat(url.appendingPathComponent("note-1.json"))?.inode)
    #expect(try String(contentsOf: written, encoding: .utf8) == #"{"text":"note 1"}"#)
  }

  @Test("Setting a child's attributes makes the next write rewrite it")
  func attributesDisableLinking() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 1)
    let package = try FileWrapper(url: url)
    let note = try #require(package.fileWrappers?["note-1.json"])
    note.fileAttributes = [FileAttributeKey.posixPermissions.rawValue: 0o600]
    try package.write(to: temporary("Out.notes"), options: .atomic, originalContentsURL: url)
    let written = try #require(FileStat(temporary("Out.notes/note-1.json")))
    #expect(written.inode != FileStat(url.appendingPathComponent("note-1.json"))?.inode)
    #expect(written.permissions == 0o600)
    #expect(
      FileStat(temporary("Out.notes/metadata.json"))?.inode
        == FileStat(url.appendingPathComponent("metadata.json"))?.inode)
  }

  @Test("Without a filename a child is never linked: the original is looked up by filename")
  func linkingNeedsFilename() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 1)
    let package = try FileWrapper(url: url)
    let note = try #require(package.fileWrappers?["note-1.json"])
    note.filename = nil
    try package.write(to: temporary("Out.notes"), options: .atomic, originalContentsURL: url)
    #expect(FileStat(temporary("Out.notes/note-1.json"))?.linkCount == 1)
    #expect(FileStat(temporary("Out.notes/metadata.json"))?.linkCount == 2)
  }

  @Test("A top-level regular file is never hard-linked, as on Apple platforms")
  func topLevelFileIsWritten() throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("single", to: "single.txt")
    let file = try FileWrapper(url: url)
    try file.write(to: temporary("copy.txt"), options: .atomic, originalContentsURL: url)
    #expect(FileStat(temporary("copy.txt"))?.linkCount == 1)
    #expect(try String(contentsOf: temporary("copy.txt"), encoding: .utf8) == "single")
  }

  /// The device of `path`, or nil.
  static func device(of path: String) -> UInt64? {
    var raw = stat()
    return stat(path, &raw) == 0 ? UInt64(raw.st_dev) : nil
  }

  @Test(
    "Across file systems a link is impossible: unchanged files are copied from the original",
    .enabled(
      if: device(of: "/dev/shm") != nil
        && device(of: "/dev/shm") != device(of: NSTemporaryDirectory())))
  func crossDeviceFallsBackToCopy() throws {
    let temporary = try TemporaryDirectory()
    let url = try Self.makePackage(in: temporary, notes: 2)
    let package = try FileWrapper(url: url)  // lazy: the copy must come from the original
    let elsewhere = URL(fileURLWithPath: "/dev/shm/docrepl-test-\(UUID().uuidString).notes")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    try package.write(
      to: elsewhere, options: [.atomic, .withNameUpdating], originalContentsURL: url)
    for name in try temporary.names(in: "Trip.notes") {
      let copy = elsewhere.appendingPathComponent(name)
      #expect(FileStat(copy)?.linkCount == 1)
      #expect(try Data(contentsOf: copy) == Data(contentsOf: url.appendingPathComponent(name)))
    }
    // The copies are now what the wrappers hold: the next save there links.
    try package.write(to: elsewhere, options: .atomic, originalContentsURL: elsewhere)
    #expect(FileStat(elsewhere.appendingPathComponent("note-1.json"))?.linkCount == 1)
    let second = URL(fileURLWithPath: elsewhere.path + "-2")
    defer { try? FileManager.default.removeItem(at: second) }
    try package.write(to: second, options: .atomic, originalContentsURL: elsewhere)
    #expect(FileStat(second.appendingPathComponent("note-1.json"))?.linkCount == 2)
  }
}
