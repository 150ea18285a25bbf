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
      throw ScriptError("expected \(what) as a whole number, not '\(text)'", at: self)
    }
    if let bounds, !bounds.contains(value) {
      let expected =
        bounds.upperBound == Int.max
        ? "\(bounds.lowerBound) or more" : "\(bounds.lowerBound) to \(bounds.upperBound)"
      throw ScriptError("\(what) \(value) is out of range; expected \(expected)", at: self)
    }
    return value
  }
}
