public import DocKit
public import DocScript
import Foundation

extension JSONDocument: ScriptableFileDocument {
  /// `json`, and `jsonc` for JSON with comments, which the files that
  /// editors and tools write with comments open as whatever their
  /// extension: `tsconfig.json`, VS Code's settings, `.babelrc`…
  public static var scriptTypeNames: [ScriptTypeName] {
    [
      ScriptTypeName("json", .json),
      ScriptTypeName("jsonc", .jsonWithComments, filenames: wellKnownJSONWithComments),
    ]
  }

  /// The names of files that are JSON with comments by convention.
  static let wellKnownJSONWithComments = [
    "tsconfig.json", "tsconfig.*.json", "jsconfig.json", "jsconfig.*.json", "settings.json",
    ".vscode/launch.json", ".vscode/tasks.json", ".vscode/keybindings.json",
    ".vscode/extensions.json", "devcontainer.json", ".devcontainer.json", ".eslintrc.json",
    ".babelrc", ".swcrc", "deno.json", "deno.jsonc", "*.code-workspace",
  ]

  public static func makeUntitled(contentType: UTType) -> JSONDocument {
    JSONDocument(
      dialect: contentType.conforms(to: .jsonWithComments) ? .jsonWithComments : .json)
  }

  /// The document exactly as a save writes it: a minified file shows as
  /// its one line (`get ""` prints it in the stable form).
  public var scriptDescription: String { text }

  /// True: `show` prints the bytes a save writes, which keep the order
  /// and layout of what was read, not an encoder's.
  public static var scriptDescriptionIsDeterministic: Bool { true }

  /// `set ""` (the whole document, RFC 6901) with the JSON, which is
  /// written as ``text`` is: what this type saves.
  public var scriptContentCommands: [String]? {
    ["set \"\" " + Word.quoted(text.hasSuffix("\n") ? String(text.dropLast()) : text)]
  }

