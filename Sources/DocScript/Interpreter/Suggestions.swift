/// "Did you mean …?": the closest of some names to a misspelt one.
public enum Suggestions {
  /// The candidate nearest to `name` by edit distance, if it is near
  /// enough to be a likely typo: at most a third of the name's length,
  /// and at least one edit. Ties go to the first in byte order, so the
  /// answer never depends on the candidates' order.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.unicodeScalars)
    let limit = max(1, target.count / 3)
    var best: (distance: Int, name: String)?
    for candidate in candidates where candidate != name {
      let scalars = Array(candidate.unicodeScalars)
      guard abs(scalars.count - target.count) <= limit else { continue }
      let distance = editDistance(target, scalars, limit: limit)
      guard distance <= limit else { continue }
      if let current = best,
        current.distance < distance
          || (current.distance == distance
            && Array(current.name.utf8).lexicographicallyPrecedes(
              Array(candidate.utf8)))
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.name
  }

  /// The note for a diagnostic: `did you mean 'save'?`, or nil.
  public static func note(
    for name: String, among candidates: some Sequence<String>
  )
    -> Diagnostic.Note?
  {
    closest(to: name, among: candidates).map { .init("did you mean '\($0)'?") }
  }

  /// Levenshtein distance with adjacent transpositions counted as one
  /// edit; stops early past `limit`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return rowMinimum }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
