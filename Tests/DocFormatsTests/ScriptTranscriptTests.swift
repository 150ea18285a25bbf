import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// The transcripts under `Tests/Scripts/`, each run in a folder of its own
/// and compared with its own `#>` and `#!` lines.
@MainActor
@Suite("Script transcripts")
struct ScriptTranscriptTests {
  nonisolated static var scripts: [String] {
    let folder = packageRoot.appendingPathComponent("Tests/Scripts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".docscript") }.sorted()
  }

  /// Runs `name` in a new folder; returns its transcript.
  static func run(_ name: String, in temporary: TemporaryDirectory) async throws -> Transcript {
    let original = packageRoot.appendingPathComponent("Tests/Scripts/\(name)")
    let url = temporary(name)
    try FileManager.default.copyItem(at: original, to: url)
    let source = ScriptSource(name: name, bytes: Array(try Data(contentsOf: url)))
    let recorder = TranscriptRecorder(scriptName: name)
    let options = Interpreter.Options(
      workingDirectory: temporary.url, environment: ["SOURCE_DATE_EPOCH": "1767225600"],
      autosaveDirectory: temporary("autosave"))
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(), options: options, output: recorder)
    return await Transcript.check(source, url: url, interpreter: interpreter, recorder: recorder)
  }

  @Test("Every transcript prints what it expects", arguments: scripts)
  func transcript(_ name: String) async throws {
    let temporary = try TemporaryDirectory()
    let transcript = try await Self.run(name, in: temporary)
    #expect(!transcript.result.isMalformed)
    #expect(transcript.matches, "\(transcript.diff(name: name))")
  }

  @Test("There are transcripts to run")
  func scriptsExist() {
    #expect(Self.scripts.count >= 5)
  }

  @Test("A transcript whose expectation is wrong does not match, and its update fixes it")
  func mismatchAndUpdate() async throws {
    let temporary = try TemporaryDirectory()
    let text = "new text t\nappend x\nshow\n#> y\nline 1\n"
    let source = ScriptSource(name: "m.docscript", text: text)
    let recorder = TranscriptRecorder(scriptName: "m.docscript")
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: recorder)
    let transcript = await Transcript.check(
      source, url: nil, interpreter: interpreter, recorder: recorder)
    #expect(!transcript.matches)
    #expect(transcript.updated == "new text t\nappend x\nshow\n#> x\nline 1\n#> x\n")
    #expect(
      transcript.diff(name: "m.docscript") == """
        --- m.docscript
        +++ m.docscript (actual)
        @@ -1,5 +1,6 @@
         new text t
         append x
         show
        -#> y
        +#> x
         line 1
        +#> x
        """)
  }
}
