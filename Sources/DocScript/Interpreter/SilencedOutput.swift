/// Output that drops what a command prints and passes on its diagnostics
/// to its base: for the command `expect-error` runs.
@MainActor
final class SilencedOutput: ForwardingOutput {
  override func write(_ text: String) {}
}
