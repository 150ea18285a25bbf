import DocTestSupport
import Foundation
import Testing

/// Replay that CI can trust (issue 32): scripts saved by Windows editors
/// (CRLF line ends, a byte-order mark) read as their LF twins, what
/// `test --update` writes always reads back, and cram's matchers in
/// expected output. Each runs the built `docrepl`.
@Suite("Replay you can trust: line ends, escapes and cram's matchers", .serialized)
struct ReplayTrustTests {
  /// A script with what spans lines (heredocs, quoted text, a continued
  /// line, a group), written with LF line ends; the cases below write it
  /// otherwise.
  static let twin = """
    new text t
    append "a b"
    show
    #> a b
    print <<EOF
    x
    y
    EOF
    #> x
    #> y
    #>
    print "p
    q"
    #> p
    #> q
    print a \\
    b
    #> a b
    group g {
      print in
      #> in
    }
    print <<-EOF
    \tindented
    \tEOF
    #> indented
    #>
    print 's
    q'
    #> s
    #> q

    """

  /// How a script is saved: its line ends, and whether a byte-order mark
  /// starts it.
  enum Saving: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case crlf = "CRLF"
    case bom = "BOM"
    case crlfAndBOM = "CRLF and BOM"

    var testDescription: String { rawValue }

    func apply(_ text: String) -> String {
      let crlf = self == .bom ? text : text.replacingOccurrences(of: "\n", with: "\r\n")
      return self == .crlf ? crlf : "\u{FEFF}" + crlf
    }
  }

  @Test("A script saved with CRLF, a BOM or both runs as its LF twin", arguments: Saving.allCases)
  func runsAsItsTwin(_ saving: Saving) throws {
    let folder = try TemporaryDirectory("replay-twin")
    try folder.write(Self.twin, to: "lf.docscript")
    try folder.write(saving.apply(Self.twin), to: "saved.docscript")
    let lf = try runDocrepl(["run", "lf.docscript"], in: folder.url)
    #expect(lf.status == 0, "\(lf.errors)")
    let saved = try runDocrepl(["run", "saved.docscript"], in: folder.url)
    #expect(saved.status == 0, "\(saved.errors)")
    #expect(saved.errors == "")
    #expect(saved.output == lf.output)
    #expect(saved.output == "a b\nx\ny\n\np\nq\na b\nin\nindented\n\ns\nq\n")

    let tested = try runDocrepl(["test", "saved.docscript"], in: folder.url)
    #expect(tested.status == 0, "\(tested.output)\(tested.errors)")
    #expect(tested.output == "PASS saved.docscript\n1 passed, 0 failed\n")

    // `source` reads it the same way.
    try folder.write(
      "source saved.docscript\n"
        + saved.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .map { $0.isEmpty ? "#>\n" : "#> \($0)\n" }.joined(),
      to: "outer.docscript")
    let sourced = try runDocrepl(["test", "outer.docscript"], in: folder.url)
    #expect(sourced.status == 0, "\(sourced.output)\(sourced.errors)")
  }

  @Test("A diagnostic on line 1 of a script with a BOM points at the right column")
  func diagnosticAfterBOM() throws {
    let folder = try TemporaryDirectory("replay-bom")
    try folder.write("\u{FEFF}zzz a\r\nprint b\r\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 65)
    #expect(
      result.errors.hasPrefix("s.docscript:1:1: error: unknown command 'zzz'\nzzz a\n^~~\n"),
      "\(result.errors)")
    #expect(result.output == "")
  }

  @Test("test --update keeps CRLF line ends and the BOM, and the next run passes")
  func updateKeepsCRLFAndBOM() throws {
    let folder = try TemporaryDirectory("replay-update")
    let script = "\u{FEFF}print top\r\nnew text t\r\nappend a\r\nshow\r\n#> old\r\nprint b\r\n"
    try folder.write(script, to: "s.docscript")
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0, "\(update.output)\(update.errors)")
    #expect(update.output == "UPDATED s.docscript\n0 passed, 0 failed, 1 updated\n")
    let written = Array(try Data(contentsOf: folder("s.docscript")))
    let expected =
      "\u{FEFF}print top\r\n#> top\r\nnew text t\r\nappend a\r\nshow\r\n#> a\r\nprint b\r\n#> b\r\n"
    #expect(written == Array(expected.utf8))
    let again = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(again.status == 0, "\(again.output)")
  }

  @Test("A carriage return that ends no line is refused before anything runs (65)")
  func loneCarriageReturn() throws {
    let folder = try TemporaryDirectory("replay-cr")
    try folder.write("print first\nprint a\rb\n", to: "s.docscript")
    let run = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(run.status == 65)
    #expect(run.output == "", "nothing runs: \(run.output)")
    #expect(
      run.errors.hasPrefix(
        "s.docscript:2:8: error: carriage return (CR) without a line feed; a script's lines end in LF or CRLF, not CR alone\n"
      ), "\(run.errors)")
    // Classic Mac OS line ends: the same.
    try folder.write("new text t\rshow\r", to: "mac.docscript")
    let mac = try runDocrepl(["test", "mac.docscript"], in: folder.url)
    #expect(mac.status == 65)
    #expect(mac.errors.contains("carriage return (CR) without a line feed"), "\(mac.errors)")
  }

  @Test("Output with NUL and control characters round-trips through --update")
  func controlCharactersRoundTrip() throws {
    let folder = try TemporaryDirectory("replay-escapes")
    let script = #"""
      print "a\u{0}b"
      print "\u{1b}[31mred\u{1b}[0m"
      print "x\ry"
      print "back\\slash\u{7}"
      print "ends like a matcher (re)"
      print "sep\u{2028}arated"
      print "tab\there"
      open "a\u{1}b.txt"
      print done

      """#
    try folder.write(script, to: "s.docscript")
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0, "\(update.output)\(update.errors)")
    let written = try String(contentsOf: folder("s.docscript"), encoding: .utf8)
    let expectations = written.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(
      expectations == [
        #"#> a\x00b (esc)"#,
        #"#> \x1b[31mred\x1b[0m (esc)"#,
        #"#> x\ry (esc)"#,
        #"#> back\\slash\x07 (esc)"#,
        #"#> ends like a matcher (re) (esc)"#,
        #"#> sep\xe2\x80\xa8arated (esc)"#,
        "#> tab\there",
        #"#! error: no such file 'a\x01b.txt' (esc)"#,
        "#> done",
      ])
    #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    let again = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(again.status == 0, "\(again.output)\(again.errors)")
    #expect(again.output == "PASS s.docscript\n1 passed, 0 failed\n")
  }

  @Test("A script --update rewrote around a failing check counts as updated")
  func updatedCountWithFailingCheck() throws {
    let folder = try TemporaryDirectory("replay-count")
    try folder.write("new text t\nappend a\nshow\nexpect clean\n", to: "s.docscript")
    try folder.write("print ok\n#> ok\n", to: "t.docscript")
    let result = try runDocrepl(["test", "--update", "s.docscript", "t.docscript"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.output.contains("note: the output of the other commands was updated\n"))
    #expect(result.output.hasSuffix("1 passed, 1 failed, 1 updated\n"), "\(result.output)")
    // Nothing left to rewrite: the check alone fails, and nothing is updated.
    let again = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(again.status == 1)
    #expect(again.output.hasSuffix("0 passed, 1 failed, 0 updated\n"), "\(again.output)")
  }

  /// A matcher line, a line printed that it matches, and one it does not.
  struct MatcherCase: Sendable, CustomTestStringConvertible {
    var name: String
    var expectation: String
    var matching: String
    var notMatching: String
    var testDescription: String { name }
  }

  static let matcherCases: [MatcherCase] = [
    MatcherCase(
      name: "(re)", expectation: "#> id [0-9]+ at /.* (re)", matching: "id 1234 at /tmp/x",
      notMatching: "id 12a4 at /tmp/x"),
    MatcherCase(
      name: "(re) is for the whole line", expectation: "#> [0-9]+ (re)", matching: "2026",
      notMatching: "year 2026"),
    MatcherCase(
      name: "(glob)", expectation: "#> saved * in ?.txt (glob)", matching: "saved 3 bytes in a.txt",
      notMatching: "saved 3 bytes in ab.txt"),
    MatcherCase(
      name: "(glob) with \\* and \\?", expectation: #"#> a\*b\? * (glob)"#, matching: "a*b? yes",
      notMatching: "aXbY yes"),
    MatcherCase(
      name: "(esc)", expectation: #"#> col\tumn\x21 (esc)"#, matching: "col\tumn!",
      notMatching: "col umn!"),
    MatcherCase(
      name: "(re) in a #! line", expectation: "#! error: no such file '.*\\.txt' (re)",
      matching: "", notMatching: ""),
  ]

  /// The script for `testCase` whose command prints `line`.
  private func script(_ testCase: MatcherCase, printing line: String, passing: Bool) -> String {
    if testCase.expectation.hasPrefix("#!") {
      return
        "open \(passing ? "missing.txt" : "missing.json")\n\(testCase.expectation)\nprint end\n#> end\n"
    }
    let quoted = line.replacingOccurrences(of: "\t", with: "\\t")
    return "print \"\(quoted)\"\n\(testCase.expectation)\nprint end\n#> end\n"
  }

  @Test("A matcher passes a line it matches, and --update keeps it", arguments: matcherCases)
  func matcherPasses(_ testCase: MatcherCase) throws {
    let folder = try TemporaryDirectory("replay-matcher")
    let text = script(testCase, printing: testCase.matching, passing: true)
    try folder.write(text, to: "s.docscript")
    let result = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output == "PASS s.docscript\n1 passed, 0 failed\n")
    // Another command's output changes: --update rewrites it, and keeps
    // the matcher line, which still matches.
    try folder.write(text.replacingOccurrences(of: "#> end", with: "#> old end"), to: "s.docscript")
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0, "\(update.output)\(update.errors)")
    #expect(try String(contentsOf: folder("s.docscript"), encoding: .utf8) == text)
  }

  @Test(
    "A matcher fails a line it does not match; the diff shows only that one",
    arguments: matcherCases)
  func matcherFails(_ testCase: MatcherCase) throws {
    let folder = try TemporaryDirectory("replay-matcher")
    // The same matcher under a command it matches, then under one it
    // does not.
    func command(_ script: String) -> String {
      script.split(separator: "\n").prefix(2).map { $0 + "\n" }.joined()
    }
    let matching = command(script(testCase, printing: testCase.matching, passing: true))
    let failing = command(script(testCase, printing: testCase.notMatching, passing: false))
    try folder.write(matching + failing, to: "s.docscript")
    let result = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.contains("\n \(testCase.expectation)\n"), "\(result.output)")
    #expect(result.output.contains("\n-\(testCase.expectation)\n"), "\(result.output)")
    #expect(result.output.components(separatedBy: testCase.expectation).count == 3)
    // --update replaces that one with the line printed, and keeps the
    // other; the script then passes.
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0, "\(update.output)\(update.errors)")
    let written = try String(contentsOf: folder("s.docscript"), encoding: .utf8)
    #expect(written.hasPrefix(matching))
    #expect(written.components(separatedBy: testCase.expectation).count == 2)
    #expect(try runDocrepl(["test", "s.docscript"], in: folder.url).status == 0)
  }

  @Test("--update keeps the matchers that still match in a command whose output changed")
  func updateKeepsMatchingMatchers() throws {
    let folder = try TemporaryDirectory("replay-matcher")
    try folder.write(
      """
      print "id 1234"; print "second"; print third
      #> id [0-9]+ (re)
      #> sec*d (glob)
      #> nope
      print "id abcd"
      #> id [0-9]+ (re)

      """, to: "s.docscript")
    let failing = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(failing.status == 1)
    // The matchers that match are context in the diff, not differences.
    #expect(
      failing.output.contains("\n #> id [0-9]+ (re)\n #> sec*d (glob)\n-#> nope\n+#> third\n"))
    #expect(failing.output.contains("\n-#> id [0-9]+ (re)\n+#> id abcd\n"))
    let update = try runDocrepl(["test", "--update", "s.docscript"], in: folder.url)
    #expect(update.status == 0)
    #expect(
      try String(contentsOf: folder("s.docscript"), encoding: .utf8) == """
        print "id 1234"; print "second"; print third
        #> id [0-9]+ (re)
        #> sec*d (glob)
        #> third
        print "id abcd"
        #> id abcd

        """)
  }

  @Test(
    "A (re) line that is not a regular expression, or an (esc) line with a bad escape, is malformed",
    arguments: [
      ("#> x( (re)", "s.docscript:2:4: error: in a (re) line: invalid regular expression", "   ^~"),
      (
        #"#> a\q (esc)"#, "s.docscript:2:5: error: unknown escape in an (esc) line", "    ^~"
      ),
      (#"#> a\x4 (esc)"#, "s.docscript:2:5: error: in an (esc) line, '\\x' takes two", "    ^~~"),
    ])
  func malformedMatcher(_ line: String, _ message: String, _ caret: String) throws {
    let folder = try TemporaryDirectory("replay-matcher")
    try folder.write("print x\n\(line)\n", to: "s.docscript")
    let result = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(result.status == 65, "\(result.output)\(result.errors)")
    #expect(result.errors.hasPrefix(message), "\(result.errors)")
    #expect(result.errors.contains("\n\(line)\n\(caret)\n"), "\(result.errors)")
  }

  @Test(
    "A (re) pattern is tried on a line of any length, and no pattern holds up the run",
    arguments: [
      // A million characters: Swift's backtracking Regex was not tried
      // on more than 64 KiB.
      (String(repeating: "a", count: 1_000_000), "a* (re)", true),
      // Exponential backtracking in a backtracking engine.
      (String(repeating: "a", count: 40), "(a+)+[bc] (re)", false),
      (String(repeating: "a", count: 40) + "c", "(a+)+[bc] (re)", true),
    ])
  func regexOnAnyLine(_ text: String, _ matcher: String, _ matches: Bool) throws {
    let folder = try TemporaryDirectory("replay-matcher")
    try folder.write("new text t\nappend \(text)\nshow\n#> \(matcher)\n", to: "s.docscript")
    let result = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(result.status == (matches ? 0 : 1), "\(result.output.suffix(500))")
    #expect(result.output.hasSuffix(matches ? "1 passed, 0 failed\n" : "0 passed, 1 failed\n"))
  }
}
