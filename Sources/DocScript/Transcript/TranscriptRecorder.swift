/// Output that remembers which line of a script each piece came after:
/// the output and diagnostics of every command of the top-level script,
/// by the command's last line.
///
/// Output from a sourced script belongs to the `source` command that ran
/// it; a group's failure belongs to the command in it that failed.
@MainActor
public final class TranscriptRecorder: ScriptOutput {
  /// What came after one line of the script.
  public struct Block: Hashable, Sendable {
    /// Lines of standard output.
    public var output: [String] = []
    /// Diagnostics, each as `severity: message` and its notes as
    /// `note: …`, without locations, so that moving a command does not
    /// change what is expected of it.
    public var diagnostics: [String] = []
  }

  private let scriptName: String
  private var anchor: Int?
  private var pendingOutput = ""
  /// The blocks, by the line they follow.
  public private(set) var blocks: [Int: Block] = [:]
  /// Every diagnostic as the interpreter rendered it (source line, caret,
  /// notes), in order: what a person reads when a script is malformed.
  public private(set) var renderedDiagnostics: [String] = []

  /// A recorder for the script named `scriptName`.
  public init(scriptName: String) {
    self.scriptName = scriptName
  }

  public func willRun(_ command: Command, source: ScriptSource) {
    guard source.name == scriptName else { return }
    flush()
    anchor = command.lastLine
  }

  public func write(_ text: String) {
    pendingOutput += text
  }

  public func report(_ diagnostic: Diagnostic, rendered: String) {
    flush()
    renderedDiagnostics.append(rendered)
    let line = anchor ?? 0
    blocks[line, default: Block()].diagnostics.append(
      "\(diagnostic.severity.rawValue): \(diagnostic.message)")
    for note in diagnostic.notes {
      blocks[line, default: Block()].diagnostics.append("note: \(note.message)")
    }
  }

  /// Moves buffered output into its block; call after the run.
  public func flush() {
    guard !pendingOutput.isEmpty else { return }
    var lines = pendingOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    if lines.last == "" { lines.removeLast() }
    blocks[anchor ?? 0, default: Block()].output += lines
    pendingOutput = ""
  }
}
