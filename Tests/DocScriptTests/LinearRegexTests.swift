import DocScript
import Foundation
import Testing

/// The linear-time regular expression engine behind `replace --regex`:
/// matches against answers known by hand, against ICU's on the syntax
/// both share, the constructs it refuses, and the patterns a backtracking
/// engine cannot finish.
@Suite("LinearRegex")
struct LinearRegexTests {
  /// A pattern, an input, and the groups of the first match (byte
  /// ranges, group 0 first; nil for a group that took no part), or no
  /// match.
  struct MatchCase: Sendable, CustomTestStringConvertible {
    var pattern: String
    var input: String
    var groups: [Range<Int>?]?
    var testDescription: String { "/\(pattern)/ on '\(input)'" }

    init(_ pattern: String, _ input: String, _ groups: [Range<Int>?]?) {
      self.pattern = pattern
      self.input = input
      self.groups = groups
    }
  }

  static let matchCases: [MatchCase] = [
    MatchCase("abc", "xxabcxx", [2..<5]),
    MatchCase("abc", "ab", nil),
    MatchCase("", "abc", [0..<0]),
    MatchCase("a|ab", "ab", [0..<1]),  // leftmost-first, not longest
    MatchCase("ab|a", "ab", [0..<2]),
    MatchCase("a*", "aaa", [0..<3]),
    MatchCase("a*?", "aaa", [0..<0]),
    MatchCase("a+?", "aaa", [0..<1]),
    MatchCase("a??b", "ab", [0..<2]),
    MatchCase("x*", "ab", [0..<0]),
    MatchCase("(a)(b)?", "ac", [0..<1, 0..<1, nil]),
    MatchCase("(a|b)*c", "abac", [0..<4, 2..<3]),
    MatchCase("(a*)*", "b", [0..<0, 0..<0]),
    // A group repeated reports its last iteration that took part; ICU and
    // Perl go round once more, matching nothing (2..<2), as RE2 does not.
    MatchCase("(a*)+", "aa", [0..<2, 0..<2]),
    MatchCase("(a*)*", "aa", [0..<2, 0..<2]),
    MatchCase("(a*)+b", "aab", [0..<3, 0..<2]),
    MatchCase("(a|b|)+c", "abc", [0..<3, 1..<2]),
    // POSIX classes are ASCII, as in RE2 (ICU's are Unicode).
    MatchCase("[[:alpha:]]+", "éab", [2..<4]),
    MatchCase("(?:ab)+", "ababa", [0..<4]),
    MatchCase("(?<word>\\w+) (\\w+)", "hi there you", [0..<8, 0..<2, 3..<8]),
    MatchCase("a{3}", "aaaa", [0..<3]),
    MatchCase("a{2,3}", "aaaa", [0..<3]),
    MatchCase("a{2,3}?", "aaaa", [0..<2]),
    MatchCase("a{2,}", "aaaaa", [0..<5]),
    MatchCase("a{0}b", "ab", [1..<2]),
    MatchCase("[a-c]+", "xxbcad", [2..<5]),
    MatchCase("[^a-c]+", "abxyc", [2..<4]),
    MatchCase("[]a]+", "x]a]", [1..<4]),
    MatchCase("[a-]+", "x-a-", [1..<4]),
    MatchCase("[[:digit:]x]+", "ab1x2", [2..<5]),
    MatchCase("[[a-b][y-z]]+", "cazby", [1..<5]),
    MatchCase("\\d+", "ab123c", [2..<5]),
    MatchCase("\\D+", "12ab3", [2..<4]),
    MatchCase("\\w+", "  foo_1 ", [2..<7]),
    MatchCase("\\W+", "ab, cd", [2..<4]),
    MatchCase("\\s+", "a \t b", [1..<4]),
    MatchCase("\\S+", "  ab ", [2..<4]),
    MatchCase("[\\d\\s]+", "a1 2b", [1..<4]),
    MatchCase("^abc", "abcabc", [0..<3]),
    MatchCase("^b", "ab", nil),
    MatchCase("c$", "abcc", [3..<4]),
    MatchCase("^$", "", [0..<0]),
    MatchCase("\\bfoo\\b", "a foo b", [2..<5]),
    MatchCase("\\bfoo\\b", "afoo", nil),
    MatchCase("\\Boo", "foo", [1..<3]),
    MatchCase("\\Aab\\z", "ab", [0..<2]),
    MatchCase("a.c", "abc", [0..<3]),
    MatchCase("a\\.c", "abc a.c", [4..<7]),
    MatchCase("\\Qa.c\\E+", "abc a.cc", [4..<8]),
    MatchCase("\\x41\\u0042\\x{43}", "xABC", [1..<4]),
    MatchCase("\\t", "a\tb", [1..<2]),
    MatchCase("(?i)hello", "say HeLLo", [4..<9]),
    MatchCase("(?i:h)ello", "HELLO Hello", [6..<11]),
    MatchCase("(?i)[a-c]+", "xABCd", [1..<4]),
    MatchCase("(?i)é", "CAFÉ", [3..<5]),
    MatchCase("a(?#comment)b", "ab", [0..<2]),
    // Scalars, not bytes: é is two bytes, 日 three, 😀 four.
    MatchCase("caf.", "café!", [0..<5]),
    MatchCase("^.$", "日", [0..<3]),
    MatchCase("^..$", "😀x", [0..<5]),
    MatchCase("[日本]+", "x日本語", [1..<7]),
    MatchCase("[^a]", "😀", [0..<4]),
    MatchCase("\\w+", "naïve 123", [0..<6]),
    MatchCase("\\d", "x٣", [1..<3]),  // ARABIC-INDIC DIGIT THREE
    MatchCase("\\bé", "x é", [2..<4]),
    MatchCase("x.y", "x\ty", [0..<3]),
    MatchCase("x.y", "x\ry", nil),
    MatchCase("(?s)x.y", "x\ry", [0..<3]),
  ]

