import Foundation

/// Lines held as one buffer of UTF-8 bytes, endings included, with where
/// each line ends: the content of a leaf of ``TextLineNode``, or a piece of
/// one on its way to another leaf.
///
/// A line is a range of ``bytes``, not a `String`: reading a file makes a
/// run of each 64 lines as a slice of the file's own bytes (no copy), and
/// writing it copies each run's bytes as they are. A `String` is made only
/// when a line is read as one (``line(_:)``).
///
/// ``bytes`` may be a slice of a larger `Data` (the file's), sharing its
/// storage: its indices then do not start at 0, so every access goes
/// through `withUnsafeBytes`, or adds `bytes.startIndex`.
struct TextLineRun: Sendable {
  typealias Line = TextLines.Line
  typealias LineEnding = TextLines.LineEnding

  /// The lines' bytes, each line's text followed by its ending. Any
  /// change to them forgets ``origin``.
  var bytes: Data {
    didSet { origin = nil }
  }
  /// The file's bytes that ``bytes`` is a slice of, when it is one: runs
  /// read from one file share an origin, so that a write can hand the
  /// file's unchanged stretches on as one buffer each, not a leaf at a
  /// time (see `TextLines.forEachChunk(_:)`). Nil for bytes of their own.
  private(set) var origin: Origin?
  /// One entry a line: the offset in ``bytes`` just past its ending,
  /// shifted left by 2, with the ending's code (``LineEnding/code``) in the
  /// low 2 bits.
  var spans: ContiguousArray<UInt64>
  /// Whether ``bytes`` is storage of this run's own, made for it (indices
  /// from 0, nothing else in it), which an edit may change in place; not
  /// a slice of a file's bytes or of another run's, which an edit in place
  /// could make Foundation move or copy whole.
  private(set) var ownsBytes: Bool

  /// No lines.
  init() {
    bytes = Data()
    spans = []
    ownsBytes = false
  }

  init(
    bytes: Data, spans: ContiguousArray<UInt64>, ownsBytes: Bool = false, origin: Origin? = nil
  ) {
    self.bytes = bytes
    self.spans = spans
    self.ownsBytes = ownsBytes
    self.origin = origin
  }

  /// The whole of the bytes a file was read as, which the runs read from
  /// it slice, with their indices.
  final class Origin: Sendable {
    let data: Data

    init(_ data: Data) {
      self.data = data
    }
  }

  /// `lines`, as one buffer.
  init(_ lines: some Collection<Line>) {
    self = TextLineRun().replacing(0..<0, with: lines)
  }

  /// The number of lines.
  var count: Int { spans.count }

  static func span(end: Int, ending: LineEnding) -> UInt64 {
    UInt64(end) << 2 | ending.code
  }

  /// Where line `index` ends, just past its ending.
  func end(_ index: Int) -> Int { Int(truncatingIfNeeded: spans[index] >> 2) }

  /// Where line `index` starts; ``count`` gives the end of the bytes.
  func start(_ index: Int) -> Int { index == 0 ? 0 : end(index - 1) }

  /// Line `index`'s ending.
  func ending(_ index: Int) -> LineEnding { LineEnding(code: spans[index] & 3) }

  /// Where line `index`'s text ends, before its ending.
  func textEnd(_ index: Int) -> Int { end(index) - ending(index).utf8Count }

  /// The bytes of the lines in `range`, endings included.
  func byteRange(of range: Range<Int>) -> Range<Int> {
    start(range.lowerBound)..<start(range.upperBound)
  }

  /// Line `index`, its text made a `String`.
  func line(_ index: Int) -> Line {
    Line(text(index), ending: ending(index))
  }

