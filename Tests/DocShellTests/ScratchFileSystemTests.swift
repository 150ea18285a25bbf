import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocShell

/// ``ScratchFileSystem``: no `fsync` inside a script's temporary folder,
/// every one outside it.
@Suite("Scratch file system")
struct ScratchFileSystemTests {
  @Test("fsync and syncfs inside the folder succeed without a call; outside, they are made")
  func syncsOnlyOutside() throws {
    let folder = try TemporaryDirectory("scratch")
    let other = try TemporaryDirectory("other")
    let counting = FaultInjectingFileSystem()
    let resolved = folder.url.resolvingSymlinksInPath().path
    let fileSystem = ScratchFileSystem(folder: resolved, base: counting)
    try FileManager.default.createDirectory(
      at: folder("sub"), withIntermediateDirectories: true)
    for path in [folder("a.txt").path, folder("sub/b.txt").path, other("c.txt").path] {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      #expect(fileSystem.fsync(descriptor) == 0)
      #expect(fileSystem.syncfs(descriptor) == 0)
    }
    let directory = open(resolved, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try #require(directory >= 0)
    defer { close(directory) }
    #expect(fileSystem.fsync(directory) == 0)
    // Only the file outside the folder reached the real calls.
    #expect(counting.callsByName["fsync"] == 1)
    #expect(counting.callsByName["syncfs"] == 1)
  }

  @Test("A folder whose name starts like the scratch folder's is outside it")
  func siblingIsOutside() throws {
    let parent = try TemporaryDirectory("parent")
    try FileManager.default.createDirectory(at: parent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: parent("ab"), withIntermediateDirectories: true)
    let counting = FaultInjectingFileSystem()
    let fileSystem = ScratchFileSystem(
      folder: parent("a").resolvingSymlinksInPath().path, base: counting)
    let descriptor = open(parent("ab/x").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(fileSystem.fsync(descriptor) == 0)
    #expect(counting.callsByName["fsync"] == 1)
  }
}
