import DocScript

/// Script output to the process's standard output and standard error,
/// unbuffered, so that the two interleave in the order written;
/// diagnostics in colour when ``DiagnosticColor`` says so.
@MainActor
final class StreamOutput: ScriptOutput {
  private var output = StandardStream.output
  private var errors = StandardStream.error
  private let color: DiagnosticColor?

  /// Output with diagnostics coloured by `color`, or plain when nil.
  init(color: DiagnosticColor? = nil) {
    self.color = color
  }

  /// Writes `text`; if Ctrl-C (or SIGTERM, SIGHUP) interrupts a write
  /// that the terminal holds up, the rest of `text` is dropped: the
  /// interpreter writes long output in pieces and, asking after each,
  /// stops there (see `Interpreter.writeInterruptibly`), so what is
  /// dropped is never taken for written.
  func write(_ text: String) {
    output.write(text, stoppingWhen: { TerminalSignals.isStopRequested })
  }

  func report(_ diagnostic: Diagnostic, rendered: String) {
    errors.write((color?.paint(rendered, for: diagnostic) ?? rendered) + "\n")
  }
}
