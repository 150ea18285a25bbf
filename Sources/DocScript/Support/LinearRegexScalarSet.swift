/// A set of Unicode scalars that one step of a ``LinearRegex`` may
/// consume: ranges of scalars, Unicode-aware classes (`\d`, `\w`, `\s`)
/// and their complements, the whole possibly inverted (`[^…]`).
struct LinearRegexScalarSet: Hashable, Sendable {
  /// A class of scalars defined by Unicode properties, as ICU defines
  /// `\d`, `\w` and `\s`.
  enum Property: Hashable, Sendable {
    /// `\d`: a decimal digit (general category Nd).
    case digit
    /// `\w`: a letter or other alphabetic, a mark, a decimal digit, a
    /// connector punctuation (`_`), or a zero-width (non-)joiner.
    case word
    /// `\s`: white space.
    case space

    /// Whether `scalar` has the property.
    func contains(_ value: UInt32) -> Bool {
      if value < 0x80 {
        switch self {
        case .digit: return (0x30...0x39).contains(value)
        case .word:
          return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
            || (0x61...0x7A).contains(value) || value == 0x5F
        case .space: return value == 0x20 || (0x09...0x0D).contains(value)
        }
      }
      guard let scalar = Unicode.Scalar(value) else { return false }
      let properties = scalar.properties
      switch self {
      case .digit: return properties.generalCategory == .decimalNumber
      case .word:
        if properties.isAlphabetic || value == 0x200C || value == 0x200D { return true }
        switch properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark,
          .enclosingMark:
          return true
        default: return false
        }
      case .space: return properties.isWhitespace
      }
    }
  }

  /// Sorted, disjoint, non-adjacent ranges.
  private(set) var ranges: [ClosedRange<UInt32>] = []
  /// Properties whose scalars are in the set (true) or whose complement's
  /// are (false, as `\D`).
  private(set) var properties: [(property: Property, positive: Bool)] = []
  /// Whether the set is the complement of the above.
  private(set) var isInverted = false
  /// Membership of the 128 ASCII scalars, worked out once.
  private var ascii: (UInt64, UInt64) = (0, 0)

  /// An empty set.
  init() {}

  /// The set of one scalar.
  init(_ scalar: UInt32) {
    add(scalar...scalar)
    finish()
  }

  /// The set of one property's scalars, or of its complement's.
  init(_ property: Property, positive: Bool) {
    add(property, positive: positive)
    finish()
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ranges == rhs.ranges && lhs.isInverted == rhs.isInverted
      && lhs.properties.elementsEqual(rhs.properties) { $0 == $1 }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ranges)
    hasher.combine(isInverted)
    for (property, positive) in properties {
      hasher.combine(property)
      hasher.combine(positive)
    }
  }

  /// The one scalar the set holds, when it is exactly one.
  var single: UInt32? {
    guard !isInverted, properties.isEmpty, ranges.count == 1,
      ranges[0].lowerBound == ranges[0].upperBound
    else { return nil }
    return ranges[0].lowerBound
  }

  /// Adds a range of scalars.
  mutating func add(_ range: ClosedRange<UInt32>) {
    ranges.append(range)
  }

  /// Adds a property's scalars, or its complement's.
  mutating func add(_ property: Property, positive: Bool) {
    if !properties.contains(where: { $0 == (property, positive) }) {
      properties.append((property, positive))
    }
  }

  /// Adds everything `other` holds.
  mutating func add(_ other: LinearRegexScalarSet) {
    if other.isInverted {
      // Only a finished set is inverted; its complement as ranges.
      for range in other.complementRanges() { ranges.append(range) }
      // An inverted set with properties (¬(R ∪ P) = ¬R ∩ ¬P) is not a
      // union of ranges and properties: the parser refuses to nest one.
    } else {
      ranges += other.ranges
      for (property, positive) in other.properties { add(property, positive: positive) }
    }
  }

  /// Adds the simple case mappings (lower, upper, title) of the scalars
  /// it holds: of every scalar of a range up to 4,096 scalars long, and
  /// of the ASCII letters of a longer one.
  mutating func addCaseVariants() {
    var variants: [ClosedRange<UInt32>] = []
    func addVariants(of value: UInt32) {
      guard let scalar = Unicode.Scalar(value) else { return }
      if value < 0x80 {
        if (0x41...0x5A).contains(value) { variants.append((value + 32)...(value + 32)) }
        if (0x61...0x7A).contains(value) { variants.append((value - 32)...(value - 32)) }
        return
      }
      let properties = scalar.properties
      for mapping in [
        properties.lowercaseMapping, properties.uppercaseMapping,
        properties.titlecaseMapping,
      ] {
        let scalars = mapping.unicodeScalars
        if scalars.count == 1, let first = scalars.first, first.value != value {
          variants.append(first.value...first.value)
        }
      }
    }
    for range in ranges {
      if range.count <= 4_096 {
        for value in range { addVariants(of: value) }
      } else {
        for value in range.clamped(to: 0x41...0x7A) { addVariants(of: value) }
      }
    }
    ranges += variants
  }

  /// Inverts the set (`[^…]`).
  mutating func invert() {
    isInverted.toggle()
  }

  /// Sorts and merges the ranges and works out the ASCII table; call
  /// once the set is complete.
  mutating func finish() {
    ranges.sort { $0.lowerBound < $1.lowerBound }
    var merged: [ClosedRange<UInt32>] = []
    for range in ranges {
      if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    ranges = merged
    ascii = (0, 0)
    for value in UInt32(0)..<128 where slowContains(value) {
      if value < 64 {
        ascii.0 |= 1 << UInt64(value)
      } else {
        ascii.1 |= 1 << UInt64(value - 64)
      }
    }
  }

  /// The ranges of the scalars not in ``ranges`` (ignoring properties).
  private func complementRanges() -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0
    for range in ranges {
      if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
      next = range.upperBound &+ 1
    }
    if next <= 0x10FFFF { result.append(next...0x10FFFF) }
    return result
  }

  /// Whether the set holds `value`.
  @inline(__always)
  func contains(_ value: UInt32) -> Bool {
    if value < 64 { return ascii.0 & (1 << UInt64(value)) != 0 }
    if value < 128 { return ascii.1 & (1 << UInt64(value - 64)) != 0 }
    return slowContains(value)
  }

  private func slowContains(_ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    var found = false
    while low < high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.lowerBound {
        high = middle
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        found = true
        break
      }
    }
    if !found {
      found = properties.contains { $0.property.contains(value) == $0.positive }
    }
    return found != isInverted
  }
}
