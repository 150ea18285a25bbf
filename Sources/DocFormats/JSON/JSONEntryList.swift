/// The entries of an opened container, held sparsely: runs of entries as
/// they were read, each kept as the span of child nodes it is (a few
/// integers, however many entries it covers), and the entries an edit
/// made or touched, held one by one. Opening a container of 150,000
/// elements to edit one of them holds one run; the edit splits it in two
/// around the entry it changes.
///
/// A sequence, not a collection: entry `position` of a run as read is
/// found from the nearest of every 64th entry as read, noted at opening,
/// then by walking at most 63 sibling nodes; iteration walks them once.
struct JSONEntryList: Sequence, Sendable {
  typealias Element = JSONOpenContainer.Entry

  /// Entries as they were read: consecutive children of the container.
  struct ReadRun: Sendable {
    /// The first entry's position among the container's entries as read.
    var firstPosition: Int
    /// The first entry's value node.
    var firstNode: Int
    /// One past the last entry's subtree.
    var endNode: Int
    /// How many entries.
    var count: Int
    /// Where the first entry's lead starts: one past the previous value,
    /// or past the container's opening bracket.
    var leadStart: Int
    /// One past the last entry's value.
    var end: Int
  }

  /// A run of entries: as read, or held.
  enum Piece: Sendable {
    case read(ReadRun)
    case held([Element])

    var count: Int {
      switch self {
      case .read(let run): run.count
      case .held(let entries): entries.count
      }
    }
  }

  /// The tree of the container the runs as read belong to.
  let tree: JSONSyntaxTree
  /// Every 64th entry as read (positions 0, 64, 128, ...): its value node
  /// and where its lead starts. Shared by every copy; never changed.
  private let checkpoints: [Checkpoint]
  private static let checkpointStride = 64

  private struct Checkpoint: Sendable {
    var node: Int
    var leadStart: Int
  }
  /// The pieces in order; none is empty.
  private(set) var pieces: [Piece]
  /// The position of each piece's first entry.
  private var starts: [Int]
  /// How many entries.
  private(set) var count: Int

  /// The entries of container `index` of `tree`, as read: one run.
  init(reading tree: JSONSyntaxTree, container index: Int) {
    self.tree = tree
    let node = tree.nodes[index]
    let end = index + Int(node.size)
    var count = 0
    var lastEnd = Int(node.start) + 1
    var child = index + 1
    var checkpoints: [Checkpoint] = []
    while child < end {
      if count % Self.checkpointStride == 0 {
        checkpoints.append(Checkpoint(node: child, leadStart: lastEnd))
      }
      count += 1
      lastEnd = Int(tree.nodes[child].end)
      child += Int(tree.nodes[child].size)
    }
    self.count = count
    self.checkpoints = checkpoints
    if count == 0 {
      pieces = []
      starts = []
    } else {
      pieces = [
        .read(
          ReadRun(
            firstPosition: 0, firstNode: index + 1, endNode: end, count: count,
            leadStart: Int(node.start) + 1,
            end: lastEnd))
      ]
      starts = [0]
    }
  }

  var isEmpty: Bool { count == 0 }

  var first: Element? { isEmpty ? nil : self[0] }

  /// Entry `position`.
  subscript(_ position: Int) -> Element {
    precondition(position >= 0 && position < count, "entry \(position) of \(count)")
    let piece = self.piece(holding: position)
    switch pieces[piece] {
    case .held(let entries):
      return entries[position - starts[piece]]
    case .read(let run):
      let (child, leadStart) = locate(run, offset: position - starts[piece])
      return Self.entry(tree, child, leadStart: leadStart)
    }
  }

  /// Entries `range`, in order.
  subscript(_ range: Range<Int>) -> [Element] {
    guard !range.isEmpty else { return [] }
    var result: [Element] = []
    result.reserveCapacity(range.count)
    var iterator = Iterator(self, from: range.lowerBound)
    while result.count < range.count, let entry = iterator.next() { result.append(entry) }
    return result
  }

