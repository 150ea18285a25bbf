/// What Tab offers at a cursor: the word being completed, and what it may
/// become, from ``Interpreter/completions(for:cursor:)``.
package struct Completion: Hashable, Sendable {
  /// One word the argument may become.
  package struct Match: Hashable, Sendable {
    /// The argument it completes to, unescaped: `my file.txt`.
    package var value: String
    /// The source text that replaces ``Completion/range``: what was typed,
    /// then the rest of ``value`` escaped for where the cursor is (inside
    /// `'…'`, `"…"` or a bare word): `my\ file.txt`.
    package var replacement: String
    /// Whether the word is complete: a unique completion closes the quote
    /// it is in and adds a blank. False for a folder (it ends in `/`) or a
    /// JSON container.
    package var isFinal: Bool

    /// Creates a match.
    package init(value: String, replacement: String, isFinal: Bool) {
      self.value = value
      self.replacement = replacement
      self.isFinal = isFinal
    }
  }

  /// The UTF-8 offsets, in the text given, of the word being completed:
  /// from its first character (an opening quote included) to the cursor.
  /// Empty at the cursor when a new word starts there.
  package var range: Range<Int>
  /// What the word may become, sorted by value, or in the document's
  /// order when each candidate has one (``CompletionCandidate/order``).
  package var matches: [Match]
  /// Whether the matches are in the document's order (JSON keys as the
  /// file has them), which a list of them keeps.
  package var isOrdered = false
  /// The quote the cursor is inside (`'` or `"`), which a unique final
  /// completion closes; nil in a bare word.
  package var openQuote: Character?

  /// Creates a completion.
  package init(range: Range<Int>, matches: [Match], openQuote: Character? = nil) {
    self.range = range
    self.matches = matches
    self.openQuote = openQuote
  }

  /// The matches' values, in order.
  package var values: [String] { matches.map(\.value) }

  /// The text that replaces ``range`` when the matches are accepted: the
  /// unique match with its quote closed and a blank if it is final, or
  /// else the longest prefix all the replacements share.
  package var insertion: String {
    guard let first = matches.first else { return "" }
    if matches.count == 1 {
      guard first.isFinal else { return first.replacement }
      return first.replacement + (openQuote.map(String.init) ?? "") + " "
    }
    var common = Substring(first.replacement)
    for match in matches.dropFirst() {
      common = common.commonPrefix(with: match.replacement)[...]
    }
    return String(common)
  }
}

extension Substring {
  fileprivate func commonPrefix(with other: String) -> String {
    var end = startIndex
    var otherIndex = other.startIndex
    while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
      end = index(after: end)
      otherIndex = other.index(after: otherIndex)
    }
    return String(self[startIndex..<end])
  }
}
