import Foundation

/// A node of the B-tree that holds the lines of a ``TextLines``.
///
/// A leaf holds up to ``leafCapacity`` lines in order, as one run of UTF-8
/// bytes with where each line ends (``TextLineRun``), not as a `String` a
/// line; an inner node holds up to ``branchCapacity`` children, all of the
/// same height. Every node knows how many lines and UTF-8 bytes its subtree
/// holds, so finding line `i` walks one path from the root, choosing at
/// each node the child whose running line count passes `i`. Every leaf is
/// at the same depth and holds at least one line, and every inner node
/// but the root is at least half full, so that path has O(log n) nodes.
/// Leaves are built and kept at least half full too, except those
/// `replace --all` cuts around its changed lines so as to share the rest
/// of the file's bytes (``Builder/appendPiece(_:)``).
///
/// Nodes are shared between copies of a ``TextLines``, so a node is changed
/// in place only while exactly one reference to it exists (checked with
/// `isKnownUniquelyReferenced` on the way down); otherwise it is copied
/// first. An edit after a copy therefore copies the nodes on one path,
/// O(log n) of them, and never changes what the copy sees.
final class TextLineNode: @unchecked Sendable {
  // @unchecked: the stored properties change only through a reference that
  // `isKnownUniquelyReferenced` found to be the only one, so no other
  // thread can hold the node while it changes.

  typealias Line = TextLines.Line

  /// The most lines a leaf holds; a leaf other than the root holds at
  /// least half as many.
  static let leafCapacity = 64
  /// The most children an inner node holds; an inner node other than the
  /// root holds at least half as many.
  static let branchCapacity = 16

  /// 0 for a leaf; one more than its children's for an inner node.
  let height: Int
  /// The lines in this subtree.
  private(set) var lineCount: Int
  /// The UTF-8 bytes of this subtree's lines, endings included.
  private(set) var byteCount: Int
  /// A leaf's lines; empty in an inner node.
  private(set) var run: TextLineRun
  /// An inner node's children; empty in a leaf.
  private(set) var children: ContiguousArray<TextLineNode>

  /// A leaf holding `run`.
  init(run: TextLineRun) {
    height = 0
    self.run = run
    children = []
    lineCount = run.count
    byteCount = run.bytes.count
  }

  /// An inner node holding `children`, which are not empty and all of one
  /// height.
  init(children: ContiguousArray<TextLineNode>) {
    height = (children.first?.height ?? 0) + 1
    run = TextLineRun()
    self.children = children
    lineCount = children.reduce(0) { $0 + $1.lineCount }
    byteCount = children.reduce(0) { $0 + $1.byteCount }
  }

  private init(copying node: TextLineNode) {
    height = node.height
    lineCount = node.lineCount
    byteCount = node.byteCount
    run = node.run
    children = node.children
  }

  /// A node like this one, sharing its bytes or its children until either
  /// is changed.
  func copy() -> TextLineNode { TextLineNode(copying: self) }

  private var isUnderfull: Bool {
    height == 0
      ? run.count < Self.leafCapacity / 2 : children.count < Self.branchCapacity / 2
  }

  /// Gives a leaf `run`, and counts that agree.
  private func setRun(_ run: TextLineRun) {
    self.run = run
    lineCount = run.count
    byteCount = run.bytes.count
  }

  // MARK: - Building

  /// A balanced tree holding `lines`, or nil when there are none. Leaves
  /// are filled evenly, as full as the capacity allows.
  static func build(_ lines: some Collection<Line>) -> TextLineNode? {
    guard !lines.isEmpty else { return nil }
    let all = TextLineRun(lines)
    let leaves = ContiguousArray(
      evenPieces(all.count, capacity: leafCapacity).map { TextLineNode(run: all.slice($0)) })
    return build(level: leaves)
  }

