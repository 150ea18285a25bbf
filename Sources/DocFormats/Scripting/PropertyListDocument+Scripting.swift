public import DocKit
public import DocScript
import Foundation

extension PropertyListDocument: ScriptableFileDocument {
  /// `plist`, for `.plist` files and those whose names say they are
  /// property lists whatever their extension: Xcode's `project.pbxproj`
  /// and `.entitlements` files.
  public static var scriptTypeNames: [ScriptTypeName] {
    [ScriptTypeName("plist", .propertyList, filenames: ["*.pbxproj", "*.entitlements"])]
  }

  /// An empty dictionary: in XML as Apple writes it, in the ASCII form
  /// for an ASCII property list, an empty file for a `.strings` file.
  public static func makeUntitled(contentType: UTType) throws -> PropertyListDocument {
    let format: PropertyListFormat =
      contentType.conforms(to: .stringsText)
      ? .strings : contentType.conforms(to: .asciiPropertyList) ? .ascii : .xml
    return try PropertyListDocument(value: .dictionary([]), format: format)
  }

  /// The file as it is, for XML and ASCII; for a binary file, its XML
  /// rendering under a comment that says so; for JSON, the JSON a save
  /// writes.
  public var scriptDescription: String {
    switch format {
    case .binary: "<!-- a binary property list (bplist00), shown as XML -->\n" + text
    case .json: (try? savedBytes()).map { String(decoding: $0, as: UTF8.self) } ?? text
    case .xml, .ascii, .strings: text
    }
  }

