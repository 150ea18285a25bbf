/// Reads a pattern into a ``LinearRegexNode``: the syntax of
/// ``LinearRegex``, refusing, with the offset where it starts, every
/// construct that needs backtracking.
struct LinearRegexParser {
  /// The most a counted repetition may count (`{m,n}`).
  static let maximumCount = 1_000

  /// The reason every construct that needs backtracking is refused.
  static let linearReason = "matching time must be linear in the line"

  private let scalars: [Unicode.Scalar]
  /// The UTF-8 offset of each scalar, and of the end.
  private let offsets: [Int]
  private var index = 0
  /// How many capture groups have been opened.
  private(set) var groupCount = 0
  /// `(?i)`: letters match either case.
  private var caseInsensitive = false
  /// `(?s)`: `.` also matches line terminators.
  private var dotMatchesAll = false
  /// Inside `\Q…\E`: every character is itself.
  private var quoting = false

  /// A parser of `pattern`.
  init(_ pattern: String) {
    scalars = Array(pattern.unicodeScalars)
    var offsets: [Int] = []
    var offset = 0
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    self.offsets = offsets
  }

  /// The whole pattern, or the first error in it.
  mutating func parse() throws(LinearRegexError) -> LinearRegexNode {
    let node = try parseAlternation()
    if index < scalars.count {
      // Only a `)` stops an alternation early.
      throw error(.syntax, "unmatched ')'")
    }
    return node
  }

  // MARK: - Structure

