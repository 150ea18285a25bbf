import DocKit
import Foundation
import Testing

@testable import DocFormats

/// An opened container keeps its entries as read as spans of nodes, and
/// holds one by one only those an edit touched. Every edit here is made
/// twice: to a document as it opens containers, and to one whose opened
/// containers hold every entry one by one (as they all did before); the
/// bytes, the values read, undo and redo must agree at every step.
@Suite("JSON: containers opened sparsely read, edit, undo, redo and save as fully opened ones")
struct JSONSparseOpeningTests {
  /// A file as the JSON benchmark writes it: `count` objects in an array.
  static func objects(_ count: Int, lineEnding: String = "\n", mark: Bool = false) -> String {
    var text = (mark ? "\u{FEFF}" : "") + "[" + lineEnding
    for id in 0..<count {
      let object = """
          {
            "id": \(id),
            "tags": [
              "t\(id % 7)",
              "t\(id % 5)"
            ],
            "dims": {
              "w": \(id % 100),
              "h": \(id % 11)
            }
          }
        """
      text += object.replacingOccurrences(of: "\n", with: lineEnding)
      text += (id == count - 1 ? "" : ",") + lineEnding
    }
    return text + "]" + lineEnding
  }

  /// The same objects, one line each, with comments and a trailing comma
  /// (JSON with comments).
  static func commentedObjects(_ count: Int) -> String {
    var text = "// items\n[\n"
    for id in 0..<count {
      text += "  {\"id\": \(id), /* id */ \"tags\": [\"t\(id % 7)\", \"t\(id % 5)\",], "
      text += "\"dims\": {\"w\": \(id % 100), \"h\": \(id % 11)}}, // \(id)\n"
    }
    return text + "]\n"
  }

  enum Edit: CustomStringConvertible, Sendable {
    case set(String, String)
    case insert(String, String)
    case remove(String)

    var pointer: String {
      switch self {
      case .set(let pointer, _), .insert(let pointer, _), .remove(let pointer): pointer
      }
    }

    var description: String {
      switch self {
      case .set(let pointer, let value): "set \(pointer) \(value)"
      case .insert(let pointer, let value): "insert \(pointer) \(value)"
      case .remove(let pointer): "remove \(pointer)"
      }
    }

    func apply(to document: inout JSONDocument) throws -> DocumentEdit<JSONDocument> {
      switch self {
      case .set(let pointer, let value):
        try document.set(JSONDocument.literal(value), at: pointer)
      case .insert(let pointer, let value):
        try document.insert(JSONDocument.literal(value), at: pointer)
      case .remove(let pointer):
        try document.remove(at: pointer)
      }
    }
  }

  /// Opens the containers `edit` passes through in `document` and holds
  /// their entries one by one.
  static func openFully(_ document: inout JSONDocument, for edit: Edit) throws {
    let tokens = try JSONPointer(edit.pointer).tokens
    var deepest = JSONPointer(tokens: [])
    for count in 0..<tokens.count {
      let prefix = JSONPointer(tokens: Array(tokens[..<count]))
      guard (try? document.resolve(prefix)) != nil else { break }
      deepest = prefix
    }
    document.openPath(to: try document.resolve(deepest).ref)
    document.holdEveryOpenedEntry()
  }

