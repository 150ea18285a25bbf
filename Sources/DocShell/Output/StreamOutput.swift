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

  func write(_ text: String) { output.write(text) }

  func report(_ diagnostic: Diagnostic, rendered: String) {
    errors.write((color?.paint(rendered, for: diagnostic) ?? rendered) + "\n")
  }
}
