/// Compiles a ``LinearRegexNode`` into a ``LinearRegexProgram`` (a
/// Thompson construction): every repetition count is written out, so
/// the program's size, which bounds the work at each position of a line,
/// is checked against a limit as it grows.
struct LinearRegexCompiler {
  private var program = LinearRegexProgram()
  private var setIndices: [LinearRegexScalarSet: Int] = [:]
  private let limit: Int

  /// A compiler that refuses to make more than `limit` instructions.
  init(limit: Int) {
    self.limit = limit
  }

  /// The program for `node`, which has `groupCount` capture groups: the
  /// whole match is group 0.
  mutating func compile(
    _ node: LinearRegexNode, groupCount: Int
  ) throws(LinearRegexError) -> LinearRegexProgram {
    program.groupCount = groupCount
    try emit(.save(0), offset: 0)
    try emit(node, offset: 0)
    try emit(.save(1), offset: 0)
    try emit(.match, offset: 0)
    return program
  }

  private var next: Int { program.instructions.count }

  @discardableResult
  private mutating func emit(
    _ instruction: LinearRegexProgram.Instruction, offset: Int
  ) throws(LinearRegexError) -> Int {
    guard program.instructions.count < limit else {
      throw LinearRegexError(
        .tooLarge,
        "the pattern is too large: it compiles to more than \(limit) instructions (each counted repetition is written out)",
        at: offset)
    }
    program.instructions.append(instruction)
    return program.instructions.count - 1
  }

  /// Points the branch `which` (0 or 1) of the split or jump at `at` to
  /// `target`.
  private mutating func patch(_ at: Int, _ which: Int = 0, to target: Int) {
    switch program.instructions[at] {
    case .split(let first, let second):
      program.instructions[at] = which == 0 ? .split(target, second) : .split(first, target)
    case .jump:
      program.instructions[at] = .jump(target)
    default:
      preconditionFailure("only a split or a jump is patched")
    }
  }

  /// A split that prefers the body (greedy) or the way out (lazy); the
  /// other branch is patched later.
  private mutating func split(
    greedy: Bool, body: Int, offset: Int
  ) throws(LinearRegexError) -> (instruction: Int, exitBranch: Int) {
    let at = try emit(greedy ? .split(body, -1) : .split(-1, body), offset: offset)
    return (at, greedy ? 1 : 0)
  }

  private mutating func emit(_ node: LinearRegexNode, offset: Int) throws(LinearRegexError) {
    switch node {
    case .empty:
      break
    case .scalars(let set):
      if let single = set.single {
        try emit(.scalar(single), offset: offset)
      } else {
        let index: Int
        if let known = setIndices[set] {
          index = known
        } else {
          index = program.sets.count
          program.sets.append(set)
          setIndices[set] = index
        }
        try emit(.set(index), offset: offset)
      }
    case .concatenation(let items):
      for item in items { try emit(item, offset: offset) }
    case .alternation(let branches):
      var exits: [Int] = []
      for (number, branch) in branches.enumerated() {
        if number < branches.count - 1 {
          let split = try emit(.split(next + 1, -1), offset: offset)
          try emit(branch, offset: offset)
          exits.append(try emit(.jump(-1), offset: offset))
          patch(split, 1, to: next)
        } else {
          try emit(branch, offset: offset)
        }
      }
      for exit in exits { patch(exit, to: next) }
    case .capture(let body, let index):
      try emit(.save(2 * index), offset: offset)
      try emit(body, offset: offset)
      try emit(.save(2 * index + 1), offset: offset)
    case .assertion(let assertion):
      try emit(.assert(assertion), offset: offset)
    case .repetition(let body, let minimum, let maximum, let greedy, let at):
      try emitRepetition(body, minimum: minimum, maximum: maximum, greedy: greedy, offset: at)
    }
  }

  private mutating func emitRepetition(
    _ body: LinearRegexNode, minimum: Int, maximum: Int?, greedy: Bool, offset: Int
  ) throws(LinearRegexError) {
    if let maximum {
      for _ in 0..<minimum { try emit(body, offset: offset) }
      // Each optional copy may be skipped, and skipping one skips the rest.
      var exits: [(Int, Int)] = []
      for _ in minimum..<maximum {
        let (at, branch) = try split(greedy: greedy, body: next + 1, offset: offset)
        exits.append((at, branch))
        try emit(body, offset: offset)
      }
      for (at, branch) in exits { patch(at, branch, to: next) }
    } else if minimum == 0 {
      // As (body+)?: split loop, out; loop: body; split loop, out. An
      // iteration that matches the empty string reaches the second split
      // and ends the loop there, as a backtracking engine ends it, with
      // the groups it set; it cannot go round again, as `loop` is taken.
      let (entry, entryBranch) = try split(greedy: greedy, body: next + 1, offset: offset)
      let loop = next
      try emit(body, offset: offset)
      let (at, branch) = try split(greedy: greedy, body: loop, offset: offset)
      patch(entry, entryBranch, to: next)
      patch(at, branch, to: next)
    } else {
      for _ in 0..<(minimum - 1) { try emit(body, offset: offset) }
      // loop: body; split loop, out
      let loop = next
      try emit(body, offset: offset)
      let (at, branch) = try split(greedy: greedy, body: loop, offset: offset)
      patch(at, branch, to: next)
    }
  }
}
