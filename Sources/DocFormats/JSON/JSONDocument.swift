public import DocKit
public import Foundation

/// A JSON document, as a value, edited through RFC 6901 JSON Pointers.
///
/// Numbers keep their text, so 64-bit integers and decimals round-trip
/// exactly. Output is stable: keys sorted, two-space indentation. Input
/// nested deeper than ``maximumDepth`` is refused.
///
///     var document = try JSONDocument(text: #"{"trip": {"days": 3}}"#)
///     let undo = try document.set(.number("4"), at: "/trip/days")
public struct JSONDocument: FileDocument, Hashable {
  public static let readableContentTypes: [UTType] = [.json]

  /// The deepest nesting read or built: 512 levels.
  public static let maximumDepth = 512

  /// The document's value.
  public private(set) var root: JSONValue

  /// Creates a document holding `root`.
  public init(root: JSONValue = .object([:])) {
    self.root = root
  }

  /// Parses JSON text.
  ///
  /// - Throws: ``FormatError`` with the line and column of the problem.
  public init(text: String) throws(FormatError) {
    self.init(root: try Self.parse(Array(text.utf8)))
  }

  public init(configuration: ReadConfiguration) throws {
    let data = try PlainTextDocument.contents(of: configuration.file)
    do {
      root = try Self.parse([UInt8](data))
    } catch {
      throw error.inFile(configuration.file.filename)
    }
  }

