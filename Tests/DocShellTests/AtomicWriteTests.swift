import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocShell

/// The history file and `docrepl test --update` write through DocKit's one
/// atomic write: the rename is followed by a sync of the folder, so that a
/// power loss after the write cannot take the new file back.
@Suite("Atomic writes in the shell")
struct AtomicWriteTests {
  @Test("Saving history renames the new file into place, then syncs the folder")
  func historySyncsFolder() throws {
    let folder = try TemporaryDirectory("history")
    let file = folder("state/history")
    let fileSystem = SyncOrderFileSystem()
    try FileSystemContext.$current.withValue(fileSystem) {
      var history = History(url: file)
      let added = history.add("open notes.txt")
      #expect(added)
      try history.save()
    }
    #expect(fileSystem.syncedFolder(folder("state"), afterRenameTo: "history"))
    let bytes = try Data(contentsOf: file)
    #expect(Array(bytes) == Array("open notes.txt\n".utf8))
    var status = stat()
    try #require(stat(file.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  @Test("test --update replaces the script, keeping its mode, then syncs the folder")
  func updateSyncsFolder() async throws {
    let folder = try TemporaryDirectory("update")
    let script = try folder.write("print hello\n#> old\n", to: "check.docscript")
    try #require(chmod(script.path, 0o640) == 0)
    let fileSystem = SyncOrderFileSystem()
    let new = Array("print hello\n#> hello\n".utf8)
    try await FileSystemContext.$current.withValue(fileSystem) {
      try await TestRunner.replaceContents(of: script, with: new)
    }
    #expect(fileSystem.syncedFolder(folder.url, afterRenameTo: "check.docscript"))
    #expect(Array(try Data(contentsOf: script)) == new)
    var status = stat()
    try #require(stat(script.path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o640)
  }

  @Test("test --update through a symbolic link replaces the target and keeps the link")
  func updateFollowsLink() async throws {
    let folder = try TemporaryDirectory("update-link")
    let target = try folder.write("print hi\n", to: "real.docscript")
    try FileManager.default.createSymbolicLink(
      atPath: folder("link.docscript").path, withDestinationPath: "real.docscript")
    try await TestRunner.replaceContents(
      of: folder("link.docscript"), with: Array("print bye\n".utf8))
    #expect(Array(try Data(contentsOf: target)) == Array("print bye\n".utf8))
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder("link.docscript").path)
    #expect(destination == "real.docscript")
  }
}
