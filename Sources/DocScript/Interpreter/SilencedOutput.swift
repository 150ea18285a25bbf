import DocKit
import Foundation

/// Output that drops what a command prints and passes on its diagnostics:
/// for the command `expect-error` runs.
@MainActor
final class SilencedOutput: ScriptOutput {
  private let visible: any ScriptOutput

  init(forwardingTo visible: any ScriptOutput) {
    self.visible = visible
  }

  func write(_ text: String) {}

  func report(_ diagnostic: Diagnostic, rendered: String) {
    visible.report(diagnostic, rendered: rendered)
  }

  func writeStatus(_ text: String) {
    visible.writeStatus(text)
  }

  func willRun(_ command: Command, source: ScriptSource) {
    visible.willRun(command, source: source)
  }

  func didParse(_ statements: [Statement], source: ScriptSource) {
    visible.didParse(statements, source: source)
  }
}
