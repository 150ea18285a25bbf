import DocKit

/// Line edits on a memo, as PlainTextDocument offers them, for the session
/// tests that edit a text: each returns the edit that reverts it.
extension TextMemo {
  /// A line index outside the memo's lines.
  struct LineOutOfRange: Error {
    var index: Int
  }

  /// Inserts `lines` before line `index` (0-based; the line count appends),
  /// as PlainTextDocument's `insert(_:at:)` does.
  @discardableResult
  mutating func insert(_ lines: [String], at index: Int) throws -> DocumentEdit<TextMemo> {
    var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if all.last == "" { all.removeLast() }
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
