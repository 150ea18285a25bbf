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
    let output = try await Self.run("open doc.txt\nshow\n", on: bytes)
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

  @Test(
    "diff of a text document, through the interpreter, prints what the String diff of the two texts prints",
    arguments: [11 as UInt64, 12, 13, 14, 15, 16])
  func diffThroughTheInterpreter(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    var bytes = TextLinesChunkTests.randomDocument(&random, lines: 1 + random.below(400))
    if try TextLines(data: Data(bytes)).count == 0 { bytes = Array("only\r\n".utf8) }
    let old = try TextLines(data: Data(bytes))
    // The same edits as the script's, on the text itself.
    var new = old
    let line = 1 + random.below(old.count + 1)
    try new.replace(lineAt: min(line, old.count) - 1, with: "edited")
    try new.insert(["added"], at: line - 1)
    let output = try await Self.run(
      "open doc.txt\nsnapshot s\nset-line \(min(line, old.count)) edited\n"
        + "insert \(line) added\ndiff s\n", on: bytes)
    // The interpreter's rule: when neither text ends with a line break,
    // both get one, so neither is marked.
    var (oldText, newText) = (old.text, new.text)
    if !oldText.isEmpty, !newText.isEmpty, oldText.utf8.last != 0x0A, newText.utf8.last != 0x0A {
      oldText += "\n"
      newText += "\n"
    }
    let expected = UnifiedDiff(
      oldText: oldText, newText: newText, oldName: "s", newName: "doc (current)")
    #expect(Array(output.writes.joined().utf8) == Array(("s\n" + expected.description + "\n").utf8))
    #expect(output.diagnostics.isEmpty)
  }

  /// Runs `script` in a new folder holding `bytes` as `doc.txt`, and
  /// expects it to succeed.
  private static func run(_ script: String, on bytes: [UInt8]) async throws -> WriteLog {
    let temporary = try TemporaryDirectory()
    try Data(bytes).write(to: temporary("doc.txt"))
    let output = WriteLog()
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let result = await interpreter.run(ScriptSource(name: "t.docscript", text: script))
    #expect(result.succeeded, "\(output.diagnostics)")
    return output
  }
}