  /// The document in its stable form.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: data)
  }

  /// The document in its stable form, as text.
  public var text: String { JSONWriter.text(of: root) }

  /// The document in its stable form, as UTF-8.
  public var data: Data { Data(text.utf8) }

  package static func parse(_ bytes: [UInt8]) throws(FormatError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    return try parser.parse()
  }

  // MARK: - Reading

  /// The value at `pointer`.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer is
  ///   malformed or names nothing.
  public func value(at pointer: String) throws(FormatError) -> JSONValue {
    let pointer = try JSONPointer(pointer)
    var value = root
    for (position, token) in pointer.tokens.enumerated() {
      value = try Self.child(of: value, token: token, pointer: pointer, position: position)
    }
    return value
  }

  private static func child(
    of value: JSONValue, token: String, pointer: JSONPointer, position: Int
  ) throws(FormatError) -> JSONValue {
    let prefix = JSONPointer(tokens: Array(pointer.tokens[...position]))
    switch value {
    case .object(let members):
      guard let member = members[token] else {
        throw FormatError(.invalidPointer, "\(prefix) does not exist")
      }
      return member
    case .array(let items):
      guard let index = JSONPointer.index(token), index < items.count else {
        throw FormatError(
          .invalidPointer, JSONPointer.notAnIndex(token, count: items.count, in: prefix))
      }
      return items[index]
    default:
      throw FormatError(
        .invalidPointer,
        "\(JSONPointer(tokens: Array(pointer.tokens[..<position]))) is \(value.kindDescription), not a container"
      )
    }
  }

  // MARK: - Editing

  /// Sets the value at `pointer`: replaces what is there, adds an object
  /// member, or appends to an array (`-` or the array's length).
  ///
  /// - Returns: The edit that undoes it.
  @discardableResult
  public mutating func set(
    _ value: JSONValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    try checkDepth(value, at: pointer)
    guard !pointer.tokens.isEmpty else {
      return apply(.replace(value), at: pointer, actionName: "Set Value")
    }
    let exists = (try? self.value(at: pointer.description)) != nil
    return try checkedApply(
      exists ? .replace(value) : .insert(value), at: pointer, actionName: "Set Value")
  }

  /// Inserts `value`: before the array element at `pointer` (`-` appends),
  /// or as a new object member.
  ///
  /// - Returns: The edit that undoes it.
  @discardableResult
  public mutating func insert(
    _ value: JSONValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    guard !pointer.tokens.isEmpty else {
      throw FormatError(.invalidPointer, "cannot insert at the root")
    }
    try checkDepth(value, at: pointer)
    return try checkedApply(.insert(value), at: pointer, actionName: "Insert Value")
  }

  /// Removes the value at `pointer`.
  ///
  /// - Returns: The edit that puts it back.
  @discardableResult
  public mutating func remove(at pointer: String) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    guard !pointer.tokens.isEmpty else {
      throw FormatError(.invalidPointer, "cannot remove the root")
    }
    _ = try value(at: pointer.description)
    return try checkedApply(.remove, at: pointer, actionName: "Remove Value")
  }

  private func checkDepth(_ value: JSONValue, at pointer: JSONPointer) throws(FormatError) {
    guard pointer.tokens.count + value.depth <= Self.maximumDepth else {
      throw FormatError(
        .nestingTooDeep, "the result would nest deeper than \(Self.maximumDepth) levels")
    }
  }

  /// One change at a pointer, with a known inverse.
  private enum Change: Sendable {
    case replace(JSONValue)
    case insert(JSONValue)
    case remove
  }

  /// Checks that the parent exists and accepts `change`, then applies it.
  private mutating func checkedApply(
    _ change: Change, at pointer: JSONPointer, actionName: String
  ) throws(FormatError)
    -> DocumentEdit<Self>
  {
    let parentPointer = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
    let parent = try value(at: parentPointer.description)
    var tokens = pointer.tokens
    let token = tokens[tokens.count - 1]
    let isInsert = if case .insert = change { true } else { false }
    switch parent {
    case .object(let members):
      if isInsert, members[token] != nil {
        throw FormatError(.invalidPointer, "\(pointer) already exists")
      }
    case .array(let items):
      let index = token == "-" && isInsert ? items.count : JSONPointer.index(token)
      guard let index, index <= (isInsert ? items.count : items.count - 1) else {
        if JSONPointer.hasLeadingZero(token) {
          throw FormatError(
            .invalidPointer, JSONPointer.notAnIndex(token, count: items.count, in: pointer))
        }
        throw FormatError(
          .invalidPointer,
          "\(pointer) is not an index of the array (it has \(items.count) elements)")
      }
      tokens[tokens.count - 1] = String(index)
    default:
      throw FormatError(
        .invalidPointer, "\(parentPointer) is \(parent.kindDescription), not a container")
    }
    return apply(change, at: JSONPointer(tokens: tokens), actionName: actionName)
  }

  /// Applies a checked change and returns the edit that reverts it.
  private mutating func apply(
    _ change: Change, at pointer: JSONPointer, actionName: String
  ) -> DocumentEdit<Self> {
    let inverse = Self.modify(&root, tokens: pointer.tokens[...], change: change)
    return DocumentEdit(actionName: actionName) { document in
      document.apply(inverse, at: pointer, actionName: actionName)
    }
  }

  /// Makes `change` at `tokens` under `value`, returning the inverse change.
  private static func modify(
    _ value: inout JSONValue, tokens: ArraySlice<String>, change: Change
  ) -> Change {
    guard let token = tokens.first else {
      let old = value
      if case .replace(let new) = change { value = new }
      return .replace(old)
    }
    let rest = tokens.dropFirst()
    switch value {
    case .object(var members):
      value = .null  // keep the members uniquely referenced
      defer { value = .object(members) }
      if rest.isEmpty {
        switch change {
        case .replace(let new):
          let old = members.updateValue(new, forKey: token)
          return old.map(Change.replace) ?? .remove
        case .insert(let new):
          members[token] = new
          return .remove
        case .remove:
          return members.removeValue(forKey: token).map(Change.insert) ?? .remove
        }
      }
      var child = members[token] ?? .null
      members[token] = nil
      let inverse = modify(&child, tokens: rest, change: change)
      members[token] = child
      return inverse
    case .array(var items):
      value = .null
      defer { value = .array(items) }
      let index = JSONPointer.index(token) ?? items.count
      if rest.isEmpty {
        switch change {
        case .replace(let new):
          let old = items[index]
          items[index] = new
          return .replace(old)
        case .insert(let new):
          items.insert(new, at: index)
          return .remove
        case .remove:
          return .insert(items.remove(at: index))
        }
      }
      var child = items[index]
      items[index] = .null
      let inverse = modify(&child, tokens: rest, change: change)
      items[index] = child
      return inverse
    default:
      return .remove  // unreachable: changes are checked first
    }
  }
}