  @MainActor public static var scriptCommands: [DocumentCommand<JSONDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "get", [JSONParameter.pointer, JSONParameter.raw, JSONParameter.literal],
          summary: "prints the value at an RFC 6901 pointer; * in it matches every member",
          discussion:
            "A token that is exactly * matches every member or element there, and each value matched prints in document order (get /items/*/name); values the rest of the pointer does not reach are passed over, and nothing matched is an error. With --literal, * is an ordinary key. With --raw, a string prints without quotes and with its escapes decoded, as jq -r prints it.",
          example: "get /items/*/name --raw", topic: .document)
      ) { context in
        let pointer = context.arguments[JSONParameter.pointer]
        let raw = context.arguments[JSONParameter.raw]
        let document = context.session.document
        let matches = try query(pointer) { () throws(FormatError) in
          try document.matches(
            of: pointer.text, wildcards: !context.arguments[JSONParameter.literal])
        }
        for match in matches {
          context.print(raw ? document.rawText(match.ref) : document.formatted(match.ref))
        }
      },
      DocumentCommand(
        CommandSpec(
          "keys", [JSONParameter.pointer],
          summary: "prints the keys of the object at POINTER, one a line, in document order",
          discussion:
            "Each key prints as a JSON string, as jq 'keys_unsorted[]' prints it; an array's keys are its indices.",
          example: "keys ''", topic: .document)
      ) { context in
        let pointer = context.arguments[JSONParameter.pointer]
        let document = context.session.document
        for key in try query(
          pointer, { () throws(FormatError) in try document.keys(at: pointer.text) })
        {
          context.print(key)
        }
      },
      DocumentCommand(
        CommandSpec(
          "length", [JSONParameter.pointer],
          summary: "prints how many members, elements or characters the value at POINTER has",
          discussion:
            "As jq counts: an object's members, an array's elements, a string's Unicode scalars. A number, boolean or null has no length.",
          example: "length /items", topic: .document)
      ) { context in
        let pointer = context.arguments[JSONParameter.pointer]
        let document = context.session.document
        context.print(
          String(
            try query(pointer) { () throws(FormatError) in try document.length(at: pointer.text) }))
      },
      DocumentCommand(
        CommandSpec(
          "type", [JSONParameter.pointer],
          summary:
            "prints the kind of the value at POINTER: object, array, string, number, boolean or null",
          example: "type /items/0", topic: .document)
      ) { context in
        let pointer = context.arguments[JSONParameter.pointer]
        let document = context.session.document
        let match = try query(pointer) { () throws(FormatError) in
          try document.matches(of: pointer.text, wildcards: false)
        }
        context.print(document.typeName(match[0].ref))
      },
      DocumentCommand(
        CommandSpec(
          "set", [JSONParameter.pointer, JSONParameter.value],
          summary: "sets the value at POINTER to a JSON literal; /items/- appends",
          example: "set /title '\"Lisbon\"'", topic: .document,
          // `set bail on` stays the setting; `set /title …` is this.
          extendsBuiltin: true)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.set(value, at: pointer).named("Set \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "insert", [JSONParameter.pointer, JSONParameter.value],
          summary: "inserts a JSON literal before the array element at POINTER, or as a new member",
          example: "insert /items/0 '{\"done\": false}'", topic: .document)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.insert(value, at: pointer).named("Insert \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "remove", [JSONParameter.pointer], summary: "removes the value at POINTER",
          example: "remove /items/1", topic: .document)
      ) { context in
        let pointer = context.arguments[JSONParameter.pointer]
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

  /// Completes a `POINTER` to the members or elements at its level, in
  /// the document's order, keys escaped per RFC 6901 (`~0`, `~1`):
  /// `/items/0/na` to `/items/0/name`. Objects and arrays end in `/` and
  /// go on (no blank after them), so that the next Tab lists what they
  /// hold.
  @MainActor public static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<JSONDocument>
  ) -> [CompletionCandidate] {
    guard argument == "POINTER" else { return [] }
    let parentText = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? ""
    guard prefix.isEmpty || prefix.hasPrefix("/") else { return [] }
    return session.document.children(at: parentText).enumerated().map { order, child in
      // A container ends in `/`, so that the next Tab lists its keys.
      CompletionCandidate(
        parentText + JSONPointer(tokens: [child.key]).description
          + (child.isContainer ? "/" : ""),
        isFinal: !child.isContainer, order: order)
    }
  }

  /// The note for a VALUE that is not JSON, about what went wrong: a
  /// bare word wants quotes (`'"text"'`); other mistakes need no note
  /// beyond the message.
  static func literalNotes(_ literal: String, _ error: FormatError) -> [Diagnostic.Note] {
    let quoting = Diagnostic.Note("quote strings twice: '\"text\"'")
    guard let first = literal.first(where: { !" \t\r\n".contains($0) }) else { return [quoting] }
    return "{}[]\"-0123456789".contains(first) ? [] : [quoting]
  }

  /// Runs a query, turning a format error into a script error at
  /// `pointer`.
  private static func query<Result>(
    _ pointer: Argument, _ body: () throws(FormatError) -> Result
  ) throws(ScriptError) -> Result {
    do {
      return try body()
    } catch {
      throw ScriptError(error.message, at: pointer)
    }
  }

  /// `set` and `insert`: parse VALUE, then edit at POINTER.
  @MainActor
  private static func edit(
    _ context: DocumentCommandContext<JSONDocument>,
    _ body:
      @escaping (inout JSONDocument, String, JSONSyntaxTree) throws(FormatError) -> DocumentEdit<
        JSONDocument
      >
  ) throws {
    let pointer = context.arguments[JSONParameter.pointer]
    let literal = context.arguments[JSONParameter.value]
    let value: JSONSyntaxTree
    do {
      value = try JSONDocument.typedLiteral(
        literal.text, dialect: context.session.document.dialect)
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

/// The parameters of a JSON document's commands, each declared once: a
/// command's spec lists them and its handler reads them.
private enum JSONParameter {
  /// An RFC 6901 pointer.
  static let pointer = CommandParameter.required("POINTER")
  /// A JSON literal.
  static let value = CommandParameter.required("VALUE")
  /// `get --raw`: a string without quotes.
  static let raw = CommandParameter.flag("raw")
  /// `get --literal`: `*` is a key, not a wildcard.
  static let literal = CommandParameter.flag("literal")
}
