import DocKit
import DocTestSupport
import Foundation
import Testing

/// The test model's own promises, on which the session tests that use it
/// rely: a save of k changed pages writes those pages (and the index when
/// the order or title changed), and leaves every other file where it is,
/// the same inode, whether it is a page or a file the folio does not know.
@MainActor
@Suite("Folio, the session tests' package model: incremental saves that keep what they do not know")
struct FolioTests {
  /// The inode of every file in the package at `url`, by name.
  func inodes(_ url: URL) throws -> [String: UInt64] {
    var result: [String: UInt64] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
      result[name] = FileStat(url.appendingPathComponent(name))?.inode
    }
    return result
  }

  @Test("A save of one edited page replaces that file only; unknown files keep their inodes")
  func incrementalSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 4)
    try temporary.write("not a page", to: "Trip.folio/notes-of-another-program.md")
    let before = try inodes(url)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n3", text: "edited") }
    try await session.save()
    let after = try inodes(url)
    #expect(after.keys.sorted() == before.keys.sorted())
    for (name, inode) in after {
      if name == "n3.txt" {
        #expect(inode != before[name])
      } else {
        #expect(inode == before[name], "\(name)")
      }
    }
    #expect(
      try String(contentsOf: url.appendingPathComponent("n3.txt"), encoding: .utf8) == "edited")
    #expect(
      try String(
        contentsOf: url.appendingPathComponent("notes-of-another-program.md"), encoding: .utf8)
        == "not a page")
  }

  @Test(
    "Removing and adding pages rewrites the index, removes the page's file, keeps unknown files")
  func removeAndAdd() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    try temporary.write("kept", to: "Trip.folio/extra.bin")
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.removePage(id: "n2") }
    try session.perform { try $0.addPage(id: "z", text: "new", at: 0) }
    try await session.save()
    #expect(
      try temporary.names(in: "Trip.folio").sorted()
        == ["extra.bin", "index.txt", "n1.txt", "n3.txt", "z.txt"])
    #expect(
      try String(contentsOf: url.appendingPathComponent("index.txt"), encoding: .utf8)
        == "Trip\nz\nn1\nn3\n")
    #expect(try Folio.read(url).pages.map(\.text) == ["new", "text 1", "text 3"])
    // Undone and saved again: the page comes back, the added one goes.
    session.undoManager.undo()
    try await session.save()
    #expect(
      try temporary.names(in: "Trip.folio").sorted()
        == ["extra.bin", "index.txt", "n1.txt", "n2.txt", "n3.txt"])
  }

  @Test("A folder without index.txt, or with a page it lists missing, is not a folio")
  func notAFolio() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "Empty.folio/a.txt")
    #expect(throws: FolioError("the folio has no index.txt", file: "index.txt")) {
      try Folio.read(temporary("Empty.folio"))
    }
    try temporary.write("T\nmissing\n", to: "Broken.folio/index.txt")
    #expect(throws: FolioError("listed in index.txt but missing", file: "missing.txt")) {
      try Folio.read(temporary("Broken.folio"))
    }
  }
}
