import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocShell

/// ``ScratchFolder``: a script's folder is removed with everything in it,
/// and nothing outside it, whatever the script left there.
@Suite("Scratch folder")
struct ScratchFolderTests {
  static let canary = Array("canary 7a3e\n".utf8)

  @Test(
    "Removing a scratch folder removes links in it, never what they point to, even under read-only folders"
  )
  func removalStaysInside() async throws {
    let outside = try TemporaryDirectory("outside")
    let canaryFile = try outside.write("canary 7a3e\n", to: "keep/file.txt")
    let lone = try outside.write("canary 7a3e\n", to: "lone.txt")
    let scratch = try await ScratchFolder.make()
    let inside = scratch.url
    let manager = FileManager.default
    try manager.createSymbolicLink(
      at: inside.appendingPathComponent("folder-link"), withDestinationURL: outside("keep"))
    try manager.createSymbolicLink(
      at: inside.appendingPathComponent("file-link"), withDestinationURL: lone)
    // A read-only folder with a link out and a file, and a folder with no
    // permissions at all: removal opens them up, and follows no link.
    let readOnly = inside.appendingPathComponent("read-only")
    try manager.createDirectory(at: readOnly, withIntermediateDirectories: false)
    try manager.createSymbolicLink(
      at: readOnly.appendingPathComponent("deep-link"), withDestinationURL: outside("keep"))
    try Data("scratch\n".utf8).write(to: readOnly.appendingPathComponent("own.txt"))
    #expect(chmod(readOnly.path, 0o500) == 0)
    let closed = inside.appendingPathComponent("closed")
    try manager.createDirectory(at: closed, withIntermediateDirectories: false)
    #expect(chmod(closed.path, 0) == 0)

    await scratch.remove()

    #expect(!manager.fileExists(atPath: inside.path))
    #expect(Array(try Data(contentsOf: canaryFile)) == Self.canary)
    #expect(Array(try Data(contentsOf: lone)) == Self.canary)
    #expect(try outside.names() == ["keep", "lone.txt"])
    #expect(try outside.names(in: "keep") == ["file.txt"])
  }
}
