/// Where a checked sequence's output goes: nowhere, but the last
/// diagnostic's message, which a report quotes.
@MainActor
final class CheckOutput: ScriptOutput {
  /// The message of the last diagnostic reported.
  private(set) var lastMessage: String?

  func write(_ text: String) {}

  func report(_ diagnostic: Diagnostic, rendered: String) {
    lastMessage = diagnostic.message
  }
}
