import Foundation

extension TextLines {
  /// New texts for some lines, each keeping its ending: what
  /// `replace --all` changes, and its inverse, an undo step.
  ///
  /// The texts are not a `String` or an array a line: they lie in a few
  /// buffers (``Segment``), each line a range of one. A buffer is either
  /// the batch's own, the texts packed one after another, or the bytes of
  /// a leaf the lines were taken from, shared and not copied: when the
  /// leaf is a slice of the file's bytes (the lines are as read), the
  /// undo step holds no copy of them at all. So an undo step costs about
  /// the bytes of the lines it changed, or none, and three integers a line.
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
    }

    /// The lines changed (0-based), in increasing order.
    var indices: [Int] = []
    /// Where each text starts in its segment's bytes, from 0.
    var starts: [Int] = []
    /// Where each text ends in its segment's bytes, from 0.
    var ends: [Int] = []
    /// The buffers, in the order of their texts' positions.
    var segments: [Segment] = []
    var actionName: String

    init(actionName: String) {
      self.actionName = actionName
    }

    /// How many lines the batch changes.
    var count: Int { indices.count }

    /// The bytes the batch holds of its own: the texts not shared with a
    /// leaf. For tests and memory figures.
    var ownedByteCount: Int {
      segments.reduce(0) { $0 + ($1.isOwned ? $1.bytes.count : 0) }
    }

    /// Adds line `index`'s new text, copied into the batch's own bytes.
    mutating func append(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) {
      if segments.last?.isOwned != true {
        segments.append(Segment(first: indices.count, bytes: Data(), isOwned: true))
      }
      let last = segments.count - 1
      let start = segments[last].bytes.count
      segments[last].bytes.append(text)
      indices.append(index)
      starts.append(start)
      ends.append(start + text.count)
    }

    /// Adds line `index`'s new text, copied into the batch's own bytes.
    mutating func append(_ index: Int, _ text: [UInt8]) {
      text.withUnsafeBufferPointer { append(index, $0) }
    }

    /// Adds the texts of `run`'s lines `lines` (in increasing order), as
    /// lines `first + line`: as ranges of `run`'s bytes, shared, when the
    /// run is a slice of a file's bytes or the texts are at least half of
    /// it, else copied (a few lines of a leaf of the batch's own would
    /// keep the whole leaf alive).
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
      segments.append(Segment(first: indices.count, bytes: run.bytes, isOwned: false))
      for line in lines {
        indices.append(first + line)
        starts.append(run.start(line))
        ends.append(run.textEnd(line))
      }
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

    /// The length of text `position`, in bytes.
    func textCount(_ position: Int) -> Int { ends[position] - starts[position] }

    /// Calls `body` with text `position`'s bytes, which are in segment
    /// `segment` (``segment(holding:)``), without copying them.
    func withText<Result>(
      _ position: Int, in segment: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      segments[segment].bytes.withUnsafeBytes { raw in
        let all = raw.bindMemory(to: UInt8.self)
        return body(UnsafeBufferPointer(rebasing: all[starts[position]..<ends[position]]))
      }
    }

    /// Text `position` of the batch.
    func text(_ position: Int) -> String {
      withText(position, in: segment(holding: position)) { String(decoding: $0, as: UTF8.self) }
    }
  }
}
