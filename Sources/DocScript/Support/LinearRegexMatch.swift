/// A match of a ``LinearRegex``: where it is, and where each capture
/// group is, as offsets in the UTF-8 bytes searched.
public struct LinearRegexMatch: Sendable, Hashable {
  /// Group 0 (the whole match), then each capture group in the order of
  /// its opening parenthesis; nil for a group that took no part.
  public var groups: [Range<Int>?]

  /// Creates a match from its groups; group 0 must not be nil.
  public init(groups: [Range<Int>?]) {
    precondition(groups.first.flatMap { $0 } != nil, "group 0 is the match")
    self.groups = groups
  }

  /// The bytes of the whole match.
  public var range: Range<Int> { groups[0] ?? 0..<0 }

  /// Group `number`'s bytes: 0 is the whole match; nil for a group that
  /// took no part or that the pattern does not have.
  public subscript(_ number: Int) -> Range<Int>? {
    number >= 0 && number < groups.count ? groups[number] : nil
  }
}
