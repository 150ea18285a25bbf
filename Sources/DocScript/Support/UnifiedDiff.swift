import Foundation

/// Line differences in the unified format of `diff -u`, for `diff`, for
/// `expect` mismatches that span several lines, and for the test runner.
///
///     UnifiedDiff(old: ["a", "b"], new: ["a", "c"], oldName: "expected", newName: "actual")
///       .description
///     // --- expected
///     // +++ actual
///     // @@ -1,2 +1,2 @@
///     //  a
///     // -b
///     // +c
///
/// Lines compare by their UTF-8 bytes, as `diff`, `cmp` and git compare
/// them, never by Unicode canonical equivalence: `café` precomposed and
/// `café` with a combining accent are different lines.
///
/// The common prefix and suffix are found by comparing bytes, so a change
/// to a few lines of a long text costs about one pass over its bytes; the
/// differing middle is minimised with Myers's algorithm, in O((N + M) D)
/// for D changed lines, up to ``maximumEditDistance`` (``isBounded``).
public struct UnifiedDiff: Sendable, CustomStringConvertible {
  /// One line of a hunk.
  public enum Line: Hashable, Sendable {
    /// A line both sides have (` line`).
    case context(String)
    /// A line only the old side has (`-line`).
    case removed(String)
    /// A line only the new side has (`+line`).
    case added(String)
  }

  /// A run of changes with the unchanged lines around them.
  public struct Hunk: Hashable, Sendable {
    /// The first old line (1-based), and how many old lines the hunk spans.
    public var oldStart: Int, oldCount: Int
    /// The first new line (1-based), and how many new lines the hunk spans.
    public var newStart: Int, newCount: Int
    /// The lines.
    public var lines: [Line]
    /// The indices in ``lines`` of the lines that end their side without
    /// a line break: `diff -u` follows each with
    /// `\ No newline at end of file`.
    public var linesWithoutNewline: [Int] = []
  }

  /// The names in the `---` and `+++` lines.
  public var oldName: String, newName: String
  /// The hunks; empty when the two sides are equal.
  public var hunks: [Hunk]
  /// Whether the middle had more than ``maximumEditDistance`` changed
  /// lines, so that it is shown as removed, then added, rather than as
  /// the shortest edit script. The diff still applies.
  public private(set) var isBounded = false
  /// How many pairs of lines the minimisation compared: the work beyond
  /// the pass over the bytes that trims the common prefix and suffix. For
  /// tests and benchmarks.
  public private(set) var lineComparisons = 0

  /// Edit scripts longer than this many changed lines are not minimised:
  /// the differing middle is shown as removed, then added. This bounds the
  /// time and memory a diff can take, as GNU diff's heuristics do.
  public static let maximumEditDistance = 2_000

