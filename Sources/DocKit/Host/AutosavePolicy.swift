public import Foundation

/// When a dirty document is saved without being asked: after a number of
/// changes, or when some time has passed since the last save, checked at
/// each event boundary (``DocumentSession/endEvent()``).
public struct AutosavePolicy: Sendable, Hashable {
  /// Autosave after this many changes since the last save; nil never does.
  public var changes: Int?
  /// Autosave when this much time has passed since the last save; nil
  /// never does.
  public var interval: TimeInterval?

  /// Creates a policy.
  public init(changes: Int? = 10, interval: TimeInterval? = 30) {
    self.changes = changes
    self.interval = interval
  }

  /// Never autosave.
  public static let never = AutosavePolicy(changes: nil, interval: nil)
}