  /// True: `show` prints the bytes held, not an encoder's output.
  public static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor public static var scriptCommands: [DocumentCommand<PropertyListDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "get", [PlistParameter.pointer, PlistParameter.raw, PlistParameter.json],
          summary: "prints the value at an RFC 6901 pointer, as the document's format writes it",
          discussion:
            "The value prints as an XML element (an ASCII value in an old-style ASCII property list) in Apple's layout. With --raw, a string prints without markup or quotes, a number as its digits, a date as 2026-12-04T10:00:00Z and data in base64. With --json, the value prints as JSON (two spaces, one member a line), which a value holding a date or data cannot.",
          example: "get /CFBundleIdentifier --raw", topic: .document)
      ) { context in
        let pointer = context.arguments[PlistParameter.pointer]
        let document = context.session.document
        let value = try query(pointer) { () throws(FormatError) in
          try document.value(at: pointer.text)
        }
        let json = context.arguments[PlistParameter.json]
        let text = try query(pointer) { () throws(FormatError) in
          json
            ? try jsonText(value)
            : try document.describe(value, raw: context.arguments[PlistParameter.raw])
        }
        context.print(text)
      },
      DocumentCommand(
        CommandSpec(
          "keys", [PlistParameter.pointer],
          summary:
            "prints the keys of the dictionary at POINTER, one a line, in document order",
          discussion:
            "Each key prints as a JSON string, as the JSON type's keys does; an array's keys are its indices.",
          example: "keys ''", topic: .document)
      ) { context in
        let pointer = context.arguments[PlistParameter.pointer]
        let document = context.session.document
        let value = try query(pointer) { () throws(FormatError) in
          try document.value(at: pointer.text)
        }
        switch value {
        case .dictionary(let entries):
          for entry in entries { context.print(JSONWriter.quoted(entry.key)) }
        case .array(let items):
          for index in items.indices { context.print(String(index)) }
        default:
          throw ScriptError(
            "\(pointer.text.isEmpty ? "the document" : pointer.text) is \(value.kindDescription), which has no keys",
            at: pointer)
        }
      },
      DocumentCommand(
        CommandSpec(
          "length", [PlistParameter.pointer],
          summary:
            "prints how many entries, elements, characters or bytes the value at POINTER has",
          discussion:
            "A dictionary's entries, an array's elements, a string's Unicode scalars, data's bytes. A number, boolean or date has no length.",
          example: "length /CFBundleDocumentTypes", topic: .document)
      ) { context in
        let pointer = context.arguments[PlistParameter.pointer]
        let document = context.session.document
        let value = try query(pointer) { () throws(FormatError) in
          try document.value(at: pointer.text)
        }
        switch value {
        case .dictionary(let entries): context.print(String(entries.count))
        case .array(let items): context.print(String(items.count))
        case .string(let string): context.print(String(string.unicodeScalars.count))
        case .data(let data): context.print(String(data.count))
        default:
          throw ScriptError(
            "\(pointer.text.isEmpty ? "the document" : pointer.text) is \(value.kindDescription), which has no length",
            at: pointer)
        }
      },
      DocumentCommand(
        CommandSpec(
          "type", [PlistParameter.pointer],
          summary:
            "prints the kind of the value at POINTER: dictionary, array, string, integer, real, boolean, date, data or uid",
          example: "type /CFBundleVersion", topic: .document)
      ) { context in
        let pointer = context.arguments[PlistParameter.pointer]
        let document = context.session.document
        let value = try query(pointer) { () throws(FormatError) in
          try document.value(at: pointer.text)
        }
        context.print(typeName(value))
      },
      DocumentCommand(
        CommandSpec(
          "set", PlistParameter.valueParameters,
          summary:
            "sets the value at POINTER to a JSON literal or a value of the type named; /items/- appends",
          discussion: PlistParameter.valueDiscussion,
          example: "set /LSMinimumSystemVersion '\"14.0\"'", topic: .document,
          extendsBuiltin: true)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.set(value, at: pointer).named("Set \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "insert", PlistParameter.valueParameters,
          summary:
            "inserts a value before the array element at POINTER, or as a new dictionary entry",
          discussion: PlistParameter.valueDiscussion,
          example: "insert /UIBackgroundModes/0 '\"audio\"'", topic: .document)
      ) { context in
        try edit(context) { document, pointer, value throws(FormatError) in
          try document.insert(value, at: pointer).named("Insert \(pointer)")
        }
      },
      DocumentCommand(
        CommandSpec(
          "remove", [PlistParameter.pointer], summary: "removes the value at POINTER",
          example: "remove /NSAppTransportSecurity", topic: .document)
      ) { context in
        let pointer = context.arguments[PlistParameter.pointer]
        do {
          try context.session.perform { document throws(FormatError) in
            try document.remove(at: pointer.text).named("Remove \(pointer.text)")
          }
        } catch let error as FormatError {
          throw ScriptError(error.message, at: pointer)
        }
      },
      DocumentCommand(
        CommandSpec(
          "convert", [PlistParameter.format],
          summary:
            "rewrites the document as xml, binary, ascii, strings or json, in Apple's layout, as one undoable step",
          discussion:
            "The value is kept; its layout, comments and key spellings are Apple's writer's afterwards. An old-style ASCII property list holds only strings, data, arrays and dictionaries: a document holding a number, boolean or date cannot be converted to ascii (it would read back as strings). strings writes a dictionary's entries without braces, as a .strings file holds them, under the same rule; a document that is not a dictionary cannot be converted to it. JSON holds no dates or data: the first such value is named and nothing changes (a keyed archive's UIDs go as their CF$UID dictionaries). A JSON document is edited as its XML rendering; show prints a binary document's XML rendering, and edits of a binary document append to its objects.",
          example: "convert xml", topic: .document)
      ) { context in
        let argument = context.arguments[PlistParameter.format]
        guard let format = PropertyListFormat(rawValue: argument.text) else {
          throw ScriptError(
            "unknown format '\(argument.text)'", at: argument,
            notes: [.init("the formats are xml, binary, ascii, strings and json")])
        }
        do {
          try context.session.perform { document throws(FormatError) in
            try document.convert(to: format)
          }
        } catch let error as FormatError {
          throw ScriptError(error.message, at: argument)
        }
      },
    ]
  }

  /// Completes a `POINTER` to the entries at its level, in the
  /// document's order, keys escaped per RFC 6901; containers end in `/`.
  @MainActor public static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<PropertyListDocument>
  ) -> [CompletionCandidate] {
    guard argument == "POINTER", prefix.isEmpty || prefix.hasPrefix("/") else { return [] }
    let parentText = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? ""
    return session.document.children(at: parentText).enumerated().map { order, child in
      CompletionCandidate(
        parentText + JSONPointer(tokens: [child.key]).description
          + (child.isContainer ? "/" : ""),
        isFinal: !child.isContainer, order: order)
    }
  }

  /// The entries of the container at `pointer`: each key (an index for
  /// an array) and whether its value is a container.
  func children(at pointer: String) -> [(key: String, isContainer: Bool)] {
    if binary != nil { return binaryChildren(at: pointer) }
    guard let parsed = try? JSONPointer(pointer), let node = try? resolve(parsed).node else {
      return []
    }
    guard tree[node].isContainer else { return [] }
    return tree.children(of: node).enumerated().map { index, entry in
      (tree[entry].hasKey ? key(of: entry) : String(index), tree[entry].isContainer)
    }
  }

  /// The kind's name, as `type` prints it.
  static func typeName(_ value: PropertyListValue) -> String {
    switch value {
    case .dictionary: "dictionary"
    case .array: "array"
    case .string: "string"
    case .integer, .unsignedInteger: "integer"
    case .real: "real"
    case .boolean: "boolean"
    case .date: "date"
    case .data: "data"
    case .uid: "uid"
    }
  }

  /// `value` as JSON in the stable form (two spaces, one member a line).
  ///
  /// - Throws: ``FormatError/Code/unsupportedContentType`` for a value
  ///   holding a date, data or a UID, which JSON has no form for.
  static func jsonText(_ value: PropertyListValue) throws(FormatError) -> String {
    func convert(_ value: PropertyListValue) throws(FormatError) -> JSONValue {
      switch value {
      case .string(let string): return .string(string)
      case .integer(let integer): return .number(String(integer))
      case .unsignedInteger(let integer): return .number(String(integer))
      case .real(let real):
        guard real.isFinite else {
          throw FormatError(.unsupportedContentType, "JSON has no form for the real \(real)")
        }
        return .number(PropertyListXMLWriter.realText(real))
      case .boolean(let boolean): return .bool(boolean)
      case .array(let items):
        var values: [JSONValue] = []
        for item in items { values.append(try convert(item)) }
        return .array(values)
      case .dictionary(let entries):
        var members: [JSONMember] = []
        for entry in entries { members.append(JSONMember(entry.key, try convert(entry.value))) }
        return .object(members)
      case .date, .data, .uid:
        throw FormatError(
          .unsupportedContentType,
          "JSON has no form for \(value.kindDescription); get it without --json")
      }
    }
    return JSONWriter.text(of: try convert(value), quotingBadNumbers: true)
      .trimmingCharacters(in: .newlines)
  }

  /// `value` as `get` prints it.
  func describe(_ value: PropertyListValue, raw: Bool) throws(FormatError) -> String {
    if raw {
      switch value {
      case .string(let string): return string
      case .integer(let integer): return String(integer)
      case .unsignedInteger(let integer): return String(integer)
      case .real(let real): return PropertyListXMLWriter.realText(real)
      case .boolean(let boolean): return boolean ? "true" : "false"
      case .date(let date): return PropertyListDate.format(date)
      case .data(let data): return String(decoding: PropertyListBase64.encode(data), as: UTF8.self)
      case .uid(let uid): return String(uid)
      case .array, .dictionary: break
      }
    }
    var output: [UInt8] = []
    if format == .ascii || format == .strings {
      try PropertyListASCIIWriter.write(
        value, indent: [], unit: [0x09], lineEnding: [0x0A], quoteStrings: format == .strings,
        into: &output)
    } else {
      try PropertyListXMLWriter.write(
        value, indent: [], unit: [0x09], lineEnding: [0x0A], into: &output)
    }
    return String(decoding: output, as: UTF8.self)
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

  /// `set` and `insert`: read the value (a JSON literal, or the type an
  /// option names), then edit at POINTER.
  @MainActor
  private static func edit(
    _ context: DocumentCommandContext<PropertyListDocument>,
    _ body:
      @escaping (inout PropertyListDocument, String, PropertyListValue) throws(FormatError) ->
      DocumentEdit<PropertyListDocument>
  ) throws {
    let pointer = context.arguments[PlistParameter.pointer]
    let value = try typedValue(context)
    do {
      try context.session.perform { document throws(FormatError) in
        try body(&document, pointer.text, value)
      }
    } catch let error as FormatError {
      throw ScriptError(error.message, at: pointer)
    }
  }

  /// The value `set` or `insert` was given.
  @MainActor
  private static func typedValue(
    _ context: DocumentCommandContext<PropertyListDocument>
  ) throws -> PropertyListValue {
    let arguments = context.arguments
    let literal = arguments[PlistParameter.value]
    let date = arguments[PlistParameter.date]
    let data = arguments[PlistParameter.data]
    let flags = [
      arguments[PlistParameter.string] ? "--string" : nil,
      arguments[PlistParameter.integer] ? "--integer" : nil,
      arguments[PlistParameter.real] ? "--real" : nil,
      date == nil ? nil : "--date", data == nil ? nil : "--data",
    ].compactMap { $0 }
    if flags.count > 1 {
      throw ScriptError(
        "\(flags.joined(separator: " and ")) name different types; give one",
        at: date ?? data ?? pointerArgument(context))
    }
    if let date {
      if let literal {
        throw ScriptError("--date takes the date; VALUE is not needed", at: literal)
      }
      guard let seconds = PropertyListDate.parse(Array(date.text.utf8)) else {
        throw ScriptError(
          "'\(date.text)' is not a date; write it as 2026-12-04T10:00:00Z (UTC)", at: date)
      }
      return .date(seconds)
    }
    if let data {
      if let literal {
        throw ScriptError("--data takes the data; VALUE is not needed", at: literal)
      }
      if data.text.hasPrefix("@") {
        let path = Argument(text: String(data.text.dropFirst()), range: data.range)
        let url = try context.url(toRead: path)
        do {
          return .data([UInt8](try Data(contentsOf: url)))
        } catch {
          throw ScriptError("cannot read \(path.text): \(error.localizedDescription)", at: data)
        }
      }
      guard data.text.hasPrefix("base64:") else {
        throw ScriptError(
          "--data takes @FILE or base64:TEXT", at: data,
          notes: [.init("--data @icon.png reads a file; --data base64:AAEC gives the bytes")])
      }
      guard
        case .bytes(let bytes) = PropertyListBase64.decode(Array(data.text.utf8.dropFirst(7))[...])
      else { throw ScriptError("the text after base64: is not base64", at: data) }
      return .data(bytes)
    }
    guard let literal else {
      throw ScriptError(
        "give a VALUE (a JSON literal), or --date or --data", at: pointerArgument(context))
    }
    if arguments[PlistParameter.string] { return .string(literal.text) }
    if arguments[PlistParameter.integer] {
      guard let value = PropertyListXMLParser.integer(literal.text) else {
        throw ScriptError("'\(literal.text)' is not an integer", at: literal)
      }
      return value
    }
    if arguments[PlistParameter.real] {
      guard let real = PropertyListXMLParser.real(literal.text) else {
        throw ScriptError("'\(literal.text)' is not a real number", at: literal)
      }
      return .real(real)
    }
    let json: JSONValue
    do {
      json = try JSONDocument.parse(Array(literal.text.utf8))
    } catch {
      var message = "VALUE is not a JSON literal: \(error.message)"
      if let column = error.column { message += " at column \(column)" }
      throw ScriptError(
        message, at: literal,
        notes: JSONDocument.literalNotes(literal.text, error)
          + [.init("or name the type: --string, --integer, --real, --date, --data")])
    }
    do {
      return try propertyListValue(
        json, numbersAsText: context.session.document.isASCII)
    } catch {
      throw ScriptError(error.message, at: literal)
    }
  }

  @MainActor
  private static func pointerArgument(
    _ context: DocumentCommandContext<PropertyListDocument>
  ) -> Argument {
    context.arguments[PlistParameter.pointer]
  }

  /// A JSON value as a property list value: a number with a fraction or
  /// exponent is a real, any other an integer (with `numbersAsText`, for
  /// an old-style ASCII property list, a string of its digits as typed:
  /// `5.0` stays `5.0`); null has no property list form.
  static func propertyListValue(
    _ json: JSONValue, numbersAsText: Bool = false
  ) throws(FormatError) -> PropertyListValue {
    switch json {
    case .null:
      throw FormatError(
        .invalidEdit, "a property list has no null; remove the entry instead")
    case .bool(let bool):
      return .boolean(bool)
    case .string(let string):
      return .string(string)
    case .number(let text):
      if numbersAsText { return .string(text) }
      if text.contains(where: { ".eE".contains($0) }) {
        guard let real = Double(text) else {
          throw FormatError(.invalidEdit, "\(text) is not a real number")
        }
        return .real(real)
      }
      guard let integer = PropertyListXMLParser.integer(text) else {
        throw FormatError(
          .invalidEdit,
          "\(text) is beyond what a property list integer holds (-2^63 to 2^64 - 1); use --real or --string"
        )
      }
      return integer
    case .array(let items):
      var values: [PropertyListValue] = []
      for item in items { values.append(try propertyListValue(item, numbersAsText: numbersAsText)) }
      return .array(values)
    case .object(let members):
      var entries: [PropertyListEntry] = []
      for member in members {
        entries.append(
          PropertyListEntry(key: member.key, value: try propertyListValue(member.value)))
      }
      return .dictionary(entries)
    }
  }
}

/// The parameters of a property list document's commands, each declared
/// once: a command's spec lists them and its handler reads them.
private enum PlistParameter {
  static let pointer = CommandParameter.required("POINTER")
  static let value = CommandParameter.optional("VALUE")
  static let raw = CommandParameter.flag("raw")
  static let json = CommandParameter.flag("json")
  static let string = CommandParameter.flag("string")
  static let integer = CommandParameter.flag("integer")
  static let real = CommandParameter.flag("real")
  static let date = CommandParameter.option("date", value: "DATE")
  static let data = CommandParameter.option("data", value: "@FILE|base64:TEXT")
  static let format = CommandParameter.required("FORMAT")

  static var valueParameters: [any AnyCommandParameter] {
    [pointer, value, string, integer, real, date, data]
  }

  static let valueDiscussion =
    "VALUE is a JSON literal: a string, a number (with a fraction or exponent a real, else an integer), true or false, an array or an object (a dictionary). A type JSON cannot say is named: --date 2026-12-04T10:00:00Z, --data @FILE or --data base64:TEXT; --string, --integer and --real read VALUE as that type. An old-style ASCII property list holds strings, data, arrays and dictionaries: an integer or real is written there as its digits (a string when read back), and a boolean or date is refused."
}
