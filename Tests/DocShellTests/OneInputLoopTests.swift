import DocTestSupport
import Foundation
import Testing

/// Every input goes through one loop (DocScript's `EntryReader`): a
/// script gives the same output, the same diagnostics at the same lines,
/// and the same saved files, whether it is run with `docrepl run FILE`,
/// `docrepl run -`, piped to `docrepl`, given to `-c`, or run with the
/// language's `source`.
@Suite("One input loop for every mode")
struct OneInputLoopTests {
  /// A well-formed script whose runtime errors are on lines 6 and 12, with
  /// a heredoc, a group and a quote that spans lines.
  static let script = """
    new text notes
    append one
    # a comment
    group both {
      append two
      line 99
    }
    set-text <<EOF
    x
    y
    EOF
    append "a
    b"
    show
    save notes.txt

    """

  /// How the script is given to `docrepl`.
  enum Mode: String, CaseIterable, Sendable {
    case runFile = "docrepl run FILE"
    case runStandardInput = "docrepl run -"
    case batch = "docrepl < FILE"
    case commandLine = "docrepl -c TEXT"
    case source = "docrepl -c 'source FILE'"

    /// The name diagnostics give the script.
    var inputName: String {
      switch self {
      case .runFile, .source: "script.docscript"
      case .runStandardInput, .batch: "<stdin>"
      case .commandLine: "<command line>"
      }
    }
  }

  private static func run(_ mode: Mode, in folder: TemporaryDirectory) throws -> ProcessResult {
    try folder.write(script, to: "script.docscript")
    switch mode {
    case .runFile: return try runDocrepl(["run", "script.docscript"], in: folder.url)
    case .runStandardInput: return try runDocrepl(["run", "-"], in: folder.url, input: script)
    case .batch: return try runDocrepl([], in: folder.url, input: script)
    case .commandLine: return try runDocrepl(["-c", script], in: folder.url)
    case .source: return try runDocrepl(["-c", "source script.docscript"], in: folder.url)
    }
  }

  @Test("The same script: the same output, diagnostics, lines and files", arguments: Mode.allCases)
  func sameEverywhere(_ mode: Mode) throws {
    let folder = try TemporaryDirectory()
    let result = try Self.run(mode, in: folder)
    #expect(result.status == 1)
    #expect(result.output == "x\ny\n")
    let errors = result.errors
      .replacingOccurrences(of: mode.inputName, with: "NAME")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("note: in file included from") }
      .joined(separator: "\n")
    #expect(
      errors == """
        NAME:6:8: error: line number 99 is out of range; expected 1 to 2
          line 99
               ^~
        note: nothing in the group 'both' was kept
        NAME:12:8: error: line 1 of the new text contains a line break
        append "a
               ^

        """, "\(result.errors)")
    #expect(try Data(contentsOf: folder("notes.txt")) == Data("x\ny\n".utf8))
  }
}