  @Test("The first match and its groups", arguments: matchCases)
  func firstMatch(_ testCase: MatchCase) throws {
    let regex = try LinearRegex(testCase.pattern)
    let match = regex.firstMatch(in: Array(testCase.input.utf8))
    #expect(match?.groups == testCase.groups)
  }

  @Test(
    "Every match, as ICU iterates: after an empty match, a scalar on",
    arguments: [
      ("x*", "ab", [0..<0, 1..<1, 2..<2]),
      ("x*", "xab", [0..<1, 1..<1, 2..<2, 3..<3]),
      ("a|", "bab", [0..<0, 1..<2, 2..<2, 3..<3]),
      ("", "é", [0..<0, 2..<2]),
      ("[a-z]", "a1b", [0..<1, 2..<3]),
      ("\\bo", "oh no o", [0..<1, 6..<7]),
      ("^x", "xxx", [0..<1]),
    ] as [(String, String, [Range<Int>])])
  func allMatches(pattern: String, input: String, ranges: [Range<Int>]) throws {
    let regex = try LinearRegex(pattern)
    #expect(try regex.matches(in: Array(input.utf8)).map(\.range) == ranges)
    #expect(try regex.matches(in: Array(input.utf8), all: false).map(\.range) == [ranges[0]])
  }

  @Test(
    "A whole match, by any path through the pattern",
    arguments: [
      ("a|ab", "ab", true),  // the first match is 'a', yet 'ab' is whole
      ("a*", "aaa", true), ("a*", "aab", false), ("", "", true), ("", "x", false),
      ("\\d+ (passed|failed)", "12 failed", true), ("\\d+ (passed|failed)", "12 failed!", false),
      ("x.*", "x日本", true), ("[^x]*", "abc", true), ("(a|b)*c", "ababc", true),
      ("(a|b)*c", "ababcx", false), ("(?i)ok", "OK", true),
    ])
  func wholeMatch(pattern: String, input: String, expected: Bool) throws {
    #expect(try LinearRegex(pattern).wholeMatch(Array(input.utf8)) == expected)
    #expect(try LinearRegex(pattern).wholeMatch(input.utf8) == expected)
  }

  @Test("A search from an offset sees what comes before it")
  func fromOffset() throws {
    let bytes = Array("foo foobar".utf8)
    #expect(try LinearRegex("\\bfoo").firstMatch(in: bytes, from: 1)?.range == 4..<7)
    #expect(try LinearRegex("^foo").firstMatch(in: bytes, from: 1) == nil)
    #expect(try LinearRegex("o").firstMatch(in: bytes, from: 11) == nil)
  }

