import Foundation

/// Output that remembers which line of a script each piece came after:
/// the output and diagnostics of every command of the top-level script,
/// by the command's last line.
///
/// Output from a sourced script belongs to the `source` command that ran
/// it; a group's failure belongs to the command in it that failed.
///
/// A recorder can replace text as it records: the test runner shows the
/// temporary folder a script runs in as `$TMP`, so that what a script
/// prints does not depend on where that folder was.
@MainActor
package final class TranscriptRecorder: ScriptOutput {
  /// What came after one line of the script.
  package struct Block: Hashable, Sendable {
    /// Lines of standard output.
    package var output: [String] = []
    /// Diagnostics, each as `severity: message` and its notes as
    /// `note: …`, without locations, so that moving a command does not
    /// change what is expected of it. A message of several lines takes
    /// one entry a line.
    package var diagnostics: [String] = []
    /// Whether a check (`expect`, `expect-error`) failed here: what
    /// `test --update` does not write back as expected.
    package var hasFailedCheck = false
  }

  private let scriptName: String
  private let replacements: [(text: String, replacement: String)]
  private var anchor: Int?
  private var pendingOutput = ""
  /// The blocks, by the line they follow.
  package private(set) var blocks: [Int: Block] = [:]
  /// Every diagnostic as the interpreter rendered it (source line, caret,
  /// notes), in order: what a person reads when a script is malformed.
  package private(set) var renderedDiagnostics: [String] = []
  /// The statements of the script, as the interpreter parsed it before
  /// running it (``didParse(_:source:)``); nil until then, and for a
  /// script that did not parse. ``Transcript`` compares with them instead
  /// of parsing the script again.
  package private(set) var statements: [Statement]?

  /// A recorder for the script named `scriptName`, which replaces each key
  /// of `replacements` with its value in everything it records, longest
  /// key first.
  package init(scriptName: String, replacing replacements: [String: String] = [:]) {
    self.scriptName = scriptName
    self.replacements = replacements.filter { !$0.key.isEmpty }
      .sorted {
        $0.key.utf8.count != $1.key.utf8.count
          ? $0.key.utf8.count > $1.key.utf8.count : $0.key < $1.key
      }
      .map { (text: $0.key, replacement: $0.value) }
  }

  package func willRun(_ command: Command, source: ScriptSource) {
    guard source.name == scriptName else { return }
    flush()
    anchor = command.lastLine
  }

  package func didParse(_ statements: [Statement], source: ScriptSource) {
    guard source.name == scriptName else { return }
    self.statements = statements
  }

  package func write(_ text: String) {
    pendingOutput += text
  }

  package func report(_ diagnostic: Diagnostic, rendered: String) {
    flush()
    renderedDiagnostics.append(replaced(rendered))
    let line = anchor ?? 0
    var entries = lines(of: replaced("\(diagnostic.severity.rawValue): \(diagnostic.message)"))
    for note in diagnostic.notes {
      entries += lines(of: replaced("note: \(note.message)"))
    }
    blocks[line, default: Block()].diagnostics += entries
    if diagnostic.isFailedCheck { blocks[line, default: Block()].hasFailedCheck = true }
  }

  /// Moves buffered output into its block; call after the run.
  package func flush() {
    guard !pendingOutput.isEmpty else { return }
    var lines = lines(of: replaced(pendingOutput))
    if lines.last == "" { lines.removeLast() }
    blocks[anchor ?? 0, default: Block()].output += lines
    pendingOutput = ""
  }

  /// `text` split at each `\n`, a `\r` before it belonging to the line
  /// break, as the lexer reads a script's lines: a `#>` line cannot hold
  /// a line break, so what ends in `\r\n` is expected as the line without
  /// it. (Splitting the `String` would not do: `\r\n` is one `Character`.)
  private func lines(of text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
  }

  /// `text` with every replacement made. A path is replaced only where
  /// it ends (at the end of the text, or before a character that cannot
  /// continue a file name: not a letter, digit, `-`, `_` or `.` followed
  /// by one of those), so that `/tmp/a` is not replaced inside `/tmp/ab`.
  package func replaced(_ text: String) -> String {
    var text = text
    for (original, replacement) in replacements where text.contains(original) {
      var result = ""
      var rest = text[...]
      while let found = rest.range(of: original) {
        let after = rest[found.upperBound...]
        result += rest[..<found.lowerBound]
        result += Self.continuesName(after) ? rest[found] : Substring(replacement)
        rest = after
      }
      result += rest
      text = result
    }
    return text
  }

  private static func continuesName(_ text: Substring) -> Bool {
    func isNameCharacter(_ character: Character?) -> Bool {
      guard let character else { return false }
      return character.isLetter || character.isNumber || character == "-" || character == "_"
    }
    guard let first = text.first else { return false }
    if first == "." { return isNameCharacter(text.dropFirst().first) }
    return isNameCharacter(first)
  }
}
