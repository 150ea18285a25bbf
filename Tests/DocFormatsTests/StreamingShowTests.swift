import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// Output that keeps each write apart, to count them.
@MainActor
private final class WriteLog: ScriptOutput {
  var writes: [String] = []
  var diagnostics: [String] = []
  func write(_ text: String) { writes.append(text) }
  func report(_ diagnostic: Diagnostic, rendered: String) { diagnostics.append(rendered) }
}

/// `show` of a text document writes its buffer's leaves one at a time,
/// never the whole text as one `String`, with the same bytes.
@MainActor
@Suite("show writes a text document a leaf at a time")
struct StreamingShowTests {
  @Test(
    "The same bytes as the text (no byte-order mark; a line break added when the last line has none), in one write a leaf",
    arguments: [
      (1 as UInt64, 3_000), (2, 3_000), (3, 3_000), (4, 5), (5, 0),
    ])
  func sameBytesInPieces(seed: UInt64, lines: Int) async throws {
    var random = SplitMix64(seed: seed)
    let bytes = TextLinesChunkTests.randomDocument(&random, lines: lines)
    let temporary = try TemporaryDirectory()
    try Data(bytes).write(to: temporary("doc.txt"))
    let output = WriteLog()
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let result = await interpreter.run(
      ScriptSource(name: "t.docscript", text: "open doc.txt\nshow\n"))
    #expect(result.succeeded, "\(output.diagnostics)")
    var expected = Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
    if let last = expected.last, last != 0x0A { expected.append(0x0A) }
    #expect(Array(output.writes.joined().utf8) == expected)
    let leaves = try TextLines(data: Data(bytes)).lineChunks.chunks.count
    if lines >= 3_000 {
      #expect(leaves > 40)
      #expect(output.writes.count >= leaves)
      #expect(output.writes.allSatisfy { $0.utf8.count < 64 * 400 })
    }
  }
}
