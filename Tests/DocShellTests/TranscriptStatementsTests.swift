import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// A transcript made from the statements a run parsed is the transcript
/// made by parsing the script: on every script of the repository's test
/// corpus, with what it printed, with nothing, and with every line of it
/// changed (so that every expectation line is rewritten).
@MainActor
@Suite("Transcripts from a run's statements")
struct TranscriptStatementsTests {
  /// The scripts `docrepl test` runs in this repository's own checks.
  nonisolated static let corpus: [String] = {
    let manager = FileManager.default
    return ["Tests/Scripts", "examples"].flatMap { folder in
      ((try? manager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path))
        ?? [])
        .filter { $0.hasSuffix(".docscript") }.sorted().map { "\(folder)/\($0)" }
    }
  }()

  @Test("The corpus is there")
  func corpusIsThere() {
    #expect(Self.corpus.count >= 10)
  }

  @Test(
    "Given the run's statements, a transcript is the one a parse of the script gives",
    arguments: corpus)
  func sameAsParsing(_ path: String) async throws {
    let url = packageRoot.appendingPathComponent(path)
    let folder = try TemporaryDirectory()
    let source = ScriptSource(name: path, bytes: Array(try Data(contentsOf: url)))
    let recorder = TranscriptRecorder(
      scriptName: path,
      replacing: [
        folder.url.path: "$TMP", url.deletingLastPathComponent().path: "$SCRIPT_DIR",
      ])
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      options: Interpreter.Options(
        workingDirectory: folder.url, environment: ["HOME": folder.url.path]),
      output: recorder)
    let result = await interpreter.run(source, url: url)
    recorder.flush()
    let statements = try #require(recorder.statements)
    #expect(!statements.isEmpty)

    var changed = recorder.blocks
    for (line, block) in changed {
      var block = block
      block.output = block.output.map { $0 + " (changed)" }
      block.diagnostics = block.diagnostics.map { $0 + " (changed)" }
      changed[line] = block
    }
    for blocks in [recorder.blocks, [:], changed] {
      let given = Transcript(source, statements: statements, blocks: blocks, result: result)
      let parsed = Transcript(source, blocks: blocks, result: result)
      #expect(given.updatedBytes == parsed.updatedBytes)
      #expect(given.updatableBytes == parsed.updatableBytes)
      #expect(given.firstMismatch == parsed.firstMismatch)
      #expect(given.failedChecks == parsed.failedChecks)
      #expect(given.notes == parsed.notes)
    }
    // With nothing printed, every expectation line goes: the statements
    // said where they all are.
    let silent = Transcript(source, statements: statements, blocks: [:], result: result)
    #expect(!silent.updated.contains("\n#>") && !silent.updated.contains("\n#!"))
  }
}
