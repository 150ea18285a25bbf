import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@Suite("FileWrapper: link loops and links swapped in while a tree is read")
struct FileWrapperLinkRaceTests {
  @Test("A self link, a link to '.', and a two-link loop are read as links, never followed")
  func loops() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "pkg/a.txt")
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: temporary("pkg/self").path, withDestinationPath: "self")
    try manager.createSymbolicLink(atPath: temporary("pkg/dot").path, withDestinationPath: ".")
    try manager.createSymbolicLink(atPath: temporary("pkg/b").path, withDestinationPath: "c")
    try manager.createSymbolicLink(atPath: temporary("pkg/c").path, withDestinationPath: "b")
    for options: FileWrapper.ReadingOptions in [[], .immediate] {
      let package = try FileWrapper(url: temporary("pkg"), options: options)
      let children = try #require(package.fileWrappers)
      #expect(children.count == 5)
      for name in ["self", "dot", "b", "c"] {
        #expect(children[name]?.isSymbolicLink == true, "\(name)")
      }
      #expect(children["dot"]?.fileWrappers == nil)
    }
  }

  /// A second thread keeps replacing `pkg/n.txt` (by rename, so the name
  /// always exists) with a link to a secret outside the package and back,
  /// while this one reads the tree again and again. Every read must give
  /// the real bytes, a link, or a typed error: never the secret.
  @Test("A note swapped for a link out, again and again while read: never the secret's bytes")
  func swappedWhileRead() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("real", to: "pkg/n.txt")
    try temporary.write("secret", to: "secret.txt")
    let package = temporary("pkg").path
    let stop = Atomic<Bool>(false)
    let swapper = Thread {
      var round = 0
      while !stop.load(ordering: .relaxed) {
        let staging = package + "/.swap"
        if round % 2 == 0 {
          _ = symlink("../secret.txt", staging)
        } else {
          _ = FileManager.default.createFile(atPath: staging, contents: Data("real".utf8))
        }
        _ = rename(staging, package + "/n.txt")
        round += 1
      }
    }
    swapper.start()
    defer { stop.store(true, ordering: .relaxed) }
    var outcomes: [String: Int] = [:]
    for round in 0..<2_000 {
      do {
        let tree = try FileWrapper(
          url: temporary("pkg"), options: round % 2 == 0 ? .immediate : [], limits: .default)
        guard let note = tree.fileWrappers?["n.txt"] else {
          outcomes["missing", default: 0] += 1
          continue
        }
        if note.isSymbolicLink {
          #expect(note.regularFileContents == nil)
          outcomes["link", default: 0] += 1
        } else {
          let bytes = try note.loadRegularFileContents()
          #expect(bytes == Data("real".utf8))
          outcomes["real", default: 0] += 1
        }
      } catch let error as FileWrapperError {
        #expect(error.path.hasPrefix(package))
        outcomes["refused", default: 0] += 1
      } catch let error as CocoaError {
        #expect(error.filePath?.hasPrefix(package) == true)
        outcomes["refused", default: 0] += 1
      }
    }
    stop.store(true, ordering: .relaxed)
    #expect(outcomes.values.reduce(0, +) == 2_000)
    #expect(outcomes["missing"] == nil)
  }
}
