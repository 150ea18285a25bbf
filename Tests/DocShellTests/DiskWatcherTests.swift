import DocScript
import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocShell

/// ``DiskWatcher``: which documents' files an inotify event touched. A
/// file is watched through its folder, for its own name only; a package in
/// every folder of its tree, folders added later included.
@MainActor
@Suite("The prompt's disk watcher")
struct DiskWatcherTests {
  static func document(
    _ name: String, _ url: URL, isFolder: Bool = false
  ) -> Interpreter.DocumentOnDisk {
    Interpreter.DocumentOnDisk(
      name: name, path: url.path, isFolder: isFolder, shownPath: url.lastPathComponent)
  }

  /// Waits for the watcher's descriptor to be readable (at most 10 s) and
  /// returns what it says was touched.
  static func touched(_ watcher: DiskWatcher) -> Set<String> {
    var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 10_000) > 0 else { return [] }
    return watcher.touchedDocuments()
  }

  /// Whether nothing is waiting on the descriptor after 200 ms.
  static func isQuiet(_ watcher: DiskWatcher) -> Bool {
    var entry = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 200) == 0 || watcher.touchedDocuments().isEmpty
  }

  @Test("A file: its own name in its folder touches it; a sibling does not")
  func file() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write("one\n", to: "a.txt")
    let b = try folder.write("b\n", to: "b.txt")
    let watcher = try #require(DiskWatcher())
    try watcher.watch([Self.document("a", a), Self.document("b", b)])
    _ = try folder.write("sibling\n", to: "other.txt")
    #expect(Self.isQuiet(watcher))
    _ = try folder.write("two\n", to: "a.txt")
    #expect(Self.touched(watcher) == ["a"])
    // Replaced by a rename, as editors save.
    _ = try folder.write("three\n", to: ".b.tmp")
    #expect(rename(folder(".b.tmp").path, b.path) == 0)
    #expect(Self.touched(watcher) == ["b"])
    try FileManager.default.removeItem(at: a)
    #expect(Self.touched(watcher) == ["a"])
    // A document no longer open is no longer watched.
    try watcher.watch([Self.document("b", b)])
    _ = try folder.write("back\n", to: "a.txt")
    #expect(Self.isQuiet(watcher))
  }

  @Test("A package: a file deep inside, and one in a folder added after the watch began")
  func package() throws {
    let folder = try TemporaryDirectory()
    let package = folder("T.notes")
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("x/y"), withIntermediateDirectories: true)
    let watcher = try #require(DiskWatcher())
    let documents = [Self.document("T", package, isFolder: true)]
    try watcher.watch(documents)
    _ = try folder.write("deep", to: "T.notes/x/y/z.txt")
    #expect(Self.touched(watcher) == ["T"])
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("new"), withIntermediateDirectories: true)
    #expect(Self.touched(watcher) == ["T"])
    // Laid out again before the next wait, the new folder is watched.
    try watcher.watch(documents)
    _ = try folder.write("in new", to: "T.notes/new/f.txt")
    #expect(Self.touched(watcher) == ["T"])
  }
}
