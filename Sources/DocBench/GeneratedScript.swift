import DocKit

/// A well-formed DocScript made up for the parse benchmark, with the
/// number of top-level statements a parser must find in it.
///
///     let script = GeneratedScript.commands(lines: 1_000_000, seed: 30)
///     script.bytes.count        // about 30 MB
///     script.statements         // what Parser.next() returns, counted
struct GeneratedScript {
  /// The script's UTF-8 bytes.
  var bytes: [UInt8]
  /// How many statements `Parser.next()` returns before nil: the commands
  /// outside groups, and the groups.
  var statements: Int

  /// `lines` lines of what scripts hold, in a fixed random mix: text edits
  /// with single- and double-quoted arguments, variables and fallbacks,
  /// `let`, JSON commands, `#` comments, `#>` expected output, blank
  /// lines, `a; b` on one line, a continued line, and `group NAME {` and
  /// `}` lines (one line in 20 opens or closes a group).
  static func commands(lines: Int, seed: UInt64) -> GeneratedScript {
    var random = SplitMix64(seed: seed)
    var text = "let who = \"Ana\"\nnew text t\n"
    var statements = 2
    var line = 2
    var inGroup = 0
    var groups = 0
    func word(_ step: Int) -> String {
      var word = TextEditScript.line(step, &random)
      word.removeAll { $0 == " " }
      return word
    }
    while line < lines {
      let step = line
      var added = 1
      var counted = inGroup > 0 ? 0 : 1
      switch random.below(20) {
      case 0, 1, 2:
        text += "insert \(1 + random.below(5000)) '\(TextEditScript.line(step, &random))'"
      case 3, 4: text += "set-line \(1 + random.below(5000)) \"\(word(step)) for $who\""
      case 5, 6: text += "delete \(1 + random.below(5000))"
      case 7: text += "append \"${missing:-fallback} \\t \(word(step))\""
      case 8: text += "replace \(word(step)) '\(word(step))' --all"
      case 9:
        text += "# \(TextEditScript.line(step, &random))"
        counted = 0
      case 10:
        text += "line 1\n#> \(TextEditScript.line(step, &random))"
        added = 2
      case 11:
        text += ""
        counted = 0
      case 12: text += "let v\(random.below(100)) = '\(word(step))'"
      case 13:
        text += "append a; append \"b c\"; delete 1"
        counted = inGroup > 0 ? 0 : 3
      case 14:
        text += "insert 1 \\\n  continued"
        added = 2
      case 15: text += "print $who \(word(step)) ${who}s"
      case 16: text += "expect-error 'out of range' delete \(100_000 + step)"
      case 17: text += "set /items/\(random.below(10)) '{\"n\": \(step), \"s\": \"x\"}' --doc cfg"
      case 18:
        if inGroup > 0 {
          text += "}"
          inGroup = 0
        } else {
          groups += 1
          text += "group g\(groups) {"
          inGroup = 1
        }
      default: text += "  show"
      }
      text += "\n"
      statements += counted
      line += added
    }
    if inGroup > 0 {
      text += "}\n"
    }
    return GeneratedScript(bytes: Array(text.utf8), statements: statements)
  }

  /// `set-text` with a heredoc body of about `bytes` bytes of text lines,
  /// then `show`: two statements. The heredoc is `<<EOF`, which
  /// interpolates (its lines hold no `$` or `\`, so they come out as
  /// written), or `<<'EOF'`, which is literal.
  static func heredoc(bytes: Int, interpolating: Bool, seed: UInt64) -> GeneratedScript {
    let body = TextEditScript.randomFile(bytes: bytes, seed: seed)
    let text = "set-text <<\(interpolating ? "EOF" : "'EOF'")\n\(body)EOF\nshow\n"
    return GeneratedScript(bytes: Array(text.utf8), statements: 2)
  }
}
