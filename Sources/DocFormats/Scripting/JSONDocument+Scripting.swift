public import DocKit
public import DocScript
import Foundation

extension JSONDocument: ScriptableFileDocument {
  public static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("json", .json)] }

  public static func makeUntitled(contentType: UTType) -> JSONDocument { JSONDocument() }

  /// The JSON pretty-printed with sorted keys.
  public var scriptDescription: String { text }

  /// `set ""` (the whole document, RFC 6901) with the JSON, which is
  /// written as ``text`` is: what this type saves.
  public var scriptContentCommands: [String]? {
    ["set \"\" " + Word.quoted(text.hasSuffix("\n") ? String(text.dropLast()) : text)]
  }

  @MainActor public static var scriptCommands: [DocumentCommand<JSONDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "get", [.required("POINTER")], summary: "prints the value at an RFC 6901 pointer",
          example: "get /items/0", topic: .document)
      ) { context in
        guard let pointer = context.arguments[0] else { return }
        let value: JSONValue
        do {
          value = try context.session.document.value(at: pointer.text)
        } catch let error as FormatError {
          throw ScriptError(error.message, at: pointer)
        }
        var text = JSONWriter.text(of: value)
        if text.hasSuffix("\n") { text.removeLast() }
        context.print(text)
      },
      DocumentCommand(
        CommandSpec(
          "set", [.required("POINTER"), .required("VALUE")],
          summary: "sets the value at POINTER to a JSON literal; /items/- appends",
          example: "set /title '\"Lisbon\"'", topic: .document)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.set(value, at: pointer).named("Set \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "insert", [.required("POINTER"), .required("VALUE")],
          summary: "inserts a JSON literal before the array element at POINTER, or as a new member",
          example: "insert /items/0 '{\"done\": false}'", topic: .document)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.insert(value, at: pointer).named("Insert \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "remove", [.required("POINTER")], summary: "removes the value at POINTER",
          example: "remove /items/1", topic: .document)
      ) { context in
        guard let pointer = context.arguments[0] else { return }
        do {
          try context.session.perform { document throws(FormatError) in
            try document.remove(at: pointer.text).named("Remove \(pointer.text)")
          }
        } catch let error as FormatError {
          throw ScriptError(error.message, at: pointer)
        }
      },
    ]
  }

  /// Completes a `POINTER` to the members or elements at its level, keys
  /// escaped per RFC 6901 (`~0`, `~1`): `/items/0/na` to `/items/0/name`.
  /// Objects and arrays end in `/` and go on (no blank after them), so
  /// that the next Tab lists what they hold.
  @MainActor public static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<JSONDocument>
  ) -> [CompletionCandidate] {
    guard argument == "POINTER" else { return [] }
    let parentText = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? ""
    guard prefix.isEmpty || prefix.hasPrefix("/"),
      let parent = try? session.document.value(at: parentText)
    else { return [] }
    let children: [(String, JSONValue)]
    switch parent {
    case .object(let members): children = members.map { ($0.key, $0.value) }
    case .array(let items): children = items.enumerated().map { (String($0.offset), $0.element) }
    default: return []
    }
    return children.map { key, value in
      let isContainer: Bool
      switch value {
      case .object, .array: isContainer = true
      default: isContainer = false
      }
      // A container ends in `/`, so that the next Tab lists its keys.
      return CompletionCandidate(
        parentText + JSONPointer(tokens: [key]).description + (isContainer ? "/" : ""),
        isFinal: !isContainer)
    }
  }

  /// The note for a VALUE that is not JSON, about what went wrong: a
  /// bare word wants quotes (`'"text"'`), a duplicate key one of its
  /// members gone; other mistakes need no note beyond the message.
  static func literalNotes(_ literal: String, _ error: FormatError) -> [Diagnostic.Note] {
    if error.message.hasPrefix("duplicate key ") {
      return [.init("an object holds each key once; remove or rename one of them")]
    }
    let quoting = Diagnostic.Note("quote strings twice: '\"text\"'")
    guard let first = literal.first(where: { !" \t\r\n".contains($0) }) else { return [quoting] }
    return "{}[]\"-0123456789".contains(first) ? [] : [quoting]
  }

  /// `set` and `insert`: parse VALUE, then edit at POINTER.
  @MainActor
  private static func edit(
    _ context: DocumentCommandContext<JSONDocument>,
    _ body:
      @escaping (inout JSONDocument, String, JSONValue) throws(FormatError) -> DocumentEdit<
        JSONDocument
      >
  ) throws {
    guard let pointer = context.arguments[0], let literal = context.arguments[1] else { return }
    let value: JSONValue
    do {
      value = try parse(Array(literal.text.utf8))
    } catch {
      var message = "VALUE is not a JSON literal: \(error.message)"
      if let column = error.column { message += " at column \(column)" }
      throw ScriptError(message, at: literal, notes: literalNotes(literal.text, error))
    }
    do {
      try context.session.perform { document throws(FormatError) in
        try body(&document, pointer.text, value)
      }
    } catch let error as FormatError {
      throw ScriptError(error.message, at: pointer)
    }
  }
}
