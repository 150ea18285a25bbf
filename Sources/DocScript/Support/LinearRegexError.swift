/// Why a ``LinearRegex`` could not be made from a pattern, or could not
/// finish a search within the work it was given.
public struct LinearRegexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: Sendable, Hashable {
    /// The pattern is not well formed: an unclosed group, a quantifier
    /// with nothing to repeat, an unknown escape.
    case syntax
    /// The pattern uses a construct that cannot be matched in time linear
    /// in the line (a backreference, lookaround, an atomic group, a
    /// possessive quantifier), or one this engine does not offer.
    case unsupported
    /// The pattern compiles to more than ``LinearRegex/maximumProgramSize``
    /// instructions (counted repetitions expand: `(a{1000}){1000}`).
    case tooLarge
    /// A search took more steps than it was allowed.
    case tooMuchWork
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// What went wrong, lower case, without a final period.
  public var message: String
  /// Where in the pattern, as a 0-based offset in its UTF-8 bytes; nil
  /// for ``Kind/tooMuchWork``.
  public var offset: Int?

  /// Creates an error.
  public init(_ kind: Kind, _ message: String, at offset: Int? = nil) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// The 1-based column in the pattern's UTF-8 bytes, as
  /// `file:line:col` counts them, or nil.
  public var column: Int? { offset.map { $0 + 1 } }

  public var description: String {
    column.map { "column \($0): \(message)" } ?? message
  }
}
