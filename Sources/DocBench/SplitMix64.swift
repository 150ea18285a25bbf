/// Steele, Lea and Flood's SplitMix64: a small, fast generator whose output
/// depends only on its seed, so that every benchmark run edits the same way
/// on every machine and toolchain.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

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

  /// A number in `0..<bound` (`bound` > 0), by Lemire's multiply-shift,
  /// fixed here rather than left to the standard library's
  /// `random(in:using:)`, whose algorithm may change between releases.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "the bound must be positive")
    return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }
}