  /// Replaces entries `range` with `new`: the runs as read around them
  /// are split at its bounds, and `new` is held.
  mutating func replaceSubrange(_ range: Range<Int>, with new: [Element]) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    split(at: range.lowerBound)
    split(at: range.upperBound)
    var result: [Piece] = []
    result.reserveCapacity(pieces.count + 1)
    var inserted = false
    for (piece, start) in zip(pieces, starts) {
      if start >= range.lowerBound, !inserted {
        Self.append(.held(new), to: &result)
        inserted = true
      }
      if start >= range.lowerBound, start < range.upperBound { continue }
      Self.append(piece, to: &result)
    }
    if !inserted { Self.append(.held(new), to: &result) }
    pieces = result
    count += new.count - range.count
    recountStarts()
  }

  /// Appends `piece`, joined to the held piece before it; an empty one
  /// is dropped.
  private static func append(_ piece: Piece, to pieces: inout [Piece]) {
    guard piece.count > 0 else { return }
    if case .held(let entries) = piece, case .held(let previous)? = pieces.last {
      pieces[pieces.count - 1] = .held(previous + entries)
      return
    }
    pieces.append(piece)
  }

  /// Makes `position` the start of a piece (or the end of the list).
  private mutating func split(at position: Int) {
    guard position > 0, position < count else { return }
    let index = piece(holding: position)
    let offset = position - starts[index]
    guard offset > 0 else { return }
    switch pieces[index] {
    case .held(let entries):
      pieces[index] = .held(Array(entries[..<offset]))
      pieces.insert(.held(Array(entries[offset...])), at: index + 1)
    case .read(let run):
      let (child, previousEnd) = locate(run, offset: offset)
      var left = run
      left.endNode = child
      left.count = offset
      left.end = previousEnd
      pieces[index] = .read(left)
      pieces.insert(
        .read(
          ReadRun(
            firstPosition: run.firstPosition + offset, firstNode: child, endNode: run.endNode,
            count: run.count - offset, leadStart: previousEnd, end: run.end)), at: index + 1)
    }
    recountStarts()
  }

  /// Holds every entry one by one, as an opened container held them all
  /// before runs as read were kept: the form tests compare this one with.
  mutating func holdEveryEntry() {
    let all = Array(self)
    pieces = all.isEmpty ? [] : [.held(all)]
    recountStarts()
  }

  private mutating func recountStarts() {
    starts.removeAll(keepingCapacity: true)
    var position = 0
    for piece in pieces {
      starts.append(position)
      position += piece.count
    }
  }

  /// The index of the piece that holds entry `position`.
  private func piece(holding position: Int) -> Int {
    var low = 0
    var high = starts.count
    // The last piece whose start is at most `position`.
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= position { low = middle } else { high = middle }
    }
    return low
  }

  /// The value node of entry `offset` of `run`, and where its lead
  /// starts: from the checkpoint before it, or the run's start if that
  /// is nearer.
  private func locate(_ run: ReadRun, offset: Int) -> (node: Int, leadStart: Int) {
    let position = run.firstPosition + offset
    var child = run.firstNode
    var leadStart = run.leadStart
    var steps = offset
    let checkpoint = position / Self.checkpointStride
    if checkpoint < checkpoints.count, position % Self.checkpointStride < offset {
      child = checkpoints[checkpoint].node
      leadStart = checkpoints[checkpoint].leadStart
      steps = position % Self.checkpointStride
    }
    for _ in 0..<steps {
      leadStart = Int(tree.nodes[child].end)
      child += Int(tree.nodes[child].size)
    }
    return (child, leadStart)
  }

  /// The entry of child node `child`, its lead starting at `leadStart`.
  private static func entry(_ tree: JSONSyntaxTree, _ child: Int, leadStart: Int) -> Element {
    let node = tree.nodes[child]
    let start = Int(node.start)
    let keyStart = node.keyStart == .max ? start : Int(node.keyStart)
    return Element(
      lead: tree.bytes[leadStart..<keyStart], key: tree.bytes[keyStart..<start],
      value: JSONNodeRef(tree, child))
  }

  func makeIterator() -> Iterator { Iterator(self, from: 0) }

  /// The entries in order, each run as read walked once.
  struct Iterator: IteratorProtocol {
    private let list: JSONEntryList
    private var piece: Int
    /// The position in a held piece, or the next child node of a run.
    private var offset: Int
    /// Entries left in the current run as read.
    private var left: Int
    /// Where the next entry's lead starts, in a run as read.
    private var leadStart: Int

    init(_ list: JSONEntryList, from position: Int) {
      self.list = list
      piece = list.count == 0 ? 0 : list.piece(holding: Swift.min(position, list.count - 1))
      offset = 0
      left = 0
      leadStart = 0
      guard position < list.count else {
        piece = list.pieces.count
        return
      }
      enter(skipping: position - list.starts[piece])
    }

    /// Starts piece `piece`, `skip` entries in.
    private mutating func enter(skipping skip: Int) {
      guard piece < list.pieces.count else { return }
      switch list.pieces[piece] {
      case .held:
        offset = skip
      case .read(let run):
        (offset, leadStart) = list.locate(run, offset: skip)
        left = run.count - skip
      }
    }

    mutating func next() -> Element? {
      while piece < list.pieces.count {
        switch list.pieces[piece] {
        case .held(let entries):
          if offset < entries.count {
            defer { offset += 1 }
            return entries[offset]
          }
        case .read:
          if left > 0 {
            let entry = JSONEntryList.entry(list.tree, offset, leadStart: leadStart)
            leadStart = Int(list.tree.nodes[offset].end)
            offset += Int(list.tree.nodes[offset].size)
            left -= 1
            return entry
          }
        }
        piece += 1
        enter(skipping: 0)
      }
      return nil
    }
  }
}
