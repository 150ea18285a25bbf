/// Runs a ``LinearRegexProgram`` over UTF-8 bytes as a Pike VM: every
/// thread of the automaton advances one scalar at a time, in priority
/// order, and at most one thread is kept for each instruction, so a
/// search costs at most (program size × scalars) steps, whatever the
/// pattern.
///
/// A VM is reused from one search to the next (its thread lists are
/// allocated once); it is not shared between threads.
final class LinearRegexVM {
  /// How a search decides it is done.
  enum Mode {
    /// The leftmost match, and of those the first in the pattern's order
    /// of preference (as a backtracking engine would find it).
    case first
    /// Whether the pattern matches from `start` to the end, by any path.
    case whole
  }

  /// The threads at one position: at most one for each instruction, in
  /// priority order, with their capture slots.
  private struct ThreadList {
    var dense: [Int]
    var sparse: [Int]
    var count = 0
    var slots: [Int]

    init(size: Int, slotCount: Int) {
      dense = [Int](repeating: 0, count: size)
      sparse = [Int](repeating: 0, count: size)
      slots = [Int](repeating: -1, count: size * slotCount)
    }

    @inline(__always)
    func contains(_ pc: Int) -> Bool {
      let at = sparse[pc]
      return at < count && dense[at] == pc
    }

    @inline(__always)
    mutating func insert(_ pc: Int) {
      sparse[pc] = count
      dense[count] = pc
      count += 1
    }
  }

  /// Work still to do while adding a thread: an instruction to follow, or
  /// a capture slot to put back once the branch through a `save` is done.
  private enum Pending {
    case follow(Int)
    case restore(slot: Int, value: Int)
  }

  private let program: LinearRegexProgram
  private let instructions: [LinearRegexProgram.Instruction]
  private let slotCount: Int
  private var current: ThreadList
  private var next: ThreadList
  private var pending: [Pending] = []
  private var slots: [Int]
  /// Steps taken since the VM was made: threads added and advanced.
  private(set) var steps = 0

  /// A VM for `program`.
  init(_ program: LinearRegexProgram) {
    self.program = program
    instructions = program.instructions
    slotCount = program.slotCount
    current = ThreadList(size: instructions.count, slotCount: slotCount)
    next = ThreadList(size: instructions.count, slotCount: slotCount)
    slots = [Int](repeating: -1, count: slotCount)
  }

  /// Searches `bytes` from `start`: the capture slots of the match
  /// (`mode` `.first`), or `[]` for a whole match (`.whole`), or nil.
  /// Throws once ``steps`` passes `stepLimit`.
  func search(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, mode: Mode, stepLimit: Int = .max
  ) throws(LinearRegexError) -> [Int]? {
    let end = bytes.count
    var matched: [Int]? = nil
    var position = start
    current.count = 0
    while true {
      if matched == nil, mode == .first || position == start {
        // A new thread at this position, after (below) every older one.
        for slot in 0..<slotCount { slots[slot] = -1 }
        addThread(to: &current, 0, at: position, in: bytes)
      }
      if current.count == 0 {
        if matched != nil || position >= end || mode == .whole { break }
      }
      let (scalar, width) =
        position < end ? Self.decode(bytes, at: position) : (UInt32.max, 0)
      next.count = 0
      var thread = 0
      while thread < current.count {
        let pc = current.dense[thread]
        thread += 1
        let passes: Bool
        switch instructions[pc] {
        case .scalar(let wanted):
          passes = scalar == wanted
        case .set(let index):
          passes = position < end && program.sets[index].contains(scalar)
        case .match:
          if mode == .whole {
            if position == end { return [] }
            continue
          }
          let base = pc * slotCount
          matched = Array(current.slots[base..<(base + slotCount)])
          // Threads below this one can only find a less preferred match.
          thread = current.count
          continue
        default:
          continue
        }
        guard passes else { continue }
        steps += 1
        let base = pc * slotCount
        for slot in 0..<slotCount { slots[slot] = current.slots[base + slot] }
        addThread(to: &next, pc + 1, at: position + width, in: bytes)
      }
      if steps > stepLimit {
        throw LinearRegexError(.tooMuchWork, "the search took more than \(stepLimit) steps")
      }
      if position >= end { break }
      swap(&current, &next)
      position += width
    }
    return matched
  }

  /// Adds the thread at `pc`, following jumps, splits, saves and
  /// assertions to the instructions that consume a scalar or match.
  private func addThread(
    to list: inout ThreadList, _ pc: Int, at position: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) {
    pending.append(.follow(pc))
    while let work = pending.popLast() {
      switch work {
      case .restore(let slot, let value):
        slots[slot] = value
      case .follow(let pc):
        guard !list.contains(pc) else { continue }
        list.insert(pc)
        steps += 1
        switch instructions[pc] {
        case .jump(let target):
          pending.append(.follow(target))
        case .split(let first, let second):
          pending.append(.follow(second))
          pending.append(.follow(first))
        case .save(let slot):
          pending.append(.restore(slot: slot, value: slots[slot]))
          slots[slot] = position
          pending.append(.follow(pc + 1))
        case .assert(let assertion):
          if Self.holds(assertion, at: position, in: bytes) { pending.append(.follow(pc + 1)) }
        case .scalar, .set, .match:
          let base = pc * slotCount
          for slot in 0..<slotCount { list.slots[base + slot] = slots[slot] }
        }
      }
    }
  }

  /// Whether `assertion` holds between the scalars before and after
  /// `position`.
  static func holds(
    _ assertion: LinearRegexAssertion, at position: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    switch assertion {
    case .start: return position == 0
    case .end: return position == bytes.count
    case .wordBoundary, .notWordBoundary:
      let word = LinearRegexScalarSet.Property.word
      let after = position < bytes.count && word.contains(decode(bytes, at: position).scalar)
      var before = false
      if position > 0 {
        var first = position - 1
        while first > 0, position - first < 4, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        let (scalar, width) = decode(bytes, at: first)
        before = word.contains(first + width == position ? scalar : 0xFFFD)
      }
      return (before != after) == (assertion == .wordBoundary)
    }
  }

  /// The scalar at `position` and its width in bytes; a byte that does
  /// not start a well-formed sequence reads as U+FFFD, one byte wide.
  @inline(__always)
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> (scalar: UInt32, width: Int) {
    let lead = bytes[position]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let width: Int
    var value: UInt32
    var lowest: UInt32
    switch lead {
    case 0xC2...0xDF: (width, value, lowest) = (2, UInt32(lead & 0x1F), 0x80)
    case 0xE0...0xEF: (width, value, lowest) = (3, UInt32(lead & 0x0F), 0x800)
    case 0xF0...0xF4: (width, value, lowest) = (4, UInt32(lead & 0x07), 0x10000)
    default: return (0xFFFD, 1)
    }
    guard position + width <= bytes.count else { return (0xFFFD, 1) }
    for offset in 1..<width {
      let byte = bytes[position + offset]
      guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= lowest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return (0xFFFD, 1)
    }
    return (value, width)
  }
}
