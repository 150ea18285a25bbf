/// Steele, Lea and Flood's SplitMix64: a small, fast generator whose output
/// depends only on its seed, fixed by its few lines of arithmetic, so that
/// the same seed gives the same numbers on every machine and every Swift
/// version. The one seeded generator of the package: `docrepl check`'s
/// sequences, the benchmarks' edits and the tests' random inputs. Public
/// so that a host (DocScript's `check` is one) can draw from it. Not Apple
/// API.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state.
  public var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is 1 or less), by Lemire's
  /// multiply-shift: the high half of a 128-bit product. Fixed here rather
  /// than left to the standard library's `random(in:using:)`, whose
  /// mapping may change between releases.
  public mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(truncatingIfNeeded: UInt64(bound).multipliedFullWidth(by: next()).high)
  }
}