  private mutating func parseAlternation() throws(LinearRegexError) -> LinearRegexNode {
    var branches = [try parseConcatenation()]
    while peek == "|" {
      index += 1
      branches.append(try parseConcatenation())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func parseConcatenation() throws(LinearRegexError) -> LinearRegexNode {
    var items: [LinearRegexNode] = []
    while let next = peek, quoting || (next != "|" && next != ")") {
      if let atom = try parseAtom() {
        items.append(try parseQuantifiers(atom))
      }
    }
    switch items.count {
    case 0: return .empty
    case 1: return items[0]
    default: return .concatenation(items)
    }
  }

  /// The quantifiers after an atom, each applied in turn (`a{2}*`).
  private mutating func parseQuantifiers(
    _ atom: LinearRegexNode
  ) throws(LinearRegexError) -> LinearRegexNode {
    var node = atom
    while !quoting, let next = peek {
      let start = index
      let minimum: Int
      let maximum: Int?
      switch next {
      case "*":
        (minimum, maximum) = (0, nil)
        index += 1
      case "+":
        (minimum, maximum) = (1, nil)
        index += 1
      case "?":
        (minimum, maximum) = (0, 1)
        index += 1
      case "{":
        (minimum, maximum) = try parseCount()
      default:
        return node
      }
      var greedy = true
      if peek == "?" {
        greedy = false
        index += 1
      } else if peek == "+" {
        throw error(
          .unsupported,
          "possessive quantifiers are not supported: \(Self.linearReason)", at: index)
      }
      node = .repetition(
        node, minimum: minimum, maximum: maximum, greedy: greedy, offset: offsets[start])
    }
    return node
  }

  /// `{n}`, `{n,}` or `{n,m}`, at `{`.
  private mutating func parseCount() throws(LinearRegexError) -> (Int, Int?) {
    let start = index
    index += 1
    func number() throws(LinearRegexError) -> Int? {
      let first = index
      var value = 0
      while let digit = peek, ("0"..."9").contains(digit) {
        value = min(value * 10 + Int(digit.value - 48), Self.maximumCount + 1)
        index += 1
      }
      guard index > first else { return nil }
      guard value <= Self.maximumCount else {
        throw error(
          .tooLarge, "a repetition count above \(Self.maximumCount) is not supported",
          at: first)
      }
      return value
    }
    guard let minimum = try number() else {
      throw error(.syntax, "expected a number after '{'", at: start)
    }
    var maximum: Int? = minimum
    if peek == "," {
      index += 1
      maximum = try number()
    }
    guard peek == "}" else {
      throw error(.syntax, "expected '}' to end the repetition count", at: start)
    }
    index += 1
    if let maximum, maximum < minimum {
      throw error(.syntax, "the repetition's maximum is less than its minimum", at: start)
    }
    return (minimum, maximum)
  }

  /// One atom, or nil for something that matches nothing and is not
  /// repeated (a comment, or flags such as `(?i)`).
  private mutating func parseAtom() throws(LinearRegexError) -> LinearRegexNode? {
    let start = index
    let character = scalars[index]
    index += 1
    if quoting {
      // The last character before \E is an atom a quantifier may follow.
      if character == "\\", peek == "E" {
        index += 1
        quoting = false
        return nil
      }
      if peek == "\\", scalar(at: index + 1) == "E" {
        index += 2
        quoting = false
      }
      return literal(character.value)
    }
    switch character {
    case "(":
      return try parseGroup(at: start)
    case "[":
      var set = try parseClass(at: start)
      set.finish()
      return .scalars(set)
    case ".":
      var set = LinearRegexScalarSet()
      if !dotMatchesAll {
        // ICU's line terminators.
        for terminator: UInt32 in [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029] {
          set.add(terminator...terminator)
        }
      }
      set.invert()
      set.finish()
      return .scalars(set)
    case "^":
      return .assertion(.start)
    case "$":
      return .assertion(.end)
    case "\\":
      return try parseEscape(at: start)
    case "*", "+", "?":
      throw error(.syntax, "'\(character)' has nothing to repeat", at: start)
    case "{":
      throw error(.syntax, "'{' has nothing to repeat (write '\\{' for the character)", at: start)
    default:
      return literal(character.value)
    }
  }

  /// A group, after its `(`.
  private mutating func parseGroup(at start: Int) throws(LinearRegexError) -> LinearRegexNode? {
    var capture = true
    let saved = (caseInsensitive, dotMatchesAll)
    if peek == "?" {
      index += 1
      guard let kind = peek else { throw error(.syntax, "unfinished group", at: start) }
      switch kind {
      case ":":
        index += 1
        capture = false
      case "=", "!":
        throw error(
          .unsupported, "lookahead is not supported: \(Self.linearReason)", at: start)
      case "<" where scalar(at: index + 1) == "=" || scalar(at: index + 1) == "!":
        throw error(
          .unsupported, "lookbehind is not supported: \(Self.linearReason)", at: start)
      case "<", "'", "P":
        // A named group, numbered as any other.
        if kind == "P" {
          index += 1
          if peek == "=" {
            throw error(
              .unsupported, "backreferences are not supported: \(Self.linearReason)", at: start)
          }
          guard peek == "<" else { throw error(.syntax, "expected '<' after '(?P'", at: start) }
        }
        let close: Unicode.Scalar = peek == "'" ? "'" : ">"
        index += 1
        let nameStart = index
        while let next = peek, next != close {
          guard next == "_" || next.properties.isAlphabetic || ("0"..."9").contains(next) else {
            throw error(.syntax, "a group name holds letters, digits and '_'", at: index)
          }
          index += 1
        }
        guard peek == close, index > nameStart else {
          throw error(.syntax, "unfinished group name", at: start)
        }
        index += 1
      case ">":
        throw error(
          .unsupported, "atomic groups are not supported: \(Self.linearReason)", at: start)
      case "(":
        throw error(
          .unsupported, "conditionals are not supported: \(Self.linearReason)", at: start)
      case "#":
        while let next = peek, next != ")" { index += 1 }
        guard peek == ")" else { throw error(.syntax, "unfinished comment", at: start) }
        index += 1
        return nil
      case "R", "0"..."9", "+", "&":
        throw error(
          .unsupported, "recursion is not supported: \(Self.linearReason)", at: start)
      default:
        // Flags: (?i) to the end of the enclosing group, (?i:…) within.
        var on = true
        while let flag = peek, flag != ")", flag != ":" {
          switch flag {
          case "i": caseInsensitive = on
          case "s": dotMatchesAll = on
          case "m": break  // a line has no line inside it
          case "-" where on: on = false
          default:
            throw error(
              .unsupported,
              "the flag '\(flag)' is not supported (only i, s and m are)", at: index)
          }
          index += 1
        }
        guard let end = peek else { throw error(.syntax, "unfinished group", at: start) }
        index += 1
        if end == ")" { return nil }
        capture = false
      }
    }
    var number = 0
    if capture {
      groupCount += 1
      number = groupCount
    }
    let body = try parseAlternation()
    guard peek == ")" else {
      throw error(.syntax, "missing ')' to close this group", at: start)
    }
    index += 1
    (caseInsensitive, dotMatchesAll) = saved
    return capture ? .capture(body, index: number) : body
  }

  // MARK: - Escapes

  /// An escape outside a class, after its `\`.
  private mutating func parseEscape(at start: Int) throws(LinearRegexError) -> LinearRegexNode {
    guard let character = peek else {
      throw error(.syntax, "a pattern cannot end with '\\'", at: start)
    }
    switch character {
    case "b":
      index += 1
      return .assertion(.wordBoundary)
    case "B":
      index += 1
      return .assertion(.notWordBoundary)
    case "A":
      index += 1
      return .assertion(.start)
    case "z", "Z":
      index += 1
      return .assertion(.end)
    case "G":
      throw error(.unsupported, "'\\G' is not supported", at: start)
    case "1"..."9", "k":
      throw error(
        .unsupported, "backreferences are not supported: \(Self.linearReason)", at: start)
    case "Q":
      // What follows, to \E or the end, is read one literal at a time.
      index += 1
      quoting = true
      return .empty
    case "E":
      // A \E with no \Q before it ends nothing.
      index += 1
      return .empty
    default:
      var set = try parseClassEscape(at: start)
      if caseInsensitive { set.addCaseVariants() }
      set.finish()
      return .scalars(set)
    }
  }

  /// An escape that stands for scalars, in a class or out of one, after
  /// its `\`.
  private mutating func parseClassEscape(
    at start: Int
  ) throws(LinearRegexError) -> LinearRegexScalarSet {
    guard let character = peek else {
      throw error(.syntax, "a pattern cannot end with '\\'", at: start)
    }
    index += 1
    switch character {
    case "d": return LinearRegexScalarSet(.digit, positive: true)
    case "D": return LinearRegexScalarSet(.digit, positive: false)
    case "w": return LinearRegexScalarSet(.word, positive: true)
    case "W": return LinearRegexScalarSet(.word, positive: false)
    case "s": return LinearRegexScalarSet(.space, positive: true)
    case "S": return LinearRegexScalarSet(.space, positive: false)
    case "t": return LinearRegexScalarSet(0x09)
    case "n": return LinearRegexScalarSet(0x0A)
    case "v": return LinearRegexScalarSet(0x0B)
    case "f": return LinearRegexScalarSet(0x0C)
    case "r": return LinearRegexScalarSet(0x0D)
    case "a": return LinearRegexScalarSet(0x07)
    case "e": return LinearRegexScalarSet(0x1B)
    case "0":
      // \0 and up to three octal digits.
      var value: UInt32 = 0
      var digits = 0
      while digits < 3, let digit = peek, ("0"..."7").contains(digit) {
        value = value * 8 + digit.value - 48
        index += 1
        digits += 1
      }
      return LinearRegexScalarSet(value)
    case "x", "u", "U":
      return LinearRegexScalarSet(try parseHex(character, at: start))
    case "p", "P", "N", "X", "R", "h", "H", "V", "c", "K":
      throw error(.unsupported, "'\\\(character)' is not supported", at: start)
    default:
      if character.isASCII, character.properties.isAlphabetic || ("0"..."9").contains(character) {
        throw error(.syntax, "unknown escape '\\\(character)'", at: start)
      }
      // An escaped punctuation (or non-ASCII) character is itself.
      return LinearRegexScalarSet(character.value)
    }
  }

  /// The scalar of `\xHH`, `\x{H…}`, `\uHHHH` or `\UHHHHHHHH`, after the
  /// letter.
  private mutating func parseHex(
    _ letter: Unicode.Scalar, at start: Int
  ) throws(LinearRegexError) -> UInt32 {
    let braced = letter == "x" && peek == "{"
    if braced { index += 1 }
    let most = braced ? 8 : letter == "x" ? 2 : letter == "u" ? 4 : 8
    var value: UInt32 = 0
    var digits = 0
    while digits < most, let digit = peek, let number = Int(String(digit), radix: 16) {
      value = value * 16 + UInt32(number)
      index += 1
      digits += 1
    }
    if braced {
      guard digits > 0, peek == "}" else {
        throw error(.syntax, "expected hexadecimal digits and '}' after '\\x{'", at: start)
      }
      index += 1
    } else if digits != most {
      throw error(.syntax, "expected \(most) hexadecimal digits after '\\\(letter)'", at: start)
    }
    guard Unicode.Scalar(value) != nil else {
      throw error(
        .syntax, "U+\(String(value, radix: 16, uppercase: true)) is not a scalar", at: start)
    }
    return value
  }

  // MARK: - Classes

  /// A class, after its `[`; not yet finished.
  private mutating func parseClass(at start: Int) throws(LinearRegexError) -> LinearRegexScalarSet {
    var set = LinearRegexScalarSet()
    var inverted = false
    if peek == "^" {
      inverted = true
      index += 1
    }
    var first = true
    while true {
      guard let character = peek else {
        throw error(.syntax, "missing ']' to close this class", at: start)
      }
      if character == "]", !first {
        index += 1
        break
      }
      first = false
      let itemStart = index
      if character == "[" {
        if scalar(at: index + 1) == ":" {
          set.add(try parsePOSIXClass())
          continue
        }
        // A nested class: its scalars join this one's.
        index += 1
        var nested = try parseClass(at: itemStart)
        nested.finish()
        guard !(nested.isInverted && !nested.properties.isEmpty) else {
          throw error(
            .unsupported, "a negated class with \\d, \\w or \\s cannot be nested", at: itemStart)
        }
        set.add(nested)
        continue
      }
      if (character == "&" || character == "-"), scalar(at: index + 1) == character {
        throw error(.unsupported, "class operations ('&&', '--') are not supported", at: index)
      }
      let low: UInt32
      index += 1
      if character == "\\" {
        let escaped = try parseClassEscape(at: itemStart)
        guard let single = escaped.single else {
          set.add(escaped)
          continue
        }
        low = single
      } else {
        low = character.value
      }
      // A range, unless the '-' is last.
      guard peek == "-", let after = scalar(at: index + 1), after != "]" else {
        set.add(low...low)
        continue
      }
      index += 1
      let highStart = index
      let high: UInt32
      index += 1
      if after == "\\" {
        guard let single = try parseClassEscape(at: highStart).single else {
          throw error(.syntax, "a range cannot end in a class", at: highStart)
        }
        high = single
      } else if after == "[" {
        throw error(.syntax, "a range cannot end in a class", at: highStart)
      } else {
        high = after.value
      }
      guard low <= high else {
        throw error(.syntax, "the range's end comes before its start", at: itemStart)
      }
      set.add(low...high)
    }
    if caseInsensitive { set.addCaseVariants() }
    if inverted { set.invert() }
    return set
  }

  /// `[:name:]` in a class, at its `[`.
  private mutating func parsePOSIXClass() throws(LinearRegexError) -> LinearRegexScalarSet {
    let start = index
    index += 2
    var name = ""
    while let next = peek, next != ":" {
      name.unicodeScalars.append(next)
      index += 1
    }
    guard peek == ":", scalar(at: index + 1) == "]" else {
      throw error(.syntax, "expected ':]' to end the POSIX class", at: start)
    }
    index += 2
    let ranges: [ClosedRange<UInt32>]
    switch name {
    case "alpha": ranges = [0x41...0x5A, 0x61...0x7A]
    case "digit": ranges = [0x30...0x39]
    case "alnum": ranges = [0x30...0x39, 0x41...0x5A, 0x61...0x7A]
    case "upper": ranges = [0x41...0x5A]
    case "lower": ranges = [0x61...0x7A]
    case "space": ranges = [0x09...0x0D, 0x20...0x20]
    case "blank": ranges = [0x09...0x09, 0x20...0x20]
    case "punct": ranges = [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]
    case "xdigit": ranges = [0x30...0x39, 0x41...0x46, 0x61...0x66]
    case "word": ranges = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    case "cntrl": ranges = [0x00...0x1F, 0x7F...0x7F]
    case "print": ranges = [0x20...0x7E]
    case "graph": ranges = [0x21...0x7E]
    default:
      throw error(.syntax, "unknown POSIX class '[:\(name):]'", at: start)
    }
    var set = LinearRegexScalarSet()
    for range in ranges { set.add(range) }
    return set
  }

  // MARK: - Helpers

  private var peek: Unicode.Scalar? { scalar(at: index) }

  private func scalar(at position: Int) -> Unicode.Scalar? {
    position < scalars.count ? scalars[position] : nil
  }

  /// One scalar, or its case variants under `(?i)`.
  private func literal(_ value: UInt32) -> LinearRegexNode {
    var set = LinearRegexScalarSet(value)
    if caseInsensitive {
      set.addCaseVariants()
      set.finish()
    }
    return .scalars(set)
  }

  /// An error at scalar `position` (the one just read by default).
  private func error(
    _ kind: LinearRegexError.Kind, _ message: String, at position: Int? = nil
  ) -> LinearRegexError {
    LinearRegexError(kind, message, at: offsets[min(position ?? index, offsets.count - 1)])
  }
}
