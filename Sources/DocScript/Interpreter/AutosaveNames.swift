import DocKit

/// Counter-based names for untitled documents' autosaves, so that runs
/// repeat.
final class AutosaveNames: Sendable {
  private let count = Locked(0)

  /// `Untitled-1`, `Untitled-2` and onward.
  func next() -> String {
    count.withLock {
      $0 += 1
      return "Untitled-\($0)"
    }
  }
}
