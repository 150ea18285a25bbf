import DocKit
import DocTestSupport
import Foundation
import Testing

/// `isChangedOnDisk`: whether the disk still holds what the session last
/// read or wrote, a package's entries included, which a host watching the
/// disk asks when the file system reports a change. The session's own
/// saves and reverts never make it true.
@MainActor
@Suite("A session tells another program's change on disk from its own")
struct ChangedOnDiskTests {
  @Test("A package: a file changed in place, added, removed; own saves and revert are in step")
  func package() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Tree.package")
    try TreeEdit.apply(
      [.write("a.txt", "a"), .makeDirectory("sub"), .write("sub/b.txt", "b")], to: nil
    ).write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    #expect(!session.isChangedOnDisk)
    session.setDocument(EditingPackage(edits: [.write("sub/b.txt", "mine")]), actionName: "Edit")
    try await session.save()
    #expect(!session.isChangedOnDisk)

    // Written in place, as `>>` does: the package folder's own stamp does
    // not change, so the conflict check of the folder misses it.
    let handle = try FileHandle(forWritingTo: url.appendingPathComponent("sub/b.txt"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("+".utf8))
    try handle.close()
    #expect(!session.hasConflict)
    #expect(session.isChangedOnDisk)
    #expect((session as any DocumentHosting).isChangedOnDisk)
    try await session.revert()
    #expect(!session.isChangedOnDisk)

    try Data("new".utf8).write(to: url.appendingPathComponent("sub/c.txt"))
    #expect(session.isChangedOnDisk)
    try FileManager.default.removeItem(at: url.appendingPathComponent("sub/c.txt"))
    #expect(!session.isChangedOnDisk)
    try FileManager.default.removeItem(at: url.appendingPathComponent("a.txt"))
    #expect(session.isChangedOnDisk)
  }

  @Test("A package moved away is a change")
  func removed() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("a.package")
    try TreeEdit.apply([.write("a.txt", "a")], to: nil)
      .write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    let aside = temporary("aside.package")
    try FileManager.default.moveItem(at: url, to: aside)
    #expect(session.isChangedOnDisk)
  }
}
