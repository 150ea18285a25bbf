/// The longest run of plain characters that every match of a regular
/// expression (ICU syntax, no options) must contain, so that
/// `replace --regex` can skip, as bytes, the lines that do not hold it,
/// without making a `String` of them.
///
/// It reads the pattern conservatively: it gives up (nil) on any
/// alternation (`|`) and on any inline option or group construct (`(?`),
/// which could make matching case-insensitive or ignore spaces; it takes
/// only characters outside groups and classes, not followed by a
/// quantifier that allows none of them (`?`, `*`, `{`). A nil answer
/// costs speed, never a match.
enum RegexLiteral {
  /// The required literal's UTF-8 bytes, or nil when none is known.
  static func required(in pattern: String) -> [UInt8]? {
    if pattern.contains("|") || pattern.contains("(?") { return nil }
    let characters = Array(pattern.unicodeScalars)
    var best: [Unicode.Scalar] = []
    var run: [Unicode.Scalar] = []
    var depth = 0
    var inClass = false
    var quoted = false
    func endRun() {
      if run.count > best.count { best = run }
      run = []
    }
    var index = 0
    func take(_ character: Unicode.Scalar) {
      // A quantifier right after applies to this character alone.
      if index < characters.count, ["*", "?", "{"].contains(characters[index]) {
        endRun()
      } else {
        run.append(character)
      }
    }
    while index < characters.count {
      let character = characters[index]
      index += 1
      if quoted {
        // \Q…\E: literal up to \E.
        if character == "\\", index < characters.count, characters[index] == "E" {
          quoted = false
          index += 1
          endRun()
          continue
        }
        if depth == 0 { take(character) } else { endRun() }
        continue
      }
      if inClass {
        if character == "\\" {
          index += 1
        } else if character == "]" {
          inClass = false
        }
        continue
      }
      switch character {
      case "\\":
        guard index < characters.count else { return nil }
        let next = characters[index]
        index += 1
        if "xuUNpPc0123456789".unicodeScalars.contains(next) {
          // A character given by number or property, or a back
          // reference: what follows is not literal.
          return nil
        } else if next == "Q" {
          endRun()
          quoted = true
        } else if next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) {
          // An escaped punctuation character is itself.
          if depth == 0 { take(next) } else { endRun() }
        } else {
          endRun()
        }
      case "[":
        endRun()
        inClass = true
      case "(":
        endRun()
        depth += 1
      case ")":
        endRun()
        depth -= 1
      case ".", "^", "$", "]", "}":
        endRun()
      case "*", "?":
        endRun()
      case "{":
        // A counted quantifier: its numbers are not text.
        endRun()
        while index < characters.count, characters[index] != "}" { index += 1 }
        index += 1
      case "+":
        endRun()
      default:
        if depth == 0 { take(character) } else { endRun() }
      }
    }
    endRun()
    guard !best.isEmpty else { return nil }
    var bytes: [UInt8] = []
    for scalar in best { bytes += Array(String(Character(scalar)).utf8) }
    return bytes
  }
}
