/// The text of a `#>` or `#!` line read as cram reads expected output: a
/// line that ends in ` (re)` is a regular expression for the whole line,
/// one that ends in ` (glob)` a glob (`*` any run of characters, `?` one,
/// `\*`, `\?` and `\\` themselves), one that ends in ` (esc)` a line with
/// escapes (`\xNN` a byte, `\t`, `\r`, `\n`, `\\`); any other line is
/// itself.
///
/// ``written(_:)`` is the other way: how `test --update` writes a line
/// that was printed, escaped where it must be, so that reading it back
/// gives the line again.
enum ExpectedLine: Sendable, Equatable {
  /// A line compared as it is.
  case literal(String)
  /// ` (re)`: the pattern, without the suffix.
  case regex(String)
  /// ` (glob)`: the pattern, without the suffix.
  case glob(String)
  /// ` (esc)`: the bytes the escapes stand for.
  case escaped([UInt8])

  /// Why an expectation line cannot be read: the message, and which bytes
  /// of the line's text it is about.
  struct Problem: Error, Sendable, Equatable {
    var message: String
    var range: Range<Int>
  }

  static let regexSuffix = " (re)"
  static let globSuffix = " (glob)"
  static let escapeSuffix = " (esc)"

  /// Reads `text`, an expectation line without its marker and the space
  /// after it. A `(re)` pattern is compiled to check it; an `(esc)` line's
  /// escapes are decoded.
  init(_ text: String) throws(Problem) {
    if let pattern = Self.stripping(Self.regexSuffix, from: text) {
      do {
        _ = try regexWholeMatch(pattern: pattern, line: "")
      } catch {
        throw Problem(message: "in a (re) line: \(error.message)", range: 0..<pattern.utf8.count)
      }
      self = .regex(pattern)
    } else if let pattern = Self.stripping(Self.globSuffix, from: text) {
      self = .glob(pattern)
    } else if let escaped = Self.stripping(Self.escapeSuffix, from: text) {
      self = .escaped(try Self.unescape(escaped))
    } else {
      self = .literal(text)
    }
  }

  /// Reads `text` as ``init(_:)`` does, or as a literal line if it cannot
  /// be read (the lexer reports that).
  static func reading(_ text: String) -> ExpectedLine {
    (try? ExpectedLine(text)) ?? .literal(text)
  }

  /// Whether the line is a matcher (`(re)` or `(glob)`), which may match
  /// lines other than its own text.
  var isMatcher: Bool {
    switch self {
    case .regex, .glob: true
    case .literal, .escaped: false
    }
  }

  /// Whether `line`, a line printed, is what this line expects.
  ///
  /// - Throws: ``RegexPatternError`` if a `(re)` pattern could not be
  ///   tried on the line.
  func matches(_ line: String) throws(RegexPatternError) -> Bool {
    switch self {
    case .literal(let text): return text == line
    case .escaped(let bytes): return line.utf8.elementsEqual(bytes)
    case .regex(let pattern): return try regexWholeMatch(pattern: pattern, line: line)
    case .glob(let pattern): return Self.globMatches(pattern, line)
    }
  }

  private static func stripping(_ suffix: String, from text: String) -> String? {
    guard text.utf8.count > suffix.utf8.count,
      text.utf8.reversed().starts(with: suffix.utf8.reversed())
    else { return nil }
    return String(decoding: text.utf8.dropLast(suffix.utf8.count), as: UTF8.self)
  }

  // MARK: - Globs

  /// One element of a glob: a scalar, `*` or `?`.
  private enum GlobToken: Equatable {
    case scalar(Unicode.Scalar)
    case anyRun
    case anyOne
  }

  private static func globTokens(_ pattern: String) -> [GlobToken] {
    var tokens: [GlobToken] = []
    var scalars = pattern.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "*": tokens.append(.anyRun)
      case "?": tokens.append(.anyOne)
      case "\\":
        // `\*`, `\?` and `\\` stand for themselves; any other backslash
        // is a backslash, as in cram.
        guard let next = scalars.next() else {
          tokens.append(.scalar(scalar))
          break
        }
        if next == "*" || next == "?" || next == "\\" {
          tokens.append(.scalar(next))
        } else {
          tokens += [.scalar(scalar), .scalar(next)]
        }
      default: tokens.append(.scalar(scalar))
      }
    }
    return tokens
  }

  /// Whether the glob `pattern` matches the whole of `line`, by Unicode
  /// scalars. Backtracks only to the last `*`, so the time is at most the
  /// product of the lengths, never exponential.
  static func globMatches(_ pattern: String, _ line: String) -> Bool {
    let tokens = globTokens(pattern)
    let scalars = Array(line.unicodeScalars)
    var t = 0
    var s = 0
    var star: (token: Int, scalar: Int)?
    while s < scalars.count {
      if t < tokens.count {
        switch tokens[t] {
        case .anyRun:
          star = (t, s)
          t += 1
          continue
        case .anyOne:
          t += 1
          s += 1
          continue
        case .scalar(let expected) where expected == scalars[s]:
          t += 1
          s += 1
          continue
        case .scalar:
          break
        }
      }
      guard let last = star else { return false }
      star = (last.token, last.scalar + 1)
      t = last.token + 1
      s = last.scalar + 1
    }
    while t < tokens.count, tokens[t] == .anyRun { t += 1 }
    return t == tokens.count
  }

  // MARK: - Escapes

  /// The bytes `text`'s escapes stand for.
  private static func unescape(_ text: String) throws(Problem) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : nil
      switch next {
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "x"):
        guard index + 3 < bytes.count, let high = Lexer.hexValue(bytes[index + 2]),
          let low = Lexer.hexValue(bytes[index + 3])
        else {
          throw Problem(
            message: "in an (esc) line, '\\x' takes two hexadecimal digits",
            range: index..<min(index + 4, bytes.count))
        }
        out.append(high << 4 | low)
        index += 4
        continue
      default:
        let width = next.map { _ in 2 } ?? 1
        throw Problem(
          message:
            "unknown escape in an (esc) line; use \\xNN, \\t, \\r, \\n or \\\\ for a backslash",
          range: index..<index + width)
      }
      index += 2
    }
    return out
  }

  /// The text of an expectation line that expects `line`: `line` itself,
  /// or, if it holds what an expectation line cannot show or keep (a
  /// control character, a line or paragraph separator, a byte-order mark)
  /// or ends as a matcher does, its escaped form (`\xNN` for each byte of
  /// such a character, `\t`, `\r`, `\\`) followed by ` (esc)`. A tab
  /// alone is written as it is.
  static func written(_ line: String) -> String {
    let endsAsMatcher = [regexSuffix, globSuffix, escapeSuffix].contains {
      stripping($0, from: line) != nil
    }
    guard endsAsMatcher || line.unicodeScalars.contains(where: needsEscape) else { return line }
    var out = ""
    for scalar in line.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\n": out += "\\n"
      case _ where needsEscape(scalar):
        for byte in String(scalar).utf8 { out += "\\x" + hex(byte) }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + escapeSuffix
  }

  /// Whether `scalar` cannot stand in an expectation line as it is: a
  /// control character other than a tab (a NUL, which makes a script
  /// malformed; a carriage return, which would end the line; an escape
  /// sequence, which a terminal would act on), DEL, a C1 control, a line
  /// or paragraph separator, or a byte-order mark.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: true
    default: false
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
