public import DocFormats
public import DocKit

/// A reproducible list of single-line text edits, with the same edits as a
/// GNU `ed` script, for comparing the text buffer with `ed -s`.
///
///     let script = TextEditScript.random(count: 100_000, lines: 10_000, seed: 1)
///     try script.apply(to: &lines)      // through TextLines
///     script.edScript                   // "12a\n…\n.\n7d\n…\nw\nq\n"
public struct TextEditScript: Sendable {
  /// One edit. Line indexes are 0-based, as in ``TextLines``.
  public enum Edit: Sendable, Hashable {
    /// `text` becomes line `index`; `index` may be the line count (append).
    case insert(_ text: String, at: Int)
    /// Line `index` gets the text `text`, keeping its ending.
    case replace(lineAt: Int, with: String)
    /// Line `index` goes.
    case delete(lineAt: Int)
  }

  /// The edits, in order.
  public var edits: [Edit]

  /// `count` edits of a file of `lines` lines: a third each inserts,
  /// replaces and deletes, at positions spread evenly over the whole file
  /// as it is at that step. The texts are 8 to 72 letters, digits and
  /// spaces, never a lone `.` (which would end `ed`'s input mode).
  public static func random(count: Int, lines: Int, seed: UInt64) -> TextEditScript {
    var random = SplitMix64(seed: seed)
    var lineCount = lines
    var edits: [Edit] = []
    edits.reserveCapacity(count)
    for step in 0..<count {
      let kind = lineCount == 0 ? 0 : random.below(3)
      switch kind {
      case 0:
        edits.append(.insert(line(step, &random), at: random.below(lineCount + 1)))
        lineCount += 1
      case 1:
        edits.append(.replace(lineAt: random.below(lineCount), with: line(step, &random)))
      default:
        edits.append(.delete(lineAt: random.below(lineCount)))
        lineCount -= 1
      }
    }
    return TextEditScript(edits: edits)
  }

  /// A file of `lines` random lines, each ending in `\n`.
  public static func randomFile(lines: Int, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    var text = ""
    for index in 0..<lines { text += line(index, &random) + "\n" }
    return text
  }

  /// A file of random `\n`-ended lines, at least `bytes` long.
  public static func randomFile(bytes: Int, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 100)
    var index = 0
    while text.utf8.count < bytes {
      text += line(index, &random) + "\n"
      index += 1
    }
    return text
  }

  /// `l<step> ` then random letters, digits and spaces, 8 to 72 bytes.
  static func line(_ step: Int, _ random: inout SplitMix64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789    ".utf8)
    var bytes = Array("l\(step) ".utf8)
    let length = 8 + random.below(65)
    while bytes.count < length { bytes.append(alphabet[random.below(alphabet.count)]) }
    return String(decoding: bytes.prefix(length), as: UTF8.self)
  }

  /// The edits as an `ed` script (`Na`, `Nc`, `Nd`, 1-based, each text
  /// ended by a `.` line), then `w` and `q`.
  public var edScript: String {
    var script = ""
    for edit in edits {
      switch edit {
      case .insert(let text, let index): script += "\(index)a\n\(text)\n.\n"
      case .replace(let index, let text): script += "\(index + 1)c\n\(text)\n.\n"
      case .delete(let index): script += "\(index + 1)d\n"
      }
    }
    return script + "w\nq\n"
  }

  /// The edits as DocScript text commands, one a line: `insert N 'TEXT'`,
  /// `set-line N 'TEXT'` and `delete N`, 1-based. The texts hold no `'`,
  /// so single quotes take them literally.
  public var docScript: String {
    var script = ""
    for edit in edits {
      switch edit {
      case .insert(let text, let index): script += "insert \(index + 1) '\(text)'\n"
      case .replace(let index, let text): script += "set-line \(index + 1) '\(text)'\n"
      case .delete(let index): script += "delete \(index + 1)\n"
      }
    }
    return script
  }

  /// Applies the edits to `lines`, dropping their inverses.
  public func apply(to lines: inout TextLines) throws(FormatError) {
    for edit in edits {
      switch edit {
      case .insert(let text, let index): try lines.insert([text], at: index)
      case .replace(let index, let text): try lines.replace(lineAt: index, with: text)
      case .delete(let index): try lines.delete(index..<(index + 1))
      }
    }
  }

  /// Applies the edits to `document`, appending each inverse to `undo` as
  /// an undo stack would keep it.
  public func apply(
    to document: inout PlainTextDocument, undo: inout [DocumentEdit<PlainTextDocument>]
  ) throws(FormatError) {
    for edit in edits {
      switch edit {
      case .insert(let text, let index): undo.append(try document.insert([text], at: index))
      case .replace(let index, let text):
        undo.append(try document.replace(lineAt: index, with: text))
      case .delete(let index): undo.append(try document.delete(index..<(index + 1)))
      }
    }
  }
}
