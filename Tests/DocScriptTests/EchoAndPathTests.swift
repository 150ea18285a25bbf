import DocScript
import DocTestSupport
import Foundation
import Testing

/// `--echo` (and `set echo on`), and how messages show paths under the
/// working folder.
@MainActor
@Suite("Echo and relative paths")
struct EchoAndPathTests {
  /// Runs `text` in a fresh folder and returns what it printed, with its
  /// diagnostics.
  func run(_ text: String, echo: Bool = false, in folder: URL) async -> CapturedOutput {
    let output = CapturedOutput()
    var options = Interpreter.Options(workingDirectory: folder)
    options.echo = echo
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(), options: options, output: output)
    await interpreter.run(ScriptSource(name: "t.docscript", text: text))
    return output
  }

  @Test("Echo prints each command as written before its output, one of several on a line alone")
  func echo() async throws {
    let temporary = try TemporaryDirectory()
    let set = await run("print a\nset echo on\nprint c ; print d\n", in: temporary.url)
    #expect(set.text == "a\nprint c\nc\nprint d\nd\n")
    let option = await run("print a\nprint  'b c'\n", echo: true, in: temporary.url)
    #expect(option.text == "print a\na\nprint  'b c'\nb c\n")
    // A command of several lines echoes its first line.
    let heredoc = await run("print <<EOF\ne\nEOF\n", echo: true, in: temporary.url)
    #expect(heredoc.text.hasPrefix("print <<EOF\ne\n"))
  }

  @Test("The working folder itself prints as '.', a sibling that starts with its name as it is")
  func relativePaths() async throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url.standardizedFileURL.path
    let itself = await run("source '\(folder)'\n", in: temporary.url)
    #expect(
      itself.renderedDiagnostics.first?.contains("error: .: is a folder, not a script") == true)
    let sibling = await run("source '\(folder)x'\n", in: temporary.url)
    #expect(
      sibling.renderedDiagnostics.first?.contains("error: no such script '\(folder)x'") == true)
    let inside = await run("source '\(folder)/a/b.docscript'\n", in: temporary.url)
    #expect(
      inside.renderedDiagnostics.first?.contains("error: no such script 'a/b.docscript'") == true)
  }
}
