/// Why a `(re)` expectation's pattern could not be used.
struct RegexPatternError: Error, Sendable, Equatable {
  /// What is wrong, lower case, without a location.
  var message: String
}

/// The longest line, in UTF-8 bytes, that a `(re)` pattern is tried on.
/// Swift's `Regex` backtracks and cannot be stopped once started, so the
/// input it is given is bounded; a longer line does not match, and the
/// comparison says why (``Transcript/notes``).
let regexLineLimit = 64 * 1024

/// Whether `pattern`, a `(re)` expectation's regular expression, matches
/// the whole of `line`: the one place where `#>` and `#!` lines meet a
/// regular-expression engine, so that the engine can be swapped without
/// touching the rest.
///
/// Matching is by Unicode scalars (`.` is one scalar, as in an engine that
/// reads UTF-8), not by the grapheme clusters `String` compares by.
///
/// - Throws: ``RegexPatternError`` if `pattern` is not a regular
///   expression, or if `line` is longer than ``regexLineLimit``.
func regexWholeMatch(pattern: String, line: String) throws(RegexPatternError) -> Bool {
  let regex: Regex<AnyRegexOutput>
  do {
    regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
  } catch {
    throw RegexPatternError(message: "invalid regular expression: \(error)")
  }
  guard line.utf8.count <= regexLineLimit else {
    throw RegexPatternError(
      message:
        "a line of \(line.utf8.count) bytes is longer than the \(regexLineLimit) bytes a (re) pattern is tried on"
    )
  }
  do {
    return try regex.wholeMatch(in: line) != nil
  } catch {
    throw RegexPatternError(message: "the regular expression failed: \(error)")
  }
}
