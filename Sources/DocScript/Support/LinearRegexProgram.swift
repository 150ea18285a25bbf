/// A compiled ``LinearRegex``: a Thompson NFA as a list of instructions
/// for ``LinearRegexVM``.
struct LinearRegexProgram: Sendable {
  /// One step of the automaton.
  enum Instruction: Sendable, Hashable {
    /// Consume this scalar, then go on.
    case scalar(UInt32)
    /// Consume a scalar of set N, then go on.
    case set(Int)
    /// Go on at both, the first preferred.
    case split(Int, Int)
    /// Go on at this instruction.
    case jump(Int)
    /// Record the position in capture slot N, then go on.
    case save(Int)
    /// Go on only if the position passes the test.
    case assert(LinearRegexAssertion)
    /// A match.
    case match
  }

  /// The instructions; the first is where a search starts.
  var instructions: [Instruction] = []
  /// The sets that ``Instruction/set(_:)`` names.
  var sets: [LinearRegexScalarSet] = []
  /// The capture groups, not counting the whole match.
  var groupCount = 0

  /// Two slots a group (start and end), group 0 first.
  var slotCount: Int { 2 * (groupCount + 1) }
}
