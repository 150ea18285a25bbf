import DocScript
import Testing

/// A compact, readable form of parsed statements: each command as its
/// words in brackets with its range, variables as `$name` or
/// `${name:-…}`, groups as `group NAME { … }`, expectations after `=>`.
private func dump(_ statements: [Statement]) -> [String] {
  statements.flatMap(dump)
}

private func dump(_ statement: Statement) -> [String] {
  let expectations = statement.expectations.map { " => \($0.kind.rawValue)\($0.text)" }.joined()
  switch statement {
  case .command(let command):
    let words = command.words.map(dump).joined(separator: "|")
    return ["[\(words)]@\(span(command.range))" + expectations]
  case .group(let group):
    return ["group \(dump(group.name)) {"] + group.body.flatMap(dump).map { "  " + $0 }
      + ["}@\(span(group.range))" + expectations]
  }
}

private func dump(_ word: Word) -> String {
  word.parts.map(dump).joined()
}

private func dump(_ part: Word.Part) -> String {
  switch part {
  case .literal(let text):
    return text.replacingOccurrences("\n", with: "\\n").replacingOccurrences("\t", with: "\\t")
  case .variable(let reference):
    guard let fallback = reference.fallback else { return "${\(reference.name)}" }
    return "${\(reference.name):-\(fallback.map(dump).joined())}"
  }
}

private func span(_ range: SourceRange) -> String {
  "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

private func parse(_ text: String) -> (statements: [String], diagnostics: [String]) {
  let (statements, diagnostics) = Parser.parse(ScriptSource(name: "t", text: text))
  return (dump(statements), diagnostics.map { "\($0)" })
}

struct ParseCase: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var source: String
  var expected: [String]
}

