import Foundation

extension TextLines {
  /// New texts for some lines, each keeping its ending: what
  /// `replace --all` changes, and its inverse, an undo step.
  ///
  /// The texts are not a `String` or an array a line: they lie in a few
  /// buffers (``Segment``). A buffer is the batch's own, the texts packed
  /// one after another, each a range of it; the bytes of a leaf the lines
  /// were taken from, shared and not copied, each text a range of it (for
  /// leaves read from a file, the whole of the file's bytes, one buffer
  /// for all of them); or
  /// a whole run of lines taken from a leaf (its bytes and its line
  /// ends, shared), whose lines are named by their place in the run. When
  /// the leaf is a slice of the file's bytes (the lines are as read), the
  /// undo step holds no copy of them at all; when every line of a leaf
  /// changed, it holds no integer a line either, only the leaf's own line
  /// ends, which the new leaf shares when the edit kept each line's
  /// length. So an undo step costs about the bytes of the lines it
  /// changed, or none, and at most three integers a line.
  struct TextBatch: Sendable {
    /// A buffer that holds the texts from position ``first`` on, up to the
    /// next segment's.
    struct Segment: Sendable {
      /// The position in the batch of the first text in these bytes.
      var first: Int
      /// The bytes; offsets into them count from 0, whatever their
      /// indices.
      var bytes: Data
      /// Whether the bytes are the batch's own (the texts packed), not a
      /// leaf's shared.
      var isOwned: Bool
      /// For lines kept as lines of a run: the run (its bytes are
      /// ``bytes``); nil when each text is a range of ``bytes`` listed in
      /// the batch's `entryLines`, `starts` and `ends`.
      var run: TextLineRun? = nil
      /// For a run's lines: the line index, in the batch's text, of the
      /// run's first line.
      var lineBase = 0
      /// Where this segment's entries start: in `entryLines`, `starts`
      /// and `ends` for ranges, in `runLines` for some of a run's lines;
      /// nil for every line of a run, which needs none.
      var entryBase: Int? = 0
      /// For ranges of a file's bytes: the file's, which ``bytes`` is the
      /// whole of, so that the ranges of the next leaf read from it join
      /// this segment rather than start one of their own.
      var file: TextLineRun.Origin? = nil
    }

    /// For texts that are ranges: each one's line (0-based).
    private var entryLines: [Int] = []
    /// Where each such text starts in its segment's bytes, from 0.
    private var starts: [Int] = []
    /// Where each such text ends in its segment's bytes, from 0.
    private var ends: [Int] = []
    /// For some of a run's lines: each one's line in its run.
    private var runLines: [UInt16] = []
    /// The buffers, in the order of their texts' positions.
    private(set) var segments: [Segment] = []
    /// How many lines the batch changes.
    private(set) var count = 0
    var actionName: String

    init(actionName: String) {
      self.actionName = actionName
    }

    /// The lines changed (0-based), in increasing order: for tests; a
    /// text's own is ``index(of:in:)``.
    var indices: [Int] {
      segments.indices.flatMap { segment in
        (segments[segment].first..<end(of: segment)).map { index(of: $0, in: segment) }
      }
    }

    /// The position just past segment `segment`'s last text.
    private func end(of segment: Int) -> Int {
      segment + 1 < segments.count ? segments[segment + 1].first : count
    }

    /// The bytes the batch holds of its own: the texts not shared with a
    /// leaf. For tests and memory figures.
    var ownedByteCount: Int {
      segments.reduce(0) { $0 + ($1.isOwned ? $1.bytes.count : 0) }
    }

    /// The integers the batch keeps to find its texts: three a text that
    /// is a range, one (of 16 bits) a text that is some of a run's lines,
    /// none for every line of a run. For tests and memory figures.
    var storedIntegerCount: Int { 3 * entryLines.count + runLines.count }

    /// Adds line `index`'s new text, copied into the batch's own bytes.
    mutating func append(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) {
      if segments.last?.isOwned != true {
        segments.append(
          Segment(first: count, bytes: Data(), isOwned: true, entryBase: entryLines.count))
      }
      let last = segments.count - 1
      let start = segments[last].bytes.count
      segments[last].bytes.append(text)
      appendEntry(index, start..<(start + text.count))
    }

    private mutating func appendEntry(_ index: Int, _ range: Range<Int>) {
      entryLines.append(index)
      starts.append(range.lowerBound)
      ends.append(range.upperBound)
      count += 1
    }

    /// Adds line `index`'s new text, copied into the batch's own bytes.
    mutating func append(_ index: Int, _ text: [UInt8]) {
      text.withUnsafeBufferPointer { append(index, $0) }
    }

