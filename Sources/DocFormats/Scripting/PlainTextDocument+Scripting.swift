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

  @MainActor public static var scriptCommands: [DocumentCommand<PlainTextDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "set-text", [.required("TEXT")], summary: "makes the content exactly TEXT",
          example: "set-text <<EOF\nMilk\nEggs\nEOF", topic: .document)
      ) { context in
        guard let text = context.arguments[0]?.text else { return }
        context.session.setDocument(PlainTextDocument(text: text), actionName: "Set Text")
      },
      DocumentCommand(
        CommandSpec(
          "append", [.required("TEXT")], summary: "adds TEXT as a new last line",
          example: "append \"Bread\"", topic: .document)
      ) { context in
        guard let line = context.arguments[0] else { return }
        let count = context.session.document.text.count
        try edit(context, line) { try $0.insert([line.text], at: count, actionName: "Append Line") }
      },
      DocumentCommand(
        CommandSpec(
          "insert", [.required("N"), .required("TEXT")], summary: "makes TEXT line N",
          discussion: "Lines are numbered from 1; N may be one past the last line.",
          example: "insert 2 \"Bread\"", topic: .document)
      ) { context in
        guard let number = context.arguments[0], let line = context.arguments[1] else { return }
        let count = context.session.document.text.count
        let n = try number.integer("line number", in: 1...(count + 1))
        try edit(context, line) {
          try $0.insert([line.text], at: n - 1, actionName: "Insert Line \(n)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "set-line", [.required("N"), .required("TEXT")],
          summary: "makes TEXT the text of line N, keeping its line ending",
          discussion: "What ed's 'Nc' does to one line; 'replace' changes text within lines.",
          example: "set-line 2 \"Rye bread\"", topic: .document)
      ) { context in
        guard let number = context.arguments[0], let line = context.arguments[1] else { return }
        let count = context.session.document.text.count
        guard count > 0 else { throw ScriptError("the text has no lines", at: number) }
        let n = try number.integer("line number", in: 1...count)
        try edit(context, line) {
          try $0.replace(lineAt: n - 1, with: line.text, actionName: "Set Line \(n)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "delete", [.required("N[,M]")], summary: "deletes line N, or lines N to M",
          example: "delete 2,3", topic: .document)
      ) { context in
        guard let spec = context.arguments[0] else { return }
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
          "replace", [.required("OLD"), .required("NEW"), .flag("all"), .flag("regex")],
          summary: "replaces the first OLD (or every one, with --all) by NEW, within lines",
          discussion:
            "With --regex, OLD is a regular expression and NEW may use $1 for groups. A match never spans a line break. Fails when nothing matches.",
          example: "replace Milk Oat-milk --all", topic: .document)
      ) { context in
        try replace(context)
      },
      DocumentCommand(
        CommandSpec(
          "line", [.required("N")], summary: "prints line N", example: "line 1",
          topic: .document)
      ) { context in
        guard let number = context.arguments[0] else { return }
        let lines = context.session.document.text.lines
        guard !lines.isEmpty else {
          throw ScriptError("the text has no lines", at: number)
        }
        let n = try number.integer("line number", in: 1...lines.count)
        context.print(lines[n - 1].text)
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

  /// `N` or `N,M` (1-based, inclusive) as a 0-based range.
  static func lineRange(_ argument: Argument, count: Int) throws(ScriptError) -> Range<Int> {
    let parts = argument.text.split(separator: ",", omittingEmptySubsequences: false)
    guard count > 0 else { throw ScriptError("the text has no lines", at: argument) }
    guard (1...2).contains(parts.count) else {
      throw ScriptError("expected N or N,M, not '\(argument.text)'", at: argument)
    }
    let first = try Argument(text: String(parts[0]), range: argument.range).integer(
      "line number", in: 1...count)
    let last =
      parts.count == 2
      ? try Argument(text: String(parts[1]), range: argument.range).integer(
        "line number", in: first...count) : first
    return (first - 1)..<last
  }

  @MainActor
  private static func replace(_ context: DocumentCommandContext<PlainTextDocument>) throws {
    guard let old = context.arguments[0], let new = context.arguments[1] else { return }
    guard !old.text.isEmpty else { throw ScriptError("OLD must not be empty", at: old) }
    let all = context.arguments.has("all")
    let regex: NSRegularExpression?
    if context.arguments.has("regex") {
      do {
        regex = try NSRegularExpression(pattern: old.text)
      } catch {
        throw ScriptError("invalid regular expression '\(old.text)'", at: old)
      }
    } else {
      regex = nil
    }
    let lines = context.session.document.text.lines
    var changes: [(Int, String)] = []
    for (index, line) in lines.enumerated() {
      let replaced: String
      if let regex {
        let range = NSRange(line.text.startIndex..., in: line.text)
        if all {
          replaced = regex.stringByReplacingMatches(
            in: line.text, range: range, withTemplate: new.text)
        } else if let match = regex.firstMatch(in: line.text, range: range) {
          let template = regex.replacementString(
            for: match, in: line.text, offset: 0, template: new.text)
          replaced = (line.text as NSString).replacingCharacters(in: match.range, with: template)
        } else {
          replaced = line.text
        }
      } else if all {
        replaced = line.text.replacingOccurrences(of: old.text, with: new.text)
      } else if let range = line.text.range(of: old.text) {
        replaced = line.text.replacingCharacters(in: range, with: new.text)
      } else {
        replaced = line.text
      }
      if replaced != line.text {
        guard !replaced.contains(where: { $0 == "\n" || $0 == "\r" }) else {
          throw ScriptError(
            "the replacement would put a line break inside line \(index + 1)", at: new)
        }
        changes.append((index, replaced))
        if !all { break }
      }
    }
    guard !changes.isEmpty else {
      throw ScriptError("'\(old.text)' does not occur in the text", at: old)
    }
    // One undo step for every line changed: apply all, undo all.
    let edits = changes
    try context.session.perform { document in
      var inverses: [DocumentEdit<PlainTextDocument>] = []
      for (index, text) in edits {
        inverses.append(try document.replace(lineAt: index, with: text))
      }
      return DocumentEdit.sequence(inverses.reversed(), actionName: "Replace \(old.text)")
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
