import DocKit
import DocScript
import Foundation
import Synchronization

// Document models written the way public SwiftUI apps write them, for
// `docrepl check`'s tests: encodings that are not deterministic, and three
// real bugs (a snapshot that shares class instances with the live model,
// undo re-registered inside a Task, edits that never reach the undo
// manager).

extension UTType {
  /// The models' file type: JSON in a `.model` file.
  static let checkModel: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.model", conformsTo: ["public.json"],
        tags: [.filenameExtension: ["model"]], description: "Check model")
    ])
    return UTType(exportedAs: "org.docrepl.test.model", conformingTo: .json)
  }()
}

/// A JSON writer that, like `JSONEncoder` without `.sortedKeys` on Linux,
/// writes an object's keys in another order at each call; here the order
/// rotates with a counter, so that tests do not depend on hashing luck.
enum ShuffledJSON {
  private static let calls = Mutex(0)

  /// `fields` as a JSON object, keys in the next rotation.
  static func encode(_ fields: [(String, Any)]) throws -> Data {
    let call = calls.withLock {
      $0 += 1
      return $0
    }
    let shift = fields.isEmpty ? 0 : call % fields.count
    let rotated = Array(fields[shift...] + fields[..<shift])
    var text = "{"
    for (index, (key, value)) in rotated.enumerated() {
      let encoded = try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
      text += (index > 0 ? "," : "") + "\"\(key)\":" + String(decoding: encoded, as: UTF8.self)
    }
    return Data((text + "}\n").utf8)
  }

  /// The object in `data`.
  static func decode(_ data: Data?) throws -> [String: Any] {
    guard let data, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    return object
  }
}

/// A settings-like `FileDocument` with several keys, encoded through a
/// writer whose key order changes (``ShuffledJSON``), or with
/// `JSONEncoder()` as apps do (`realEncoder`). Equatable, and correct.
struct ProfileDocument: ScriptableFileDocument, Equatable {
  static let keys = ["author", "city", "email", "language", "name", "theme", "title", "zone"]
  static var readableContentTypes: [UTType] { [.checkModel] }
  var fields: [String: String] = [:]

  init() {}
  init(configuration: ReadConfiguration) throws {
    let object = try ShuffledJSON.decode(configuration.file.regularFileContents)
    fields = object.compactMapValues { $0 as? String }.filter { !$0.value.isEmpty }
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(
      regularFileWithContents: try ShuffledJSON.encode(Self.keys.map { ($0, fields[$0] ?? "") }))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("profile", .checkModel)] }
  static func makeUntitled(contentType: UTType) -> ProfileDocument { ProfileDocument() }
  var scriptDescription: String {
    Self.keys.compactMap { key in fields[key].map { "\(key): \($0)" } }.joined(separator: "\n")
  }
  static var scriptDescriptionIsDeterministic: Bool { true }

  static func setting(_ key: String, _ value: String) -> DocumentEdit<ProfileDocument> {
    DocumentEdit(actionName: "Set \(key)") { document in
      let old = document.fields[key] ?? ""
      document.fields[key] = value.isEmpty ? nil : value
      return setting(key, old)
    }
  }

  @MainActor static var scriptCommands: [DocumentCommand<ProfileDocument>] {
    let keyParameter = CommandParameter.required("KEY")
    let valueParameter = CommandParameter.required("VALUE")
    return [
      DocumentCommand(
        CommandSpec(
          "set", [keyParameter, valueParameter], summary: "sets a field",
          example: "set name Ada", topic: .document, extendsBuiltin: true)
      ) { context in
        let key = context.arguments[keyParameter]
        guard keys.contains(key.text) else {
          throw ScriptError("no such key", at: key)
        }
        let value = context.arguments[valueParameter].text
        context.session.perform { setting(key.text, value).apply(to: &$0) }
      }
    ]
  }

  @MainActor static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<ProfileDocument>
  ) -> [String] {
    argument == "KEY" ? keys : ["Ada", "Lisbon", "dark", ""]
  }
}

/// A `FileDocument` that keeps tags in a `Set<String>` and encodes it with
/// a `JSONEncoder` that sorts keys: the set's order is its iteration
/// order, which changes when the file is read back. Equatable, correct.
struct TagsDocument: ScriptableFileDocument, Equatable {
  struct Payload: Codable { var tags: Set<String> }
  static var readableContentTypes: [UTType] { [.checkModel] }
  var tags: Set<String> = []