  /// The tree of the lines of `data[offset...]`, or nil when there are
  /// none; or, when those bytes are not valid UTF-8, `valid` false. The
  /// leaves share `data`'s storage: nothing is copied but where each line
  /// ends.
  ///
  /// - Complexity: O(n) in the bytes: one pass checks the UTF-8 and finds
  ///   the line breaks, a word at a time through ASCII
  ///   (`UTF8Validation.scan`).
  ///
  /// - Parameter report: Called with the bytes read, about every
  ///   megabyte.
  static func read(
    _ data: Data, from offset: Int, report: (Int) -> Void = { _ in }
  ) -> (root: TextLineNode?, valid: Bool) {
    var cutter = LeafCutter(data: data, from: offset)
    let valid = data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return true }
      cutter.base = base.assumingMemoryBound(to: UInt8.self)
      defer { cutter.base = nil }
      return UTF8Validation.scan(raw, from: offset, report: report, lineFeeds: &cutter)
    }
    guard valid else { return (nil, false) }
    return (cutter.finish(), true)
  }

  /// Cuts a file's bytes into leaves of ``leafCapacity`` lines as a scan
  /// finds its line feeds; each leaf is a slice of the file's bytes.
  private struct LeafCutter: UTF8Validation.LineFeeds {
    let data: Data
    let origin: TextLineRun.Origin
    /// The bytes, while the scan runs.
    var base: UnsafePointer<UInt8>?
    var builder = Builder()
    /// Where the next leaf starts, and the next line.
    var leafStart: Int
    var start: Int
    var spans = ContiguousArray<UInt64>()

    init(data: Data, from offset: Int) {
      self.data = data
      origin = TextLineRun.Origin(data)
      leafStart = offset
      start = offset
      spans.reserveCapacity(leafCapacity)
    }

    mutating func lineFeed(at index: Int) {
      let ending: TextLines.LineEnding =
        index > start && base?[index - 1] == 0x0D ? .crlf : .lf
      start = index + 1
      spans.append(TextLineRun.span(end: start - leafStart, ending: ending))
      if spans.count == leafCapacity { emit() }
    }

    /// Makes a leaf of the lines since the last one.
    private mutating func emit() {
      let slice = data[(data.startIndex + leafStart)..<(data.startIndex + start)]
      builder.appendLeaf(TextLineRun(bytes: slice, spans: spans, origin: origin))
      spans.removeAll(keepingCapacity: true)
      leafStart = start
    }

    /// The tree, once the scan has found every line feed: a last line
    /// without one is a line too.
    mutating func finish() -> TextLineNode? {
      if start < data.count {
        spans.append(TextLineRun.span(end: data.count - leafStart, ending: .none))
        start = data.count
      }
      if !spans.isEmpty { emit() }
      return builder.finish()
    }
  }

  /// Makes a tree of lines given in order, in runs, a leaf at a time.
  struct Builder {
    private var leaves: ContiguousArray<TextLineNode> = []
    /// Lines waiting to fill the next leaf.
    private var pending: [TextLineRun] = []
    private var pendingCount = 0

    /// Adds `run`, at most ``leafCapacity`` lines, as a leaf of its own.
    mutating func appendLeaf(_ run: TextLineRun) {
      flush()
      leaves.append(TextLineNode(run: run))
    }

    /// Adds `leaf`, a leaf of at most ``leafCapacity`` lines, as it is:
    /// the same node, so that a text that shares it with another (a
    /// snapshot) is seen to share it.
    mutating func appendLeaf(node leaf: TextLineNode) {
      flush()
      leaves.append(leaf)
    }

    /// Adds `run`, a piece of what was a leaf: a slice of a file's bytes
    /// joins the slices before it when it follows them in those bytes
    /// (filling leaves to capacity, copying nothing); a run of bytes of
    /// its own, or a slice that does not follow, starts a leaf, so that
    /// no bytes are ever copied to join pieces. The leaves made may be
    /// less than half full.
    mutating func appendPiece(_ run: TextLineRun) {
      guard let origin = run.origin else {
        appendLeaf(run)
        return
      }
      if let last = pending.last,
        last.origin !== origin || last.bytes.endIndex != run.bytes.startIndex
      {
        flush()
      }
      append(run)
    }

    /// Adds the lines of `run`, filling leaves to capacity. A run that
    /// makes a whole leaf is kept as it is, without a copy.
    mutating func append(_ run: TextLineRun) {
      var rest = run
      while rest.count > 0 {
        let take = min(leafCapacity - pendingCount, rest.count)
        pending.append(take == rest.count ? rest : rest.slice(0..<take))
        pendingCount += take
        rest = take == rest.count ? TextLineRun() : rest.slice(take..<rest.count)
        if pendingCount == leafCapacity { flush() }
      }
    }

    private mutating func flush() {
      guard pendingCount > 0 else { return }
      leaves.append(
        TextLineNode(run: pending.count == 1 ? pending[0] : TextLineRun.joined(pending)))
      pending.removeAll(keepingCapacity: true)
      pendingCount = 0
    }

    /// The root over the leaves, or nil when there are no lines. A last
    /// leaf less than half full shares out with the one before it.
    mutating func finish() -> TextLineNode? {
      flush()
      guard let last = leaves.last else { return nil }
      if leaves.count > 1, last.lineCount < leafCapacity / 2 {
        let both = TextLineRun.joined([leaves[leaves.count - 2].run, last.run])
        let half = both.count / 2
        leaves[leaves.count - 2] = TextLineNode(run: both.slice(0..<half))
        leaves[leaves.count - 1] = TextLineNode(run: both.slice(half..<both.count))
      }
      return build(level: leaves)
    }
  }

  /// The root over `level`, nodes of one height in order: groups them
  /// into parents, a level at a time, until one node remains.
  static func build(level: ContiguousArray<TextLineNode>) -> TextLineNode {
    var level = level
    while level.count > 1 {
      let nodes = level
      level = ContiguousArray(
        evenPieces(nodes.count, capacity: branchCapacity).map {
          TextLineNode(children: ContiguousArray(nodes[$0]))
        })
    }
    return level[0]
  }

  /// `0..<count` cut into the fewest ranges of at most `capacity`, with
  /// lengths differing by at most one; so each is at least half of
  /// `capacity` when `count` exceeds it.
  private static func evenPieces(_ count: Int, capacity: Int) -> [Range<Int>] {
    let pieces = (count + capacity - 1) / capacity
    return (0..<pieces).map { (count * $0 / pieces)..<(count * ($0 + 1) / pieces) }
  }

  static func byteCount(of lines: some Sequence<Line>) -> Int {
    lines.reduce(0) { $0 + $1.utf8Count }
  }

  // MARK: - Reading

  /// The child holding line `index`, and the number of lines before it.
  /// For `index == lineCount`, the last child.
  private func slot(containing index: Int) -> (slot: Int, offset: Int) {
    var offset = 0
    let last = children.count - 1
    for slot in 0..<last {
      let end = offset + children[slot].lineCount
      if index < end { return (slot, offset) }
      offset = end
    }
    return (last, offset)
  }

  /// Line `index` (in `0..<lineCount`).
  func line(at index: Int) -> Line {
    let (leaf, start) = leaf(containing: index)
    return leaf.run.line(index - start)
  }

  /// Line `index`'s ending (`index` in `0..<lineCount`).
  func ending(at index: Int) -> TextLines.LineEnding {
    let (leaf, start) = leaf(containing: index)
    return leaf.run.ending(index - start)
  }

  /// The leaf holding line `index`, and the index of its first line.
  func leaf(containing index: Int) -> (leaf: TextLineNode, start: Int) {
    var node = self
    var start = 0
    while node.height > 0 {
      let (slot, offset) = node.slot(containing: index - start)
      start += offset
      node = node.children[slot]
    }
    return (node, start)
  }

  /// Calls `body` with each leaf, in order.
  func forEachLeaf(_ body: (TextLineNode) -> Void) {
    if height == 0 {
      body(self)
    } else {
      for child in children { child.forEachLeaf(body) }
    }
  }

  /// Calls `body` with each leaf, in order, until it returns false.
  ///
  /// - Returns: Whether `body` returned true for every leaf.
  @discardableResult
  func forEachLeafWhile(_ body: (TextLineNode) -> Bool) -> Bool {
    if height == 0 { return body(self) }
    for child in children where !child.forEachLeafWhile(body) { return false }
    return true
  }

  /// An iterator over the leaves, in order.
  func leafIterator() -> LeafIterator { LeafIterator(root: self) }

  /// Walks the leaves of a tree in order, with a stack of the nodes on
  /// the way down.
  struct LeafIterator: IteratorProtocol {
    private var stack: [(node: TextLineNode, next: Int)]

    init(root: TextLineNode) {
      stack = [(root, 0)]
    }

    mutating func next() -> TextLineNode? {
      while let (node, next) = stack.last {
        if node.height == 0 {
          stack.removeLast()
          return node
        }
        guard next < node.children.count else {
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        stack.append((node.children[next], 0))
      }
      return nil
    }
  }

  // MARK: - Changing (only on a uniquely referenced node)

  /// Child `slot`, copied first if another reference to it exists.
  private func uniqueChild(_ slot: Int) -> TextLineNode {
    if !isKnownUniquelyReferenced(&children[slot]) { children[slot] = children[slot].copy() }
    return children[slot]
  }

  /// Replaces line `index` and returns the old line.
  func replace(at index: Int, with line: Line) -> Line {
    let old: Line
    if height == 0 {
      old = run.line(index)
      if run.ownsBytes, old.ending == line.ending {
        run.replaceTextInPlace(index, with: line.text)
        byteCount = run.bytes.count
      } else {
        setRun(run.replacing(index..<(index + 1), with: CollectionOfOne(line)))
      }
      return old
    }
    let (slot, offset) = slot(containing: index)
    old = uniqueChild(slot).replace(at: index - offset, with: line)
    byteCount += line.utf8Count - old.utf8Count
    return old
  }

  /// Replaces the text of line `index`, keeping its ending, and returns
  /// the old text.
  func replaceText(at index: Int, with text: String) -> String {
    if height == 0 {
      let old = run.line(index)
      if run.ownsBytes {
        run.replaceTextInPlace(index, with: text)
        byteCount = run.bytes.count
      } else {
        setRun(
          run.replacing(index..<(index + 1), with: CollectionOfOne(Line(text, ending: old.ending))))
      }
      return old.text
    }
    let (slot, offset) = slot(containing: index)
    let old = uniqueChild(slot).replaceText(at: index - offset, with: text)
    byteCount += text.utf8.count - old.utf8.count
    return old
  }

  /// Gives the lines of `batch` at `positions` (which fall in this
  /// subtree, whose first line is line `first` of the text) their new
  /// texts, keeping their endings, and appends the old texts to
  /// `inverse`. A leaf is rewritten once, however many of its lines
  /// change.
  ///
  /// - Returns: How many bytes the subtree grew by.
  func replaceTexts(
    _ batch: TextLines.TextBatch, _ positions: Range<Int>, first: Int,
    into inverse: inout TextLines.TextBatch
  ) -> Int {
    if height == 0 {
      let old = run
      let (new, lines) = run.replacingTexts(from: batch, positions, first: first)
      setRun(new)
      // The old texts stay in the old leaf's bytes where that is cheaper
      // than a copy (a slice of the file's bytes costs nothing more).
      inverse.append(lines: lines, of: old, first: first)
      return run.bytes.count - old.bytes.count
    }
    var growth = 0
    var position = positions.lowerBound
    var start = first
    for slot in children.indices where position < positions.upperBound {
      let end = start + children[slot].lineCount
      let next = batch.firstPosition(
        atOrAfter: end, in: position..<positions.upperBound)
      if next > position {
        growth += uniqueChild(slot).replaceTexts(
          batch, position..<next, first: start, into: &inverse)
      }
      position = next
      start = end
    }
    byteCount += growth
    return growth
  }

  /// Inserts `new` (`bytes` UTF-8 bytes) before line `index` (in
  /// `0...lineCount`).
  ///
  /// - Returns: The nodes split off this one's end because it overflowed,
  ///   to go right after it in its parent; usually none.
  func insert(
    _ new: some Collection<Line>, bytes: Int, at index: Int
  ) -> ContiguousArray<TextLineNode> {
    if height == 0 {
      if run.ownsBytes, new.count <= 4 {
        run.insertInPlace(new, at: index)
        lineCount = run.count
        byteCount = run.bytes.count
      } else {
        setRun(run.replacing(index..<index, with: new))
      }
      return lineCount > Self.leafCapacity ? splitOverflow() : []
    }
    lineCount += new.count
    byteCount += bytes
    let (slot, offset) = slot(containing: index)
    let split = uniqueChild(slot).insert(new, bytes: bytes, at: index - offset)
    guard !split.isEmpty else { return [] }
    children.insert(contentsOf: split, at: slot + 1)
    return children.count > Self.branchCapacity ? splitOverflow() : []
  }

  /// Keeps the first of the fewest even pieces of an overflowing node and
  /// returns the others as new nodes.
  private func splitOverflow() -> ContiguousArray<TextLineNode> {
    var split: ContiguousArray<TextLineNode> = []
    if height == 0 {
      let pieces = Self.evenPieces(run.count, capacity: Self.leafCapacity)
      for piece in pieces.dropFirst() {
        split.append(TextLineNode(run: run.slice(piece)))
      }
      setRun(run.slice(pieces[0]))
      return split
    }
    let pieces = Self.evenPieces(children.count, capacity: Self.branchCapacity)
    for piece in pieces.dropFirst() {
      split.append(TextLineNode(children: ContiguousArray(children[piece])))
    }
    children.removeSubrange(pieces[0].upperBound...)
    for node in split {
      lineCount -= node.lineCount
      byteCount -= node.byteCount
    }
    return split
  }

  /// Removes up to `limit` lines from line `index` on, stopping at the end
  /// of the leaf that holds line `index`, and appends them to `removed`.
  /// Rebalances the children on the way back up; this node itself may be
  /// left underfull, for its parent to fix.
  ///
  /// - Returns: How many lines and bytes went; at least one line.
  func remove(
    at index: Int, limit: Int, into removed: inout ContiguousArray<Line>
  ) -> (lines: Int, bytes: Int) {
    let gone: (lines: Int, bytes: Int)
    if height == 0 {
      let range = index..<min(run.count, index + limit)
      for line in range { removed.append(run.line(line)) }
      gone = (range.count, run.byteRange(of: range).count)
      if run.ownsBytes {
        run.removeInPlace(range)
        lineCount = run.count
        byteCount = run.bytes.count
      } else {
        setRun(run.replacing(range, with: EmptyCollection()))
      }
      return gone
    }
    let (slot, offset) = slot(containing: index)
    gone = uniqueChild(slot).remove(at: index - offset, limit: limit, into: &removed)
    if children[slot].isUnderfull { rebalance(at: slot) }
    lineCount -= gone.lines
    byteCount -= gone.bytes
    return gone
  }

  /// Makes underfull child `slot` whole again: merges it with a neighbour
  /// if both fit in one node, or else evens out the two.
  private func rebalance(at slot: Int) {
    guard children.count > 1 else { return }
    let left = slot == 0 ? 0 : slot - 1
    let right = left + 1
    let fits =
      height == 1
      ? children[left].lineCount + children[right].lineCount <= Self.leafCapacity
      : children[left].children.count + children[right].children.count <= Self.branchCapacity
    if fits {
      uniqueChild(left).absorb(children[right])
      children.remove(at: right)
    } else {
      uniqueChild(left).even(with: uniqueChild(right))
    }
  }

  /// Appends the lines or children of `next`, a node of the same height.
  private func absorb(_ next: TextLineNode) {
    if height == 0 {
      setRun(TextLineRun.joined([run, next.run]))
      return
    }
    children.append(contentsOf: next.children)
    lineCount += next.lineCount
    byteCount += next.byteCount
  }

  /// Moves lines or children between this node and `next`, the node after
  /// it, until they hold halves of their total.
  private func even(with next: TextLineNode) {
    if height == 0 {
      let half = (run.count + next.run.count) / 2
      if run.count < half {
        let moved = half - run.count
        setRun(TextLineRun.joined([run, next.run.slice(0..<moved)]))
        next.setRun(next.run.slice(moved..<next.run.count))
      } else {
        next.setRun(TextLineRun.joined([run.slice(half..<run.count), next.run]))
        setRun(run.slice(0..<half))
      }
      return
    }
    let half = (children.count + next.children.count) / 2
    let range: Range<Int>
    let sign: Int
    if children.count < half {
      range = 0..<(half - children.count)
      sign = 1
    } else {
      range = half..<children.count
      sign = -1
    }
    let nodes = sign > 0 ? next.children[range] : children[range]
    let moved = (
      lines: sign * nodes.reduce(0) { $0 + $1.lineCount },
      bytes: sign * nodes.reduce(0) { $0 + $1.byteCount }
    )
    if sign > 0 {
      children.append(contentsOf: nodes)
      next.children.removeSubrange(range)
    } else {
      next.children.insert(contentsOf: nodes, at: 0)
      children.removeSubrange(range)
    }
    lineCount += moved.lines
    byteCount += moved.bytes
    next.lineCount -= moved.lines
    next.byteCount -= moved.bytes
  }

  // MARK: - Checking

  /// Whether the tree keeps its invariants: counts that add up, leaves at
  /// one depth, every node within capacity, every leaf with a line, and
  /// every inner node but the root at least half full. For tests.
  func isValid(isRoot: Bool = true) -> Bool {
    if height == 0 {
      return children.isEmpty && lineCount == run.count && byteCount == run.bytes.count
        && run.isValid && run.count <= Self.leafCapacity && run.count > 0
    }
    return run.count == 0 && children.count <= Self.branchCapacity
      && (isRoot ? children.count >= 2 : !isUnderfull)
      && children.allSatisfy { $0.height == height - 1 && $0.isValid(isRoot: false) }
      && lineCount == children.reduce(0) { $0 + $1.lineCount }
      && byteCount == children.reduce(0) { $0 + $1.byteCount }
  }
}

extension TextLines.Line {
  /// The UTF-8 bytes of the text and the ending.
  var utf8Count: Int {
    text.utf8.count + ending.utf8Count
  }
}

extension TextLines.LineEnding {
  /// The UTF-8 bytes of the ending.
  var utf8Count: Int {
    switch self {
    case .lf: 1
    case .crlf: 2
    case .none: 0
    }
  }
}
