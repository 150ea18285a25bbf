/// How `docrepl check` compares two states of a document (`--compare`).
package enum CheckComparisonMode: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Byte for byte, file by file, as a save into an empty folder writes
  /// them: the default for a type whose encoding is deterministic.
  case bytes
  /// Read back with the type's own reader and compared with its `==`
  /// (an `Equatable` `FileDocument`, or a `ReferenceFileDocument` whose
  /// `Snapshot` is `Equatable`); equal bytes are equal values without
  /// reading.
  case value

  /// `by bytes`, `by value`.
  package var description: String { "by \(rawValue)" }
}

/// Which comparison a check's byte-comparing invariants (1 to 6) used in
/// the end.
package enum CheckComparisonUse: Sendable, Equatable, CustomStringConvertible {
  /// Every comparison was byte for byte.
  case bytes
  /// By value (asked for, or once the encoding was found not
  /// deterministic).
  case value
  /// The encoding is not deterministic and the type cannot be compared by
  /// value (the reason says why): states whose bytes differ were not
  /// judged, and those comparisons were skipped.
  case notJudged(reason: String)

  /// `by bytes`, `by value`, or what was not judged.
  package var description: String {
    switch self {
    case .bytes: "by bytes"
    case .value: "by value"
    case .notJudged(let reason):
      "by bytes where the bytes were equal; states whose bytes differed were not judged (\(reason))"
    }
  }
}