  /// Compares `old` with `new`, lines without their line breaks, with
  /// `context` unchanged lines around each change.
  public init(
    old: [String], new: [String], oldName: String = "a", newName: String = "b", context: Int = 3
  ) {
    func joined(_ lines: [String]) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
      for line in lines {
        bytes += line.utf8
        bytes.append(0x0A)
      }
      return bytes
    }
    self.init(
      oldBytes: joined(old), newBytes: joined(new), oldName: oldName, newName: newName,
      context: context)
  }

  /// Compares two texts line by line, a line being the bytes up to and
  /// including a `\n`, or the bytes after the last one. A last line
  /// without a line break differs from the same line with one, and is
  /// marked as `diff -u` marks it.
  public init(
    oldText: String, newText: String, oldName: String = "a", newName: String = "b",
    context: Int = 3
  ) {
    var old = oldText
    var new = newText
    old.makeContiguousUTF8()
    new.makeContiguousUTF8()
    let diff = old.utf8.withContiguousStorageIfAvailable { a in
      new.utf8.withContiguousStorageIfAvailable { b in
        UnifiedDiff(
          a: UnsafeRawBufferPointer(a), b: UnsafeRawBufferPointer(b), oldName: oldName,
          newName: newName, context: context)
      }
    }
    if let diff = diff ?? nil {
      self = diff
    } else {
      self.init(
        oldBytes: Array(oldText.utf8), newBytes: Array(newText.utf8), oldName: oldName,
        newName: newName, context: context)
    }
  }

  private init(
    oldBytes: [UInt8], newBytes: [UInt8], oldName: String, newName: String, context: Int
  ) {
    self = oldBytes.withUnsafeBytes { a in
      newBytes.withUnsafeBytes { b in
        UnifiedDiff(a: a, b: b, oldName: oldName, newName: newName, context: context)
      }
    }
  }

  private init(
    a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer, oldName: String, newName: String,
    context: Int
  ) {
    self.oldName = oldName
    self.newName = newName
    var comparer = Comparer(a: a, b: b)
    hunks = comparer.hunks(context: max(0, context))
    isBounded = comparer.isBounded
    lineComparisons = comparer.comparisons
  }

  /// Whether the two sides are equal.
  public var isEmpty: Bool { hunks.isEmpty }

  /// The diff as `diff -u` prints it, without a final newline; empty when
  /// the sides are equal.
  public var description: String {
    guard !hunks.isEmpty else { return "" }
    var out = ["--- \(oldName)", "+++ \(newName)"]
    for hunk in hunks {
      out.append(
        "@@ -\(Self.range(hunk.oldStart, hunk.oldCount)) +\(Self.range(hunk.newStart, hunk.newCount)) @@"
      )
      for (index, line) in hunk.lines.enumerated() {
        switch line {
        case .context(let text): out.append(" " + text)
        case .removed(let text): out.append("-" + text)
        case .added(let text): out.append("+" + text)
        }
        if hunk.linesWithoutNewline.contains(index) {
          out.append("\\ No newline at end of file")
        }
      }
    }
    return out.joined(separator: "\n")
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
  }
}

extension UnifiedDiff {
  /// The work of one diff, over the bytes of both sides.
  private struct Comparer {
    let a: UnsafeRawBufferPointer
    let b: UnsafeRawBufferPointer
    var comparisons = 0
    var isBounded = false

    init(a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer) {
      self.a = a
      self.b = b
    }

    enum Edit {
      case keep(old: Int, new: Int), remove(old: Int), add(new: Int)
    }

    /// Where the lines of `bytes[range]` start and end (each end just
    /// past its `\n`, or at the range's end).
    static func lines(of bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Range<Int>] {
      var lines: [Range<Int>] = []
      var start = range.lowerBound
      var index = range.lowerBound
      while index < range.upperBound {
        if bytes[index] == 0x0A {
          lines.append(start..<(index + 1))
          start = index + 1
        }
        index += 1
      }
      if start < range.upperBound { lines.append(start..<range.upperBound) }
      return lines
    }

    /// How many `\n` bytes `bytes[range]` holds.
    static func newlines(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
      var count = 0
      for index in range where bytes[index] == 0x0A { count += 1 }
      return count
    }

    /// Whether `x[r]` and `y[s]` hold the same bytes.
    static func same(
      _ x: UnsafeRawBufferPointer, _ r: Range<Int>, _ y: UnsafeRawBufferPointer, _ s: Range<Int>
    ) -> Bool {
      guard r.count == s.count else { return false }
      guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return r.isEmpty }
      return memcmp(xBase + r.lowerBound, yBase + s.lowerBound, r.count) == 0
    }

