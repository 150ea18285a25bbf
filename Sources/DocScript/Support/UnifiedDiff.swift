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
package struct UnifiedDiff: Sendable, CustomStringConvertible {
  /// One line of a hunk.
  package enum Line: Hashable, Sendable {
    /// A line both sides have (` line`).
    case context(String)
    /// A line only the old side has (`-line`).
    case removed(String)
    /// A line only the new side has (`+line`).
    case added(String)
  }

  /// The names in the `---` and `+++` lines.
  package var oldName: String, newName: String
  /// The hunks; empty when the two sides are equal.
  package var hunks: [Hunk]
  /// Whether the middle had more than ``maximumEditDistance`` changed
  /// lines, so that it is shown as removed, then added, rather than as
  /// the shortest edit script. The diff still applies.
  package private(set) var isBounded = false
  /// How many pairs of lines the minimisation compared: the work beyond
  /// the pass over the bytes that trims the common prefix and suffix. For
  /// tests and benchmarks.
  package private(set) var lineComparisons = 0

  /// How many pairs of chunks a diff of chunks
  /// (``init(oldChunks:newChunks:oldName:newName:context:stoppingWhen:)``)
  /// passed over without reading them, as the same storage. For tests.
  package private(set) var sharedChunksSkipped = 0
  /// How many bytes a diff of chunks read, both sides together: the
  /// chunks compared at the ends, and the middle. For tests.
  package private(set) var bytesCompared = 0

  /// Edit scripts longer than this many changed lines are not minimised:
  /// the differing middle is shown as removed, then added. This bounds the
  /// time and memory a diff can take, as GNU diff's heuristics do.
  package static let maximumEditDistance = 2_000

  /// Compares `old` with `new`, lines without their line breaks, with
  /// `context` unchanged lines around each change.
  package init(
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
  package init(
    oldText: String, newText: String, oldName: String = "a", newName: String = "b",
    context: Int = 3
  ) {
    self = Self.comparing(
      oldText, newText, oldName: oldName, newName: newName, context: context, shouldStop: { false })
  }

  /// ``init(oldText:newText:oldName:newName:context:)``, asking
  /// `shouldStop` now and then (every megabyte of the common ends, every
  /// 65,536 line comparisons); nil when it said to stop, as `diff` does
  /// on Ctrl-C.
  package init?(
    oldText: String, newText: String, oldName: String = "a", newName: String = "b",
    context: Int = 3, stoppingWhen shouldStop: () -> Bool
  ) {
    let diff = Self.comparing(
      oldText, newText, oldName: oldName, newName: newName, context: context,
      shouldStop: shouldStop)
    guard !diff.wasStopped else { return nil }
    self = diff
  }

  /// Compares two texts given as chunks of whole lines, as
  /// ``init(oldText:newText:oldName:newName:context:stoppingWhen:)``
  /// compares them as `String`s, with the same result byte for byte.
  ///
  /// The chunks the two share at the same place at either end (a
  /// snapshot's leaves that the document still has) are passed over
  /// without reading their bytes; the rest, with enough of the shared
  /// lines around it for the context, is compared as one run of bytes a
  /// side. Nil when `shouldStop` said to stop.
  package init?(
    oldChunks: ScriptLineChunks, newChunks: ScriptLineChunks, oldName: String = "a",
    newName: String = "b", context: Int = 3, stoppingWhen shouldStop: () -> Bool
  ) {
    let context = max(0, context)
    let old = oldChunks.chunks
    let new = newChunks.chunks
    var skipped = 0
    var comparedBytes = 0
    /// Whether old chunk `x` and new chunk `y`, at the same place, hold
    /// the same bytes: by their owner, unread, or else by a `memcmp`.
    func same(_ x: Int, _ y: Int) -> Bool {
      if old[x].isShared(with: new[y]) {
        skipped += 1
        return true
      }
      guard old[x].bytes.count == new[y].bytes.count, old[x].lineCount == new[y].lineCount
      else { return false }
      comparedBytes += 2 * old[x].bytes.count
      return old[x].bytes == new[y].bytes
    }
    // The common chunks at the start, then at the end (not reaching into
    // those at the start).
    var prefix = 0
    while prefix < old.count, prefix < new.count, same(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      same(old.count - 1 - suffix, new.count - 1 - suffix)
    {
      suffix += 1
    }
    // Back into the common chunks far enough for `context` lines each
    // side of the middle.
    func backedOff(_ count: Int, chunkAt: (Int) -> Int) -> Int {
      var count = count
      var lines = 0
      while count > 0, lines < context {
        count -= 1
        lines += old[chunkAt(count)].lineCount
      }
      return count
    }
    prefix = backedOff(prefix) { $0 }
    suffix = backedOff(suffix) { old.count - 1 - $0 }
    let prefixLines = old[..<prefix].reduce(0) { $0 + $1.lineCount }
    let oldMiddle = old[prefix..<(old.count - suffix)]
    let newMiddle = new[prefix..<(new.count - suffix)]
    let (a, b) = (Self.bytes(of: oldMiddle), Self.bytes(of: newMiddle))
    let (aCount, bCount) = (a.buffer.count, b.buffer.count)
    var diff = UnifiedDiff(
      old: a, new: b, oldName: oldName, newName: newName, context: context,
      shouldStop: shouldStop,
      alreadyDone: oldChunks.byteCount + newChunks.byteCount - aCount - bCount)
    guard !diff.wasStopped else { return nil }
    for index in diff.hunks.indices {
      diff.hunks[index].oldStart += prefixLines
      diff.hunks[index].newStart += prefixLines
    }
    diff.sharedChunksSkipped = skipped
    diff.bytesCompared = comparedBytes + aCount + bCount
    self = diff
  }

  /// The bytes of `chunks` one after another: their own memory when
  /// they lie one after another in it (the leaves of a text read from a
  /// file and not edited since are slices of the file's bytes, in order),
  /// else a copy.
  private static func bytes(of chunks: ArraySlice<ScriptLineChunks.Chunk>) -> Bytes {
    // Each chunk's address, checked to follow the one before. Only
    // chunks of more than 14 bytes: a smaller `Data` may hold its bytes
    // inline, and lend a copy of them on the stack.
    var start: UnsafeRawPointer?
    var next: UnsafeRawPointer?
    var total = 0
    var adjacent = !chunks.isEmpty
    for chunk in chunks where adjacent {
      adjacent =
        chunk.bytes.count > 14
        && chunk.bytes.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress else { return false }
          if start == nil { start = base } else if base != next { return false }
          next = base + bytes.count
          total += bytes.count
          return true
        }
    }
    if adjacent, let start {
      // The chunks keep their storage alive, and it is not changed while
      // they share it.
      return Bytes(sharing: chunks, start: start, count: total)
    }
    return Bytes(copying: chunks)
  }

  private static func comparing(
    _ oldText: String, _ newText: String, oldName: String, newName: String, context: Int,
    shouldStop: () -> Bool
  ) -> UnifiedDiff {
    func bytes(_ text: String) -> Bytes {
      var text = text
      return text.withUTF8 { Bytes(copying: UnsafeRawBufferPointer($0)) }
    }
    return UnifiedDiff(
      old: bytes(oldText), new: bytes(newText), oldName: oldName, newName: newName,
      context: context, shouldStop: shouldStop)
  }

  private init(
    oldBytes: [UInt8], newBytes: [UInt8], oldName: String, newName: String, context: Int
  ) {
    self.init(
      old: oldBytes.withUnsafeBytes { Bytes(copying: $0) },
      new: newBytes.withUnsafeBytes { Bytes(copying: $0) }, oldName: oldName, newName: newName,
      context: context, shouldStop: { false })
  }

  /// `alreadyDone` bytes of both sides (chunks passed over) count as done
  /// in the progress, of `a`'s, `b`'s and their own.
  private init(
    old: Bytes, new: Bytes, oldName: String, newName: String,
    context: Int, shouldStop: () -> Bool, alreadyDone: Int = 0
  ) {
    self.oldName = oldName
    self.newName = newName
    let (a, b) = (old.buffer, new.buffer)
    (hunks, isBounded, lineComparisons, wasStopped) = withoutActuallyEscaping(shouldStop) {
      shouldStop in
      var comparer = Comparer(a: a, b: b, old: old, new: new, shouldStop: shouldStop)
      // Progress, where shown: the bytes of both sides trimmed or hashed.
      comparer.progress = WorkProgress.current
      comparer.progressOffset = alreadyDone
      comparer.progress?.begin("comparing", total: alreadyDone + a.count + b.count)
      comparer.progress?.update(alreadyDone)
      defer { comparer.progress?.end() }
      let hunks = comparer.hunks(context: max(0, context))
      return (hunks, comparer.isBounded, comparer.comparisons, comparer.stopped)
    }
  }

  /// Whether `shouldStop` cut the comparison short.
  private var wasStopped = false

  /// Whether the two sides are equal.
  package var isEmpty: Bool { hunks.isEmpty }

  /// The diff as `diff -u` prints it, without a final newline; empty when
  /// the sides are equal.
  package var description: String {
    var out = ""
    write { out += $0 }
    // The newline alone, not a `\r\n` character it may end.
    if out.utf8.last == 0x0A { out.unicodeScalars.removeLast() }
    return out
  }

  /// Calls `body` with the diff as `diff -u` prints it, with a final
  /// newline, in pieces of about 64 KB (each whole lines), in order;
  /// nothing when the sides are equal. A long diff is never held whole:
  /// a piece is the most it holds at once.
  package func write(_ body: (String) throws -> Void) rethrows {
    guard !hunks.isEmpty else { return }
    let pieceSize = 1 << 16
    var piece: [UInt8] = []
    piece.reserveCapacity(pieceSize + 4_096)
    func flush() throws {
      try body(String(decoding: piece, as: UTF8.self))
      piece.removeAll(keepingCapacity: true)
    }
    func line(_ prefix: String, _ text: UnsafeRawBufferPointer) throws {
      piece += prefix.utf8
      piece += text
      piece.append(0x0A)
      if piece.count >= pieceSize { try flush() }
    }
    func line(_ text: String) throws {
      var text = text
      try text.withUTF8 { try line("", UnsafeRawBufferPointer($0)) }
    }
    try line("--- \(oldName)")
    try line("+++ \(newName)")
    for hunk in hunks {
      try line(
        "@@ -\(Self.range(hunk.oldStart, hunk.oldCount)) +\(Self.range(hunk.newStart, hunk.newCount)) @@"
      )
      var withoutNewline = hunk.linesWithoutNewline.makeIterator()
      var nextWithout = withoutNewline.next()
      for index in 0..<hunk.lineCount {
        let prefix: String
        switch hunk.entries[index].kind {
        case .context: prefix = " "
        case .removed: prefix = "-"
        case .added: prefix = "+"
        }
        try line(prefix, hunk.text(index))
        while let next = nextWithout, next < index { nextWithout = withoutNewline.next() }
        if nextWithout == index { try line("\\ No newline at end of file") }
      }
    }
    if !piece.isEmpty { try flush() }
  }

  /// A removed line and an added line that look the same to a reader but
  /// differ in their bytes: their numbers on each side, and their texts.
  package struct Lookalike: Hashable, Sendable {
    package var oldLine: Int, oldText: String
    package var newLine: Int, newText: String

    /// The two lines with their scalars spelled out, for a message:
    /// `-1 'caf\u{e9}' and +1 'cafe\u{301}'`.
    package var spelled: String {
      "-\(oldLine) '\(UnifiedDiff.spelled(oldText))' and +\(newLine) '\(UnifiedDiff.spelled(newText))'"
    }
  }

  /// The pairs of a removed and an added line, in one hunk, that look the
  /// same (canonical equivalence, a trailing blank, a no-break space, a
  /// zero-width character) but differ in their bytes: what `diff -u`
  /// shows as two lines a reader cannot tell apart. Each removed line
  /// pairs with the first added line of its hunk that looks like it.
  package var lookalikes: [Lookalike] {
    var pairs: [Lookalike] = []
    for hunk in hunks {
      // A line of printable ASCII without a trailing blank looks as it
      // is: a hunk of only such lines has no two that look alike and
      // differ, and costs no more than this look.
      guard (0..<hunk.lineCount).contains(where: { !Self.looksAsItIs(hunk.text($0)) })
      else { continue }
      var oldLine = hunk.oldStart
      var newLine = hunk.newStart
      var removed: [String: [(line: Int, text: String)]] = [:]
      var added: [(line: Int, text: String, form: String)] = []
      for line in hunk.lines {
        switch line {
        case .context:
          oldLine += 1
          newLine += 1
        case .removed(let text):
          removed[Self.visibleForm(text), default: []].append((oldLine, text))
          oldLine += 1
        case .added(let text):
          added.append((newLine, text, Self.visibleForm(text)))
          newLine += 1
        }
      }
      guard !removed.isEmpty else { continue }
      for line in added {
        guard var candidates = removed[line.form],
          let first = candidates.firstIndex(where: { !$0.text.utf8.elementsEqual(line.text.utf8) })
        else { continue }
        // A line removed and added with the same bytes (a move) looks
        // alike because it is alike: not a pair.
        let old = candidates.remove(at: first)
        removed[line.form] = candidates
        pairs.append(
          Lookalike(oldLine: old.line, oldText: old.text, newLine: line.line, newText: line.text))
      }
    }
    return pairs.sorted { ($0.oldLine, $0.newLine) < ($1.oldLine, $1.newLine) }
  }

  /// Whether `text` is printable ASCII without a trailing blank
  /// (a CRLF line's CR allowed), which a reader sees as it is
  /// (``visibleForm(_:)`` is the text).
  private static func looksAsItIs(_ text: UnsafeRawBufferPointer) -> Bool {
    var utf8 = text[...]
    // A CRLF line's CR is its last character, which no form drops: the
    // blanks before it stay too.
    if utf8.last == 0x0D {
      utf8 = utf8.dropLast()
    } else if let last = utf8.last, last == 0x20 || last == 0x09 {
      return false
    }
    return utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// What a reader sees of `text`: no trailing blanks, a no-break space
  /// as a space, no zero-width characters, and compared as `String`s
  /// compare, by canonical equivalence.
  private static func visibleForm(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: continue
      case 0x00A0, 0x202F: scalars.append(" ")
      default: scalars.append(scalar)
      }
    }
    var form = String(scalars)
    while form.last == " " || form.last == "\t" { form.removeLast() }
    // Canonical equivalence: `é` and `e` + U+0301 are the same `String`.
    return form.precomposedStringWithCanonicalMapping
  }

  /// `text` with every scalar beyond printable ASCII, and a trailing
  /// blank, spelled `\u{…}`; a backslash is doubled.
  package static func spelled(_ text: String) -> String {
    var out = ""
    let scalars = Array(text.unicodeScalars)
    let trailing = scalars.lastIndex { $0 != " " && $0 != "\t" }.map { $0 + 1 } ?? 0
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\\" {
        out += "\\\\"
      } else if scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F
        && !(index >= trailing && scalar == " ")
      {
        out.unicodeScalars.append(scalar)
      } else {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return out
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
    let shouldStop: () -> Bool
    /// Whether `shouldStop` said to stop: every step then returns at once.
    var stopped = false

    /// The owners of `a`'s and `b`'s bytes, which the hunks keep.
    let old: Bytes
    let new: Bytes

    init(
      a: UnsafeRawBufferPointer, b: UnsafeRawBufferPointer, old: Bytes, new: Bytes,
      shouldStop: @escaping () -> Bool
    ) {
      self.a = a
      self.b = b
      self.old = old
      self.new = new
      self.shouldStop = shouldStop
    }

    /// Where progress goes, if anywhere.
    var progress: WorkProgress?
    /// Bytes done before these two: added to what is reported.
    var progressOffset = 0

    /// Reports `done` bytes of `a` and `b` done.
    func report(_ done: Int) {
      progress?.update(progressOffset + done)
    }

    /// Asks `shouldStop`, and remembers a yes.
    mutating func checkStop() -> Bool {
      if !stopped, shouldStop() { stopped = true }
      return stopped
    }

    enum Edit {
      case keep(old: Int, new: Int), remove(old: Int), add(new: Int)
    }

    /// Where the lines of `bytes[range]` start and end (each end just
    /// past its `\n`, or at the range's end).
    static func lines(of bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Range<Int>] {
      var lines: [Range<Int>] = []
      var start = range.lowerBound
      // `memchr` from one line break to the next, not a byte at a time.
      if let base = bytes.baseAddress {
        while start < range.upperBound,
          let found = memchr(base + start, 0x0A, range.upperBound - start)
        {
          let end = base.distance(to: UnsafeRawPointer(found)) + 1
          lines.append(start..<end)
          start = end
        }
      }
      if start < range.upperBound { lines.append(start..<range.upperBound) }
      return lines
    }

    /// How many `\n` bytes `bytes[range]` holds.
    static func newlines(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
      // `memchr` from one line break to the next: the common prefix of a
      // large text is counted at its speed, not a byte at a time.
      guard let base = bytes.baseAddress else { return 0 }
      var count = 0
      var position = range.lowerBound
      while position < range.upperBound,
        let found = memchr(base + position, 0x0A, range.upperBound - position)
      {
        count += 1
        position = base.distance(to: UnsafeRawPointer(found)) + 1
      }
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
          if prefix % (1 << 20) == 0 {
            report(2 * prefix)
            if checkStop() { return [] }
          }
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
          if suffix % (1 << 20) == 0 {
            report(2 * (prefix + suffix))
            if checkStop() { return [] }
          }
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
      var oldMiddle = Self.lines(of: a, prefixEnd..<(a.count - suffix))
      var newMiddle = Self.lines(of: b, prefixEnd..<(b.count - suffix))
      var edits = middleScript(oldMiddle, newMiddle)
      guard !stopped else { return [] }
      // The hashes are done with; the lines and the script are, once the
      // steps hold them.
      (oldHashes, newHashes) = ([], [])

      // The steps: up to `context` lines of the prefix, the middle, up to
      // `context` lines of the suffix; each with its line's bytes.
      var steps: [(edit: Edit, bytes: Range<Int>)] = []
      steps.reserveCapacity(edits.count + 2 * context)
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
        steps.append((.keep(old: index, new: index), line))
      }
      for edit in edits {
        switch edit {
        case .keep(let o, let n):
          steps.append((.keep(old: o + prefixLines, new: n + prefixLines), oldMiddle[o]))
        case .remove(let o): steps.append((.remove(old: o + prefixLines), oldMiddle[o]))
        case .add(let n): steps.append((.add(new: n + prefixLines), newMiddle[n]))
        }
      }
      let (oldMiddleCount, newMiddleCount) = (oldMiddle.count, newMiddle.count)
      (edits, oldMiddle, newMiddle, oldLines, newLines) = ([], [], [], [], [])
      var start = a.count - suffix
      var suffixIndex = 0
      while suffixIndex < context, start < a.count {
        var lineEnd = start
        while lineEnd < a.count, a[lineEnd] != 0x0A { lineEnd += 1 }
        if lineEnd < a.count { lineEnd += 1 }
        let o = prefixLines + oldMiddleCount + suffixIndex
        let n = prefixLines + newMiddleCount + suffixIndex
        steps.append((.keep(old: o, new: n), start..<lineEnd))
        start = lineEnd
        suffixIndex += 1
      }
      return Self.hunks(
        from: steps, a: a, old: old, new: new, context: context, prefixLines: prefixLines)
    }

    /// The edit script for the middle: `old` and `new` are its lines.
    ///
    /// A small middle goes straight to Myers. A large one is first cut at
    /// anchors, lines that occur once on each side, in the longest run
    /// that keeps their order on both (patience diff, as git's
    /// `--patience` and histogram diffs do); the pieces between anchors
    /// then go to Myers. So changes spread over a long text cost in
    /// proportion to the changes, not to the square of the text.
    mutating func middleScript(_ old: [Range<Int>], _ new: [Range<Int>]) -> [Edit] {
      oldLines = old
      newLines = new
      // The ends trimmed count as done; the middle's bytes as they are
      // hashed.
      var done =
        a.count + b.count - (old.last.map { $0.upperBound } ?? 0)
        + (old.first?.lowerBound ?? 0) - (new.last.map { $0.upperBound } ?? 0)
        + (new.first?.lowerBound ?? 0)
      var nextReport = done + 1 << 20
      func hashed(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> UInt64 {
        done += line.count
        if done >= nextReport {
          report(done)
          nextReport = done + 1 << 20
        }
        return Self.hash(bytes, line)
      }
      oldHashes = old.map { hashed(a, $0) }
      newHashes = new.map { hashed(b, $0) }
      var edits: [Edit] = []
      script(0..<old.count, 0..<new.count, depth: 0, into: &edits)
      return edits
    }

    var oldLines: [Range<Int>] = []
    var newLines: [Range<Int>] = []
    var oldHashes: [UInt64] = []
    var newHashes: [UInt64] = []

    /// A hash of `bytes[range]`, eight bytes at a time (then the rest a
    /// byte at a time), mixed with the length: equal lines hash alike, and
    /// a line costs about a multiply each eight bytes.
    static func hash(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64 {
      let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
      var hash = UInt64(range.count) &* multiplier
      guard let base = bytes.baseAddress else { return hash }
      var index = range.lowerBound
      while index + 8 <= range.upperBound {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        hash = (hash ^ word) &* multiplier
        hash ^= hash >> 32
        index += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < range.upperBound {
        tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << shift
        shift += 8
        index += 1
      }
      hash = (hash ^ tail) &* multiplier
      return hash ^ (hash >> 29)
    }

    /// Whether old line `x` and new line `y` hold the same bytes.
    mutating func equal(_ x: Int, _ y: Int) -> Bool {
      comparisons += 1
      if comparisons & 0xFFFF == 0 { _ = checkStop() }
      return !stopped && oldHashes[x] == newHashes[y] && Self.same(a, oldLines[x], b, newLines[y])
    }

    /// Appends the script that turns old lines `o` into new lines `n`.
    mutating func script(_ o: Range<Int>, _ n: Range<Int>, depth: Int, into edits: inout [Edit]) {
      guard !stopped else { return }
      var (oLow, oHigh, nLow, nHigh) = (o.lowerBound, o.upperBound, n.lowerBound, n.upperBound)
      while oLow < oHigh, nLow < nHigh, equal(oLow, nLow) {
        edits.append(.keep(old: oLow, new: nLow))
        oLow += 1
        nLow += 1
      }
      var tail = 0
      while oLow < oHigh - tail, nLow < nHigh - tail, equal(oHigh - 1 - tail, nHigh - 1 - tail) {
        tail += 1
      }
      oHigh -= tail
      nHigh -= tail
      defer {
        for offset in 0..<tail { edits.append(.keep(old: oHigh + offset, new: nHigh + offset)) }
      }
      if oLow == oHigh || nLow == nHigh {
        for x in oLow..<oHigh { edits.append(.remove(old: x)) }
        for y in nLow..<nHigh { edits.append(.add(new: y)) }
        return
      }
      let small = (oHigh - oLow) + (nHigh - nLow) <= 2 * UnifiedDiff.maximumEditDistance
      if !small, depth < 16 {
        let anchors = self.anchors(oLow..<oHigh, nLow..<nHigh)
        if !anchors.isEmpty {
          var (x, y) = (oLow, nLow)
          for (ax, ay) in anchors {
            script(x..<ax, y..<ay, depth: depth + 1, into: &edits)
            edits.append(.keep(old: ax, new: ay))
            (x, y) = (ax + 1, ay + 1)
          }
          script(x..<oHigh, y..<nHigh, depth: depth + 1, into: &edits)
          return
        }
      }
      myers(oLow..<oHigh, nLow..<nHigh, into: &edits)
    }

    /// The lines that occur once in old lines `o` and once in new lines
    /// `n`, with equal bytes, as (old, new) pairs: the longest run of them
    /// in order on both sides.
    mutating func anchors(_ o: Range<Int>, _ n: Range<Int>) -> [(Int, Int)] {
      // For each hash: the count on each side (capped at 2) and where.
      guard o.upperBound <= LineHashTable.maximumLines, n.upperBound <= LineHashTable.maximumLines
      else { return [] }
      var table = LineHashTable(oldLines: o.count)
      for x in o { table.addOld(oldHashes[x], line: x) }
      // Each new line's slot, or -1 for a hash no old line has.
      var slots = [Int](repeating: -1, count: n.count)
      for y in n {
        if let slot = table.addNew(newHashes[y]) { slots[y - n.lowerBound] = slot }
      }
      var pairs: [(Int, Int)] = []
      for y in n {
        let slot = slots[y - n.lowerBound]
        guard slot >= 0, let x = table.uniqueOldLine(at: slot) else { continue }
        if equal(x, y) { pairs.append((x, y)) }
      }
      // Pairs are in new order; the longest run increasing in old order
      // (patience sorting).
      var tops: [Int] = []  // index into pairs of the top of each pile
      var previous = [Int](repeating: -1, count: pairs.count)
      for (index, pair) in pairs.enumerated() {
        var low = 0
        var high = tops.count
        // The piles' tops increase in old order: a pair past the last top
        // (most of them, where the changes are few) goes on a new pile
        // without a search.
        if let last = tops.last, pairs[last].0 < pair.0 { low = high }
        while low < high {
          let middle = (low + high) / 2
          if pairs[tops[middle]].0 < pair.0 { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tops[low - 1] }
        if low == tops.count { tops.append(index) } else { tops[low] = index }
      }
      var run: [(Int, Int)] = []
      var index = tops.last ?? -1
      while index >= 0 {
        run.append(pairs[index])
        index = previous[index]
      }
      return run.reversed()
    }

    /// Myers's greedy algorithm on the old lines `old` and the new lines
    /// `new` (`n` and `m` lines, his N and M), appending the script to
    /// `edits`; it keeps each round's frontier to trace the path back, and
    /// past ``maximumEditDistance`` it removes all, then adds all.
    mutating func myers(_ old: Range<Int>, _ new: Range<Int>, into edits: inout [Edit]) {
      let (oBase, nBase) = (old.lowerBound, new.lowerBound)
      let n = old.count
      let m = new.count
      let offset = n + m
      var frontier = [Int](repeating: 0, count: 2 * offset + 2)
      var trace: [[Int]] = []
      var found = false
      search: for d in 0...min(n + m, UnifiedDiff.maximumEditDistance) {
        if stopped { return }
        trace.append(Array(frontier[(offset - d)...(offset + d + 1)]))
        for k in stride(from: -d, through: d, by: 2) {
          var x: Int
          if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
            x = frontier[offset + k + 1]
          } else {
            x = frontier[offset + k - 1] + 1
          }
          var y = x - k
          while x < n, y < m, equal(oBase + x, nBase + y) {
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
        for x in old { edits.append(.remove(old: x)) }
        for y in nBase..<(nBase + m) { edits.append(.add(new: y)) }
        return
      }
      // Walk back from (n, m) through the saved frontiers.
      var reversed: [Edit] = []
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
            reversed.append(.keep(old: oBase + x, new: nBase + y))
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
          reversed.append(.keep(old: oBase + x, new: nBase + y))
        }
        if x == previousX {
          y -= 1
          reversed.append(.add(new: nBase + y))
        } else {
          x -= 1
          reversed.append(.remove(old: oBase + x))
        }
      }
      edits += reversed.reversed()
    }

    /// Groups the changed steps, with `context` steps around each, into
    /// hunks. `steps` cover every change, with at least `context` steps
    /// of the common lines around them where the sides have them; a
    /// step's range is in the new side's bytes for an added line, else in
    /// the old side's.
    /// `prefixLines` is the number of common lines before the middle:
    /// where a side's lines start when no step has one of that side's
    /// lines before or after a change (with no context, a removal at the
    /// end of the text).
    static func hunks(
      from steps: [(edit: Edit, bytes: Range<Int>)], a: UnsafeRawBufferPointer,
      old: Bytes, new: Bytes, context: Int, prefixLines: Int
    ) -> [Hunk] {
      let b = new.buffer
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
        var lines: [Hunk.Entry] = []
        lines.reserveCapacity(group.count)
        var withoutNewline: [Int] = []
        var oldCount = 0
        var newCount = 0
        var oldStart = 0
        var newStart = 0
        switch steps[group.lowerBound].edit {
        case .keep(let o, let n): (oldStart, newStart) = (o, n)
        case .remove(let o):
          oldStart = o
          newStart = firstNew(after: group.lowerBound, in: steps, prefixLines: prefixLines)
        case .add(let n):
          newStart = n
          oldStart = firstOld(after: group.lowerBound, in: steps, prefixLines: prefixLines)
        }
        for step in steps[group] {
          // An added line's bytes are the new side's; the others', the old's.
          let bytes: UnsafeRawBufferPointer
          if case .add = step.edit { bytes = b } else { bytes = a }
          var range = step.bytes
          let hasNewline = !range.isEmpty && bytes[range.upperBound - 1] == 0x0A
          if hasNewline { range = range.lowerBound..<(range.upperBound - 1) }
          let kind: Hunk.Kind
          switch step.edit {
          case .keep:
            oldCount += 1
            newCount += 1
            kind = .context
          case .remove:
            oldCount += 1
            kind = .removed
          case .add:
            newCount += 1
            kind = .added
          }
          lines.append(
            Hunk.Entry(
              packed: UInt64(range.lowerBound) << 2 | UInt64(kind.rawValue), end: range.upperBound))
          if !hasNewline { withoutNewline.append(lines.count - 1) }
        }
        return Hunk(
          oldStart: oldStart + 1, oldCount: oldCount, newStart: newStart + 1, newCount: newCount,
          entries: lines, linesWithoutNewline: withoutNewline, old: old, new: new)
      }
    }

    /// The new line index at step `index`, which removes: that of the
    /// next step that has one, or one past the last new line before, or,
    /// when no step has a new line, `prefixLines` (the new side's middle
    /// is empty).
    private static func firstNew(
      after index: Int, in steps: [(edit: Edit, bytes: Range<Int>)],
      prefixLines: Int
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
      return prefixLines
    }

    /// The old line index at step `index`, which adds: see ``firstNew``.
    private static func firstOld(
      after index: Int, in steps: [(edit: Edit, bytes: Range<Int>)],
      prefixLines: Int
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
      return prefixLines
    }
  }
}
