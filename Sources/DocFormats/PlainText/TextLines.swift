public import DocKit
import DocScript
public import Foundation

/// Text as lines, each with its own line ending, so that a file reads and
/// writes back byte for byte: `\n` and `\r\n` endings, a missing final
/// newline and a byte-order mark are all kept.
///
/// The byte-order mark belongs to the text as a whole, not to its first
/// line (``hasByteOrderMark``): edits never drop it, and ``text``, the
/// lines and ``description`` never show it; ``data`` writes it back.
///
/// A new line takes the ending of the last line that has one
/// (``preferredEnding``): `\r\n` in a CRLF file, and in a file of mixed
/// endings the one its last lines use.
///
/// Edits return their inverse as a ``DocumentEdit``, which captures only
/// the lines replaced.
///
/// The lines live in a B-tree whose nodes count the lines and bytes below
/// them (docs/text-buffer.md describes it). A leaf holds up to 64 lines as
/// one buffer of UTF-8 bytes, endings included, not as a `String` a line;
/// a text read from a file keeps the file's own bytes. Reading,
/// inserting, replacing or deleting line `i` costs O(log n) in the number
/// of lines, `text` and `data` O(n) in the bytes. It is a value with
/// copy-on-write: a copy costs O(1) and shares the nodes; the first edit
/// of either copies only the nodes on its path.
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
  ///
  /// Lines are equal when their bytes are: texts compare by their UTF-8
  /// bytes, not by Unicode canonical equivalence as `String`s do, so a
  /// precomposed `é` and an `e` with a combining accent differ, as they
  /// do on disk.
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

    /// Whether the two have the same bytes and the same ending.
    public static func == (lhs: Line, rhs: Line) -> Bool {
      lhs.ending == rhs.ending && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// Hashes the bytes and the ending, so that lines equal by ``==``
    /// hash alike.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(ending)
      hasher.combine(text.utf8.count)
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }

  /// The root of the tree of lines; nil when there are none.
  private var root: TextLineNode?

  /// Whether the bytes start with a UTF-8 byte-order mark (`EF BB BF`).
  /// It is not part of any line: ``data`` writes it before the first.
  public var hasByteOrderMark = false

  /// The byte-order mark, as UTF-8.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The lines, in order: `lines[i]` costs O(log n), iterating O(n).
  ///
  /// - Complexity: O(1); the view shares the tree.
  public var lines: LineView { LineView(root: root) }

  /// No lines: an empty file.
  public init() {
    root = nil
  }

  /// Splits `text` into lines. A `U+FEFF` at its start is the
  /// byte-order mark (``hasByteOrderMark``), not part of the first line.
  ///
  /// - Complexity: O(n) in the bytes: one copy of `text`'s UTF-8, which
  ///   the leaves then share.
  public init(_ text: String) {
    self.init(validUTF8: Data(text.utf8))
  }

  /// Reads UTF-8 bytes.
  ///
  /// The lines keep `data`'s storage: the leaves of the tree are slices
  /// of it, so reading copies no text, and the bytes are held once.
  ///
  /// - Throws: ``FormatError/Code/invalidEncoding`` with the byte offset,
  ///   line and column of the first byte that is not valid UTF-8.
  /// - Complexity: O(n) in the bytes: one pass checks the UTF-8 and
  ///   finds the line breaks, a word at a time through ASCII. No `String`
  ///   is made.
  public init(data: Data) throws(FormatError) {
    let hasMark = data.starts(with: Self.byteOrderMark)
    let read = WorkProgress.run("reading", total: data.count) { report in
      TextLineNode.read(data, from: hasMark ? Self.byteOrderMark.count : 0, report: report)
    }
    guard read.valid else {
      let bytes = [UInt8](data)
      let offset = Self.firstInvalidUTF8Offset(bytes) ?? 0
      let before = bytes[..<offset]
      let line = before.count { $0 == 0x0A } + 1
      let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      throw FormatError(
        .invalidEncoding,
        "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at byte offset \(offset)",
        line: line, column: column, byteOffset: offset)
    }
    hasByteOrderMark = hasMark
    root = read.root
  }

  /// The lines of `data`, which is valid UTF-8, a leading byte-order mark
  /// taken apart.
  private init(validUTF8 data: Data) {
    hasByteOrderMark = data.starts(with: Self.byteOrderMark)
    root = TextLineNode.read(data, from: hasByteOrderMark ? Self.byteOrderMark.count : 0).root
  }

  /// The number of lines.
  ///
  /// - Complexity: O(1).
  public var count: Int { root?.lineCount ?? 0 }

  /// The number of UTF-8 bytes, endings included.
  var utf8Count: Int { root?.byteCount ?? 0 }

  /// The text, endings included, without the byte-order mark.
  ///
  /// - Complexity: O(n) in the bytes: each leaf's bytes are copied as
  ///   they are.
  public var text: String {
    String(unsafeUninitializedCapacity: utf8Count) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      root?.forEachLeaf { leaf in
        leaf.run.withBytes { bytes in
          guard let source = bytes.baseAddress else { return }
          (base + offset).update(from: source, count: bytes.count)
          offset += bytes.count
        }
      }
      return offset
    }
  }

  /// The UTF-8 bytes, byte-order mark included, exactly as read when
  /// nothing was edited.
  ///
  /// - Complexity: O(n) in the bytes: each leaf's bytes are copied as
  ///   they are, into storage of the final size.
  public var data: Data {
    let markCount = hasByteOrderMark ? Self.byteOrderMark.count : 0
    var data = Data(count: utf8Count + markCount)
    WorkProgress.run("saving", total: data.count) { report in
      fill(&data, report: report)
    }
    return data
  }

  /// The bytes ``data`` holds, as a source a save writes a leaf at a
  /// time (gathered 8 MB at a time), so that the file's bytes are
  /// never joined in memory.
  ///
  /// - Complexity: O(1); writing it is O(n) in the bytes.
  package var byteSource: FileWrapper.ByteSource {
    let markCount = hasByteOrderMark ? Self.byteOrderMark.count : 0
    return FileWrapper.ByteSource(count: utf8Count + markCount) { [self] body in
      if hasByteOrderMark { try Self.byteOrderMark.withUnsafeBytes(body) }
      try forEachChunk(body)
    }
  }

  /// Copies the mark and the leaves' bytes into `data`, which has room
  /// for exactly them.
  private func fill(_ data: inout Data, report: (Int) -> Void) {
    var nextReport = 1 << 20
    data.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      if hasByteOrderMark {
        for byte in Self.byteOrderMark {
          base.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
          offset += 1
        }
      }
      root?.forEachLeaf { leaf in
        leaf.run.bytes.withUnsafeBytes { bytes in
          guard let source = bytes.baseAddress else { return }
          (base + offset).copyMemory(from: source, byteCount: bytes.count)
          offset += bytes.count
        }
        if offset >= nextReport {
          report(offset)
          nextReport = offset + 1 << 20
        }
      }
    }
  }

  /// Calls `body` with the bytes in order, without the byte-order mark:
  /// what ``data`` would hold after the mark, without copying it. Leaves
  /// that lie one after another in the bytes of the file they were read
  /// from, as the unedited stretches of a file do, come as one buffer;
  /// any other leaf comes alone.
  ///
  /// - Complexity: O(n) in the leaves; the bytes are not copied.
  func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    guard let root else { return }
    var leaves = root.leafIterator()
    // A stretch of an origin's bytes not yet given, by its indices.
    var pending: (origin: TextLineRun.Origin, range: Range<Int>)?
    func flush(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
      guard let stretch = pending else { return }
      pending = nil
      try stretch.origin.data[stretch.range].withUnsafeBytes(body)
    }
    while let leaf = leaves.next() {
      let run = leaf.run
      if let origin = run.origin, let range = Self.range(of: run.bytes, in: origin.data) {
        if let stretch = pending, stretch.origin === origin,
          stretch.range.upperBound == range.lowerBound
        {
          pending = (origin, stretch.range.lowerBound..<range.upperBound)
        } else {
          try flush(body)
          pending = (origin, range)
        }
        continue
      }
      try flush(body)
      try run.bytes.withUnsafeBytes(body)
    }
    try flush(body)
  }

  /// The indices of `whole` that hold `part`, if `part` is a slice of
  /// `whole`'s very memory: checked by address, not assumed from the
  /// indices, so that bytes that only look like a slice are never taken
  /// for one.
  static func range(of part: Data, in whole: Data) -> Range<Int>? {
    let range = part.startIndex..<part.endIndex
    guard !range.isEmpty, range.lowerBound >= whole.startIndex,
      range.upperBound <= whole.endIndex
    else { return nil }
    let same = whole.withUnsafeBytes { all in
      part.withUnsafeBytes { slice in
        guard let base = all.baseAddress, let start = slice.baseAddress else { return false }
        return base + (range.lowerBound - whole.startIndex) == start
      }
    }
    return same ? range : nil
  }

  public var description: String { text }

  /// Whether the last line ends with a line break.
  public var hasFinalNewline: Bool {
    guard let root else { return false }
    return root.ending(at: count - 1) != .none
  }

  /// The ending new lines get: that of the last line that has one (the
  /// last line, or the one before it when the file has no final newline),
  /// or `\n` when no line has one.
  ///
  /// - Complexity: O(log n).
  public var preferredEnding: LineEnding {
    guard let root else { return .lf }
    for index in stride(from: count - 1, through: max(0, count - 2), by: -1) {
      let ending = root.ending(at: index)
      if ending != .none { return ending }
    }
    return .lf
  }

  // MARK: - Edits

  /// Inserts `texts` as lines before line `index` (0-based; `count`
  /// appends). A file without a final newline keeps that property.
  ///
  /// - Returns: The edit that removes them again.
  /// - Throws: ``FormatError/Code/invalidEdit`` for an index out of range
  ///   or a text containing a line break.
  /// - Complexity: O(log n + k) for k lines, plus a copy of the bytes of
  ///   the leaf they go into (and of the path to it, after a copy of the
  ///   text).
  @discardableResult
  public mutating func insert(
    _ texts: [String], at index: Int
  ) throws(FormatError) -> DocumentEdit<TextLines> {
    Self.edit(try insert(texts, at: index, actionName: "Insert Lines"))
  }

  /// ``insert(_:at:)``, returning its inverse as a ``Splice`` named
  /// `actionName`.
  mutating func insert(
    _ texts: [String], at index: Int, actionName: String
  ) throws(FormatError) -> Splice {
    try Self.checkNoLineBreaks(texts)
    guard (0...count).contains(index) else {
      throw FormatError(
        .invalidEdit, "line \(index + 1) is out of range (the text has \(count) lines)")
    }
    guard !texts.isEmpty else { return splice(index..<index, with: [], actionName: actionName) }
    let ending = preferredEnding
    var new = texts.map { Line($0, ending: ending) }
    if index == count, let last = lines.last, last.ending == .none {
      // Appending to a file without a final newline: the old last line
      // gets an ending and the new last line does without.
      new[new.count - 1].ending = .none
      return splice(
        (count - 1)..<count, with: [Line(last.text, ending: ending)] + new,
        actionName: actionName)
    }
    return splice(index..<index, with: new, actionName: actionName)
  }

  /// Deletes the lines in `range` (0-based).
  ///
  /// - Returns: The edit that puts them back.
  /// - Throws: ``FormatError/Code/invalidEdit`` for a range out of bounds.
  /// - Complexity: O(k log n) for k lines, each leaf they leave rewritten
  ///   once; O(n) when k is a quarter of the lines or more.
  @discardableResult
  public mutating func delete(_ range: Range<Int>) throws(FormatError) -> DocumentEdit<TextLines> {
    Self.edit(try delete(range, actionName: "Delete Lines"))
  }

  /// ``delete(_:)``, returning its inverse as a ``Splice`` named
  /// `actionName`.
  mutating func delete(_ range: Range<Int>, actionName: String) throws(FormatError) -> Splice {
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
      return splice((range.lowerBound - 1)..<count, with: [kept], actionName: actionName)
    }
    return splice(range, with: [], actionName: actionName)
  }

  /// Replaces the text of line `index` (0-based), keeping its ending.
  ///
  /// - Returns: The edit that restores the old text.
  /// - Throws: ``FormatError/Code/invalidEdit`` for an index out of range
  ///   or a text containing a line break.
  /// - Complexity: O(log n), plus a copy of one leaf's bytes (at most 64
  ///   lines).
  @discardableResult
  public mutating func replace(
    lineAt index: Int, with text: String
  ) throws(FormatError) -> DocumentEdit<TextLines> {
    Self.edit(try replace(lineAt: index, with: text, actionName: "Replace Line"))
  }

  /// ``replace(lineAt:with:)``, returning its inverse as a ``Splice``
  /// named `actionName`.
  mutating func replace(
    lineAt index: Int, with text: String, actionName: String
  ) throws(FormatError) -> Splice {
    try Self.checkNoLineBreaks([text])
    guard (0..<count).contains(index) else {
      throw FormatError(
        .invalidEdit, "line \(index + 1) is out of range (the text has \(count) lines)")
    }
    return splice(
      index..<(index + 1), with: [Line(text, ending: lines[index].ending)],
      actionName: actionName)
  }

  /// Gives lines the texts of `batch`, keeping their endings, and returns
  /// the batch that puts the old texts back.
  ///
  /// - Complexity: O(k log n) for k lines, and a copy of the bytes of
  ///   each leaf they fall in, once a leaf.
  mutating func apply(_ batch: TextBatch) -> TextBatch {
    var inverse = TextBatch(actionName: batch.actionName)
    guard batch.count > 0 else { return inverse }
    _ = uniqueRoot().replaceTexts(batch, 0..<batch.count, first: 0, into: &inverse)
    return inverse
  }

  /// This text with every occurrence of `pattern` (as bytes) within a
  /// line replaced by `replacement`, which holds no line break, and the
  /// batch that puts the old texts back: `replace --all` in one pass, a
  /// leaf at a time. A leaf without `pattern` is shared as it is; one with
  /// it is built afresh once, and the undo batch keeps the old lines as
  /// ranges of the old leaf's bytes (a slice of the file's, for lines as
  /// read), so the edit costs the new leaves and a few integers a line
  /// changed, not a copy of the old texts and another of the new.
  ///
  /// - Parameter shouldStop: Asked now and then; when it says true, the
  ///   search stops and returns nil, and nothing has changed.
  /// - Complexity: O(n) in the bytes.
  func replacingEvery(
    _ pattern: [UInt8], with replacement: [UInt8], actionName: String,
    shouldStop: () -> Bool = { false }
  ) -> (text: TextLines, undo: TextBatch)? {
    var undo = TextBatch(actionName: actionName)
    guard let root, !pattern.isEmpty else { return (self, undo) }
    var builder = TextLineNode.Builder()
    var scratch: [UInt8] = []
    var first = 0
    var stopped = false
    var done = 0
    var nextReport = 1 << 20
    let progress = WorkProgress.current
    progress?.begin("replacing", total: utf8Count)
    defer { progress?.end() }
    var anyChanged = false
    _ = root.forEachLeafWhile { leaf in
      if shouldStop() {
        stopped = true
        return false
      }
      if done >= nextReport {
        progress?.update(done)
        nextReport = done + 1 << 20
      }
      let run = leaf.run
      if let (pieces, lines) = run.replacingOccurrences(
        of: pattern, with: replacement, scratch: &scratch)
      {
        anyChanged = true
        for piece in pieces { builder.appendPiece(piece) }
        undo.append(lines: lines, of: run, first: first)
      } else {
        builder.appendLeaf(node: leaf)
      }
      first += leaf.lineCount
      done += leaf.byteCount
      return true
    }
    guard !stopped else { return nil }
    guard anyChanged else { return (self, undo) }
    var text = TextLines()
    text.hasByteOrderMark = hasByteOrderMark
    text.root = builder.finish()
    return (text, undo)
  }

  /// The lines that hold `pattern` (as bytes, never by Unicode
  /// equivalence), with it replaced by `replacement`: every occurrence,
  /// or with `all` false only the first in the text. A line that does
  /// not hold it is looked at as bytes and nothing more.
  ///
  /// - Parameter shouldStop: Asked now and then; when it says true, the
  ///   search stops and returns nil.
  func replacing(
    _ pattern: [UInt8], with replacement: [UInt8], all: Bool, actionName: String,
    shouldStop: () -> Bool = { false }
  ) -> TextBatch? {
    var batch = TextBatch(actionName: actionName)
    guard let root, !pattern.isEmpty else { return batch }
    var first = 0
    var stopped = false
    var done = 0
    var nextReport = 1 << 20
    let progress = WorkProgress.current
    progress?.begin("replacing", total: utf8Count)
    defer { progress?.end() }
    root.forEachLeafWhile { leaf in
      if shouldStop() {
        stopped = true
        return false
      }
      defer {
        first += leaf.lineCount
        done += leaf.byteCount
        if done >= nextReport {
          progress?.update(done)
          nextReport = done + 1 << 20
        }
      }
      let run = leaf.run
      return run.withBytes { bytes in
        // The whole leaf searched at once; a line is looked at only where
        // a match starts, and a match must end within its line's text.
        var line = 0
        var from = 0
        while let found = Self.firstOccurrence(of: pattern, in: bytes, from: from) {
          while run.end(line) <= found { line += 1 }
          let text = run.start(line)..<run.textEnd(line)
          guard found + pattern.count <= text.upperBound else {
            from = found + 1
            continue
          }
          if let changed = Self.replacing(
            pattern, with: replacement, in: UnsafeBufferPointer(rebasing: bytes[text]), all: all)
          {
            batch.append(first + line, changed)
            if !all { return false }
          }
          line += 1
          guard line < run.count else { break }
          from = run.start(line)
        }
        return true
      }
    }
    return stopped ? nil : batch
  }

  /// Calls `body` with each line whose text holds `literal`'s bytes (each
  /// line, when `literal` is nil), and its index, in order, until `body`
  /// returns false. A line without them is looked at as bytes only: no
  /// `String` is made of it. A progress line, if shown, names `activity`.
  ///
  /// - Complexity: O(n) in the bytes, plus a `String` a line that holds
  ///   `literal`.
  func forEachLine(
    containing literal: [UInt8]?, activity: String = "replacing",
    _ body: (Int, Line) throws -> Bool
  ) rethrows {
    guard let root else { return }
    var leaves = root.leafIterator()
    var first = 0
    var done = 0
    var nextReport = 1 << 20
    let progress = WorkProgress.current
    progress?.begin(activity, total: utf8Count)
    defer { progress?.end() }
    while let leaf = leaves.next() {
      let run = leaf.run
      defer {
        first += run.count
        done += leaf.byteCount
        if done >= nextReport {
          progress?.update(done)
          nextReport = done + 1 << 20
        }
      }
      guard let literal, !literal.isEmpty else {
        for line in 0..<run.count where try !body(first + line, run.line(line)) { return }
        continue
      }
      var found: [Int] = []
      run.withBytes { bytes in
        var line = 0
        var from = 0
        while let match = Self.firstOccurrence(of: literal, in: bytes, from: from) {
          while run.end(line) <= match { line += 1 }
          if match + literal.count <= run.textEnd(line) {
            found.append(line)
            line += 1
            guard line < run.count else { break }
            from = run.start(line)
          } else {
            from = match + 1
          }
        }
      }
      for line in found where try !body(first + line, run.line(line)) { return }
    }
  }

  /// Where `pattern` first occurs in `bytes` at or after `from`.
  static func firstOccurrence(
    of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int
  ) -> Int? {
    guard let base = bytes.baseAddress, from + pattern.count <= bytes.count else { return nil }
    return pattern.withUnsafeBytes { needle -> Int? in
      guard let needleBase = needle.baseAddress else { return nil }
      let first = Int32(needle[0])
      var position = from
      let last = bytes.count - needle.count
      while position <= last {
        // The next place the first byte occurs, then the rest compared.
        guard let found = memchr(base + position, first, last - position + 1) else { return nil }
        position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        if memcmp(base + position, needleBase, needle.count) == 0 { return position }
        position += 1
      }
      return nil
    }
  }

  /// `bytes` with `pattern` replaced (every occurrence, or the first),
  /// or nil when it does not occur.
  static func replacing(
    _ pattern: [UInt8], with replacement: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, all: Bool
  ) -> [UInt8]? {
    guard bytes.count >= pattern.count, let base = bytes.baseAddress else { return nil }
    var result: [UInt8]?
    var copied = 0
    var position = 0
    let last = bytes.count - pattern.count
    pattern.withUnsafeBytes { pattern in
      guard let patternBase = pattern.baseAddress else { return }
      let first = Int32(pattern[0])
      while position <= last {
        // The next place the first byte occurs, then the rest compared.
        guard let found = memchr(base + position, first, last - position + 1) else { return }
        position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        guard memcmp(base + position, patternBase, pattern.count) == 0 else {
          position += 1
          continue
        }
        if result == nil { result = [] }
        result?.append(contentsOf: bytes[copied..<position])
        result?.append(contentsOf: replacement)
        position += pattern.count
        copied = position
        if !all { return }
      }
    }
    guard var result else { return nil }
    result.append(contentsOf: bytes[copied...])
    return result
  }

  /// An edit's inverse as a value: the lines now at `range` give way to
  /// `content`. A document that holds a ``TextLines`` makes its own
  /// ``DocumentEdit`` of it, so that an undo step is one closure and not
  /// one around ``TextLines``'s.
  struct Splice: Sendable {
    /// The lines to put back: most undo steps hold one line, kept without
    /// an array around it, which saves an allocation a step.
    enum Content: Sendable {
      case line(Line)
      case lines([Line])
    }

    var range: Range<Int>
    var content: Content
    var actionName: String
  }

  /// Applies `splice` and returns the one that undoes it.
  mutating func apply(_ splice: Splice) -> Splice {
    switch splice.content {
    case .line(let line): self.splice(splice.range, with: [line], actionName: splice.actionName)
    case .lines(let lines): self.splice(splice.range, with: lines, actionName: splice.actionName)
    }
  }

  /// The edit that applies `splice`, and returns the edit that undoes it.
  private static func edit(_ splice: Splice) -> DocumentEdit<TextLines> {
    // One closure shape for each kind of content, so that a step that
    // holds no line (an insert's inverse) does not carry room for one.
    let (range, actionName) = (splice.range, splice.actionName)
    switch splice.content {
    case .line(let line):
      return DocumentEdit(actionName: actionName) { text in
        edit(text.splice(range, with: [line], actionName: actionName))
      }
    case .lines(let lines):
      return DocumentEdit(actionName: actionName) { text in
        edit(text.splice(range, with: lines, actionName: actionName))
      }
    }
  }

  /// Replaces `range` with `new` and returns the splice that swaps them
  /// back.
  private mutating func splice(
    _ range: Range<Int>, with new: [Line], actionName: String
  ) -> Splice {
    let old = replaceSubrange(range, with: new)
    let replaced = range.lowerBound..<(range.lowerBound + new.count)
    return Splice(
      range: replaced, content: old.count == 1 ? .line(old[0]) : .lines(old),
      actionName: actionName)
  }

  /// Replaces the lines in `range` with `new` and returns the old ones.
  ///
  /// - Complexity: O(log n) for one line replaced, inserted or deleted;
  ///   O(k log n) for k lines, or O(n) when k is a quarter of the lines or
  ///   more.
  private mutating func replaceSubrange(_ range: Range<Int>, with new: [Line]) -> [Line] {
    if range.count == new.count {
      guard !new.isEmpty else { return [] }
      let root = uniqueRoot()
      return zip(range, new).map { root.replace(at: $0, with: $1) }
    }
    if range.count * 4 >= count {
      // Much of the text changes: building afresh is linear and cheaper
      // than k removals.
      // The kept lines move as bytes, a leaf at a time; only the lines
      // removed become `String`s, for the inverse.
      var builder = TextLineNode.Builder()
      var removed: [Line] = []
      removed.reserveCapacity(range.count)
      var first = 0
      var insertedNew = false
      func addNew() {
        if !insertedNew, !new.isEmpty { builder.append(TextLineRun(new)) }
        insertedNew = true
      }
      root?.forEachLeaf { leaf in
        let run = leaf.run
        let leafRange = first..<(first + run.count)
        first = leafRange.upperBound
        let before = leafRange.clamped(to: 0..<range.lowerBound)
        let inside = leafRange.clamped(to: range)
        let after = leafRange.clamped(to: range.upperBound..<Int.max)
        if !before.isEmpty {
          builder.append(
            before == leafRange
              ? run
              : run.slice(
                (before.lowerBound - leafRange.lowerBound)..<(before.upperBound
                  - leafRange.lowerBound)))
        }
        for index in inside { removed.append(run.line(index - leafRange.lowerBound)) }
        if !after.isEmpty {
          addNew()
          builder.append(
            after == leafRange
              ? run
              : run.slice(
                (after.lowerBound - leafRange.lowerBound)..<(after.upperBound - leafRange.lowerBound)
              ))
        }
      }
      addNew()
      root = builder.finish()
      return removed
    }
    var removed: ContiguousArray<Line> = []
    removed.reserveCapacity(range.count)
    while removed.count < range.count {
      _ = uniqueRoot().remove(
        at: range.lowerBound, limit: range.count - removed.count, into: &removed)
      collapseRoot()
    }
    insertLines(new, at: range.lowerBound)
    return Array(removed)
  }

  /// Inserts `new` before line `index`, growing the tree at the root when
  /// the root splits.
  private mutating func insertLines(_ new: [Line], at index: Int) {
    guard !new.isEmpty else { return }
    guard root != nil else {
      root = TextLineNode.build(ContiguousArray(new))
      return
    }
    let node = uniqueRoot()
    let split = node.insert(new, bytes: TextLineNode.byteCount(of: new[...]), at: index)
    if !split.isEmpty { root = TextLineNode.build(level: [node] + split) }
  }

  /// The root, copied first if another copy of the text shares it. Only
  /// for a text with lines.
  private mutating func uniqueRoot() -> TextLineNode {
    if !isKnownUniquelyReferenced(&root) { root = root?.copy() }
    guard let root else { preconditionFailure("an empty text has no root") }
    return root
  }

  /// After a removal: an inner root with one child gives way to the child,
  /// and a root leaf with no lines to no root.
  private mutating func collapseRoot() {
    while let node = root, node.height > 0, node.children.count == 1 { root = node.children[0] }
    if let node = root, node.lineCount == 0 { root = nil }
  }

  private static func checkNoLineBreaks(_ texts: [String]) throws(FormatError) {
    for (index, text) in texts.enumerated()
    where text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      throw FormatError(.invalidEdit, "line \(index + 1) of the new text contains a line break")
    }
  }

  // MARK: - Equality

  /// Whether the two hold the same bytes: the same lines' bytes and
  /// endings (compared as bytes, see ``Line``), the same number of lines,
  /// and both or neither a byte-order mark, however their trees are
  /// shaped. Leaves the two share at the same place (a snapshot shares
  /// its nodes with the text it was taken of) are passed over without
  /// reading them; the rest is compared with `memcmp`.
  ///
  /// - Complexity: O(n) in the bytes not shared.
  public static func == (lhs: TextLines, rhs: TextLines) -> Bool {
    guard lhs.hasByteOrderMark == rhs.hasByteOrderMark else { return false }
    if lhs.root === rhs.root { return true }
    guard lhs.count == rhs.count, lhs.utf8Count == rhs.utf8Count else { return false }
    guard let left = lhs.root, let right = rhs.root else { return true }
    var lefts = left.leafIterator()
    var rights = right.leafIterator()
    var mine: (leaf: TextLineNode, offset: Int)?
    var theirs: (leaf: TextLineNode, offset: Int)?
    while true {
      if mine == nil { mine = lefts.next().map { ($0, 0) } }
      if theirs == nil { theirs = rights.next().map { ($0, 0) } }
      guard let (a, aOffset) = mine, let (b, bOffset) = theirs else {
        return mine == nil && theirs == nil
      }
      if a === b, aOffset == 0, bOffset == 0 {
        // The same leaf at the same place: nothing to read.
        (mine, theirs) = (nil, nil)
        continue
      }
      let length = min(a.byteCount - aOffset, b.byteCount - bOffset)
      let same = a.run.bytes.withUnsafeBytes { x in
        b.run.bytes.withUnsafeBytes { y in
          guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return length == 0 }
          return memcmp(xBase + aOffset, yBase + bOffset, length) == 0
        }
      }
      guard same else { return false }
      mine = aOffset + length == a.byteCount ? nil : (a, aOffset + length)
      theirs = bOffset + length == b.byteCount ? nil : (b, bOffset + length)
    }
  }

  /// Hashes the mark, the number of lines and the bytes in order, so
  /// equal texts hash alike whatever the shape of their trees.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hasByteOrderMark)
    hasher.combine(count)
    // FNV-1a over the bytes, which does not depend on where leaves end.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    forEachChunk { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    hasher.combine(hash)
  }

  /// Whether the tree keeps its invariants (see ``TextLineNode``). For tests.
  var hasValidTree: Bool { root?.isValid() ?? true }

  /// How many of this text's nodes, and of its leaves, `other` does not
  /// share: after an edit of a copy, the nodes the edit copied. For tests.
  func nodesNotShared(with other: TextLines) -> (nodes: Int, leaves: Int) {
    var theirs = Set<ObjectIdentifier>()
    func collect(_ node: TextLineNode) {
      theirs.insert(ObjectIdentifier(node))
      for child in node.children { collect(child) }
    }
    if let root = other.root { collect(root) }
    var count = (nodes: 0, leaves: 0)
    func visit(_ node: TextLineNode) {
      if !theirs.contains(ObjectIdentifier(node)) {
        count.nodes += 1
        if node.height == 0 { count.leaves += 1 }
      }
      for child in node.children { visit(child) }
    }
    if let root { visit(root) }
    return count
  }

  /// How many leaves hold bytes outside `data`'s storage, and how many
  /// leaves there are: a text just read from `data` holds its lines in
  /// `data`'s own bytes. For tests.
  func leavesOutside(_ data: Data) -> (outside: Int, leaves: Int) {
    var count = (outside: 0, leaves: 0)
    data.withUnsafeBytes { file in
      guard let start = file.baseAddress else { return }
      let range = UInt(bitPattern: start)..<(UInt(bitPattern: start) + UInt(file.count))
      root?.forEachLeaf { leaf in
        count.leaves += 1
        leaf.run.bytes.withUnsafeBytes { bytes in
          let inside = bytes.baseAddress.map { range.contains(UInt(bitPattern: $0)) } ?? false
          if !inside { count.outside += 1 }
        }
      }
    }
    return count
  }

  /// How many of the leaves' bytes lie outside `data`'s storage: after
  /// an edit of a text read from `data`, the bytes the edit gave leaves
  /// of their own. For tests.
  func bytesOutside(_ data: Data) -> Int {
    var count = 0
    data.withUnsafeBytes { file in
      let start = UInt(bitPattern: file.baseAddress)
      let range = start..<(start + UInt(file.count))
      root?.forEachLeaf { leaf in
        leaf.run.bytes.withUnsafeBytes { bytes in
          let inside = bytes.baseAddress.map { range.contains(UInt(bitPattern: $0)) } ?? false
          if !inside { count += bytes.count }
        }
      }
    }
    return count
  }

  /// The buffers ``forEachChunk(_:)`` gives, copied, in order. For tests.
  var chunks: [[UInt8]] {
    var all: [[UInt8]] = []
    forEachChunk { all.append(Array($0)) }
    return all
  }

  /// The number of leaves. For tests.
  var leafCount: Int {
    var count = 0
    root?.forEachLeaf { _ in count += 1 }
    return count
  }

  // MARK: - Parsing

  private static func split(_ bytes: [UInt8]) -> ContiguousArray<Line> {
    var lines: ContiguousArray<Line> = []
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
