import DocScript
import DocTestSupport
import Foundation
import Testing

/// `record FILE` that cannot start.
@MainActor
@Suite("record that cannot start")
struct RecordErrorTests {
  @Test("A recording into a folder that does not exist fails at its file, and records nothing")
  func missingFolder() async throws {
    let temporary = try TemporaryDirectory()
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let result = await interpreter.run(
      ScriptSource(name: "t.docscript", text: "record missing/session.docscript\nprint after\n"))
    #expect(result.failures == 1)
    #expect(output.text == "after\n")
    let diagnostic = try #require(output.diagnostics.first)
    #expect(diagnostic.message.hasPrefix("cannot record to 'missing/session.docscript': "))
    #expect(diagnostic.range.start.column == 8)
    #expect(try temporary.names() == [])
  }
}