  /// Makes `edits` to both forms of `text`, comparing them at each step,
  /// then undoes and redoes them all.
  static func check(
    _ text: String, _ edits: [Edit], dialect: JSONDialect = .json,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var sparse = try JSONDocument(text: text, dialect: dialect)
    var full = sparse
    let original = sparse.data
    #expect(original == Data(text.utf8), sourceLocation: sourceLocation)
    var undos: [(sparse: DocumentEdit<JSONDocument>, full: DocumentEdit<JSONDocument>)] = []
    var states = [original]
    for edit in edits {
      try openFully(&full, for: edit)
      let undoFull = try edit.apply(to: &full)
      let undoSparse = try edit.apply(to: &sparse)
      undos.append((undoSparse, undoFull))
      #expect(sparse.data == full.data, "\(edit)", sourceLocation: sourceLocation)
      #expect(
        sparse.length(of: sparse.rootRef) + sparse.prefix.count + sparse.suffix.count
          == sparse.data.count, "\(edit)", sourceLocation: sourceLocation)
      #expect(sparse.root == full.root, "\(edit)", sourceLocation: sourceLocation)
      #expect(
        try sparse.value(at: parent(of: edit.pointer))
          == full.value(at: parent(of: edit.pointer)), "\(edit)", sourceLocation: sourceLocation)
      #expect(try JSONDocument(text: sparse.text, dialect: dialect).root == full.root)
      states.append(sparse.data)
    }
    // Undo all, checking each state on the way back; then redo all.
    var redos: [(sparse: DocumentEdit<JSONDocument>, full: DocumentEdit<JSONDocument>)] = []
    for (step, undo) in undos.enumerated().reversed() {
      redos.append((undo.sparse.apply(to: &sparse), undo.full.apply(to: &full)))
      #expect(sparse.data == states[step], "undo \(edits[step])", sourceLocation: sourceLocation)
      #expect(full.data == states[step], "undo \(edits[step])", sourceLocation: sourceLocation)
    }
    #expect(sparse.data == original, sourceLocation: sourceLocation)
    for (step, redo) in redos.reversed().enumerated() {
      _ = redo.sparse.apply(to: &sparse)
      _ = redo.full.apply(to: &full)
      #expect(
        sparse.data == states[step + 1], "redo \(edits[step])", sourceLocation: sourceLocation)
      #expect(full.data == sparse.data, "redo \(edits[step])", sourceLocation: sourceLocation)
    }
  }

  static func parent(of pointer: String) throws -> String {
    JSONPointer(tokens: Array(try JSONPointer(pointer).tokens.dropLast())).description
  }

  static let editLists: [[Edit]] = [
    [.set("/0/dims/w", "7")],
    [.set("/19/dims/w", "7")],
    [.set("/10/dims/w", "7")],
    [.set("/0", #"{"new": true}"#)],
    [.set("/19", "[1, 2]")],
    [.set("/-", "null")],
    [.set("/20", "null")],
    [.insert("/0", "1")],
    [.insert("/10", #"{"a": [1]}"#)],
    [.insert("/-", "2")],
    [.insert("/19/tags/0", #""n""#)],
    [.remove("/0")],
    [.remove("/19")],
    [.remove("/10")],
    [.remove("/10/tags/1")],
    [.set("/10/dims/w", "1"), .set("/10/dims", "{}"), .set("/10/dims/x", "2")],
    [.set("/10/dims/w", "1"), .set("/10", "3"), .set("/11/dims/h", "4")],
    [.set("/10/dims/w", "1"), .remove("/9"), .set("/9/dims/w", "5"), .insert("/9", "0")],
    [.remove("/0"), .remove("/0"), .set("/0/id", "1"), .insert("/0/tags/-", "9")],
    [.set("/3/dims/w", "1"), .set("/15/dims/h", "2"), .set("/9/tags/0", "3"), .remove("/15")],
    [.insert("/5", "1"), .insert("/5", "2"), .remove("/6"), .set("/5", "3")],
    [.set("", "[1]"), .insert("/0", "2")],
  ]

  @Test(
    "Edits at the first, last and middle index, nested, inserted and removed", arguments: editLists)
  func edits(_ edits: [Edit]) throws {
    try Self.check(Self.objects(20), edits)
  }

  @Test("The same with CRLF line endings and a byte-order mark", arguments: editLists)
  func crlfAndMark(_ edits: [Edit]) throws {
    try Self.check(Self.objects(20, lineEnding: "\r\n", mark: true), edits)
  }

  @Test("The same in JSON with comments", arguments: editLists)
  func withComments(_ edits: [Edit]) throws {
    try Self.check(Self.commentedObjects(20), edits, dialect: .jsonWithComments)
  }

  @Test("Random edits of a larger array", arguments: 0..<6)
  func randomEdits(_ seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &+ 101)
    var count = 200
    var tags = [Int](repeating: 2, count: count)
    var edits: [Edit] = []
    while edits.count < 60 {
      let object = random.below(count)
      switch random.below(7) {
      case 0: edits.append(.set("/\(object)/dims/w", "\(random.below(1000))"))
      case 1: edits.append(.set("/\(object)/dims/d", "\(random.below(1000))"))
      case 2:
        edits.append(.insert("/\(object)/tags/0", "\"n\(random.below(10))\""))
        tags[object] += 1
      case 3 where tags[object] > 0:
        edits.append(.remove("/\(object)/tags/0"))
        tags[object] -= 1
      case 4:
        let at = random.below(count + 1)
        edits.append(.insert("/\(at)", #"{"tags": [], "dims": {}}"#))
        tags.insert(0, at: at)
        count += 1
      case 5 where count > 1:
        edits.append(.remove("/\(object)"))
        tags.remove(at: object)
        count -= 1
      default:
        edits.append(.set("/\(object)", #"{"tags": ["x"], "dims": {"w": 1}}"#))
        tags[object] = 1
      }
    }
    try Self.check(Self.objects(200), edits)
  }

  @Test("Reading an opened container: values, keys, counts, spans, ambiguity")
  func reading() throws {
    var document = try JSONDocument(
      text: #"{"a": [10, 20, 30, 40], "b": {"x": 1, "x": 2, "y": 3}, "c": 0}"#)
    try document.set(.number("25"), at: "/a/1")
    try document.set(.number("4"), at: "/b/y")
    #expect(try document.value(at: "/a") == .array([10, 25, 30, 40].map { .number("\($0)") }))
    #expect(try document.keys(at: "/b") == [#""x""#, #""x""#, #""y""#])
    #expect(try document.length(at: "/a") == 4)
    #expect(try document.value(at: "/a/3") == .number("40"))
    #expect(try document.span(at: "/a/2") == 15..<17)
    #expect(document.children(at: "/a").map(\.key) == ["0", "1", "2", "3"])
    let error = #expect(throws: FormatError.self) { try document.value(at: "/b/x") }
    #expect(error?.message.contains("(line 1)") == true)
    #expect(document.text == #"{"a": [10, 25, 30, 40], "b": {"x": 1, "x": 2, "y": 4}, "c": 0}"#)
  }

  @Test(
    "An element past the end is refused, in an array as read and in one opened",
    arguments: ["/3", "/3/x", "/9223372036854775807", "/0/9", "/1/0/1", "/1/1"])
  func pastTheEnd(_ pointer: String) throws {
    var document = try JSONDocument(text: "[[1, 2], [[3]], 4]")
    let read = #expect(throws: FormatError.self) { try document.value(at: pointer) }
    try document.set(.number("5"), at: "/0/1")
    try document.set(.number("6"), at: "/1/0/0")
    let opened = #expect(throws: FormatError.self) { try document.value(at: pointer) }
    #expect(read?.message == opened?.message)
    #expect(read?.code == .invalidPointer)
    #expect(try document.value(at: "/2") == .number("4"))
    #expect(try document.value(at: "/1/0/0") == .number("6"))
  }

  @Test("Opening a large array holds one run, and an edit splits it around one entry")
  func runsStaySparse() throws {
    var document = try JSONDocument(text: Self.objects(1_000))
    try document.set(.number("1"), at: "/500/dims/w")
    let array = try #require(document.opened[document.rootRef])
    #expect(array.entries.count == 1_000)
    #expect(array.entries.pieces.count == 1)
    let object = try #require(document.opened[array.entries[500].value])
    #expect(object.entries.pieces.count == 1)
    let dims = try #require(document.opened[object.entries[2].value])
    #expect(dims.entries.pieces.map(\.count) == [1, 1])
    try document.set(.number("2"), at: "/500")
    let edited = try #require(document.opened[document.rootRef])
    #expect(edited.entries.pieces.map(\.count) == [500, 1, 499])
  }
}
