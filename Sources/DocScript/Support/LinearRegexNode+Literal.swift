extension LinearRegexNode {
  /// The longest run of scalars that every match must hold, one after
  /// another, as UTF-8 bytes; nil when none is known. It looks through
  /// concatenations, groups and repetitions of at least one (whose body
  /// is there at least once), and stops at an alternation, an optional
  /// repetition, a class of more than one scalar (including a letter
  /// under `(?i)`) and U+FFFD (which a malformed byte also reads as).
  /// Zero-width assertions do not break a run. A nil answer costs speed,
  /// never a match.
  func requiredLiteral() -> [UInt8]? {
    var best: [UInt32] = []
    var run: [UInt32] = []
    func endRun() {
      if run.count > best.count { best = run }
      run = []
    }
    func walk(_ node: LinearRegexNode) {
      switch node {
      case .empty, .assertion:
        break
      case .scalars(let set):
        if let single = set.single, single != 0xFFFD {
          run.append(single)
        } else {
          endRun()
        }
      case .concatenation(let items):
        for item in items { walk(item) }
      case .capture(let body, _):
        walk(body)
      case .repetition(let body, let minimum, _, _, _):
        if minimum >= 1 {
          // The first copy follows what came before; what follows the
          // last copy need not follow it.
          walk(body)
        }
        endRun()
      case .alternation:
        endRun()
      }
    }
    walk(self)
    endRun()
    guard !best.isEmpty else { return nil }
    var bytes: [UInt8] = []
    for value in best {
      guard let scalar = Unicode.Scalar(value) else { return nil }
      bytes += Array(String(scalar).utf8)
    }
    return bytes
  }
}
