/// One argument of a command, before expansion: the parts that adjacent
/// quoted, unquoted and variable pieces of source text join into.
///
/// `a"b $x"'$y'` is one word of four parts: `a`, `b `, the variable `x`,
/// and `$y` (single quotes are literal).
public struct Word: Hashable, Sendable {
  /// A piece of a word.
  public enum Part: Hashable, Sendable {
    /// Text, with its quotes removed and escapes already applied.
    case literal(String)
    /// `$name`, `${name}` or `${name:-default}`.
    case variable(VariableReference)
  }

  /// The parts, in order. Adjacent literals are merged.
  public var parts: [Part]
  /// Where the word is in the source. For a heredoc, the `<<DELIM`
  /// operator.
  public var range: SourceRange
  /// Whether the word was written without quotes, escapes or variables:
  /// only such a word can be a keyword or a brace.
  public var isPlain: Bool

  /// Creates a word.
  public init(parts: [Part], range: SourceRange, isPlain: Bool) {
    self.parts = parts
    self.range = range
    self.isPlain = isPlain
  }

  /// The text, when the word has no variables; nil otherwise.
  public var literalText: String? {
    var text = ""
    for part in parts {
      guard case .literal(let piece) = part else { return nil }
      text += piece
    }
    return text
  }

  /// The text of a plain word, which can be a keyword; nil otherwise.
  public var plainText: String? { isPlain ? literalText : nil }
}

/// A reference to a variable inside a word.
public struct VariableReference: Hashable, Sendable {
  /// The variable's name.
  public var name: String
  /// What `${name:-default}` gives when `name` is not defined; nil when the
  /// reference has no fallback, and an undefined name is an error.
  public var fallback: [Word.Part]?
  /// Where the reference is, from `$` to its end.
  public var range: SourceRange

  /// Creates a reference.
  public init(name: String, fallback: [Word.Part]?, range: SourceRange) {
    self.name = name
    self.fallback = fallback
    self.range = range
  }
}
