/// A stretch of a script: from ``start`` up to, not including, ``end``.
///
/// Both ends are in the same file. A range on one line renders as a caret
/// under its first column and tildes under the rest (`^~~~`).
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  /// The first byte of the range.
  public var start: SourceLocation
  /// The byte after the range's last.
  public var end: SourceLocation

  /// Creates a range.
  public init(_ start: SourceLocation, _ end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// An empty range at `location`.
  public init(at location: SourceLocation) {
    self.init(location, location)
  }

  /// `file:line:col`, of the start.
  public var description: String { start.description }
}