  init() {}
  init(configuration: ReadConfiguration) throws {
    tags = try JSONDecoder().decode(
      Payload.self, from: configuration.file.regularFileContents ?? Data()
    ).tags
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return FileWrapper(regularFileWithContents: try encoder.encode(Payload(tags: tags)))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("tags", .checkModel)] }
  static func makeUntitled(contentType: UTType) -> TagsDocument { TagsDocument() }
  var scriptDescription: String { tags.sorted().joined(separator: ", ") }
  static var scriptDescriptionIsDeterministic: Bool { true }

  static func inserting(_ tag: String) -> DocumentEdit<TagsDocument> {
    DocumentEdit(actionName: "Tag") { document in
      document.tags.insert(tag)
      return removing(tag)
    }
  }
  static func removing(_ tag: String) -> DocumentEdit<TagsDocument> {
    DocumentEdit(actionName: "Untag") { document in
      document.tags.remove(tag)
      return inserting(tag)
    }
  }

  @MainActor static var scriptCommands: [DocumentCommand<TagsDocument>] {
    let tag = CommandParameter.required("NAME")
    return [
      DocumentCommand(
        CommandSpec("tag", [tag], summary: "adds a tag", example: "tag work", topic: .document)
      ) { context in
        let name = context.arguments[tag].text
        guard !name.isEmpty, !context.session.document.tags.contains(name) else {
          throw ScriptError("no new tag", at: context.arguments[tag])
        }
        context.session.perform { inserting(name).apply(to: &$0) }
      },
      DocumentCommand(
        CommandSpec(
          "untag", [tag], summary: "removes a tag", example: "untag work", topic: .document)
      ) { context in
        let name = context.arguments[tag].text
        guard context.session.document.tags.contains(name) else {
          throw ScriptError("no such tag", at: context.arguments[tag])
        }
        context.session.perform { removing(name).apply(to: &$0) }
      },
    ]
  }

  @MainActor static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<TagsDocument>
  ) -> [String] {
    ["home", "work", "urgent", "later", "ideas", "travel", "books", "music", "garden"]
  }
}

/// A profile that is not Equatable: nothing can compare it by value.
struct OpaqueProfileDocument: ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.checkModel] }
  var profile = ProfileDocument()

  init() {}
  init(configuration: ReadConfiguration) throws {
    profile = try ProfileDocument(configuration: configuration)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    try profile.fileWrapper(configuration: configuration)
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("opaque", .checkModel)] }
  static func makeUntitled(contentType: UTType) -> OpaqueProfileDocument {
    OpaqueProfileDocument()
  }
  var scriptDescription: String { profile.scriptDescription }
  static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor static var scriptCommands: [DocumentCommand<OpaqueProfileDocument>] {
    let keyParameter = CommandParameter.required("KEY")
    let valueParameter = CommandParameter.required("VALUE")
    return [
      DocumentCommand(
        CommandSpec(
          "set", [keyParameter, valueParameter], summary: "sets a field",
          example: "set name Ada", topic: .document, extendsBuiltin: true)
      ) { context in
        let key = context.arguments[keyParameter]
        guard ProfileDocument.keys.contains(key.text) else {
          throw ScriptError("no such key", at: key)
        }
        let value = context.arguments[valueParameter].text
        context.session.perform { setting(key.text, value).apply(to: &$0) }
      }
    ]
  }

  static func setting(_ key: String, _ value: String) -> DocumentEdit<OpaqueProfileDocument> {
    DocumentEdit(actionName: "Set \(key)") { document in
      let old = document.profile.fields[key] ?? ""
      document.profile.fields[key] = value.isEmpty ? nil : value
      return setting(key, old)
    }
  }

  @MainActor static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<OpaqueProfileDocument>
  ) -> [String] {
    argument == "KEY" ? ProfileDocument.keys : ["Ada", "Lisbon", "dark", ""]
  }
}

/// How a ``Board`` prints: its titles, or only how many cards it has (so
/// that `show` cannot tell two boards with other titles apart).
protocol BoardStyle: Sendable {
  static var showsTitles: Bool { get }
}
enum ShowsTitles: BoardStyle { static var showsTitles: Bool { true } }
enum ShowsCount: BoardStyle { static var showsTitles: Bool { false } }

/// A card: a class, as in apps whose model is a graph of objects.
final class Card: Equatable, @unchecked Sendable {
  var title: String
  init(_ title: String) { self.title = title }
  static func == (a: Card, b: Card) -> Bool { a.title == b.title }
}

/// A `ReferenceFileDocument` whose snapshot is its array of cards: the
/// same instances the live model edits in place, so `restore` of an old
/// snapshot gives back the edited titles. A real bug.
final class Board<Style: BoardStyle>: ReferenceFileDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.checkModel] }
  var cards: [Card] = []

  init() {}
  init(configuration: ReadConfiguration) throws {
    let object = try ShuffledJSON.decode(configuration.file.regularFileContents)
    cards = ((object["titles"] as? [String]) ?? []).map(Card.init)
  }
  func snapshot(contentType: UTType) throws -> [Card] { cards }
  func fileWrapper(snapshot: [Card], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(
      regularFileWithContents: try ShuffledJSON.encode([
        ("name", "Board"), ("version", 2), ("titles", snapshot.map(\.title)),
        ("count", snapshot.count),
      ]))
  }

  @MainActor func rename(_ card: Card, to title: String, undoManager: UndoManager) {
    let old = card.title
    card.title = title
    undoManager.registerUndo(withTarget: self) { board in
      board.rename(card, to: old, undoManager: undoManager)
    }
  }

  @MainActor func setCards(_ new: [Card], undoManager: UndoManager?) {
    let old = cards
    cards = new
    undoManager?.registerUndo(withTarget: self) { board in
      board.setCards(old, undoManager: undoManager)
    }
  }
}

