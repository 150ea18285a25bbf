extension UndoManager {
  /// A key for the user info attached to an undo action with
  /// ``UndoManager/setActionUserInfoValue(_:forKey:)``.
  public struct UserInfoKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    /// Creates a key.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Creates a key.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }
  }
}
