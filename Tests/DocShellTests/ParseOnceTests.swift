import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// The input loop parses each entry once, as its lines come: the
/// completeness answer is the parse's by-product, not a parse of its own,
/// and the statements run from that parse.
@MainActor
@Suite("Each entry is parsed once")
struct ParseOnceTests {
  @Test(
    "A multi-line entry (a group with a heredoc) is one parse; its heredoc is lexed again only at its end"
  )
  func multiLineEntry() async throws {
    let folder = try TemporaryDirectory()
    let lines =
      ["echo start", "group g {", "echo <<EOF"]
      + (1...200).map { "line \($0)" } + ["EOF", "echo in", "}", "echo end"]
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      options: Interpreter.Options(workingDirectory: folder.url), output: output)
    let counter = ParseCounter()
    var loop = InputLoop(
      interpreter: interpreter,
      source: StreamLineSource(text: lines.joined(separator: "\n") + "\n"), name: "<stdin>")
    let status = await Parser.$counter.withValue(counter) { await loop.run() }
    #expect(status == .success)
    #expect(
      output.text
        == "start\n" + (1...200).map { "line \($0)\n" }.joined() + "\nin\nend\n")
    #expect(output.diagnostics.isEmpty)
    // One parser for each of the three entries, and the heredoc's logical
    // line set aside once, at its first line, until its delimiter came.
    #expect(counter.parsers == 3)
    #expect(counter.resumptions == 1)
  }

  @Test("A syntax error in a later line of an entry is reported at its line in the stream")
  func errorLocation() async throws {
    let folder = try TemporaryDirectory()
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      options: Interpreter.Options(workingDirectory: folder.url), output: output)
    var loop = InputLoop(
      interpreter: interpreter,
      source: StreamLineSource(
        text: "echo one\ngroup g {\necho two\necho \"\\q\"\n}\necho three\n"),
      name: "<stdin>")
    let status = await loop.run()
    #expect(status == .failure)
    #expect(output.text == "one\nthree\n")
    #expect(
      output.diagnostics.map(\.location) == [SourceLocation(file: "<stdin>", line: 4, column: 7)])
  }

  @Test("A script run whole goes through the same loop: each entry parsed once, before any runs")
  func scriptsGoThroughTheLoop() async throws {
    let folder = try TemporaryDirectory()
    try folder.write(
      "echo two\necho <<EOF\nthree\nEOF\n#> three\n\necho four\n", to: "inner.docscript")
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      options: Interpreter.Options(workingDirectory: folder.url), output: output)
    let counter = ParseCounter()
    let result = await Parser.$counter.withValue(counter) {
      await interpreter.run(
        ScriptSource(name: "outer.docscript", text: "echo one\nsource inner.docscript\n"))
    }
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(output.text == "one\ntwo\nthree\n\nfour\n")
    // Each entry of each script once, and no script whole: outer 2,
    // inner 3 (the `#>` line and the blank line go with the heredoc's
    // entry).
    #expect(counter.parsers == 5)
  }
}