extension Board: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] {
    [ScriptTypeName(Style.showsTitles ? "board" : "counted-board", .checkModel)]
  }
  static func makeUntitled(contentType: UTType) throws -> Board { Board() }
  static func scriptDescription(of snapshot: [Card]) -> String {
    Style.showsTitles
      ? snapshot.map(\.title).joined(separator: "\n") : "\(snapshot.count) cards"
  }
  static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor func restore(_ snapshot: [Card], undoManager: UndoManager?) throws {
    setCards(snapshot, undoManager: undoManager)
  }

  @MainActor static var scriptCommands: [DocumentCommand<Board>] {
    let title = CommandParameter.required("TITLE")
    let position = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec(
          "add", [title], summary: "adds a card", example: "add Milk", topic: .document)
      ) { context in
        let board = context.session.document
        board.setCards(
          board.cards + [Card(context.arguments[title].text)],
          undoManager: context.session.undoManager)
      },
      DocumentCommand(
        CommandSpec(
          "rename", [position, title], summary: "renames a card in place",
          example: "rename 1 Bread", topic: .document)
      ) { context in
        let board = context.session.document
        let number = context.arguments[position]
        guard !board.cards.isEmpty else { throw ScriptError("no cards", at: number) }
        let index = try number.integer("N", in: 1...board.cards.count) - 1
        board.rename(
          board.cards[index], to: context.arguments[title].text,
          undoManager: context.session.undoManager)
      },
    ]
  }
}

/// A counter whose undo handler registers the redo inside
/// `Task { @MainActor in … }`, as some apps do to get back on the main
/// actor: the redo is registered after the undo has ended, so it lands on
/// the undo stack and redo is lost. A real bug.
final class TaskUndoCounter: ReferenceFileDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.checkModel] }
  var count = 0

  init() {}
  init(configuration: ReadConfiguration) throws {
    count = try ShuffledJSON.decode(configuration.file.regularFileContents)["count"] as? Int ?? 0
  }
  func snapshot(contentType: UTType) throws -> Int { count }
  func fileWrapper(snapshot: Int, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(
      regularFileWithContents: try ShuffledJSON.encode([
        ("count", snapshot), ("unit", "items"), ("step", 1), ("name", "Counter"),
      ]))
  }

  @MainActor func add(_ n: Int, undoManager: UndoManager) {
    count += n
    undoManager.registerUndo(withTarget: self) { counter in
      counter.count -= n
      Task { @MainActor in
        undoManager.registerUndo(withTarget: counter) { $0.add(n, undoManager: undoManager) }
      }
    }
  }
}

extension TaskUndoCounter: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("task-counter", .checkModel)] }
  static func makeUntitled(contentType: UTType) throws -> TaskUndoCounter { TaskUndoCounter() }
  static func scriptDescription(of snapshot: Int) -> String { "count: \(snapshot)" }
  static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor func restore(_ snapshot: Int, undoManager: UndoManager?) throws {
    guard let undoManager else { return }
    add(snapshot - count, undoManager: undoManager)
  }

  @MainActor static var scriptCommands: [DocumentCommand<TaskUndoCounter>] {
    let amount = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec("add", [amount], summary: "adds N", example: "add 2", topic: .document)
      ) { context in
        let n = try context.arguments[amount].integer("N", in: 1...9)
        context.session.document.add(n, undoManager: context.session.undoManager)
      }
    ]
  }
}

/// A list whose edits change the model and tell no undo manager, so the
/// document never becomes dirty: a save writes nothing. A real bug.
final class SilentList: ReferenceFileDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.checkModel] }
  var items: [String] = []

  init() {}
  init(configuration: ReadConfiguration) throws {
    items =
      try ShuffledJSON.decode(configuration.file.regularFileContents)["items"] as? [String]
      ?? []
  }
  func snapshot(contentType: UTType) throws -> [String] { items }
  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(
      regularFileWithContents: try ShuffledJSON.encode([
        ("items", snapshot), ("name", "List"), ("version", 1),
      ]))
  }
}

extension SilentList: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("silent-list", .checkModel)] }
  static func makeUntitled(contentType: UTType) throws -> SilentList { SilentList() }
  static func scriptDescription(of snapshot: [String]) -> String {
    snapshot.joined(separator: "\n")
  }
  static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor func restore(_ snapshot: [String], undoManager: UndoManager?) throws {
    items = snapshot
  }

  @MainActor static var scriptCommands: [DocumentCommand<SilentList>] {
    let item = CommandParameter.required("ITEM")
    return [
      DocumentCommand(
        CommandSpec("add", [item], summary: "adds an item", example: "add Milk", topic: .document)
      ) { context in
        context.session.document.items.append(context.arguments[item].text)
      }
    ]
  }
}
