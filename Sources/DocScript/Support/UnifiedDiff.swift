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
  }

  /// The names in the `---` and `+++` lines.
  public var oldName: String, newName: String
  /// The hunks; empty when the two sides are equal.
  public var hunks: [Hunk]

  /// Edit scripts longer than this many changed lines are not minimised:
  /// the differing middle is shown as removed, then added. This bounds the
  /// time and memory a diff can take.
  public static let maximumEditDistance = 2_000

  /// Compares `old` with `new`, with `context` unchanged lines around each
  /// change.
  public init(
    old: [String], new: [String], oldName: String = "a", newName: String = "b", context: Int = 3
  ) {
    self.oldName = oldName
    self.newName = newName
    let script = Self.editScript(old, new)
    hunks = Self.hunks(from: script, context: context)
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
      for line in hunk.lines {
        switch line {
        case .context(let text): out.append(" " + text)
        case .removed(let text): out.append("-" + text)
        case .added(let text): out.append("+" + text)
        }
      }
    }
    return out.joined(separator: "\n")
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
  }

  // MARK: - Edit script

  private enum Edit {
    case keep(old: Int, new: Int), remove(old: Int), add(new: Int)
  }

  private struct Step {
    var edit: Edit
    var text: String
  }

  /// The edit script: common prefix and suffix, and Myers's shortest
  /// script for the middle.
  private static func editScript(_ old: [String], _ new: [String]) -> [Step] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var steps: [Step] = (0..<prefix).map { Step(edit: .keep(old: $0, new: $0), text: old[$0]) }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    for edit in middleScript(oldMiddle, newMiddle) {
      switch edit {
      case .keep(let o, let n):
        steps.append(Step(edit: .keep(old: o + prefix, new: n + prefix), text: oldMiddle[o]))
      case .remove(let o): steps.append(Step(edit: .remove(old: o + prefix), text: oldMiddle[o]))
      case .add(let n): steps.append(Step(edit: .add(new: n + prefix), text: newMiddle[n]))
      }
    }
    for i in 0..<suffix {
      let o = old.count - suffix + i
      let n = new.count - suffix + i
      steps.append(Step(edit: .keep(old: o, new: n), text: old[o]))
    }
    return steps
  }

  /// Myers's greedy algorithm, keeping each round's frontier to trace the
  /// path back; past ``maximumEditDistance``, remove all then add all.
  private static func middleScript(_ a: [String], _ b: [String]) -> [Edit] {
    let n = a.count
    let m = b.count
    if n == 0 || m == 0 {
      return (0..<n).map { .remove(old: $0) } + (0..<m).map { .add(new: $0) }
    }
    let offset = n + m
    var frontier = [Int](repeating: 0, count: 2 * offset + 2)
    var trace: [[Int]] = []
    var found = false
    search: for d in 0...min(n + m, maximumEditDistance) {
      trace.append(Array(frontier[(offset - d)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
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

  // MARK: - Hunks

  private static func hunks(from steps: [Step], context: Int) -> [Hunk] {
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
    // How many old and new lines come before each step.
    var oldBefore = [Int](repeating: 0, count: steps.count + 1)
    var newBefore = [Int](repeating: 0, count: steps.count + 1)
    for (index, step) in steps.enumerated() {
      let (o, n): (Int, Int) =
        switch step.edit {
        case .keep: (1, 1)
        case .remove: (1, 0)
        case .add: (0, 1)
        }
      oldBefore[index + 1] = oldBefore[index] + o
      newBefore[index + 1] = newBefore[index] + n
    }
    return groups.map { group in
      var lines: [Line] = []
      var oldCount = 0
      var newCount = 0
      for step in steps[group] {
        switch step.edit {
        case .keep:
          oldCount += 1
          newCount += 1
          lines.append(.context(step.text))
        case .remove:
          oldCount += 1
          lines.append(.removed(step.text))
        case .add:
          newCount += 1
          lines.append(.added(step.text))
        }
      }
      let oldStart = oldBefore[group.lowerBound] + 1
      let newStart = newBefore[group.lowerBound] + 1
      return Hunk(
        oldStart: oldStart, oldCount: oldCount, newStart: newStart, newCount: newCount,
        lines: lines)
    }
  }
}
