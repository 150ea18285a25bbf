import DocScript

/// Script output to two streams: the process's standard output and
/// standard error (unbuffered, so that the two interleave in the order
/// written) by default, or the streams a caller of the library gave;
/// diagnostics in colour when ``DiagnosticColor`` says so.
///
/// It holds the streams while the interpreter writes; whoever gave them
/// takes them back after the run (``output``, ``errors``), as an `inout`
/// argument is given back.
@MainActor
final class StreamOutput<Output: TextOutputStream, Errors: TextOutputStream>: ScriptOutput {
  /// Where output goes.
  var output: Output
  /// Where diagnostics go.
  var errors: Errors
  private let color: DiagnosticColor?

  /// Output to `output` and `errors`, with diagnostics coloured by
  /// `color`, or plain when nil.
  init(output: Output, errors: Errors, color: DiagnosticColor? = nil) {
    self.output = output
    self.errors = errors
    self.color = color
  }

  /// Writes `text`; if Ctrl-C (or SIGTERM, SIGHUP) interrupts a write to
  /// a standard stream that the terminal holds up, the rest of `text` is
  /// dropped: the interpreter writes long output in pieces and, asking
  /// after each, stops there (see `Interpreter.writeInterruptibly`), so
  /// what is dropped is never taken for written.
  func write(_ text: String) {
    if var standard = output as? StandardStream {
      standard.write(text, stoppingWhen: { TerminalSignals.isStopRequested })
    } else {
      output.write(text)
    }
  }

  func writeStatus(_ text: String) {
    errors.write(text)
  }

  func report(_ diagnostic: Diagnostic, rendered: String) {
    errors.write((color?.paint(rendered, for: diagnostic) ?? rendered) + "\n")
  }
}

extension StreamOutput where Output == StandardStream, Errors == StandardStream {
  /// Output to the process's standard output and standard error.
  convenience init(color: DiagnosticColor? = nil) {
    self.init(output: .output, errors: .error, color: color)
  }
}
