import DocKit

/// Line edits on a memo, as PlainTextDocument offers them, for the session
/// tests that edit a text: each returns the edit that reverts it.
extension TextMemo {
  /// A line index outside the memo's lines.
  struct LineOutOfRange: Error {
    var index: Int
  }

  /// The memo's lines, without their line breaks (a final break ends the
  /// last line, it does not start another).
  /// Split by scalar, not by character: `\r\n` is one `Character`.
  var lines: [String] {
    var all = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if all.last == "" { all.removeLast() }
    return all
  }

  /// The number of lines.
  var lineCount: Int { lines.count }

  /// Replaces the text of line `index` (0-based) with `line`, keeping the
  /// line's break (`\n` or `\r\n`).
  @discardableResult
  mutating func replace(lineAt index: Int, with line: String) throws -> DocumentEdit<TextMemo> {
    var all = lines
    guard all.indices.contains(index) else { throw LineOutOfRange(index: index) }
    let endsWithBreak = index < all.count - 1 || text.hasSuffix("\n")
    all[index] = all[index].hasSuffix("\r") ? line + "\r" : line
    let old = text
    text = all.joined(separator: "\n") + (endsWithBreak ? "\n" : "")
    return Self.setting(old, actionName: "Replace Line")
  }

  /// Inserts `lines` before line `index` (0-based; the line count appends),
  /// as PlainTextDocument's `insert(_:at:)` does.
  @discardableResult
  mutating func insert(_ lines: [String], at index: Int) throws -> DocumentEdit<TextMemo> {
    var all = self.lines
    guard (0...all.count).contains(index) else { throw LineOutOfRange(index: index) }
    all.insert(contentsOf: lines, at: index)
    let old = text
    text = all.map { $0 + "\n" }.joined()
    return Self.setting(old, actionName: "Insert Lines")
  }

  /// The edit that sets the text to `text` and returns the edit that sets
  /// back the text it replaced.
  static func setting(_ text: String, actionName: String) -> DocumentEdit<TextMemo> {
    DocumentEdit(actionName: actionName) { memo in
      let old = memo.text
      memo.text = text
      return setting(old, actionName: actionName)
    }
  }
}