    /// Adds the texts of `run`'s lines `lines` (in increasing order), as
    /// lines `first + line`: shared, when the run is a slice of a file's
    /// bytes or the texts are at least half of it, else copied (a few
    /// lines of a leaf of the batch's own would keep the whole leaf
    /// alive). Shared lines are kept as lines of the run (its line ends,
    /// nothing a line; a byte or two a line for some of them) when they
    /// are at least a third of it, else as ranges (three integers a line,
    /// less than the run's line ends then).
    mutating func append(lines: [Int], of run: TextLineRun, first: Int) {
      guard !lines.isEmpty else { return }
      let textBytes = lines.reduce(0) { $0 + run.textEnd($1) - run.start($1) }
      guard run.origin != nil || 2 * textBytes >= run.bytes.count else {
        run.withBytes { bytes in
          for line in lines {
            append(
              first + line,
              UnsafeBufferPointer(rebasing: bytes[run.start(line)..<run.textEnd(line)]))
          }
        }
        return
      }
      guard 3 * lines.count < run.count || run.count > Int(UInt16.max) else {
        let every = lines.count == run.count
        segments.append(
          Segment(
            first: count, bytes: run.bytes, isOwned: false, run: run, lineBase: first,
            entryBase: every ? nil : runLines.count))
        if !every { runLines += lines.lazy.map { UInt16($0) } }
        count += lines.count
        return
      }
      if let origin = run.origin, let place = TextLines.range(of: run.bytes, in: origin.data) {
        // Ranges of the file's bytes: one segment for every leaf read
        // from it, not one a leaf.
        if segments.last?.file !== origin {
          segments.append(
            Segment(
              first: count, bytes: origin.data, isOwned: false, entryBase: entryLines.count,
              file: origin))
        }
        let offset = place.lowerBound - origin.data.startIndex
        for line in lines {
          appendEntry(first + line, (offset + run.start(line))..<(offset + run.textEnd(line)))
        }
        return
      }
      segments.append(
        Segment(first: count, bytes: run.bytes, isOwned: false, entryBase: entryLines.count))
      for line in lines {
        appendEntry(first + line, run.start(line)..<run.textEnd(line))
      }
    }

    /// Text `position`'s line in segment `segment`'s run, for a run
    /// segment.
    private func runLine(_ position: Int, in segment: Segment) -> Int {
      let offset = position - segment.first
      guard let base = segment.entryBase else { return offset }
      return Int(runLines[base + offset])
    }

    /// The line text `position` (in segment `segment`,
    /// ``segment(holding:)``) is for.
    func index(of position: Int, in segment: Int) -> Int {
      let held = segments[segment]
      if held.run != nil { return held.lineBase + runLine(position, in: held) }
      return entryLines[(held.entryBase ?? 0) + position - held.first]
    }

    /// The line text `position` is for.
    func index(of position: Int) -> Int {
      index(of: position, in: segment(holding: position))
    }

    /// The first position in `positions` whose line is `line` or after,
    /// `positions.upperBound` if none: a binary search, as the lines
    /// increase with the positions.
    func firstPosition(atOrAfter line: Int, in positions: Range<Int>) -> Int {
      var low = positions.lowerBound
      var high = positions.upperBound
      while low < high {
        let middle = (low + high) / 2
        if index(of: middle) < line { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// Where text `position` lies in its segment's bytes, from 0.
    private func range(of position: Int, in segment: Int) -> Range<Int> {
      let held = segments[segment]
      if let run = held.run {
        let line = runLine(position, in: held)
        return run.start(line)..<run.textEnd(line)
      }
      let entry = (held.entryBase ?? 0) + position - held.first
      return starts[entry]..<ends[entry]
    }

    /// The segment that holds text `position`.
    func segment(holding position: Int) -> Int {
      var low = 0
      var high = segments.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if segments[middle].first <= position { low = middle } else { high = middle - 1 }
      }
      return low
    }

    /// The length of text `position` (in segment `segment`), in bytes.
    func textCount(_ position: Int, in segment: Int) -> Int {
      range(of: position, in: segment).count
    }

    /// Calls `body` with text `position`'s bytes, which are in segment
    /// `segment` (``segment(holding:)``), without copying them.
    func withText<Result>(
      _ position: Int, in segment: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      segments[segment].bytes.withUnsafeBytes { raw in
        let all = raw.bindMemory(to: UInt8.self)
        return body(UnsafeBufferPointer(rebasing: all[range(of: position, in: segment)]))
      }
    }

    /// Text `position` of the batch.
    func text(_ position: Int) -> String {
      withText(position, in: segment(holding: position)) { String(decoding: $0, as: UTF8.self) }
    }
  }
}
