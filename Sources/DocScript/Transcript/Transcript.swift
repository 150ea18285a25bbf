public import Foundation

/// A script compared with its own `#>` and `#!` lines: what the test
/// runner reports, and what `--update` writes.
///
/// Each command's expected output is the `#>` lines after it, and its
/// expected diagnostics the `#!` lines; a command with none is expected to
/// print nothing. Commands that share a line (`a; b`) share the lines
/// after it.
public struct Transcript: Sendable {
  /// The script as written.
  public var original: String
  /// The script with every `#>` and `#!` line replaced by what the run
  /// printed.
  public var updated: String
  /// What the run came to.
  public var result: Interpreter.Result

  /// Whether the run printed exactly what the script expects, and nothing
  /// failed that was not expected to.
  public var matches: Bool { original == updated && !result.isMalformed }

  /// The difference between the script and its updated form, as
  /// `diff -u` prints it; empty when they match.
  public func diff(name: String) -> String {
    UnifiedDiff(
      old: Interpreter.lines(of: original), new: Interpreter.lines(of: updated),
      oldName: name, newName: name + " (actual)"
    ).description
  }

  /// Runs `source` with `interpreter`, whose output must be `recorder`,
  /// and compares.
  @MainActor
  public static func check(
    _ source: ScriptSource, url: URL?, interpreter: Interpreter, recorder: TranscriptRecorder
  ) async -> Transcript {
    let result = await interpreter.run(source, url: url)
    recorder.flush()
    let original = source.text
    guard !result.isMalformed else {
      return Transcript(original: original, updated: original, result: result)
    }
    return Transcript(
      original: original, updated: rewrite(source, with: recorder.blocks), result: result)
  }

  /// The script's lines with its expectation lines dropped and each
  /// block written after the line it follows, indented like that line.
  static func rewrite(
    _ source: ScriptSource, with blocks: [Int: TranscriptRecorder.Block]
  )
    -> String
  {
    var expectationLines: Set<Int> = []
    var parser = Parser(source)
    func collect(_ statement: Statement) {
      for expectation in statement.expectations {
        expectationLines.insert(expectation.location.line)
      }
      if case .group(let group) = statement { group.body.forEach(collect) }
    }
    while let statement = parser.next() { collect(statement) }
    var lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let endsWithNewline = lines.last == ""
    if endsWithNewline { lines.removeLast() }
    var out: [String] = []
    if let block = blocks[0] { out += render(block, indent: "") }
    for (index, line) in lines.enumerated() {
      let number = index + 1
      if !expectationLines.contains(number) { out.append(line) }
      if let block = blocks[number] {
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        out += render(block, indent: indent)
      }
    }
    return out.joined(separator: "\n") + (endsWithNewline || out.isEmpty ? "\n" : "")
  }

  private static func render(_ block: TranscriptRecorder.Block, indent: String) -> [String] {
    block.output.map { indent + ($0.isEmpty ? "#>" : "#> " + $0) }
      + block.diagnostics.map { indent + "#! " + $0 }
  }
}
