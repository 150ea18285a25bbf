/// A regular expression whose matching time is linear in the input: no
/// backtracking, so no pattern can make a search of a line run away.
///
/// The pattern is parsed (`LinearRegexParser`), compiled to a Thompson
/// NFA (`LinearRegexCompiler`) and run as a Pike VM (`LinearRegexVM`)
/// over the line's UTF-8 bytes, one scalar at a time. A search costs at
/// most (program size × bytes) steps; the program size is bounded by
/// ``maximumProgramSize``. Matches are leftmost-first, as Perl, ICU and
/// RE2 find them: of the matches that start leftmost, the one the
/// pattern prefers (greedy or lazy quantifiers, the earlier branch of an
/// alternation).
///
/// The syntax: literals; `.` (any scalar but a line terminator; any at
/// all under `(?s)`); classes `[a-z]`, `[^…]`, nested `[[a-c]x]` and
/// POSIX `[:alpha:]`; `\d \w \s \D \W \S` (Unicode-aware, as ICU's);
/// anchors `^ $ \A \z \Z \b \B`; groups `( )`, `(?: )`, `(?<name> )`;
/// `|`; `* + ?` and `{m}`, `{m,}`, `{m,n}` (counts up to 1,000), each
/// lazy with a `?` after it; flags `(?i)`, `(?s)`, `(?m)`, `(?i: )`;
/// escapes `\t \n \r \f \v \a \e \0oo \xHH \x{H…} \uHHHH \UHHHHHHHH`,
/// `\Q…\E`, and `\` before any punctuation. `.` and classes match a
/// Unicode scalar, not a byte.
///
/// Refused with a ``LinearRegexError`` naming the construct and its
/// column: backreferences, lookahead and lookbehind, atomic groups,
/// possessive quantifiers, conditionals and recursion, all of which
/// need backtracking; and `\p{…}`, `\G`, `(?x)`, set operations.
public struct LinearRegex: Sendable {
  /// The most instructions a pattern may compile to: the bound on the
  /// work of each byte of a search.
  public static let maximumProgramSize = 20_000

  /// The pattern, as given.
  public let pattern: String
  /// The longest run of UTF-8 bytes that every match holds, or nil when
  /// there is none: a line without it cannot match, and can be passed
  /// over as bytes.
  public let requiredLiteral: [UInt8]?
  let program: LinearRegexProgram

  /// Parses and compiles `pattern`, or throws an error with the offset in
  /// the pattern at which the problem starts.
  public init(_ pattern: String) throws(LinearRegexError) {
    self.pattern = pattern
    var parser = LinearRegexParser(pattern)
    let node = try parser.parse()
    var compiler = LinearRegexCompiler(limit: Self.maximumProgramSize)
    program = try compiler.compile(node, groupCount: parser.groupCount)
    requiredLiteral = node.requiredLiteral()
  }

  /// The number of capture groups, not counting the whole match (group 0).
  public var groupCount: Int { program.groupCount }

  /// The number of instructions the pattern compiled to: a search takes
  /// at most about twice this many steps per scalar of the input.
  package var programSize: Int { program.instructions.count }

  /// Whether the pattern matches all of `bytes` (a whole line, as UTF-8).
  package func wholeMatch(_ bytes: some Collection<UInt8>) -> Bool {
    withBuffer(bytes) { buffer in
      let vm = LinearRegexVM(program)
      // Without a step limit, a search cannot fail.
      return (try? vm.search(buffer, from: 0, mode: .whole)).flatMap { $0 } != nil
    }
  }

  /// The first match in `bytes` (UTF-8) that starts at or after byte
  /// `start`, with its groups, or nil. Anchors and `\b` see the bytes
  /// before `start`: `^` matches only at 0.
  package func firstMatch(
    in bytes: some Collection<UInt8>, from start: Int = 0
  )
    -> LinearRegexMatch?
  {
    // Without a step limit, a search cannot fail.
    (try? firstMatch(in: bytes, from: start, stepLimit: .max)).flatMap { $0 }
  }

  /// ``firstMatch(in:from:)``, that throws an error of kind
  /// ``LinearRegexError/Kind/tooMuchWork`` once it has taken more than
  /// `stepLimit` steps.
  package func firstMatch(
    in bytes: some Collection<UInt8>, from start: Int = 0, stepLimit: Int
  ) throws(LinearRegexError) -> LinearRegexMatch? {
    try withBuffer(bytes) { buffer throws(LinearRegexError) in
      guard start >= 0, start <= buffer.count else { return nil }
      let vm = LinearRegexVM(program)
      return try vm.search(buffer, from: start, mode: .first, stepLimit: stepLimit).map(
        Self.match)
    }
  }

  /// Every match in `bytes`, left to right, as ICU finds them: each
  /// search starts where the last match ended, or a scalar after it if
  /// it was empty (so `x*` on `ab` matches before `a`, before `b` and at
  /// the end). With `all` false, only the first. Throws an error of kind
  /// ``LinearRegexError/Kind/tooMuchWork`` once the searches together
  /// have taken more than `stepLimit` steps: a single search is linear
  /// in the bytes, but some patterns rescan the rest of the line for
  /// each of many matches (`.*y|x` on a line of `x`s).
  public func matches(
    in bytes: some Collection<UInt8>, all: Bool = true, stepLimit: Int = .max
  ) throws(LinearRegexError) -> [LinearRegexMatch] {
    try withBuffer(bytes) { buffer throws(LinearRegexError) in
      let vm = LinearRegexVM(program)
      var found: [LinearRegexMatch] = []
      var start = 0
      while start <= buffer.count {
        guard
          let slots = try vm.search(buffer, from: start, mode: .first, stepLimit: stepLimit)
        else { break }
        let match = Self.match(slots)
        found.append(match)
        if !all { break }
        if match.range.isEmpty {
          guard match.range.upperBound < buffer.count else { break }
          start =
            match.range.upperBound + LinearRegexVM.decode(buffer, at: match.range.upperBound).width
        } else {
          start = match.range.upperBound
        }
      }
      return found
    }
  }

  /// A match from the VM's capture slots.
  private static func match(_ slots: [Int]) -> LinearRegexMatch {
    var groups: [Range<Int>?] = []
    for group in 0..<(slots.count / 2) {
      let (lower, upper) = (slots[2 * group], slots[2 * group + 1])
      groups.append(lower >= 0 && upper >= lower ? lower..<upper : nil)
    }
    return LinearRegexMatch(groups: groups)
  }

  private func withBuffer<Result, Failure: Error>(
    _ bytes: some Collection<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if let result = bytes.withContiguousStorageIfAvailable({ buffer in
      Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }) {
      return try result.get()
    }
    let copy = Array(bytes)
    return try copy.withUnsafeBufferPointer { buffer in
      Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }.get()
  }
}
