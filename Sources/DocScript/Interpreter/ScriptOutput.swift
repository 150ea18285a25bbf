/// Where a running script's output goes: standard output, and diagnostics.
///
/// The interpreter writes each command's output before its diagnostics,
/// and calls ``willRun(_:source:)`` before each command, so that a test
/// runner can tell which output belongs to which command. Before a script
/// given to ``Interpreter/run(_:url:)`` runs, it hands on what it parsed
/// (``didParse(_:source:)``), so that a test runner need not parse the
/// script again to compare it with what it printed.
@MainActor
public protocol ScriptOutput: AnyObject {
  /// Text for standard output, newlines included.
  func write(_ text: String)
  /// A diagnostic, with its rendering (source line, caret, notes).
  func report(_ diagnostic: Diagnostic, rendered: String)
  /// Called before a command runs.
  func willRun(_ command: Command, source: ScriptSource)
  /// Called once a script given to ``Interpreter/run(_:url:)`` has been
  /// parsed and found well formed, before any of it runs, with its
  /// statements in order (not those of the scripts it `source`s). The
  /// default does nothing.
  func didParse(_ statements: [Statement], source: ScriptSource)
  /// A line about the run rather than a command's output, newline
  /// included: `set timer on`'s `took 12.3 ms`. docrepl writes it to
  /// standard error, so that a transcript, a `docrepl test` comparison
  /// and an `output FILE` hold only what commands print. The default
  /// drops it.
  func writeStatus(_ text: String)
}

extension ScriptOutput {
  public func willRun(_ command: Command, source: ScriptSource) {}
  public func writeStatus(_ text: String) {}
  public func didParse(_ statements: [Statement], source: ScriptSource) {}
}

/// Output kept in memory: for tests, and for `expect-error`.
@MainActor
public final class CapturedOutput: ScriptOutput {
  /// Everything written to standard output.
  public private(set) var text = ""
  /// The diagnostics reported, in order.
  public private(set) var diagnostics: [Diagnostic] = []
  /// Their renderings, joined by newlines.
  public private(set) var renderedDiagnostics: [String] = []
  /// The status lines written (``ScriptOutput/writeStatus(_:)``).
  public private(set) var status = ""

  /// An empty capture.
  public init() {}

  public func write(_ text: String) { self.text += text }

  public func writeStatus(_ text: String) { status += text }

  public func report(_ diagnostic: Diagnostic, rendered: String) {
    diagnostics.append(diagnostic)
    renderedDiagnostics.append(rendered)
  }
}
