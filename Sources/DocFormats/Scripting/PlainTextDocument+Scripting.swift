public import DocKit
public import DocScript
import Foundation

extension PlainTextDocument: ScriptableFileDocument {
  public static var scriptTypeNames: [ScriptTypeName] {
    [ScriptTypeName("text", .plainText), ScriptTypeName("markdown", .markdown)]
  }

  public static func makeUntitled(contentType: UTType) -> PlainTextDocument {
    PlainTextDocument()
  }

  /// The text as it is.
  public var scriptDescription: String { text.text }

  /// True: `show` prints the text as held.
  public static var scriptDescriptionIsDeterministic: Bool { true }

  /// The text buffer's leaves as they are (``TextLines/lineChunks``).
  public var scriptDescriptionChunks: ScriptLineChunks? { text.lineChunks }

  /// `set-text` with the text, byte-order mark included, in one word.
  public var scriptContentCommands: [String]? {
    ["set-text " + Word.quoted((text.hasByteOrderMark ? "\u{FEFF}" : "") + text.text)]
  }

  @MainActor public static var scriptCommands: [DocumentCommand<PlainTextDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "set-text", [TextParameter.text], summary: "makes the content exactly TEXT",
          discussion:
            "Line endings are TEXT's own. A byte-order mark the file starts with stays: it belongs to the file, not to the text.",
          example: "set-text <<EOF\nMilk\nEggs\nEOF", topic: .document)
      ) { context in
        let text = context.arguments[TextParameter.text].text
        var document = PlainTextDocument(text: text)
        if context.session.document.text.hasByteOrderMark {
          document.text.hasByteOrderMark = true
        }
        context.session.setDocument(document, actionName: "Set Text")
      },
      DocumentCommand(
        CommandSpec(
          "append", [TextParameter.text], summary: "adds TEXT as a new last line",
          example: "append \"Bread\"", topic: .document)
      ) { context in
        let line = context.arguments[TextParameter.text]
        let count = context.session.document.text.count
        try edit(context, line) { try $0.insert([line.text], at: count, actionName: "Append Line") }
      },
      DocumentCommand(
        CommandSpec(
          "insert", [TextParameter.number, TextParameter.text], summary: "makes TEXT line N",
          discussion:
            "Lines are numbered from 1; N may be one past the last line. \(addressHelp)",
          example: "insert 2 \"Bread\"", topic: .document)
      ) { context in
        let number = context.arguments[TextParameter.number]
        let line = context.arguments[TextParameter.text]
        let count = context.session.document.text.count
        let n = try lineNumber(number, count: count, in: 1...(count + 1))
        try edit(context, line) {
          try $0.insert([line.text], at: n - 1, actionName: "Insert Line \(n)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "set-line", [TextParameter.number, TextParameter.text],
          summary: "makes TEXT the text of line N, keeping its line ending",
          discussion:
            "What ed's 'Nc' does to one line; 'replace' changes text within lines. \(addressHelp)",
          example: "set-line 2 \"Rye bread\"", topic: .document)
      ) { context in
        let number = context.arguments[TextParameter.number]
        let line = context.arguments[TextParameter.text]
        let count = context.session.document.text.count
        guard count > 0 else { throw ScriptError("the text has no lines", at: number) }
        let n = try lineNumber(number, count: count, in: 1...count)
        try edit(context, line) {
          try $0.replace(lineAt: n - 1, with: line.text, actionName: "Set Line \(n)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "delete", [TextParameter.lines], summary: "deletes line N, or lines N to M",
          discussion: "The lines go in one undo step. \(addressHelp)",
          example: "delete 10,$", topic: .document)
      ) { context in
        let spec = context.arguments[TextParameter.lines]
        let count = context.session.document.text.count
        let range = try lineRange(spec, count: count)
        let title =
          range.count == 1
          ? "Delete Line \(range.lowerBound + 1)"
          : "Delete Lines \(range.lowerBound + 1)-\(range.upperBound)"
        try edit(context, spec) { try $0.delete(range, actionName: title) }
      },
      DocumentCommand(
        CommandSpec(
          "replace",
          [TextParameter.old, TextParameter.new, TextParameter.all, TextParameter.regex],
          summary: "replaces the first OLD (or every one, with --all) by NEW, within lines",
          discussion:
            "With --regex, OLD is a regular expression, searched in time linear in the line (no backreferences or lookaround; the syntax is in docscript.md, \"Regular expressions\"), and NEW may name its groups as $1 or, as in sed, \\1; \\\\ and \\$ are a literal backslash and dollar. A match never spans a line break. Fails when nothing matches, and changes nothing when a line would take too long to search.",
          example: "replace Milk Oat-milk --all", topic: .document)
      ) { context in
        try replace(context)
      },
      DocumentCommand(
        CommandSpec(
          "line", [TextParameter.lines], summary: "prints line N, or lines N to M",
          discussion: addressHelp, example: "line 2,$", topic: .document)
      ) { context in
        let spec = context.arguments[TextParameter.lines]
        let lines = context.session.document.text.lines
        let range = try lineRange(spec, count: lines.count)
        for index in range { context.print(lines[index].text) }
      },
      DocumentCommand(
        CommandSpec(
          "find", [TextParameter.pattern],
          summary: "prints each line that RE matches, after its number (ed's g/re/n)",
          discussion:
            "RE is a regular expression between slashes, /milk/, with the syntax of 'replace --regex' (docscript.md, \"Regular expressions\"): the text between the first and the last slash. Each match prints as its line number, a tab and the line. Fails when no line matches, or when a line would take too long to search.",
          example: "find /^[0-9]+ eggs$/", topic: .document)
      ) { context in
        try find(context)
      },
    ]
  }

  /// Applies an edit through the session, turning a format error into a
  /// script error at `argument`.
  @MainActor
  private static func edit(
    _ context: DocumentCommandContext<PlainTextDocument>, _ argument: Argument,
    _ body: (inout PlainTextDocument) throws -> DocumentEdit<PlainTextDocument>
  ) throws {
    do {
      try context.session.perform { try body(&$0) }
    } catch let error as FormatError {
      throw ScriptError(error.message, at: argument)
    }
  }

  /// What a line address may be, for `help`.
  static let addressHelp =
    "A line number N may also be $ (the last line), $-K (K lines before it) or -K (the K-th line from the end: -1 is the last)."

  /// The line (1-based) that `text`, part of `argument`, names in a text
  /// of `count` lines: `N`, `$` (the last line), `$-K`, or `-K` (`-1` is
  /// the last line); it must lie in `bounds`.
  static func lineNumber(
    _ text: String, of argument: Argument, count: Int, in bounds: ClosedRange<Int>
  ) throws(ScriptError) -> Int {
    let part = Argument(text: text, range: argument.range)
    let line: Int
    if text == "$" {
      // `insert $` in an empty text makes its first line.
      line = max(count, 1)
    } else if text.hasPrefix("$-") {
      let back = try Argument(text: String(text.dropFirst(2)), range: argument.range).integer(
        "line count after '$-'", in: 0...Int.max)
      line = count - min(back, count)
    } else if text.hasPrefix("-"), Argument.isWholeNumber(text), Int(text) != 0 {
      guard let back = Int(text), back >= -count else {
        throw ScriptError(
          "line number \(text) is out of range; expected \(count == 0 ? "none" : "-\(count) to -1")",
          at: argument)
      }
      line = count + 1 + back
    } else {
      line = try part.integer("line number", in: bounds)
    }
    guard bounds.contains(line) else {
      throw Argument.outOfRange("line number", text, bounds, at: argument)
    }
    return line
  }

  /// ``lineNumber(_:of:count:in:)`` of the whole argument.
  static func lineNumber(
    _ argument: Argument, count: Int, in bounds: ClosedRange<Int>
  ) throws(ScriptError) -> Int {
    try lineNumber(argument.text, of: argument, count: count, in: bounds)
  }

  /// `N` or `N,M` (1-based, inclusive) as a 0-based range; each of N and
  /// M is a line address (``lineNumber(_:of:count:in:)``).
  static func lineRange(_ argument: Argument, count: Int) throws(ScriptError) -> Range<Int> {
    let parts = argument.text.split(separator: ",", omittingEmptySubsequences: false)
    guard count > 0 else { throw ScriptError("the text has no lines", at: argument) }
    guard (1...2).contains(parts.count) else {
      throw ScriptError("expected N or N,M, not '\(argument.text)'", at: argument)
    }
    let first = try lineNumber(String(parts[0]), of: argument, count: count, in: 1...count)
    let last =
      parts.count == 2
      ? try lineNumber(String(parts[1]), of: argument, count: count, in: first...count) : first
    return (first - 1)..<last
  }

  /// `find /RE/`: prints each line RE matches, with its number.
  @MainActor
  private static func find(_ context: DocumentCommandContext<PlainTextDocument>) throws {
    let pattern = context.arguments[TextParameter.pattern]
    let text = pattern.text
    guard text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") else {
      throw ScriptError(
        "expected a regular expression between slashes, /RE/, not '\(text)'", at: pattern,
        notes: [Diagnostic.Note("as in ed: find /\(text)/")])
    }
    let source = String(text.dropFirst().dropLast())
    guard !source.isEmpty else {
      throw ScriptError("the regular expression is empty", at: pattern)
    }
    let regex: LinearRegex
    do {
      regex = try LinearRegex(source)
    } catch {
      let message =
        error.kind == .syntax
        ? "invalid regular expression '\(source)': \(error.message)" : error.message
      throw ScriptError(message, at: patternRange(pattern, offset: error.offset.map { $0 + 1 }))
    }
    var found: [String] = []
    var looked = 0
    try context.session.document.text.forEachLine(
      containing: regex.requiredLiteral, activity: "searching"
    ) { index, line in
      looked += 1
      if looked % 4_096 == 0 { try context.checkInterruption() }
      let matches = try matches(
        of: regex, inLine: index, Array(line.text.utf8), all: false, at: pattern)
      if !matches.isEmpty { found.append("\(index + 1)\t\(line.text)") }
      return true
    }
    try context.checkInterruption()
    guard !found.isEmpty else {
      throw ScriptError("\(text) matches no line", at: pattern)
    }
    for line in found { context.print(line) }
  }

  @MainActor
  private static func replace(_ context: DocumentCommandContext<PlainTextDocument>) throws {
    let old = context.arguments[TextParameter.old]
    let new = context.arguments[TextParameter.new]
    guard !old.text.isEmpty else { throw ScriptError("OLD must not be empty", at: old) }
    let all = context.arguments[TextParameter.all]
    let regex: LinearRegex?
    if context.arguments[TextParameter.regex] {
      do {
        regex = try LinearRegex(old.text)
      } catch {
        let message =
          error.kind == .syntax
          ? "invalid regular expression '\(old.text)': \(error.message)" : error.message
        throw ScriptError(message, at: patternRange(old, offset: error.offset))
      }
    } else {
      regex = nil
    }
    let actionName = "Replace \(old.text)"
    let batch: TextLines.TextBatch
    if regex == nil, all, !new.text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      // In one pass, a leaf at a time: the new leaves are built as the
      // lines are found, and the undo step keeps the old lines in the old
      // leaves' bytes.
      guard
        let (replaced, undo) = context.session.document.text.replacingEvery(
          Array(old.text.utf8), with: Array(new.text.utf8), actionName: actionName,
          shouldStop: { context.interruptionRequested })
      else {
        try context.checkInterruption()
        throw ScriptError("interrupted", at: old)
      }
      guard undo.count > 0 else {
        throw ScriptError("'\(old.text)' does not occur in the text", at: old)
      }
      // One undo step for every line changed, holding only those lines.
      context.session.perform { document in document.replaceText(with: replaced, undo: undo) }
      return
    } else if let regex {
      batch = try replacing(
        regex, old: old, with: new, all: all, actionName: actionName, context)
    } else {
      // By bytes: a line that does not hold OLD's bytes is looked at and
      // left; a precomposed é never matches a decomposed one.
      let pattern = Array(old.text.utf8)
      let replacement = Array(new.text.utf8)
      let text = context.session.document.text
      guard
        let found = text.replacing(
          pattern, with: replacement, all: all, actionName: actionName,
          shouldStop: { context.interruptionRequested })
      else {
        try context.checkInterruption()
        throw ScriptError("interrupted", at: old)
      }
      if found.count > 0, replacement.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
        throw ScriptError(
          "the replacement would put a line break inside line \(found.indices[0] + 1)", at: new)
      }
      batch = found
    }
    guard batch.count > 0 else {
      throw ScriptError("'\(old.text)' does not occur in the text", at: old)
    }
    // One undo step for every line changed, holding only those lines.
    context.session.perform { document in document.apply(batch) }
  }

  /// The most steps a `replace --regex` may take on a line of `length`
  /// bytes: 256 a byte, and 16,777,216 more. A search is linear in the
  /// line, at most about twice the pattern's program size a byte; one
  /// that asks more (a large program on a long line, or `--all` over a
  /// pattern that rescans the rest of the line for every match) fails.
  static func regexStepLimit(forLineOf length: Int) -> Int {
    16_777_216 + 256 * length
  }

  /// The matches of `regex` in line `index` (`bytes`), the first or
  /// `all`; an error at `argument` if the line needs more than
  /// ``regexStepLimit(forLineOf:)`` steps, saying `consequence` after.
  private static func matches(
    of regex: LinearRegex, inLine index: Int, _ bytes: [UInt8], all: Bool,
    at argument: Argument, consequence: String = ""
  ) throws -> [LinearRegexMatch] {
    let limit = regexStepLimit(forLineOf: bytes.count)
    do {
      return try regex.matches(in: bytes, all: all, stepLimit: limit)
    } catch {
      throw ScriptError(
        "cannot search line \(index + 1) (\(bytes.count) bytes): the regular expression needs more than \(limit) steps on it\(consequence)",
        at: argument)
    }
  }

  /// The lines that `regex` matches, with the matches replaced by `new`;
  /// an error, and no lines, if a line needs more than
  /// ``regexStepLimit(forLineOf:)`` steps.
  @MainActor
  private static func replacing(
    _ regex: LinearRegex, old: Argument, with new: Argument, all: Bool, actionName: String,
    _ context: DocumentCommandContext<PlainTextDocument>
  ) throws -> TextLines.TextBatch {
    var batch = TextLines.TextBatch(actionName: actionName)
    let template = Array(new.text.utf8)
    // Lines that cannot match (they lack a literal every match holds) are
    // passed over as bytes, with no String made of them.
    var looked = 0
    try context.session.document.text.forEachLine(containing: regex.requiredLiteral) {
      index, line in
      looked += 1
      if looked % 4_096 == 0 { try context.checkInterruption() }
      let bytes = Array(line.text.utf8)
      let matches = try matches(
        of: regex, inLine: index, bytes, all: all, at: old, consequence: "; nothing was replaced")
      guard !matches.isEmpty else { return true }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var end = 0
      for match in matches {
        result += bytes[end..<match.range.lowerBound]
        expand(template, with: match, groupCount: regex.groupCount, in: bytes, into: &result)
        end = match.range.upperBound
      }
      result += bytes[end...]
      // By bytes: a replacement may change a line only into an equivalent
      // form, and that is a change.
      guard result != bytes else { return true }
      func breaks(_ text: [UInt8]) -> Int { text.count { $0 == 0x0A || $0 == 0x0D } }
      guard breaks(result) <= breaks(bytes) else {
        throw ScriptError(
          "the replacement would put a line break inside line \(index + 1)", at: new)
      }
      batch.append(index, result)
      return all
    }
    try context.checkInterruption()
    return batch
  }

  /// Where in the script the pattern's byte `offset` is: one byte of
  /// `argument` when it is written plain or in quotes with nothing escaped
  /// or substituted (its width in the script then tells), else the whole
  /// argument.
  static func patternRange(_ argument: Argument, offset: Int?) -> SourceRange {
    let range = argument.range
    guard let offset, range.start.line == range.end.line else { return range }
    let width = range.end.column - range.start.column
    let length = argument.text.utf8.count
    let column: Int
    if width == length, argument.isPlain {
      column = range.start.column + min(offset, max(length - 1, 0))
    } else if width == length + 2 {
      column = range.start.column + 1 + min(offset, max(length - 1, 0))
    } else {
      return range
    }
    var start = range.start
    start.column = column
    var end = start
    end.column += 1
    return SourceRange(start, end)
  }
}