    mutating func hunks(context: Int) -> [Hunk] {
      // The common prefix, by bytes, cut back to whole lines.
      let shorter = min(a.count, b.count)
      var prefix = 0
      if let aBase = a.baseAddress, let bBase = b.baseAddress {
        // Compare in blocks, then byte by byte in the block that differs.
        let block = 4_096
        while prefix + block <= shorter, memcmp(aBase + prefix, bBase + prefix, block) == 0 {
          prefix += block
        }
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
      }
      var prefixEnd = prefix
      if prefix < a.count || prefix < b.count {
        // Both sides go on: the line the difference falls in is not common.
        while prefixEnd > 0, a[prefixEnd - 1] != 0x0A { prefixEnd -= 1 }
      }
      guard prefixEnd < a.count || prefixEnd < b.count else { return [] }
      // The common suffix, by bytes, not reaching into the prefix, moved
      // forward to start a line on both sides.
      var suffix = 0
      let room = min(a.count, b.count) - prefixEnd
      if let aBase = a.baseAddress, let bBase = b.baseAddress {
        let block = 4_096
        while suffix + block <= room,
          memcmp(aBase + a.count - suffix - block, bBase + b.count - suffix - block, block) == 0
        {
          suffix += block
        }
      }
      while suffix < room, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
      func startsLine(_ x: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        index == prefixEnd || x[index - 1] == 0x0A
      }
      while suffix > 0, !(startsLine(a, a.count - suffix) && startsLine(b, b.count - suffix)) {
        suffix -= 1
      }
      let prefixLines = Self.newlines(in: a, 0..<prefixEnd)
      let oldMiddle = Self.lines(of: a, prefixEnd..<(a.count - suffix))
      let newMiddle = Self.lines(of: b, prefixEnd..<(b.count - suffix))
      let edits = middleScript(oldMiddle, newMiddle)

      // The steps: up to `context` lines of the prefix, the middle, up to
      // `context` lines of the suffix; each with its line's bytes.
      var steps: [(edit: Edit, bytes: Range<Int>, side: Bool)] = []
      var before: [Range<Int>] = []
      var end = prefixEnd
      while before.count < context, end > 0 {
        var start = end - 1
        while start > 0, a[start - 1] != 0x0A { start -= 1 }
        before.append(start..<end)
        end = start
      }
      for (offset, line) in before.reversed().enumerated() {
        let index = prefixLines - before.count + offset
        steps.append((.keep(old: index, new: index), line, false))
      }
      for edit in edits {
        switch edit {
        case .keep(let o, let n):
          steps.append((.keep(old: o + prefixLines, new: n + prefixLines), oldMiddle[o], false))
        case .remove(let o): steps.append((.remove(old: o + prefixLines), oldMiddle[o], false))
        case .add(let n): steps.append((.add(new: n + prefixLines), newMiddle[n], true))
        }
      }
      var start = a.count - suffix
      var suffixIndex = 0
      while suffixIndex < context, start < a.count {
        var lineEnd = start
        while lineEnd < a.count, a[lineEnd] != 0x0A { lineEnd += 1 }
        if lineEnd < a.count { lineEnd += 1 }
        let o = prefixLines + oldMiddle.count + suffixIndex
        let n = prefixLines + newMiddle.count + suffixIndex
        steps.append((.keep(old: o, new: n), start..<lineEnd, false))
        start = lineEnd
        suffixIndex += 1
      }
      return Self.hunks(from: steps, a: a, b: b, context: context)
    }

