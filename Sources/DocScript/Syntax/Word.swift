/// One argument of a command, before expansion: the parts that adjacent
/// quoted, unquoted and variable pieces of source text join into.
///
/// `a"b $x"'$y'` is one word of four parts: `a`, `b `, the variable `x`,
/// and `$y` (single quotes are literal).
public struct Word: Hashable, Sendable {
  /// A piece of a word.
  package enum Part: Hashable, Sendable {
    /// Text, with its quotes removed and escapes already applied.
    case literal(String)
    /// `$name`, `${name}` or `${name:-default}`.
    case variable(VariableReference)
  }

  /// The parts, in order. Adjacent literals are merged.
  package var parts: [Part]
  /// Where the word is in the source. For a heredoc, the `<<DELIM`
  /// operator.
  package var range: SourceRange
  /// Whether the word was written without quotes, escapes or variables:
  /// only such a word can be a keyword or a brace.
  package var isPlain: Bool

  /// Creates a word.
  package init(parts: [Part], range: SourceRange, isPlain: Bool) {
    self.parts = parts
    self.range = range
    self.isPlain = isPlain
  }

  /// The text, when the word has no variables; nil otherwise.
  package var literalText: String? {
    var text = ""
    for part in parts {
      guard case .literal(let piece) = part else { return nil }
      text += piece
    }
    return text
  }

  /// The text of a plain word, which can be a keyword; nil otherwise.
  public var plainText: String? { isPlain ? literalText : nil }

  /// Script source that reads back as one word holding exactly `text`,
  /// whatever it holds: `text` itself when it is made only of letters,
  /// digits and `_ - . / , : + = @ %` (and does not start with `-`, which
  /// could read as an option), else `text` in double quotes with `\n`,
  /// `\t`, `\r`, `\"`, `\\`, `\$`, and `\u{…}` for other control
  /// characters and invisible ones (a byte-order mark, a line separator).
  /// What a recording writes for names, paths and content.
  ///
  ///     Word.quoted("notes.txt")         // notes.txt
  ///     Word.quoted("reading list")      // "reading list"
  public static func quoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_-./,:+=@%".unicodeScalars.contains(scalar))
    }
    if safe, !text.isEmpty, !text.hasPrefix("-") { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "$": out += "\\$"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
          // Invisible, or a break to a terminal: shown by number.
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

/// A reference to a variable inside a word.
package struct VariableReference: Hashable, Sendable {
  /// The variable's name.
  package var name: String
  /// What `${name:-default}` gives when `name` is not defined; nil when the
  /// reference has no fallback, and an undefined name is an error.
  package var fallback: [Word.Part]?
  /// Where the reference is, from `$` to its end.
  package var range: SourceRange

  /// Creates a reference.
  package init(name: String, fallback: [Word.Part]?, range: SourceRange) {
    self.name = name
    self.fallback = fallback
    self.range = range
  }
}
