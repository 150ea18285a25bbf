import DocFormats
import DocScript
import DocTestSupport
import Foundation
import Testing

/// Output and diagnostics in the order they were written, as a terminal
/// shows standard output and standard error together.
@MainActor
private final class InterleavedOutput: ScriptOutput {
  var text = ""
  func write(_ text: String) { self.text += text }
  func report(_ diagnostic: Diagnostic, rendered: String) { text += rendered + "\n" }
}

/// The diagnostics' format, as golden files: the scripts in
/// `Tests/DocFormatsTests/Snapshots/diagnostics/` and, beside each, what a
/// run prints (`NAME.txt`). Carets and tildes under ranges, tabs and
/// non-ASCII text before them, notes, diffs, the include stack, and every
/// syntax error of a malformed script.
///
/// After a deliberate change, `DOCREPL_UPDATE_SNAPSHOTS=1 swift test
/// --filter DiagnosticSnapshotTests` rewrites the `.txt` files; review
/// their diff.
@MainActor
@Suite("Diagnostic golden files")
struct DiagnosticSnapshotTests {
  nonisolated static let folder = packageRoot.appendingPathComponent(
    "Tests/DocFormatsTests/Snapshots/diagnostics")

  nonisolated static var scripts: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".docscript") }.sorted()
  }

  @Test("Each script prints exactly its golden file", arguments: scripts)
  func golden(_ name: String) async throws {
    let temporary = try TemporaryDirectory()
    // The scripts run in a copy, so that nothing they write lands here.
    for item in try FileManager.default.contentsOfDirectory(atPath: Self.folder.path) {
      try FileManager.default.copyItem(
        at: Self.folder.appendingPathComponent(item), to: temporary(item))
    }
    let output = InterleavedOutput()
    let options = Interpreter.Options(
      workingDirectory: temporary.url, environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(), options: options, output: output)
    let url = temporary(name)
    let result = await interpreter.run(
      ScriptSource(name: name, bytes: Array(try Data(contentsOf: url))), url: url)
    let actual =
      output.text + "(\(result.isMalformed ? "malformed" : "\(result.failures) failed"))\n"
    let golden = Self.folder.appendingPathComponent(
      String(name.dropLast(".docscript".count)) + ".txt")
    if ProcessInfo.processInfo.environment["DOCREPL_UPDATE_SNAPSHOTS"] == "1" {
      try Data(actual.utf8).write(to: golden)
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(actual == expected)
  }

  @Test("There are golden files for usage, runtime, group, include and parse errors")
  func present() {
    #expect(
      Set(Self.scripts).isSuperset(of: [
        "usage.docscript", "runtime.docscript", "groups.docscript", "include.docscript",
        "parse.docscript",
      ]))
  }
}
