/// An object member: a key and its value. Objects keep their members in
/// order, and may repeat a key (RFC 8259 says names SHOULD be unique).
public struct JSONMember: Hashable, Sendable {
  /// The key, unescaped.
  public var key: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
