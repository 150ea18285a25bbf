import Foundation

extension UnifiedDiff {
  /// The bytes of one side of a diff, which its hunks' lines are ranges
  /// of: its own copy, or the memory of chunks it keeps alive (a text's
  /// leaves, slices of a file's bytes), so that a hunk of many lines
  /// costs two integers a line, not a `String` each.
  final class Bytes: @unchecked Sendable {
    // @unchecked: nothing changes after init; `owner` keeps alive the
    // memory `buffer` points into, or `buffer` is this object's own.
    private let owner: [ScriptLineChunks.Chunk]?
    /// The bytes.
    let buffer: UnsafeRawBufferPointer

    /// A copy of `bytes`.
    init(copying bytes: UnsafeRawBufferPointer) {
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
      if let base = bytes.baseAddress, let target = copy.baseAddress {
        target.copyMemory(from: base, byteCount: bytes.count)
      }
      buffer = UnsafeRawBufferPointer(copy)
      owner = nil
    }

    /// A copy of the bytes of `chunks`, one after another.
    init(copying chunks: ArraySlice<ScriptLineChunks.Chunk>) {
      let total = chunks.reduce(0) { $0 + $1.bytes.count }
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: total, alignment: 8)
      var offset = 0
      for chunk in chunks {
        chunk.bytes.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress, let target = copy.baseAddress else { return }
          (target + offset).copyMemory(from: base, byteCount: bytes.count)
        }
        offset += chunk.bytes.count
      }
      buffer = UnsafeRawBufferPointer(copy)
      owner = nil
    }

    /// The `count` bytes at `start`, which are the bytes of `chunks`
    /// one after another in their own storage, kept alive by them.
    init(sharing chunks: ArraySlice<ScriptLineChunks.Chunk>, start: UnsafeRawPointer, count: Int) {
      owner = Array(chunks)
      buffer = UnsafeRawBufferPointer(start: start, count: count)
    }

    deinit {
      if owner == nil { UnsafeMutableRawBufferPointer(mutating: buffer).deallocate() }
    }
  }

  /// A run of changes with the unchanged lines around them.
  ///
  /// Its lines are kept as ranges of the two sides' bytes (``Bytes``):
  /// ``lines`` makes them `String`s when asked, and ``UnifiedDiff/write(_:)``
  /// writes them from the bytes.
  package struct Hunk: Hashable, Sendable {
    /// The first old line (1-based), and how many old lines the hunk spans.
    package var oldStart: Int, oldCount: Int
    /// The first new line (1-based), and how many new lines the hunk spans.
    package var newStart: Int, newCount: Int
    /// The indices in ``lines`` of the lines that end their side without
    /// a line break: `diff -u` follows each with
    /// `\ No newline at end of file`.
    package var linesWithoutNewline: [Int] = []

    /// A line: its kind (``Kind``) in the low 2 bits and where its text
    /// starts, in its side's bytes, above them; and where the text ends,
    /// before its line break.
    struct Entry {
      var packed: UInt64
      var end: Int

      var kind: Kind { Kind(rawValue: UInt8(packed & 3)) ?? .context }
      var start: Int { Int(truncatingIfNeeded: packed >> 2) }
    }

    /// What a line is; a context or removed line's bytes are the old
    /// side's, an added line's the new side's.
    enum Kind: UInt8 {
      case context, removed, added
    }

    var entries: [Entry]
    let old: Bytes
    let new: Bytes

    init(
      oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, entries: [Entry],
      linesWithoutNewline: [Int], old: Bytes, new: Bytes
    ) {
      (self.oldStart, self.oldCount, self.newStart, self.newCount) =
        (oldStart, oldCount, newStart, newCount)
      self.entries = entries
      self.linesWithoutNewline = linesWithoutNewline
      self.old = old
      self.new = new
    }

    /// The number of lines.
    var lineCount: Int { entries.count }

    /// Line `index`'s text, without its line break.
    func text(_ index: Int) -> UnsafeRawBufferPointer {
      let entry = entries[index]
      let bytes = entry.kind == .added ? new.buffer : old.buffer
      return UnsafeRawBufferPointer(rebasing: bytes[entry.start..<entry.end])
    }

    /// The lines, made `String`s.
    package var lines: [Line] {
      entries.indices.map { index in
        let text = String(decoding: self.text(index), as: UTF8.self)
        switch entries[index].kind {
        case .context: return .context(text)
        case .removed: return .removed(text)
        case .added: return .added(text)
        }
      }
    }

    package static func == (lhs: Hunk, rhs: Hunk) -> Bool {
      lhs.oldStart == rhs.oldStart && lhs.oldCount == rhs.oldCount
        && lhs.newStart == rhs.newStart && lhs.newCount == rhs.newCount
        && lhs.linesWithoutNewline == rhs.linesWithoutNewline
        && lhs.entries.count == rhs.entries.count
        && lhs.entries.indices.allSatisfy {
          lhs.entries[$0].kind == rhs.entries[$0].kind && lhs.text($0).elementsEqual(rhs.text($0))
        }
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(oldStart)
      hasher.combine(oldCount)
      hasher.combine(newStart)
      hasher.combine(newCount)
      hasher.combine(linesWithoutNewline)
      for index in entries.indices {
        hasher.combine(entries[index].kind)
        hasher.combine(bytes: text(index))
      }
    }
  }
}
