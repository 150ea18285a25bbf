import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocScript

/// The names untitled documents autosave under, in one process.
@MainActor
@Suite("Autosave names")
struct AutosaveNameTests {
  @Test("Two interpreters of one process that autosave into one folder never share a file")
  func interpretersShareNoName() async throws {
    let temporary = try TemporaryDirectory()
    var names: [String] = []
    for text in ["first", "second"] {
      let output = CapturedOutput()
      let interpreter = Interpreter(
        registry: DocFormats.makeRegistry(),
        options: Interpreter.Options(
          workingDirectory: temporary.url, autosaveDirectory: temporary("autosave")),
        output: output)
      let result = await interpreter.run(
        ScriptSource(name: "t", text: "new text\nappend \(text)\nautosave now\n"))
      #expect(result.succeeded, "\(output.renderedDiagnostics)")
      names.append(
        try #require(interpreter.state.documents["untitled-1"]?.session.autosaveURL)
          .lastPathComponent)
    }
    #expect(names[0] != names[1])
    #expect(try temporary.names(in: "autosave") == names.sorted())
    let texts = try names.map {
      try String(contentsOf: temporary("autosave/\($0)"), encoding: .utf8)
    }
    #expect(texts == ["first\n", "second\n"])
  }

  @Test("A name is Untitled-<n>-<pid>-<token>: the count is the process's, the token its own")
  func nameShape() throws {
    let pattern = /Untitled-([0-9]+)-([0-9]+)-([0-9a-f]{8})/
    let first = try #require(AutosaveNames.next().wholeMatch(of: pattern))
    let second = try #require(AutosaveNames.next().wholeMatch(of: pattern))
    #expect(first.output.2 == "\(getpid())")
    #expect(second.output.3 == first.output.3)
    // Other tests of this process may take names meanwhile: later, not next.
    #expect(try #require(Int(second.output.1)) > #require(Int(first.output.1)))
  }
}
