/// How one `docrepl check` compares states, shared by all its sequences
/// and replays: by bytes until the encoding is found not deterministic,
/// then by value where the type allows (``CheckComparisonMode``); and the
/// one finding about the encoding.
@MainActor
final class CheckComparison {
  /// What the states are compared by now.
  enum Mode: Equatable {
    case bytes
    case value
    /// States whose bytes differ cannot be judged: the encoding is not
    /// deterministic and the type cannot be compared by value.
    case notJudged(String)
  }

  /// `--compare`, if given.
  let requested: CheckComparisonMode?
  private(set) var mode: Mode
  /// The finding that the encoding is not deterministic, once seen.
  private(set) var finding: CheckEncodingFinding?
  /// Comparisons skipped because they could not be judged, by invariant.
  private(set) var skipped: [CheckInvariant: Int] = [:]

  init(requested: CheckComparisonMode?) {
    self.requested = requested
    mode = requested == .value ? .value : .bytes
  }

  /// Whether the check stops: `--compare bytes` and an encoding that is
  /// not deterministic, on which bytes cannot judge anything.
  var stopsChecking: Bool { requested == .bytes && finding != nil }

  /// Records the finding (the first only) and moves to value comparison
  /// where `support` allows, else to not judging what differs.
  func found(_ finding: CheckEncodingFinding, support: CheckValueSupport) {
    guard self.finding == nil else { return }
    self.finding = finding
    guard mode == .bytes else { return }
    switch (requested, support) {
    case (nil, .equatable): mode = .value
    case (_, .unavailable(let reason)): mode = .notJudged(reason)
    case (_, .equatable): mode = .notJudged("--compare bytes")
    }
  }

  /// Counts a comparison of `invariant` that could not be judged.
  func skip(_ invariant: CheckInvariant) { skipped[invariant, default: 0] += 1 }

  /// What the report says the invariants were compared by.
  var use: CheckComparisonUse {
    switch mode {
    case .bytes: .bytes
    case .value: .value
    case .notJudged(let reason): .notJudged(reason: reason)
    }
  }
}
