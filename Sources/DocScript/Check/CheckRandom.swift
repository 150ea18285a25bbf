import DocKit

/// The seeded generator behind `docrepl check`: SplitMix64, whose output
/// for a seed is fixed by its few lines of arithmetic, so that the same
/// seed gives the same sequences on every machine and every Swift
/// version. (The standard library's `Int.random(in:using:)` may change
/// how it maps a generator's output to a range; ``below(_:)`` does not.)
package struct CheckRandom: RandomNumberGenerator, Sendable {
  private var generator: SplitMix64

  /// A generator that starts from `seed`.
  package init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    generator.next()
  }

  /// A number in `0..<count` (0 when `count` is not positive), by
  /// Lemire's multiply-shift: the high half of a 128-bit product.
  package mutating func below(_ count: Int) -> Int {
    generator.below(count)
  }

  /// True `percent` times in a hundred.
  package mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One of `values`, which must not be empty.
  mutating func pick<Value>(_ values: [Value]) -> Value {
    values[below(values.count)]
  }
}
