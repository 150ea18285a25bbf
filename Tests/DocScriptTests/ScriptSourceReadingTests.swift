import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

@Suite("Reading a script file into a ScriptSource")
struct ScriptSourceReadingTests {
  @Test(
    "A file's bytes are read whole, whatever its size",
    arguments: [0, 1, 4095, 4096, 65_537, 1_000_003])
  func readsWhole(size: Int) throws {
    let folder = try TemporaryDirectory("script-source")
    var generator = SplitMix64(seed: UInt64(size))
    let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let url = folder("s.docscript")
    try Data(bytes).write(to: url)
    let source = try #require(ScriptSource(name: "s.docscript", contentsOfFile: url.path))
    #expect(source.name == "s.docscript")
    #expect(source.bytes == bytes)
  }

  @Test("A missing file or a folder gives nil")
  func unreadable() throws {
    let folder = try TemporaryDirectory("script-source")
    #expect(ScriptSource(name: "x", contentsOfFile: folder("missing.docscript").path) == nil)
    #expect(ScriptSource(name: "x", contentsOfFile: folder.url.path) == nil)
  }
}