  /// Line `index`'s text as a `String`.
  func text(_ index: Int) -> String {
    let range = start(index)..<textEnd(index)
    return withBytes { bytes in
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }

  /// Calls `body` with the bytes, indexed from 0.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBytes { raw in
      try body(raw.bindMemory(to: UInt8.self))
    }
  }

  /// The lines in `range`, sharing these bytes.
  func slice(_ range: Range<Int>) -> TextLineRun {
    let bytesRange = byteRange(of: range)
    let shift = UInt64(bytesRange.lowerBound) << 2
    let base = bytes.startIndex
    return TextLineRun(
      bytes: bytes[(base + bytesRange.lowerBound)..<(base + bytesRange.upperBound)],
      spans: ContiguousArray(spans[range].lazy.map { $0 - shift }), origin: origin)
  }

  /// These lines with those in `range` replaced by `new`, in fresh
  /// storage of the final size.
  ///
  /// - Complexity: O(m) in the bytes of the result.
  func replacing(_ range: Range<Int>, with new: some Collection<Line>) -> TextLineRun {
    let cut = byteRange(of: range)
    let added = new.reduce(0) { $0 + $1.utf8Count }
    var result = Data(count: bytes.count - cut.count + added)
    var newSpans = ContiguousArray<UInt64>()
    newSpans.reserveCapacity(count - range.count + new.count)
    newSpans += spans[..<range.lowerBound]
    result.withUnsafeMutableBytes { raw in
      let out = raw.bindMemory(to: UInt8.self)
      guard let target = out.baseAddress else { return }
      withBytes { old in
        guard let source = old.baseAddress else { return }
        target.update(from: source, count: cut.lowerBound)
        var offset = cut.lowerBound
        for line in new {
          var text = line.text
          text.withUTF8 { utf8 in
            guard let from = utf8.baseAddress else { return }
            (target + offset).update(from: from, count: utf8.count)
            offset += utf8.count
          }
          offset = Self.put(line.ending, at: offset, in: target)
          newSpans.append(Self.span(end: offset, ending: line.ending))
        }
        (target + offset).update(from: source + cut.upperBound, count: old.count - cut.upperBound)
        let shift = offset - cut.upperBound
        for span in spans[range.upperBound...] {
          newSpans.append(UInt64(Int(span >> 2) + shift) << 2 | span & 3)
        }
      }
    }
    return TextLineRun(bytes: result, spans: newSpans, ownsBytes: true)
  }

  // MARK: - Edits in place, for a run that owns its bytes

  /// Gives line `index` the text `text`, keeping its ending, moving only
  /// the bytes after it. Only when ``ownsBytes``.
  mutating func replaceTextInPlace(_ index: Int, with text: String) {
    let range = start(index)..<textEnd(index)
    var text = text
    let added = text.withUTF8 { utf8 in
      bytes.replaceSubrange(range, with: utf8)
      return utf8.count
    }
    shift(from: index, by: added - range.count)
  }

  /// Removes the lines in `range`, moving only the bytes after them. Only
  /// when ``ownsBytes``.
  mutating func removeInPlace(_ range: Range<Int>) {
    let cut = byteRange(of: range)
    bytes.removeSubrange(cut)
    spans.removeSubrange(range)
    shift(from: range.lowerBound, by: -cut.count)
  }

  /// Inserts `lines` before line `index`. Only when ``ownsBytes``.
  mutating func insertInPlace(_ lines: some Collection<Line>, at index: Int) {
    let first = start(index)
    var position = first
    var added = ContiguousArray<UInt64>()
    for line in lines {
      var text = line.text
      text.withUTF8 { utf8 in
        bytes.replaceSubrange(position..<position, with: utf8)
        position += utf8.count
      }
      let ending = line.ending
      if ending != .none {
        Self.endingBytes[ending == .crlf ? 0 : 1].withUnsafeBufferPointer { ending in
          bytes.replaceSubrange(position..<position, with: ending)
          position += ending.count
        }
      }
      added.append(Self.span(end: position, ending: ending))
    }
    shift(from: index, by: position - first)
    spans.insert(contentsOf: added, at: index)
  }

  private static let endingBytes: [[UInt8]] = [[0x0D, 0x0A], [0x0A]]

  /// Moves the ends of lines `index...` by `delta` bytes.
  private mutating func shift(from index: Int, by delta: Int) {
    guard delta != 0 else { return }
    for position in index..<spans.count {
      let span = spans[position]
      spans[position] = UInt64(Int(span >> 2) + delta) << 2 | span & 3
    }
  }

  /// These lines with the texts of some replaced, each keeping its ending:
  /// `batch`'s texts at `positions`, whose line indices less `first` are
  /// lines of this run, in increasing order. Returns the result, in fresh
  /// storage, and the lines replaced (indices in this run).
  func replacingTexts(
    from batch: TextLines.TextBatch, _ positions: Range<Int>, first: Int
  ) -> (run: TextLineRun, lines: [Int]) {
    var size = bytes.count
    var lines: [Int] = []
    lines.reserveCapacity(positions.count)
    var segment = positions.isEmpty ? 0 : batch.segment(holding: positions.lowerBound)
    for position in positions {
      while segment + 1 < batch.segments.count, batch.segments[segment + 1].first <= position {
        segment += 1
      }
      let index = batch.index(of: position, in: segment) - first
      lines.append(index)
      size += batch.textCount(position, in: segment) - (textEnd(index) - start(index))
    }
    var result = Data(count: size)
    var newSpans = spans
    result.withUnsafeMutableBytes { raw in
      let out = raw.bindMemory(to: UInt8.self)
      guard let target = out.baseAddress else { return }
      withBytes { bytes in
        guard let source = bytes.baseAddress else { return }
        var copied = 0
        var offset = 0
        var shift = 0
        var next = 0
        segment = positions.isEmpty ? 0 : batch.segment(holding: positions.lowerBound)
        for (position, index) in zip(positions, lines) {
          // The unchanged lines before it, their ends moved by `shift`
          // (unwritten when it is 0, so that the line ends stay shared
          // with this run's while every text keeps its length).
          if shift == 0 {
            next = index
          } else {
            while next < index {
              newSpans[next] = UInt64(end(next) + shift) << 2 | spans[next] & 3
              next += 1
            }
          }
          let textStart = start(index)
          (target + offset).update(from: source + copied, count: textStart - copied)
          offset += textStart - copied
          while segment + 1 < batch.segments.count, batch.segments[segment + 1].first <= position {
            segment += 1
          }
          offset += batch.withText(position, in: segment) { text in
            if let from = text.baseAddress {
              (target + offset).update(from: from, count: text.count)
            }
            return text.count
          }
          copied = textEnd(index)
          shift = offset - copied
        }
        (target + offset).update(from: source + copied, count: bytes.count - copied)
        while shift != 0, next < count {
          newSpans[next] = UInt64(end(next) + shift) << 2 | spans[next] & 3
          next += 1
        }
      }
    }
    return (TextLineRun(bytes: result, spans: newSpans, ownsBytes: true), lines)
  }

  /// These lines with every occurrence of `pattern` within a line's text
  /// replaced by `replacement`, which holds no line break: nil when no
  /// line's text holds it, else the result and the lines changed.
  /// `scratch` is storage to build in, kept between calls.
  ///
  /// The result is one run in fresh storage, or, when these bytes are a
  /// slice of a file's and some lines are left unchanged before, after
  /// or (at least ``sharedStretchMinimum`` bytes of them) between the
  /// changed lines, pieces in order: those unchanged stretches as slices
  /// of the file's bytes (copying nothing), and the changed lines, with
  /// any unchanged lines too short to share between them, each group in
  /// fresh storage of its own. So a leaf with one changed line costs
  /// that line's bytes, not a copy of the leaf.
  func replacingOccurrences(
    of pattern: [UInt8], with replacement: [UInt8], scratch: inout [UInt8]
  ) -> (pieces: [TextLineRun], lines: [Int])? {
    var lines: [Int] = []
    var newSpans = spans
    scratch.removeAll(keepingCapacity: true)
    withBytes { bytes in
      var line = 0
      var from = 0
      var copied = 0
      var next = 0
      var shift = 0
      while let found = TextLines.firstOccurrence(of: pattern, in: bytes, from: from) {
        while end(line) <= found { line += 1 }
        let textEnd = self.textEnd(line)
        guard found + pattern.count <= textEnd else {
          from = found + 1
          continue
        }
        if lines.isEmpty { scratch.reserveCapacity(bytes.count + bytes.count / 4) }
        lines.append(line)
        // Line ends unwritten while the shift is 0, so that they stay
        // shared with this run's when every text keeps its length.
        if shift == 0 {
          next = line
        } else {
          while next < line {
            newSpans[next] = UInt64(end(next) + shift) << 2 | spans[next] & 3
            next += 1
          }
        }
        // Every occurrence in this line's text, searched within it.
        let text = UnsafeBufferPointer(rebasing: bytes[..<textEnd])
        var match = found
        while true {
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match]))
          scratch.append(contentsOf: replacement)
          copied = match + pattern.count
          guard let following = TextLines.firstOccurrence(of: pattern, in: text, from: copied)
          else { break }
          match = following
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<textEnd]))
        copied = textEnd
        shift = scratch.count - textEnd
        line += 1
        guard line < count else { break }
        from = start(line)
      }
      guard !lines.isEmpty else { return }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
      while shift != 0, next < count {
        newSpans[next] = UInt64(end(next) + shift) << 2 | spans[next] & 3
        next += 1
      }
    }
    guard !lines.isEmpty else { return nil }
    if origin != nil, lines.count < count {
      let groups = changedGroups(lines)
      if groups != [0..<count] {
        return (pieces(around: groups, from: scratch, newSpans), lines)
      }
    }
    return ([TextLineRun(bytes: Data(scratch), spans: newSpans, ownsBytes: true)], lines)
  }

  /// These lines cut around `groups` (ranges of lines, in order, that
  /// hold every changed line): the lines between them as slices of these
  /// bytes, and each group's lines as their new bytes in `scratch`, with
  /// their new line ends in `newSpans`, copied into storage of its own.
  private func pieces(
    around groups: [Range<Int>], from scratch: [UInt8], _ newSpans: ContiguousArray<UInt64>
  ) -> [TextLineRun] {
    var pieces: [TextLineRun] = []
    pieces.reserveCapacity(2 * groups.count + 1)
    var next = 0
    for group in groups {
      if next < group.lowerBound { pieces.append(slice(next..<group.lowerBound)) }
      // The group's new bytes, out of the whole leaf's built in `scratch`.
      let from = group.lowerBound == 0 ? 0 : Int(newSpans[group.lowerBound - 1] >> 2)
      let to = Int(newSpans[group.upperBound - 1] >> 2)
      let shift = UInt64(from) << 2
      pieces.append(
        TextLineRun(
          bytes: Data(scratch[from..<to]),
          spans: ContiguousArray(newSpans[group].lazy.map { $0 - shift }), ownsBytes: true))
      next = group.upperBound
    }
    if next < count { pieces.append(slice(next..<count)) }
    return pieces
  }

  /// The fewest unchanged bytes worth sharing as a slice of the file's
  /// bytes rather than copying beside the changed lines: a slice costs a
  /// leaf of its own (a node, its line ends and its place in its parent,
  /// about 200 bytes) and splits the changed lines' storage in two.
  static let sharedStretchMinimum = 1024

  /// `lines` (changed, in increasing order) gathered into ranges of lines
  /// to build afresh: a changed line joins the range before it when fewer
  /// than ``sharedStretchMinimum`` unchanged bytes lie between them. The
  /// lines before the first range and after the last stay slices however
  /// few: they join the slices of the leaves around, which follow them in
  /// the file's bytes. Every line outside the ranges is unchanged.
  private func changedGroups(_ lines: [Int]) -> [Range<Int>] {
    var groups: [Range<Int>] = []
    for line in lines {
      if let last = groups.last, start(line) - end(last.upperBound - 1) < Self.sharedStretchMinimum
      {
        groups[groups.count - 1] = last.lowerBound..<(line + 1)
      } else {
        groups.append(line..<(line + 1))
      }
    }
    return groups
  }

  /// `runs` one after another: in fresh storage, or, when they lie one
  /// after another in the bytes of one file they were read from, as a
  /// slice of those bytes, copying none.
  static func joined(_ runs: [TextLineRun]) -> TextLineRun {
    if let origin = runs.first?.origin, let first = runs.first, let last = runs.last,
      zip(runs, runs.dropFirst()).allSatisfy({
        $1.origin === origin && $0.bytes.endIndex == $1.bytes.startIndex
      })
    {
      var spans = ContiguousArray<UInt64>()
      spans.reserveCapacity(runs.reduce(0) { $0 + $1.count })
      for run in runs {
        let shift = UInt64(run.bytes.startIndex - first.bytes.startIndex) << 2
        spans += run.spans.lazy.map { $0 + shift }
      }
      return TextLineRun(
        bytes: origin.data[first.bytes.startIndex..<last.bytes.endIndex], spans: spans,
        origin: origin)
    }
    var result = Data(count: runs.reduce(0) { $0 + $1.bytes.count })
    var spans = ContiguousArray<UInt64>()
    spans.reserveCapacity(runs.reduce(0) { $0 + $1.count })
    result.withUnsafeMutableBytes { raw in
      guard let target = raw.baseAddress else { return }
      var offset = 0
      for run in runs {
        run.bytes.withUnsafeBytes { bytes in
          guard let source = bytes.baseAddress else { return }
          (target + offset).copyMemory(from: source, byteCount: bytes.count)
        }
        let shift = UInt64(offset) << 2
        spans += run.spans.lazy.map { $0 + shift }
        offset += run.bytes.count
      }
    }
    return TextLineRun(bytes: result, spans: spans, ownsBytes: true)
  }

  /// Writes `ending`'s bytes at `offset` and returns the offset past them.
  static func put(
    _ ending: LineEnding, at offset: Int, in target: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    switch ending {
    case .lf:
      target[offset] = 0x0A
      return offset + 1
    case .crlf:
      target[offset] = 0x0D
      target[offset + 1] = 0x0A
      return offset + 2
    case .none:
      return offset
    }
  }

  /// Whether the spans fit the bytes: increasing, the last at the end,
  /// each ending's bytes where it says, and no `\n` inside a text. For
  /// tests.
  var isValid: Bool {
    withBytes { bytes in
      var start = 0
      for index in 0..<count {
        let end = self.end(index)
        let textEnd = end - ending(index).utf8Count
        guard start <= textEnd, end <= bytes.count else { return false }
        switch ending(index) {
        case .lf: guard bytes[textEnd] == 0x0A else { return false }
        case .crlf: guard bytes[textEnd] == 0x0D, bytes[textEnd + 1] == 0x0A else { return false }
        case .none: guard index == count - 1 else { return false }
        }
        guard !bytes[start..<textEnd].contains(0x0A) else { return false }
        start = end
      }
      return start == bytes.count
    }
  }
}

extension TextLines.LineEnding {
  /// The ending's code in a span of ``TextLineRun``.
  var code: UInt64 {
    switch self {
    case .none: 0
    case .lf: 1
    case .crlf: 2
    }
  }

  init(code: UInt64) {
    switch code {
    case 1: self = .lf
    case 2: self = .crlf
    default: self = .none
    }
  }
}
