/// One argument of a command after expansion: its text and where it was
/// written.
public struct Argument: Hashable, Sendable, CustomStringConvertible {
  /// The text, with quotes removed and variables replaced.
  public var text: String
  /// Where the word is.
  public var range: SourceRange
  /// Whether the word was plain (no quotes, escapes or variables), so
  /// that it can be a keyword such as `as` or `to`.
  public var isPlain: Bool

  /// Creates an argument.
  public init(text: String, range: SourceRange, isPlain: Bool = false) {
    self.text = text
    self.range = range
    self.isPlain = isPlain
  }

  public var description: String { text }

  /// The argument as a whole number, or an error naming `what` it should be.
  public func integer(_ what: String, in bounds: ClosedRange<Int>? = nil) throws(ScriptError) -> Int
  {
    guard let value = Int(text, radix: 10) else {
      // Digits too many for an Int are a number, just too big or small.
      if Self.isWholeNumber(text) {
        throw Self.outOfRange(what, text, bounds ?? Int.min...Int.max, at: self)
      }
      throw ScriptError("expected \(what) as a whole number, not '\(text)'", at: self)
    }
    if let bounds, !bounds.contains(value) {
      throw Self.outOfRange(what, text, bounds, at: self)
    }
    return value
  }

  /// Whether `text` is written as a whole number (an optional sign, then
  /// decimal digits), whether or not it fits an `Int`.
  public static func isWholeNumber(_ text: some StringProtocol) -> Bool {
    let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text[...]
    return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
  }

  /// The error for a number outside `bounds`, naming the range expected.
  public static func outOfRange(
    _ what: String, _ text: String, _ bounds: ClosedRange<Int>, at argument: Argument
  ) -> ScriptError {
    let expected =
      bounds.upperBound == Int.max
      ? (bounds.lowerBound == Int.min
        ? "\(Int.min) to \(Int.max)" : "\(bounds.lowerBound) or more")
      : "\(bounds.lowerBound) to \(bounds.upperBound)"
    return ScriptError("\(what) \(text) is out of range; expected \(expected)", at: argument)
  }
}
