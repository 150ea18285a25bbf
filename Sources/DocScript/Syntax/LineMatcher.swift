/// Why a `(re)` expectation's pattern could not be used.
struct RegexPatternError: Error, Sendable, Equatable {
  /// What is wrong, lower case, without a location.
  var message: String
}

/// Whether `pattern`, a `(re)` expectation's regular expression, matches
/// the whole of `line`: the one place where `#>` and `#!` lines meet a
/// regular-expression engine.
///
/// The engine is ``LinearRegex``, as for `replace --regex`: matching time
/// is linear in the line, so a line of any length is tried and no pattern
/// can hold up a run. Matching is by Unicode scalars (`.` is one scalar),
/// not by the grapheme clusters `String` compares by.
///
/// - Throws: ``RegexPatternError`` if `pattern` is not a regular
///   expression the engine takes.
func regexWholeMatch(pattern: String, line: String) throws(RegexPatternError) -> Bool {
  let regex: LinearRegex
  do {
    regex = try LinearRegex(pattern)
  } catch {
    throw RegexPatternError(message: "invalid regular expression: \(error.message)")
  }
  return regex.wholeMatch(line.utf8)
}