@Suite("Lexer and parser")
struct ParserTests {
  static let valid: [ParseCase] = [
    ParseCase(
      testDescription: "blanks separate words", source: "new  text\tTrip\n",
      expected: ["[new|text|Trip]@1:1-1:15"]),
    ParseCase(
      testDescription: "single quotes are literal", source: #"echo 'a $x \n "b"'"#,
      expected: [#"[echo|a $x \n "b"]@1:1-1:19"#]),
    ParseCase(
      testDescription: "double quotes take escapes",
      source: #"echo "a\tb\n\"q\" \\ \$ \u{e9}\u{1F600}""#,
      expected: [#"[echo|a\tb\n"q" \ $ é😀]@1:1-1:41"#]),
    ParseCase(
      testDescription: "interpolation in quotes, bare words and fallbacks",
      source: #"echo "hi $name!" ${x:-d e} a$b$ $5 ${y}"#,
      expected: ["[echo|hi ${name}!|${x:-d e}|a${b}$|$5|${y}]@1:1-1:40"]),
    ParseCase(
      testDescription: "a fallback takes escapes and variables",
      source: #"echo ${x:-a\}b$y\tc}"#,
      expected: [#"[echo|${x:-a}b${y}\tc}]@1:1-1:21"#]),
    ParseCase(
      testDescription: "adjacent parts join into one word", source: #"echo a"b c"'d'\ e"#,
      expected: ["[echo|ab cd e]@1:1-1:18"]),
    ParseCase(
      testDescription: "a trailing backslash continues the line",
      source: "echo a \\\n  b\\\nc\n", expected: ["[echo|a|bc]@1:1-3:2"]),
    ParseCase(
      testDescription: "# starts a comment only where a word could start",
      source: "# intro\necho a#b # note\n  # indented\n", expected: ["[echo|a#b]@2:1-2:9"]),
    ParseCase(
      testDescription: "; separates commands", source: "a 1; b 2;;c\n",
      expected: ["[a|1]@1:1-1:4", "[b|2]@1:6-1:9", "[c]@1:11-1:12"]),
    ParseCase(
      testDescription: "quotes may span lines", source: "echo 'a\nb' \"c\nd\"\nnext\n",
      expected: ["[echo|a\\nb|c\\nd]@1:1-3:3", "[next]@4:1-4:5"]),
    ParseCase(
      testDescription: "an interpolating heredoc",
      source: "set-text <<EOF\nline $x \\$y \\q\n  end\\\n joined\nEOF\nshow\n",
      expected: [#"[set-text|line ${x} $y \q\n  end joined\n]@1:1-1:15"#, "[show]@6:1-6:5"]),
    ParseCase(
      testDescription: "a literal heredoc", source: "t <<'EOF'\n$x \\n\nEOF\n",
      expected: [#"[t|$x \n\n]@1:1-1:10"#]),
    ParseCase(
      testDescription: "<<- strips leading tabs", source: "t <<-END\n\t\ta\n\tb\n\tEND\n",
      expected: [#"[t|a\nb\n]@1:1-1:9"#]),
    ParseCase(
      testDescription: "an empty heredoc", source: "t <<EOF\nEOF\n", expected: ["[t|]@1:1-1:8"]),
    ParseCase(
      testDescription: "two heredocs on one line, bodies in order",
      source: "a <<A; b <<'B'\n1\nA\n2\nB\nc\n",
      expected: [#"[a|1\n]@1:1-1:6"#, #"[b|2\n]@1:8-1:15"#, "[c]@6:1-6:2"]),
    ParseCase(
      testDescription: "CRLF line breaks", source: "echo a\r\nt <<'E'\r\nx\r\nE\r\n",
      expected: ["[echo|a]@1:1-1:7", #"[t|x\n]@2:1-2:8"#]),
    ParseCase(
      testDescription: "CRLF heredocs, literal from its second line on, and interpolating",
      source: "t <<'E'\nx\ny\r\nz\r\nE\nu <<E\r\na $v\r\n\\$w\\\r\nb\r\nE\r\n",
      expected: [#"[t|x\ny\nz\n]@1:1-1:8"#, #"[u|a ${v}\n$wb\n]@6:1-6:6"#]),
    ParseCase(
      testDescription: "<<- strips tabs from an interpolating heredoc; a variable splits its text",
      source: "t <<-E\n\ta ${v:-x}\n\t\tb\\\\c\n\tE\n",
      expected: [#"[t|a ${v:-x}\nb\c\n]@1:1-1:7"#]),
    ParseCase(
      testDescription: "expectations attach to the command above",
      source: "show\n#> a\n#>\n#>  b\n#! error: x\necho\n",
      expected: ["[show]@1:1-1:5 => #>a => #> => #> b => #!error: x", "[echo]@6:1-6:5"]),
    ParseCase(
      testDescription: "a group with its body and expectations",
      source: "group Edit {\n  a 1\n  #> x\n  b; }\n#> y\n",
      expected: ["group Edit {", "  [a|1]@2:3-2:6 => #>x", "  [b]@4:3-4:4", "}@1:1-4:7 => #>y"]),
    ParseCase(
      testDescription: "groups nest, on one line too", source: "group 'A b' { group c { d }; e }\n",
      expected: [
        "group A b {", "  group c {", "    [d]@1:25-1:26", "  }@1:15-1:28", "  [e]@1:30-1:31",
        "}@1:1-1:33",
      ]),
    ParseCase(
      testDescription: "braces are only keywords when plain", source: "echo { '}' \"{\"\n",
      expected: ["[echo|{|}|{]@1:1-1:15"]),
    ParseCase(
      testDescription: "let", source: "let title = \"Weekly review\"\n",
      expected: ["[let|title|=|Weekly review]@1:1-1:28"]),
  ]

  @Test("Valid scripts", arguments: valid)
  func validScripts(_ testCase: ParseCase) {
    let result = parse(testCase.source)
    #expect(result.diagnostics == [])
    #expect(result.statements == testCase.expected)
  }

  static let invalid: [ParseCase] = [
    ParseCase(
      testDescription: "unterminated single quote, at the quote", source: "echo 'abc\nmore\n",
      expected: ["t:1:6: error: unterminated single-quoted string"]),
    ParseCase(
      testDescription: "unterminated double quote, at the quote", source: "a\necho x\"abc\n",
      expected: ["t:2:7: error: unterminated double-quoted string"]),
    ParseCase(
      testDescription: "unterminated heredoc, at the operator", source: "x\nt <<-EOF\nbody\n EOF\n",
      expected: ["t:2:3: error: unterminated heredoc; expected 'EOF' on a line by itself"]),
    ParseCase(
      testDescription: "a backslash at the end of the script", source: "echo a\\",
      expected: ["t:1:7: error: '\\' at the end of the script continues nothing"]),
    ParseCase(
      testDescription: "an unknown escape", source: #"echo "a\qb""#,
      expected: [#"t:1:8: error: unknown escape sequence '\q'"#]),
    ParseCase(
      testDescription: "an invalid unicode escape", source: #"echo "\u{110000}" "\u{}" "\u41""#,
      expected: [
        "t:1:7: error: invalid unicode escape; expected '\\u{' and 1 to 8 hex digits of a scalar, then '}'"
      ]),
    ParseCase(
      testDescription: "malformed variable references",
      source: "echo ${}\necho ${a:b}\necho ${a:-b\n",
      expected: [
        "t:1:6: error: expected a variable name after '${'",
        "t:2:9: error: expected '}' or ':-' after the variable name 'a'",
        "t:3:6: error: unterminated '${'; expected '}' on the same line",
      ]),
    ParseCase(
      testDescription: "heredoc operators without delimiters",
      source: "t <<\nt <<'E\nt <<E;x\nt <<E x\n",
      expected: [
        "t:1:3: error: expected a heredoc delimiter after '<<'",
        "t:2:3: error: unterminated heredoc delimiter",
        "t:3:3: error: unterminated heredoc; expected 'E' on a line by itself",
      ]),
    ParseCase(
      testDescription: "a stray closing brace", source: "a\n}\nb\n",
      expected: ["t:2:1: error: '}' without an open group"]),
    ParseCase(
      testDescription: "an unterminated group, at its brace", source: "group g {\n a\n",
      expected: ["t:1:9: error: unterminated group; expected '}'"]),
    ParseCase(
      testDescription: "malformed group lines",
      source: "group\ngroup {\n}\ngroup a b {\n}\ngroup a\n}\n",
      expected: [
        "t:1:1: error: expected a name and '{' after 'group'",
        "t:2:7: error: expected a name between 'group' and '{'",
        "t:4:9: error: expected '{' after the group name; quote a name with blanks",
        "t:6:7: error: expected '{' after the group name",
        "t:7:1: error: '}' without an open group",
      ]),
    ParseCase(
      testDescription: "text after a closing brace", source: "group g {\n} x\n",
      expected: ["t:2:3: error: unexpected text after '}'"]),
    ParseCase(
      testDescription: "malformed let", source: "let\nlet x 1\nlet 1x = 2\nlet x = 1 2\nlet x =\n",
      expected: [
        "t:1:1: error: expected 'let NAME = VALUE'",
        "t:2:7: error: expected '=' after the variable name",
        "t:3:5: error: invalid variable name; use letters, digits and '_'",
        "t:4:11: error: unexpected text after the value",
        "t:5:7: error: expected a value after '='",
      ]),
    ParseCase(
      testDescription: "expected output before any command", source: "#> x\na\n",
      expected: ["t:1:1: error: expected output before any command"]),
    ParseCase(
      testDescription: "a NUL byte", source: "echo a\nb\u{0}c\n",
      expected: ["t:2:2: error: NUL byte in the script; a script must be UTF-8 text"]),
  ]

  @Test("Malformed scripts: one diagnostic per mistake, at the right place", arguments: invalid)
  func invalidScripts(_ testCase: ParseCase) {
    #expect(parse(testCase.source).diagnostics == testCase.expected)
  }

  @Test("Invalid UTF-8 is reported at its first bad byte")
  func invalidUTF8() {
    let bytes = Array("echo ok\necho é".utf8) + [0xFF, 0x41]
    let (statements, diagnostics) = Parser.parse(ScriptSource(name: "t", bytes: bytes))
    #expect(statements.isEmpty)
    #expect(
      diagnostics.map(\.description) == [
        "t:2:8: error: invalid UTF-8 (byte 0xFF); a script must be UTF-8 text"
      ])
  }

  @Test(
    "Unterminated constructs at the end mark the input incomplete",
    arguments: [
      ("echo 'a", true), ("echo \"a", true), ("t <<EOF\nx", true), ("echo a\\", true),
      ("group g {\n a", true), ("echo a", false), ("echo ${", false), ("}", false),
    ])
  func incomplete(_ source: String, _ expected: Bool) {
    var parser = Parser(ScriptSource(name: "t", text: source))
    while parser.next() != nil {}
    #expect(parser.endsIncomplete == expected)
  }

  @Test("Parsing recovers at the next line and runs nothing of a bad line")
  func recovery() {
    let result = parse("ok 1\nbad \"\\q\" ; after\nok 2\nbad '\n")
    #expect(result.statements == ["[ok|1]@1:1-1:5", "[ok|2]@3:1-3:5"])
    #expect(
      result.diagnostics == [
        "t:2:6: error: unknown escape sequence '\\q'",
        "t:4:5: error: unterminated single-quoted string",
      ])
  }

  @Test("An error inside a heredoc body skips the body, not just the line")
  func heredocBodyError() {
    let result = parse("t <<EOF\n${}\nnot a command\nEOF\nnext\n")
    #expect(result.statements == ["[next]@5:1-5:5"])
    #expect(result.diagnostics == ["t:2:1: error: expected a variable name after '${'"])
  }

  @Test("Groups nested too deep are reported once; the stack is not exhausted")
  func deepNesting() {
    let depth = 10_000
    let source =
      String(repeating: "group g {\n", count: depth) + "x\n"
      + String(repeating: "}\n", count: depth)
      + "after\n"
    let result = parse(source)
    #expect(result.diagnostics == ["t:65:1: error: groups nested more than 64 deep"])
    #expect(result.statements.last == "[after]@\(2 * depth + 2):1-\(2 * depth + 2):6")
  }

  @Test("Fallbacks nested too deep are an error, not a stack overflow")
  func deepFallbacks() {
    let depth = 100_000
    let source =
      "echo " + String(repeating: "${a:-", count: depth) + String(repeating: "}", count: depth)
      + "\nnext\n"
    let result = parse(source)
    #expect(result.diagnostics == ["t:1:86: error: fallbacks nested more than 16 deep"])
    #expect(result.statements == ["[next]@2:1-2:5"])
    let fine = parse("echo ${a:-${b:-c}}")
    #expect(fine.statements == ["[echo|${a:-${b:-c}}]@1:1-1:19"])
  }

  @Test("A huge word and a huge heredoc parse whole")
  func hugeInput() throws {
    let word = String(repeating: "x", count: 5_000_000)
    let body = String(repeating: "line of a heredoc\n", count: 100_000)
    let source = ScriptSource(name: "t", text: "echo \(word)\nt <<'E'\n\(body)E\n")
    let (statements, diagnostics) = Parser.parse(source)
    #expect(diagnostics.isEmpty)
    #expect(statements.count == 2)
    let echo = try #require(statements.first?.command)
    let heredoc = try #require(statements.last?.command)
    #expect(echo.words[1].literalText?.utf8.count == 5_000_000)
    #expect(heredoc.words[1].literalText == body)
  }

  @Test("Plain words can be keywords; quoted or escaped ones cannot")
  func plainWords() throws {
    let (statements, _) = Parser.parse(ScriptSource(name: "t", text: "a 'b' \\c d$x e"))
    let command = try #require(statements.first?.command)
    #expect(command.words.map(\.isPlain) == [true, false, false, false, true])
    #expect(command.words.map(\.plainText) == ["a", nil, nil, nil, "e"])
    #expect(command.name == "a")
  }
}

extension Statement {
  /// The command this statement is; nil for a group. For `#require`,
  /// which fails the test where `guard case … else { return }` would pass
  /// it without asserting.
  var command: Command? {
    guard case .command(let command) = self else { return nil }
    return command
  }
}