    /// Myers's greedy algorithm, keeping each round's frontier to trace
    /// the path back; past ``maximumEditDistance``, remove all then add
    /// all.
    mutating func middleScript(_ old: [Range<Int>], _ new: [Range<Int>]) -> [Edit] {
      let n = old.count
      let m = new.count
      if n == 0 || m == 0 {
        return (0..<n).map { .remove(old: $0) } + (0..<m).map { .add(new: $0) }
      }
      let offset = n + m
      var frontier = [Int](repeating: 0, count: 2 * offset + 2)
      var trace: [[Int]] = []
      var found = false
      search: for d in 0...min(n + m, UnifiedDiff.maximumEditDistance) {
        trace.append(Array(frontier[(offset - d)...(offset + d + 1)]))
        for k in stride(from: -d, through: d, by: 2) {
          var x: Int
          if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
            x = frontier[offset + k + 1]
          } else {
            x = frontier[offset + k - 1] + 1
          }
          var y = x - k
          while x < n, y < m {
            comparisons += 1
            guard Self.same(a, old[x], b, new[y]) else { break }
            x += 1
            y += 1
          }
          frontier[offset + k] = x
          if x >= n, y >= m {
            found = true
            break search
          }
        }
      }
      guard found else {
        isBounded = true
        return (0..<n).map { .remove(old: $0) } + (0..<m).map { .add(new: $0) }
      }
      // Walk back from (n, m) through the saved frontiers.
      var edits: [Edit] = []
      var x = n
      var y = m
      for d in stride(from: trace.count - 1, through: 0, by: -1) {
        let saved = trace[d]
        // saved[i] holds frontier[offset - d + i] as it was before round d.
        func value(_ k: Int) -> Int { saved[k + d] }
        let k = x - y
        let previousK: Int
        if d == 0 {
          while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.keep(old: x, new: y))
          }
          break
        }
        if k == -d || (k != d && value(k - 1) < value(k + 1)) {
          previousK = k + 1
        } else {
          previousK = k - 1
        }
        let previousX = value(previousK)
        let previousY = previousX - previousK
        while x > previousX, y > previousY {
          x -= 1
          y -= 1
          edits.append(.keep(old: x, new: y))
        }
        if x == previousX {
          y -= 1
          edits.append(.add(new: y))
        } else {
          x -= 1
          edits.append(.remove(old: x))
        }
      }
      return edits.reversed()
    }

    /// Groups the changed steps, with `context` steps around each, into
    /// hunks. `steps` cover every change, with at least `context` steps
    /// of the common lines around them where the sides have them; `side`
    /// says whose bytes a step's range is in (true: the new side's).
    static func hunks(
      from steps: [(edit: Edit, bytes: Range<Int>, side: Bool)], a: UnsafeRawBufferPointer,
      b: UnsafeRawBufferPointer, context: Int
    ) -> [Hunk] {
      let changed = steps.indices.filter {
        if case .keep = steps[$0].edit { false } else { true }
      }
      guard !changed.isEmpty else { return [] }
      var groups: [ClosedRange<Int>] = []
      for index in changed {
        let low = max(0, index - context)
        let high = min(steps.count - 1, index + context)
        if let last = groups.last, low <= last.upperBound + 1 {
          groups[groups.count - 1] = last.lowerBound...max(last.upperBound, high)
        } else {
          groups.append(low...high)
        }
      }
      return groups.map { group in
        var lines: [Line] = []
        var withoutNewline: [Int] = []
        var oldCount = 0
        var newCount = 0
        var oldStart = 0
        var newStart = 0
        switch steps[group.lowerBound].edit {
        case .keep(let o, let n): (oldStart, newStart) = (o, n)
        case .remove(let o):
          oldStart = o
          newStart = firstNew(after: group.lowerBound, in: steps)
        case .add(let n):
          newStart = n
          oldStart = firstOld(after: group.lowerBound, in: steps)
        }
        for step in steps[group] {
          let bytes = step.side ? b : a
          var range = step.bytes
          let hasNewline = !range.isEmpty && bytes[range.upperBound - 1] == 0x0A
          if hasNewline { range = range.lowerBound..<(range.upperBound - 1) }
          let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
          switch step.edit {
          case .keep:
            oldCount += 1
            newCount += 1
            lines.append(.context(text))
          case .remove:
            oldCount += 1
            lines.append(.removed(text))
          case .add:
            newCount += 1
            lines.append(.added(text))
          }
          if !hasNewline { withoutNewline.append(lines.count - 1) }
        }
        return Hunk(
          oldStart: oldStart + 1, oldCount: oldCount, newStart: newStart + 1, newCount: newCount,
          lines: lines, linesWithoutNewline: withoutNewline)
      }
    }

    /// The new line index at step `index`, which removes: that of the
    /// next step that has one, or one past the last new line before.
    private static func firstNew(
      after index: Int, in steps: [(edit: Edit, bytes: Range<Int>, side: Bool)]
    ) -> Int {
      for step in steps[index...] {
        switch step.edit {
        case .keep(_, let n), .add(let n): return n
        case .remove: continue
        }
      }
      for step in steps[..<index].reversed() {
        switch step.edit {
        case .keep(_, let n), .add(let n): return n + 1
        case .remove: continue
        }
      }
      return 0
    }

    /// The old line index at step `index`, which adds: see ``firstNew``.
    private static func firstOld(
      after index: Int, in steps: [(edit: Edit, bytes: Range<Int>, side: Bool)]
    ) -> Int {
      for step in steps[index...] {
        switch step.edit {
        case .keep(let o, _), .remove(let o): return o
        case .add: continue
        }
      }
      for step in steps[..<index].reversed() {
        switch step.edit {
        case .keep(let o, _), .remove(let o): return o + 1
        case .add: continue
        }
      }
      return 0
    }
  }
}
