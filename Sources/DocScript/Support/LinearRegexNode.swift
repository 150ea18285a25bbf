/// A parsed regular expression, before it is compiled: what
/// ``LinearRegexParser`` makes and ``LinearRegexCompiler`` reads.
indirect enum LinearRegexNode: Sendable {
  /// Matches the empty string.
  case empty
  /// Consumes one scalar of the set.
  case scalars(LinearRegexScalarSet)
  /// Each in turn.
  case concatenation([LinearRegexNode])
  /// The first that leads to a match, in order (leftmost-first).
  case alternation([LinearRegexNode])
  /// `node` at least `minimum` and at most `maximum` (nil: no limit)
  /// times, as many as possible (greedy) or as few; `offset` is where the
  /// quantifier is in the pattern.
  case repetition(
    LinearRegexNode, minimum: Int, maximum: Int?, greedy: Bool, offset: Int)
  /// A capture group, numbered from 1.
  case capture(LinearRegexNode, index: Int)
  /// A zero-width test of the position.
  case assertion(LinearRegexAssertion)
}

/// A zero-width test of a position in the line.
enum LinearRegexAssertion: Sendable, Hashable {
  /// `^` or `\A`: the start of the line.
  case start
  /// `$`, `\z` or `\Z`: the end of the line.
  case end
  /// `\b`: between a word scalar (`\w`) and a non-word one, or the line's
  /// start or end.
  case wordBoundary
  /// `\B`: not at a word boundary.
  case notWordBoundary
}