extension PlainTextDocument {
  /// NEW of `replace --regex` for one match, appended to `result`: `$N`
  /// (as many digits as name a group) and sed's `\N` (one digit) are
  /// group N, empty when it did not take part; `\` before any other
  /// character makes it literal (`\\`, `\$`); a `$` before no digit is
  /// itself.
  static func expand(
    _ template: [UInt8], with match: LinearRegexMatch, groupCount: Int, in bytes: [UInt8],
    into result: inout [UInt8]
  ) {
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    func group(_ number: Int) {
      if let range = match[number] { result += bytes[range] }
    }
    var index = 0
    while index < template.count {
      let byte = template[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\\"):
        guard index < template.count else {
          result.append(byte)
          break
        }
        let next = template[index]
        if isDigit(next) {
          group(Int(next - 0x30))
          index += 1
        } else {
          // The next character, whole, is literal.
          var after = index + 1
          while after < template.count, template[after] & 0xC0 == 0x80 { after += 1 }
          result += template[index..<after]
          index = after
        }
      case UInt8(ascii: "$"):
        // The longest run of digits that names a group, at least one.
        var digits = 0
        while index + digits < template.count, isDigit(template[index + digits]) { digits += 1 }
        func number(_ count: Int) -> Int {
          template[index..<(index + count)].reduce(0) { min($0 * 10 + Int($1 - 0x30), .max / 20) }
        }
        while digits > 1, number(digits) > groupCount { digits -= 1 }
        if digits > 0 {
          group(number(digits))
          index += digits
        } else {
          result.append(byte)
        }
      default:
        result.append(byte)
      }
    }
  }
}

extension DocumentEdit {
  /// Several edits applied in order as one; its inverse applies theirs in
  /// reverse order.
  static func sequence(_ edits: [DocumentEdit], actionName: String) -> DocumentEdit {
    DocumentEdit(actionName: actionName) { document in
      var inverses: [DocumentEdit] = []
      for edit in edits { inverses.append(edit.apply(to: &document)) }
      return sequence(inverses.reversed(), actionName: actionName)
    }
  }
}

/// The parameters of a text document's commands, each declared once: a
/// command's spec lists them and its handler reads them.
private enum TextParameter {
  /// A line's text, or the whole text.
  static let text = CommandParameter.required("TEXT")
  /// A line number.
  static let number = CommandParameter.required("N")
  /// A line, or a range of lines.
  static let lines = CommandParameter.required("N[,M]")
  /// What `find` looks for: `/RE/`.
  static let pattern = CommandParameter.required("/RE/")
  /// What `replace` looks for.
  static let old = CommandParameter.required("OLD")
  /// What `replace` puts in its place.
  static let new = CommandParameter.required("NEW")
  /// `replace --all`.
  static let all = CommandParameter.flag("all")
  /// `replace --regex`.
  static let regex = CommandParameter.flag("regex")
}
