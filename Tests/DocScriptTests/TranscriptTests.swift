import DocScript
import DocTestSupport
import Foundation
import Testing

/// ``Transcript`` and ``TranscriptRecorder`` on their own: where a script
/// first differs, and the replacement of paths as output is recorded.
@MainActor
@Suite("Transcripts")
struct TranscriptTests {
  /// Runs `text` with the built-in commands only, in a new folder.
  private func check(_ text: String, replacing: [String: String] = [:]) async throws -> Transcript {
    let folder = try TemporaryDirectory()
    let recorder = TranscriptRecorder(scriptName: "s.docscript", replacing: replacing)
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(), options: Interpreter.Options(workingDirectory: folder.url),
      output: recorder)
    return await Transcript.check(
      ScriptSource(name: "s.docscript", text: text), url: nil, interpreter: interpreter,
      recorder: recorder)
  }

  @Test(
    "The first mismatch is the first command, in line order, whose lines differ",
    arguments: [
      ("print a\n#> a\nprint b\n#> c\nprint d\n", 3, "print b"),
      ("print a\nprint b\n#> b\n", 1, "print a"),
      ("print a\n#> a\ngroup g {\n  print b\n}\nprint c\n#> c\n", 4, "print b"),
      ("let x = 1\n  print $x; print 2\n#> 1\n", 2, "print $x; print 2"),
      ("print a\n#> a\nprint b\n#> b\n#> extra\n", 3, "print b"),
    ] as [(String, Int, String)])
  func firstMismatch(_ text: String, _ line: Int, _ command: String) async throws {
    let transcript = try await check(text)
    #expect(!transcript.matches)
    #expect(transcript.firstMismatch?.line == line)
    #expect(transcript.firstMismatch?.command == command)
  }

  @Test("A matching script has no mismatch, and its update is itself")
  func matching() async throws {
    let text = "print a\n#>a\n\n# comment\nprint ''\n#>\n"
    let transcript = try await check(text)
    #expect(transcript.matches)
    #expect(transcript.firstMismatch == nil)
    #expect(transcript.updated == text)
  }

  @Test("Paths are replaced where they end, longest first, in output and diagnostics")
  func replacements() async throws {
    let transcript = try await check(
      """
      print /tmp/a /tmp/a/x /tmp/ab /tmp/a.txt /tmp/a. /tmp/a/b/c
      print ${nope}

      """,
      replacing: ["/tmp/a": "$TMP", "/tmp/a/b": "$SCRIPT_DIR"])
    #expect(
      transcript.updated == """
        print /tmp/a /tmp/a/x /tmp/ab /tmp/a.txt /tmp/a. /tmp/a/b/c
        #> $TMP $TMP/x /tmp/ab /tmp/a.txt $TMP. $SCRIPT_DIR/c
        print ${nope}
        #! error: undefined variable 'nope'
        #! note: define it with 'let nope = …', or write '${nope:-default}'

        """)
  }
}
