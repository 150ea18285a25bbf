import DocScript
import DocTestSupport
import Foundation
import Testing

/// What ``Transcript`` writes for a line printed always reads back as
/// that line: control characters, separators and text that ends as a
/// matcher does are written with escapes and ` (esc)`.
@MainActor
@Suite("Expected lines round-trip through an update")
struct ExpectationEscapeTests {
  /// Runs `text` with the built-in commands only, in a new folder.
  private func check(_ text: String) async throws -> Transcript {
    let folder = try TemporaryDirectory()
    let recorder = TranscriptRecorder(scriptName: "s.docscript")
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(), options: Interpreter.Options(workingDirectory: folder.url),
      output: recorder)
    return await Transcript.check(
      ScriptSource(name: "s.docscript", text: text), url: nil, interpreter: interpreter,
      recorder: recorder)
  }

  /// Lines to print: every character up to U+00A0 in the middle of one,
  /// the invisible ones, backslashes, and lines that end as matchers do.
  static let lines: [String] =
    (0...0xA0).compactMap { Unicode.Scalar($0).map { "a\(Character($0))b" } }
    + [
      "\u{2028}", "\u{2029}", "\u{FEFF}x", "\\", "\\x00", "a\\tb\u{1}", "x (re)", "x (glob)",
      "x (esc)", "(re)", " (esc)", "\u{1b}[1mbold\u{1b}[0m \\ (re)", "tab\tonly",
    ]

  @Test("Each line printed is written so that the next run reads it back")
  func roundTrip() async throws {
    for line in Self.lines {
      let script = "print \(Word.quoted(line))\n"
      let first = try await check(script)
      #expect(!first.result.isMalformed)
      let updated = first.updated
      #expect(
        !updated.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }, "\(updated.debugDescription)")
      let second = try await check(updated)
      #expect(second.matches, "\(line.debugDescription) was written as \(updated.debugDescription)")
    }
  }
}
