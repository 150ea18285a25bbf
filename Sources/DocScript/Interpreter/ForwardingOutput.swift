/// Output that passes every call on to another: the base of the outputs
/// that change one part of what goes through them (``SilencedOutput`` drops
/// what commands print, ``RedirectableOutput`` sends it to a file) and
/// forward the rest as it is.
@MainActor
package class ForwardingOutput: ScriptOutput {
  /// Where calls go.
  package let base: any ScriptOutput

  package init(base: any ScriptOutput) {
    self.base = base
  }

  package func write(_ text: String) {
    base.write(text)
  }

  package func report(_ diagnostic: Diagnostic, rendered: String) {
    base.report(diagnostic, rendered: rendered)
  }

  package func writeStatus(_ text: String) {
    base.writeStatus(text)
  }

  package func willRun(_ command: Command, source: ScriptSource) {
    base.willRun(command, source: source)
  }

  package func didParse(_ statements: [Statement], source: ScriptSource) {
    base.didParse(statements, source: source)
  }
}
