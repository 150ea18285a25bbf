import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// An interpreter with the built-in types, in a folder of its own, whose
/// output is captured: scripts run one after another against the same
/// documents, as lines typed at a prompt do.
@MainActor
final class ScriptHarness {
  let temporary: TemporaryDirectory
  let output = CapturedOutput()
  let interpreter: Interpreter
  private var outputSeen = 0
  private var diagnosticsSeen = 0

  /// What one script printed and reported.
  struct Step: Equatable {
    /// Its standard output.
    var output: String
    /// Its diagnostics as rendered (source line, caret, notes), joined by
    /// newlines.
    var diagnostics: String
    /// How many commands failed.
    var failures: Int
    /// Whether the script did not parse, so that nothing in it ran.
    var isMalformed = false

    /// Failures, counting a malformed script as one.
    var problems: Int { failures + (isMalformed ? 1 : 0) }
  }

  /// A harness whose registry is DocFormats' plus `extra` types.
  init(
    registering extra: (DocumentTypeRegistry) -> Void = { _ in },
    environment: [String: String] = ["SOURCE_DATE_EPOCH": "1767225600"]
  ) throws {
    temporary = try TemporaryDirectory("script")
    let registry = DocFormats.makeRegistry()
    extra(registry)
    let options = Interpreter.Options(
      workingDirectory: temporary.url, environment: environment,
      autosaveDirectory: temporary("autosave"))
    interpreter = Interpreter(registry: registry, options: options, output: output)
  }

  /// Runs `text` as a script named `name`; returns what it printed and
  /// reported.
  @discardableResult
  func run(_ text: String, name: String = "t") async -> Step {
    let before = interpreter.currentResult
    let result = await interpreter.run(ScriptSource(name: name, text: text))
    let all = output.text
    let printed = String(all.utf8.dropFirst(outputSeen)) ?? ""
    outputSeen = all.utf8.count
    let reported = output.renderedDiagnostics.dropFirst(diagnosticsSeen)
    diagnosticsSeen = output.renderedDiagnostics.count
    return Step(
      output: printed, diagnostics: reported.joined(separator: "\n"),
      failures: result.failures - before.failures,
      isMalformed: result.isMalformed && !before.isMalformed)
  }

  /// Runs `text`, which must succeed silently or with output only.
  func setUp(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
    let step = await run(text, name: "setup")
    #expect(step.diagnostics == "", "setup failed", sourceLocation: sourceLocation)
  }
}

/// One command, run after a setup script, with exactly what it must print
/// and report.
struct CommandCase: Sendable, CustomTestStringConvertible {
  /// The script run first; it must not fail.
  var setup: String
  /// The command under test: one line, run as the script `t`.
  var command: String
  /// Its expected standard output.
  var output: String
  /// Its expected diagnostics as rendered; empty for a success.
  var diagnostics: String
  /// Files written in the working folder before the setup runs, by
  /// relative path.
  var files: [String: String] = [:]
  /// A script run after the command, to show what it did.
  var followUp = ""
  /// What ``followUp`` must print.
  var followUpOutput = ""

  var testDescription: String { command }

  /// Whether the command is expected to fail.
  var fails: Bool { !diagnostics.isEmpty }

  /// A command that succeeds and prints `output`.
  static func succeeds(
    _ command: String, after setup: String, prints output: String = ""
  )
    -> CommandCase
  {
    CommandCase(setup: setup, command: command, output: output, diagnostics: "")
  }

  /// A command that fails with one error at `column` (1-based, in bytes)
  /// whose range covers `width` characters, followed by `detail` and
  /// `notes`.
  static func fails(
    _ command: String, after setup: String, at column: Int, width: Int = 1, _ message: String,
    detail: String? = nil, notes: [String] = [], prints output: String = ""
  ) -> CommandCase {
    CommandCase(
      setup: setup, command: command, output: output,
      diagnostics: rendered(
        command, at: column, width: width, message, detail: detail, notes: notes))
  }

  /// A command that fails with one error about the first occurrence of
  /// `word` in it (its whole width), followed by `notes`.
  static func fails(
    _ command: String, after setup: String, on word: String, _ message: String,
    detail: String? = nil, notes: [String] = [], prints output: String = ""
  ) -> CommandCase {
    guard let range = command.range(of: word) else {
      preconditionFailure("'\(word)' is not in '\(command)'")
    }
    let column = command.utf8.distance(from: command.startIndex, to: range.lowerBound) + 1
    return fails(
      command, after: setup, at: column, width: word.count, message, detail: detail, notes: notes,
      prints: output)
  }

  /// How the interpreter renders an error in the one-line script `t`.
  static func rendered(
    _ line: String, at column: Int, width: Int = 1, _ message: String, detail: String? = nil,
    notes: [String] = []
  ) -> String {
    let indent = String(
      String(decoding: Array(line.utf8).prefix(column - 1), as: UTF8.self).map {
        $0 == "\t" ? "\t" : " "
      })
    let marker = "^" + String(repeating: "~", count: max(0, width - 1))
    return
      ([
        "t:1:\(column): error: \(message)", line, indent + marker,
      ] + (detail.map { [$0] } ?? []) + notes.map { "note: \($0)" }).joined(separator: "\n")
  }

  /// The same case, then `script`, which must print `output` and fail
  /// nothing: to check what the command did (`show`, and `undo` for the
  /// step's title).
  func then(_ script: String, prints output: String) -> CommandCase {
    var copy = self
    copy.followUp = script
    copy.followUpOutput = output
    return copy
  }

  /// The same case with `files` in the working folder.
  func with(files: [String: String]) -> CommandCase {
    var copy = self
    copy.files.merge(files) { $1 }
    return copy
  }

  /// Writes the case's files into `harness`'s folder.
  @MainActor
  func writeFiles(in harness: ScriptHarness) throws {
    for (path, text) in files { try harness.temporary.write(text, to: path) }
  }

  /// Runs the case in `harness`, checking output and diagnostics exactly.
  @MainActor
  func check(
    in harness: ScriptHarness, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) async throws {
    try writeFiles(in: harness)
    await harness.setUp(setup, sourceLocation: sourceLocation)
    let step = await harness.run(command)
    #expect(step.output == output, sourceLocation: sourceLocation)
    #expect(step.diagnostics == diagnostics, sourceLocation: sourceLocation)
    #expect(step.problems == (fails ? 1 : 0), sourceLocation: sourceLocation)
    guard !followUp.isEmpty else { return }
    let after = await harness.run(followUp, name: "then")
    #expect(after.output == followUpOutput, sourceLocation: sourceLocation)
    #expect(after.diagnostics == "", sourceLocation: sourceLocation)
  }
}
