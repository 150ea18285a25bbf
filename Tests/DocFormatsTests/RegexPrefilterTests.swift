import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `replace --regex` passes over, as bytes, the lines that lack a literal
/// every match must hold: checked for the literal found, for soundness
/// (no line that matches is ever passed over), and by counting the lines
/// made into `String`s.
@Suite("replace --regex: lines that cannot match are skipped as bytes")
struct RegexPrefilterTests {
  @Test(
    "The required literal of a pattern",
    arguments: [
      ("foo", "foo"), ("fo+", "fo"), ("colou?r", "colo"), ("error: [0-9]+ failed", "error: "),
      ("x{123}", "x"), ("x{0,3}", nil),
      ("^GET /index\\.html", "GET /index.html"), ("a.*bcd", "bcd"), ("(foo)bar", "foobar"),
      ("x{2}yy", "yy"), ("\\d+ apples", " apples"), ("caf\u{E9}", "caf\u{E9}"),
      ("\\Qa.b\\E", "a.b"), ("[abc]", nil), ("foo|bar", nil), ("(?i)foo", nil),
      ("\\x{41}bc", "Abc"), ("\\u0041", "A"), ("(ab)+c", "ab"), ("(a|b)cd", "cd"),
      ("a\\bb", "ab"), ("[[a]x]", nil), ("[]a]", nil), ("a?", nil), (".*", nil),
    ] as [(String, String?)])
  func requiredLiteral(pattern: String, literal: String?) throws {
    #expect(try LinearRegex(pattern).requiredLiteral == literal.map { Array($0.utf8) })
  }

  @Test("No line a pattern matches lacks its literal")
  func soundness() throws {
    let lines = [
      "foo", "FOO", "fo", "color", "colour", "error: 12 failed", "GET /index.html", "abcd",
      "foobar", "bar", "xxyy", "3 apples", "café", "cafe\u{301}", "a.b", "aXb", "", "日本語 foo",
    ]
    let patterns = [
      "foo", "fo+", "colou?r", "error: [0-9]+ failed", "^GET /index\\.html", "a.*bcd", "(foo)bar",
      "x{2}yy", "\\d+ apples", "caf\u{E9}", "\\Qa.b\\E", "o+b", "ba?r", "語 f", "a\\.b",
      "(ab)+c", "f(o)+", "\\bfoo", "x{1,3}y",
    ]
    for pattern in patterns {
      let regex = try LinearRegex(pattern)
      let literal = try #require(regex.requiredLiteral, "\(pattern)")
      for line in lines {
        if regex.firstMatch(in: Array(line.utf8)) != nil {
          #expect(
            Array(line.utf8).firstRange(of: literal) != nil,
            "'\(pattern)' matches '\(line)', which lacks its literal")
        }
      }
    }
  }

  @Test("Of 50,000 lines, only the 50 holding the literal become Strings")
  func onlyCandidatesBecomeStrings() throws {
    let lines = (0..<50_000).map { $0 % 1_000 == 7 ? "id \($0) foo=\($0)" : "id \($0) bar" }
    let text = try TextLines(data: Data(lines.map { $0 + "\r\n" }.joined().utf8))
    var seen: [Int] = []
    text.forEachLine(containing: try LinearRegex("foo=[0-9]+").requiredLiteral) { index, line in
      #expect(line.text == lines[index])
      seen.append(index)
      return true
    }
    #expect(seen == Array(stride(from: 7, to: 50_000, by: 1_000)))
    // Without a literal, every line is offered, in order.
    var count = 0
    text.forEachLine(containing: nil) { index, _ in
      #expect(index == count)
      count += 1
      return true
    }
    #expect(count == 50_000)
  }
}