  /// A pattern and the error it gets: its kind, its 0-based offset in
  /// the pattern's bytes, and its message.
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var pattern: String
    var kind: LinearRegexError.Kind
    var offset: Int
    var message: String
    var testDescription: String { pattern }

    init(_ pattern: String, _ kind: LinearRegexError.Kind, _ offset: Int, _ message: String) {
      self.pattern = pattern
      self.kind = kind
      self.offset = offset
      self.message = message
    }
  }

  static let linear = "matching time must be linear in the line"

  static let errorCases: [ErrorCase] = [
    ErrorCase("(a)\\1", .unsupported, 3, "backreferences are not supported: \(linear)"),
    ErrorCase("(?<n>a)\\k<n>", .unsupported, 7, "backreferences are not supported: \(linear)"),
    ErrorCase("(?P<n>a)(?P=n)", .unsupported, 8, "backreferences are not supported: \(linear)"),
    ErrorCase("x(?=y)", .unsupported, 1, "lookahead is not supported: \(linear)"),
    ErrorCase("x(?!y)", .unsupported, 1, "lookahead is not supported: \(linear)"),
    ErrorCase("(?<=y)x", .unsupported, 0, "lookbehind is not supported: \(linear)"),
    ErrorCase("é(?<!y)x", .unsupported, 2, "lookbehind is not supported: \(linear)"),
    ErrorCase("(?>a+)", .unsupported, 0, "atomic groups are not supported: \(linear)"),
    ErrorCase("a++", .unsupported, 2, "possessive quantifiers are not supported: \(linear)"),
    ErrorCase("(?(1)a|b)", .unsupported, 0, "conditionals are not supported: \(linear)"),
    ErrorCase("(?R)", .unsupported, 0, "recursion is not supported: \(linear)"),
    ErrorCase("\\p{L}", .unsupported, 0, "'\\p' is not supported"),
    ErrorCase("(?x)a b", .unsupported, 2, "the flag 'x' is not supported (only i, s and m are)"),
    ErrorCase("[a-z&&[^q]]", .unsupported, 4, "class operations ('&&', '--') are not supported"),
    ErrorCase("(", .syntax, 0, "missing ')' to close this group"),
    ErrorCase("a)", .syntax, 1, "unmatched ')'"),
    ErrorCase("*a", .syntax, 0, "'*' has nothing to repeat"),
    ErrorCase("a|+", .syntax, 2, "'+' has nothing to repeat"),
    ErrorCase("[abc", .syntax, 0, "missing ']' to close this class"),
    ErrorCase("[z-a]", .syntax, 1, "the range's end comes before its start"),
    ErrorCase("a{2,1}", .syntax, 1, "the repetition's maximum is less than its minimum"),
    ErrorCase("a{x}", .syntax, 1, "expected a number after '{'"),
    ErrorCase("a{2", .syntax, 1, "expected '}' to end the repetition count"),
    ErrorCase("\\q", .syntax, 0, "unknown escape '\\q'"),
    ErrorCase("ab\\", .syntax, 2, "a pattern cannot end with '\\'"),
    ErrorCase("\\x4", .syntax, 0, "expected 2 hexadecimal digits after '\\x'"),
    ErrorCase("[[:alpah:]]", .syntax, 1, "unknown POSIX class '[:alpah:]'"),
    ErrorCase("a{1001}", .tooLarge, 2, "a repetition count above 1000 is not supported"),
  ]

  @Test("What is refused, where and why", arguments: errorCases)
  func refused(_ testCase: ErrorCase) {
    let error = #expect(throws: LinearRegexError.self) { try LinearRegex(testCase.pattern) }
    #expect(error?.kind == testCase.kind)
    #expect(error?.offset == testCase.offset)
    #expect(error?.column == testCase.offset + 1)
    #expect(error?.message == testCase.message)
  }

  @Test("Counted repetition is written out, up to a bound on the program's size")
  func programSizeBound() throws {
    #expect(try LinearRegex("a{1000}").programSize < 1_010)
    #expect(try LinearRegex("(a{1,500}){10}").programSize < LinearRegex.maximumProgramSize)
    let error = #expect(throws: LinearRegexError.self) { try LinearRegex("x(a{1000}){1000}") }
    #expect(error?.kind == .tooLarge)
    #expect(
      error?.message.contains("more than \(LinearRegex.maximumProgramSize) instructions") == true)
  }

  @Test(
    "Patterns that make a backtracking engine give up finish, and match rightly",
    .timeLimit(.minutes(2)))
  func pathological() throws {
    let million = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
    #expect(try LinearRegex("x+").firstMatch(in: million)?.range == 0..<1_000_000)
    #expect(try LinearRegex("x+").matches(in: million).map(\.range) == [0..<1_000_000])
    #expect(try LinearRegex("x+y").firstMatch(in: million) == nil)

    let alternating = Array(("a" + String(repeating: "xy", count: 200_000)).utf8)
    let group = try LinearRegex("a(x|y)*")
    let match = try #require(group.firstMatch(in: alternating))
    #expect(match.range == 0..<alternating.count)
    #expect(match[1] == (alternating.count - 1)..<alternating.count)
    #expect(group.wholeMatch(alternating))

    let nested = try LinearRegex("^(a+)+[bc]$")
    let twentyFour = String(repeating: "a", count: 24)
    #expect(nested.firstMatch(in: Array(twentyFour.utf8)) == nil)
    #expect(!nested.wholeMatch(Array(twentyFour.utf8)))
    #expect(nested.firstMatch(in: Array((twentyFour + "c").utf8))?.groups == [0..<25, 0..<24])
    let long = Array((String(repeating: "a", count: 100_000) + "!").utf8)
    #expect(nested.firstMatch(in: long) == nil)
  }

  @Test("A step limit stops a search that rescans the line for every match")
  func stepLimit() throws {
    let line = [UInt8](repeating: UInt8(ascii: "x"), count: 20_000)
    let regex = try LinearRegex(".*y|x")
    // Each of the 20,000 matches rescans the rest of the line for a 'y'.
    let error = #expect(throws: LinearRegexError.self) {
      try regex.matches(in: line, stepLimit: 1_000_000)
    }
    #expect(error?.kind == .tooMuchWork)
    // A single search is linear, and well within such a limit.
    #expect(try regex.firstMatch(in: line, stepLimit: 1_000_000)?.range == 0..<1)
  }

  // MARK: - Against ICU

  static let sharedPatterns = [
    "a", "ab|a", "a|ab", "a*", "a+", "a?", "a*?b", "(a+)(b*)", "(a|b)*c", "x*", "(?:ab)+",
    "[a-c]+", "[^a-c]+", "\\d+", "\\w+", "\\s+", "\\W", "^a", "b$", "\\bb", "\\Bb", ".",
    "a.c", "(a)|(b)", "a{2}", "a{1,2}", "a{1,2}?", "é+", "[éa]+",
    "(?i)AB", "(\\w)(\\w)?", ".*b", ".*?b", "(a|ab)(c|bcd)", "\\Qa.\\E+",
    "(a|b)+c", "(?:a|(b))+", "[^\\s]+", "\\b\\w", "b*?$",
  ]
  static let sharedInputs = [
    "", "a", "ab", "abc", "aab", "abab", "bbb", "cab", "a b", "a1 b2", "ABab", "xé日aé",
    "abcd", "aaa", "ba", "b a b", "ac", "_a9",
  ]

  /// Every match ICU finds (as UTF-8 byte ranges of each group), through
  /// Foundation's NSRegularExpression.
  private func icuMatches(_ pattern: String, _ input: String) throws -> [[Range<Int>?]] {
    let regex = try NSRegularExpression(pattern: pattern)
    let utf16 = Array(input.utf16)
    func byteOffset(_ offset: Int) -> Int {
      String(decoding: utf16[0..<offset], as: UTF16.self).utf8.count
    }
    return regex.matches(in: input, range: NSRange(location: 0, length: utf16.count)).map {
      match in
      (0..<match.numberOfRanges).map { group in
        let range = match.range(at: group)
        guard range.location != NSNotFound else { return nil }
        return byteOffset(range.location)..<byteOffset(range.location + range.length)
      }
    }
  }

  @Test("Where ICU and LinearRegex share syntax, they find the same matches and groups")
  func sameAsICU() throws {
    for pattern in Self.sharedPatterns {
      let regex = try LinearRegex(pattern)
      for input in Self.sharedInputs {
        let expected = try icuMatches(pattern, input)
        let found = try regex.matches(in: Array(input.utf8)).map(\.groups)
        #expect(found == expected, "/\(pattern)/ on '\(input)'")
      }
    }
  }
}
