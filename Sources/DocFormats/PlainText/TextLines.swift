public import DocKit
public import Foundation

/// Text as lines, each with its own line ending, so that a file reads and
/// writes back byte for byte: `\n` and `\r\n` endings, a missing final
/// newline and a byte-order mark are all kept.
///
/// Edits return their inverse as a ``DocumentEdit``, which captures only
/// the lines replaced.
public struct TextLines: Hashable, Sendable, CustomStringConvertible {
  /// How a line ends.
  public enum LineEnding: String, Hashable, Sendable {
    /// `\n`.
    case lf = "\n"
    /// `\r\n`.
    case crlf = "\r\n"
    /// No ending: the last line of a file without a final newline.
    case none = ""
  }

  /// One line: its text, without the ending, and the ending.
  public struct Line: Hashable, Sendable {
    /// The text, without a line break.
    public var text: String
    /// The ending.
    public var ending: LineEnding

    /// Creates a line.
    public init(_ text: String, ending: LineEnding = .lf) {
      self.text = text
      self.ending = ending
    }
  }

  /// The lines, in order.
  public private(set) var lines: [Line]

  /// No lines: an empty file.
  public init() {
    lines = []
  }

  /// Splits `text` into lines.
  public init(_ text: String) {
    lines = Self.split(Array(text.utf8))
  }

  /// Reads UTF-8 bytes.
  ///
  /// - Throws: ``FormatError/Code/invalidEncoding`` with the byte offset,
  ///   line and column of the first byte that is not valid UTF-8.
  public init(data: Data) throws(FormatError) {
    let bytes = [UInt8](data)
    if let offset = Self.firstInvalidUTF8Offset(bytes) {
      let before = bytes[..<offset]
      let line = before.count { $0 == 0x0A } + 1
      let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      throw FormatError(
        .invalidEncoding,
        "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at byte offset \(offset)",
        line: line, column: column, byteOffset: offset)
    }
    lines = Self.split(bytes)
  }

  /// The number of lines.
  public var count: Int { lines.count }

  /// The text, endings included.
  public var text: String {
    lines.map { $0.text + $0.ending.rawValue }.joined()
  }

  /// The UTF-8 bytes, exactly as read when nothing was edited.
  public var data: Data { Data(text.utf8) }

  public var description: String { text }

  /// Whether the last line ends with a line break.
  public var hasFinalNewline: Bool { lines.last.map { $0.ending != .none } ?? false }

  /// The ending new lines get: the first line's, or `\n`.
  public var preferredEnding: LineEnding {
    lines.first { $0.ending != .none }?.ending ?? .lf
  }

  // MARK: - Edits

  /// Inserts `texts` as lines before line `index` (0-based; `count`
  /// appends). A file without a final newline keeps that property.
  ///
  /// - Returns: The edit that removes them again.
  /// - Throws: ``FormatError/Code/invalidEdit`` for an index out of range
  ///   or a text containing a line break.
  @discardableResult
  public mutating func insert(
    _ texts: [String], at index: Int
  ) throws(FormatError) -> DocumentEdit<TextLines> {
    try Self.checkNoLineBreaks(texts)
    guard (0...count).contains(index) else {
      throw FormatError(
        .invalidEdit, "line \(index + 1) is out of range (the text has \(count) lines)")
    }
    guard !texts.isEmpty else { return splice(index..<index, with: [], actionName: "Insert Lines") }
    let ending = preferredEnding
    var new = texts.map { Line($0, ending: ending) }
    if index == count, let last = lines.last, last.ending == .none {
      // Appending to a file without a final newline: the old last line
      // gets an ending and the new last line does without.
      new[new.count - 1].ending = .none
      return splice(
        (count - 1)..<count, with: [Line(last.text, ending: ending)] + new,
        actionName: "Insert Lines")
    }
    return splice(index..<index, with: new, actionName: "Insert Lines")
  }

  /// Deletes the lines in `range` (0-based).
  ///
  /// - Returns: The edit that puts them back.
  /// - Throws: ``FormatError/Code/invalidEdit`` for a range out of bounds.
  @discardableResult
  public mutating func delete(_ range: Range<Int>) throws(FormatError) -> DocumentEdit<TextLines> {
    guard range.lowerBound >= 0, range.upperBound <= count else {
      throw FormatError(
        .invalidEdit,
        "lines \(range.lowerBound + 1)-\(range.upperBound) are out of range (the text has \(count) lines)"
      )
    }
    if range.upperBound == count, range.lowerBound > 0, lines[count - 1].ending == .none {
      // Deleting the last lines of a file without a final newline: the new
      // last line loses its ending.
      let kept = Line(lines[range.lowerBound - 1].text, ending: .none)
      return splice((range.lowerBound - 1)..<count, with: [kept], actionName: "Delete Lines")
    }
    return splice(range, with: [], actionName: "Delete Lines")
  }

  /// Replaces the text of line `index` (0-based), keeping its ending.
  ///
  /// - Returns: The edit that restores the old text.
  /// - Throws: ``FormatError/Code/invalidEdit`` for an index out of range
  ///   or a text containing a line break.
  @discardableResult
  public mutating func replace(
    lineAt index: Int, with text: String
  ) throws(FormatError) -> DocumentEdit<TextLines> {
    try Self.checkNoLineBreaks([text])
    guard (0..<count).contains(index) else {
      throw FormatError(
        .invalidEdit, "line \(index + 1) is out of range (the text has \(count) lines)")
    }
    return splice(
      index..<(index + 1), with: [Line(text, ending: lines[index].ending)],
      actionName: "Replace Line")
  }

  /// Replaces `range` with `new` and returns the edit that swaps them back.
  private mutating func splice(
    _ range: Range<Int>, with new: [Line], actionName: String
  ) -> DocumentEdit<TextLines> {
    let old = Array(lines[range])
    lines.replaceSubrange(range, with: new)
    let replaced = range.lowerBound..<(range.lowerBound + new.count)
    return DocumentEdit(actionName: actionName) { text in
      text.splice(replaced, with: old, actionName: actionName)
    }
  }

  private static func checkNoLineBreaks(_ texts: [String]) throws(FormatError) {
    for (index, text) in texts.enumerated()
    where text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      throw FormatError(.invalidEdit, "line \(index + 1) of the new text contains a line break")
    }
  }

  // MARK: - Parsing

  private static func split(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      let crlf = index > start && bytes[index - 1] == 0x0D
      let end = crlf ? index - 1 : index
      lines.append(
        Line(String(decoding: bytes[start..<end], as: UTF8.self), ending: crlf ? .crlf : .lf))
      start = index + 1
    }
    if start < bytes.count {
      lines.append(Line(String(decoding: bytes[start...], as: UTF8.self), ending: .none))
    }
    return lines
  }

  /// The offset of the first byte that starts no valid UTF-8 sequence.
  static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
