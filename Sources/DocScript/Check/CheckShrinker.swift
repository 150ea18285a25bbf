import Foundation

/// Shrinks a failing `docrepl check` sequence by delta debugging: drops
/// chunks of commands, halving the chunk down to single commands, then
/// simplifies arguments (each to a strictly shorter one), keeping each
/// change after which the same invariant still breaks. Every accepted
/// change makes the sequence or an argument shorter, and the number of
/// replays is bounded too, so shrinking ends.
@MainActor
struct CheckShrinker {
  /// Replays a sequence (after the setup) and returns what broke, if
  /// anything.
  let replay: @MainActor ([CheckStep]) async -> CheckViolation?
  /// The invariant to keep breaking.
  let invariant: CheckInvariant
  /// How many steps the setup has: a violation's step index counts them.
  let setupCount: Int
  /// The most replays to try.
  let budget: Int
  /// Replays tried so far.
  private(set) var attempts = 0

  init(
    invariant: CheckInvariant, setupCount: Int, budget: Int,
    replay: @escaping @MainActor ([CheckStep]) async -> CheckViolation?
  ) {
    self.invariant = invariant
    self.setupCount = setupCount
    self.budget = budget
    self.replay = replay
  }

  /// The shortest sequence found that still breaks the invariant.
  mutating func shrink(_ steps: [CheckStep], violation: CheckViolation) async -> [CheckStep] {
    var body = truncated(steps, at: violation)
    var changed = true
    while changed, attempts < budget {
      changed = false
      if await dropCommands(&body) { changed = true }
      if await simplifyArguments(&body) { changed = true }
    }
    return body
  }

  /// `steps` up to the one the violation was seen after.
  private func truncated(_ steps: [CheckStep], at violation: CheckViolation) -> [CheckStep] {
    guard let index = violation.stepIndex else { return steps }
    return Array(steps.prefix(max(0, index - setupCount + 1)))
  }

  /// Whether `candidate` still breaks the invariant; if so, the candidate
  /// cut after the step where it broke.
  private mutating func stillFails(_ candidate: [CheckStep]) async -> [CheckStep]? {
    attempts += 1
    guard let violation = await replay(candidate), violation.invariant == invariant else {
      return nil
    }
    return truncated(candidate, at: violation)
  }

  private mutating func dropCommands(_ body: inout [CheckStep]) async -> Bool {
    var changed = false
    var chunk = max(1, body.count / 2)
    while attempts < budget {
      var start = 0
      var removed = false
      while start < body.count, attempts < budget {
        let end = min(body.count, start + chunk)
        let candidate = Array(body[..<start] + body[end...])
        if let kept = await stillFails(candidate) {
          body = kept
          removed = true
          changed = true
        } else {
          start = end
        }
      }
      if chunk == 1 {
        if !removed { break }
      } else {
        chunk = max(1, chunk / 2)
      }
    }
    return changed
  }

  private mutating func simplifyArguments(_ body: inout [CheckStep]) async -> Bool {
    var changed = false
    var index = 0
    while index < body.count, attempts < budget {
      var wordIndex = 0
      while index < body.count, wordIndex < body[index].words.count, attempts < budget {
        if case .value(let text) = body[index].words[wordIndex] {
          for simpler in Self.simpler(than: text) {
            guard attempts < budget else { break }
            var candidate = body
            candidate[index].words[wordIndex] = .value(simpler)
            if let kept = await stillFails(candidate) {
              body = kept
              changed = true
              break
            }
          }
        }
        wordIndex += 1
      }
      index += 1
    }
    return changed
  }

  /// Strictly shorter values to try for `text`, simplest first.
  static func simpler(than text: String) -> [String] {
    let length = text.count
    guard length > 0 else { return [] }
    var candidates = [""]
    if length > 1 { candidates += ["a", "1"] }
    if length > 2 { candidates.append(String(text.prefix(length / 2))) }
    if length > 1 { candidates.append(String(text.dropLast())) }
    var seen: Set<String> = []
    return candidates.filter { $0.count < length && seen.insert($0).inserted }
  }
}
