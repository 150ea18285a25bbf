import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// The B-tree behind `TextLines`, checked against a plain array of lines
/// that follows the same rules, over thousands of seeded random edits.
@Suite("Text buffer: the line tree against an array model")
struct TextLinesTreeTests {
  /// A starting text and a seed for the edits.
  struct Start: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var seed: UInt64
    var testDescription: String { name }
  }

  static let starts: [Start] = [
    Start(name: "empty", text: "", seed: 1),
    Start(name: "one line without a newline", text: "only", seed: 2),
    Start(name: "one empty line", text: "\n", seed: 3),
    Start(
      name: "CRLF without a final newline", text: numbered(40, ending: "\r\n", final: false),
      seed: 4),
    Start(name: "a full leaf", text: numbered(64, ending: "\n", final: true), seed: 5),
    Start(name: "a leaf and one", text: numbered(65, ending: "\n", final: true), seed: 6),
    Start(name: "BOM and mixed endings", text: "\u{FEFF}" + mixed(700), seed: 7),
    Start(name: "three levels", text: numbered(20_000, ending: "\n", final: false), seed: 8),
  ]

  static func numbered(_ count: Int, ending: String, final: Bool) -> String {
    (0..<count).map { "line \($0)" }.joined(separator: ending) + (final && count > 0 ? ending : "")
  }

  static func mixed(_ count: Int) -> String {
    (0..<count).map { "m\($0) ünï 🎉" + ($0 % 3 == 0 ? "\r\n" : "\n") }.joined()
  }

  @Test("Random edits give what an array of lines gives", arguments: starts)
  func differential(_ start: Start) throws {
    var random = SplitMix64(seed: start.seed)
    var text = TextLines(start.text)
    var model = LineModel(start.text)
    let original = text
    var undo: [DocumentEdit<TextLines>] = []
    let steps = start.text.utf8.count > 100_000 ? 1_500 : 3_000
    for step in 0..<steps {
      let edit = RandomEdit.make(&random, count: model.lines.count)
      let accepted = (try? model.apply(edit)) != nil
      let inverse = try? edit.apply(to: &text)
      #expect((inverse != nil) == accepted, "step \(step): \(edit)")
      if let inverse { undo.append(inverse) }
      if step % 97 == 0 || model.lines.count < 200 {
        try check(text, against: model, step: step)
      }
    }
    try check(text, against: model, step: steps)

    // Undo everything, then redo everything.
    let edited = text
    var redo: [DocumentEdit<TextLines>] = []
    while let inverse = undo.popLast() { redo.append(inverse.apply(to: &text)) }
    #expect(text == original)
    #expect(text.data == Data(start.text.utf8))
    #expect(text.hasValidTree)
    while let inverse = redo.popLast() { inverse.apply(to: &text) }
    #expect(text == edited)
    #expect(text.data == edited.data)
    #expect(text.hasValidTree)
  }

  func check(_ text: TextLines, against model: LineModel, step: Int) throws {
    #expect(text.hasValidTree, "step \(step)")
    #expect(text.count == model.lines.count, "step \(step)")
    #expect(text.text == model.text, "step \(step)")
    #expect(text.data == model.data, "step \(step)")
    #expect(text.hasByteOrderMark == model.hasByteOrderMark, "step \(step)")
    #expect(text.lines.elementsEqual(model.lines), "step \(step)")
    #expect(text.hasFinalNewline == model.hasFinalNewline, "step \(step)")
    #expect(text.preferredEnding == model.preferredEnding, "step \(step)")
    #expect(text == TextLines(String(decoding: model.data, as: UTF8.self)), "step \(step)")
    if !model.lines.isEmpty {
      for index in [0, model.lines.count / 2, model.lines.count - 1] {
        #expect(text.lines[index] == model.lines[index], "step \(step), line \(index)")
      }
    }
  }

  @Test("Every line of a large text is where the array has it, by index and by iteration")
  func largeIndexing() {
    let source = Self.mixed(50_000)
    let text = TextLines(source)
    let model = LineModel(source)
    #expect(text.hasValidTree)
    #expect(text.count == 50_000)
    #expect(Array(text.lines) == model.lines)
    #expect(text.lines.indices.allSatisfy { text.lines[$0] == model.lines[$0] })
    #expect(Array(text.lines.reversed()) == model.lines.reversed())
    #expect(Array(text.lines[100..<103]) == Array(model.lines[100..<103]))
    #expect(text.text == source)
  }

  @Test("A copy is independent of the original, both ways, at every size")
  func copyOnWrite() throws {
    for count in [3, 64, 65, 2_000, 40_000] {
      let source = Self.numbered(count, ending: "\n", final: true)
      var original = TextLines(source)
      var copy = original
      let view = original.lines
      try copy.replace(lineAt: count / 2, with: "changed")
      try copy.insert(["new"], at: 0)
      try copy.delete(count..<(count + 1))
      #expect(original.text == source)
      #expect(original.lines[count / 2].text == "line \(count / 2)")
      #expect(copy.lines[0].text == "new")
      #expect(copy.lines[count / 2 + 1].text == "changed")
      #expect(copy.count == count)
      #expect(copy.hasValidTree)

      let copyText = copy.text
      try original.delete(0..<(count / 2))
      try original.insert(Array(repeating: "x", count: 300), at: original.count)
      #expect(copy.text == copyText)
      #expect(view.count == count)
      #expect(Array(view) == LineModel(source).lines)
      #expect(original.count == count - count / 2 + 300)
      #expect(original.hasValidTree)
    }
  }

  @Test("Copies edited at once on several threads stay independent")
  func concurrentCopies() async throws {
    let base = TextLines(Self.numbered(5_000, ending: "\n", final: true))
    let results = await withTaskGroup(of: (Int, String, String).self) { group in
      for worker in 0..<8 {
        group.addTask {
          var text = base
          var model = LineModel(base.text)
          var random = SplitMix64(seed: UInt64(100 + worker))
          for _ in 0..<500 {
            let edit = RandomEdit.make(&random, count: model.lines.count)
            _ = try? model.apply(edit)
            _ = try? edit.apply(to: &text)
          }
          return (worker, text.text, model.text)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    for (worker, text, expected) in results { #expect(text == expected, "worker \(worker)") }
    #expect(base.text == Self.numbered(5_000, ending: "\n", final: true))
  }

  @Test("Equal lines are equal and hash alike, whatever the shape of the tree")
  func equalityAcrossShapes() throws {
    let source = Self.numbered(3_000, ending: "\r\n", final: true)
    let built = TextLines(source)
    // The same lines reached by edits give other trees: inserted one at a
    // time at the front (half-full leaves), or trimmed off the front.
    var grown = TextLines("seed\r\n")
    for line in LineModel(source).lines.reversed() { try grown.insert([line.text], at: 0) }
    try grown.delete(3_000..<3_001)
    var trimmed = TextLines("a\r\nb\r\n" + source)
    try trimmed.delete(0..<2)
    #expect(grown.text == source)
    #expect(trimmed.text == source)
    for other in [grown, trimmed] {
      #expect(other == built)
      #expect(other.hashValue == built.hashValue)
      #expect(other.hasValidTree)
    }
    #expect(Set([built, grown, trimmed]).count == 1)

    #expect(TextLines("a\n") != TextLines("a\r\n"))
    #expect(TextLines("a\n") != TextLines("a"))
    #expect(TextLines("") != TextLines("\n"))
    #expect(TextLines("") == TextLines())
    var changed = built
    try changed.replace(lineAt: 1_500, with: "other")
    #expect(changed != built)
  }

  /// One edit of a small text and the text it gives.
  struct Boundary: Sendable, CustomTestStringConvertible {
    var source: String
    var edit: RandomEdit
    var expected: String
    var testDescription: String { "\(edit) of \(source.debugDescription)" }

    init(_ source: String, _ edit: RandomEdit, _ expected: String) {
      self.source = source
      self.edit = edit
      self.expected = expected
    }
  }

  @Test(
    "Edits at the boundaries follow the line rules, and their inverses restore the bytes",
    arguments: [
      Boundary("", .insert(["a"], at: 0), "a\n"),
      Boundary("x", .insert(["a", "b"], at: 1), "x\na\nb"),
      Boundary("x", .insert(["a"], at: 0), "a\nx"),
      Boundary("x\r\ny", .insert(["a"], at: 2), "x\r\ny\r\na"),
      Boundary("x\r\ny", .delete(1..<2), "x"),
      Boundary("x\r\ny", .delete(0..<2), ""),
      Boundary("x\r\ny\r\n", .delete(1..<2), "x\r\n"),
      Boundary("x", .replace(0, "y"), "y"),
      Boundary("x\r\n", .replace(0, "y"), "y\r\n"),
      // The byte-order mark belongs to the text, not to line 1.
      Boundary("\u{FEFF}x\n", .replace(0, "y"), "\u{FEFF}y\n"),
      Boundary("\u{FEFF}x\n", .insert(["y"], at: 0), "\u{FEFF}y\nx\n"),
      Boundary("\u{FEFF}x\n", .delete(0..<1), "\u{FEFF}"),
      Boundary("\u{FEFF}x\n", .insert(["y"], at: 1), "\u{FEFF}x\ny\n"),
      // A new line takes the ending of the last line that has one.
      Boundary("a\nb\r\n", .insert(["y"], at: 0), "y\r\na\nb\r\n"),
      Boundary("a\r\nb\n", .insert(["y"], at: 0), "y\na\r\nb\n"),
      Boundary("a\nb\r\nc", .insert(["y"], at: 3), "a\nb\r\nc\r\ny"),
      Boundary("x\n", .insert([], at: 1), "x\n"),
      Boundary("x\n", .delete(1..<1), "x\n"),
    ])
  func boundaries(_ boundary: Boundary) throws {
    var text = TextLines(boundary.source)
    var model = LineModel(boundary.source)
    let inverse = try boundary.edit.apply(to: &text)
    try model.apply(boundary.edit)
    #expect(text.data == Data(boundary.expected.utf8))
    #expect(model.data == Data(boundary.expected.utf8))
    #expect(text.hasValidTree)
    inverse.apply(to: &text)
    #expect(text.data == Data(boundary.source.utf8))
  }

  @Test("A PlainTextDocument undoes a long run of edits through its inverses, byte for byte")
  func documentUndoRedo() throws {
    let source = "\u{FEFF}" + Self.mixed(3_000) + "no final newline"
    var document = PlainTextDocument()
    document.text = try TextLines(data: Data(source.utf8))
    var random = SplitMix64(seed: 42)
    var undo: [DocumentEdit<PlainTextDocument>] = []
    for _ in 0..<2_000 {
      let count = document.text.count
      switch random.below(3) {
      case 0:
        undo.append(try document.insert(["i\(random.below(1000))"], at: random.below(count + 1)))
      case 1: undo.append(try document.replace(lineAt: random.below(count), with: "r"))
      default:
        let index = random.below(count)
        undo.append(try document.delete(index..<(index + 1)))
      }
    }
    let edited = document
    var redo: [DocumentEdit<PlainTextDocument>] = []
    while let inverse = undo.popLast() { redo.append(inverse.apply(to: &document)) }
    #expect(document.text.data == Data(source.utf8))
    while let inverse = redo.popLast() { inverse.apply(to: &document) }
    #expect(document == edited)
  }
}

// MARK: - The model and the random edits

/// The reference: an array of lines with the rules `TextLines` documents.
struct LineModel {
  var lines: [TextLines.Line]
  /// A leading U+FEFF: the text's, not line 1's.
  var hasByteOrderMark = false

  init(_ text: String) {
    lines = []
    var current = ""
    var scalars = Substring(text).unicodeScalars[...]
    if scalars.first == "\u{FEFF}" {
      hasByteOrderMark = true
      scalars = scalars.dropFirst()
    }
    while let scalar = scalars.popFirst() {
      if scalar == "\n" {
        if current.unicodeScalars.last == "\r" {
          current.unicodeScalars.removeLast()
          lines.append(.init(current, ending: .crlf))
        } else {
          lines.append(.init(current, ending: .lf))
        }
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(.init(current, ending: .none)) }
  }

  var text: String { lines.map { $0.text + $0.ending.rawValue }.joined() }
  var data: Data { Data(((hasByteOrderMark ? "\u{FEFF}" : "") + text).utf8) }
  var hasFinalNewline: Bool { lines.last.map { $0.ending != .none } ?? false }
  var preferredEnding: TextLines.LineEnding {
    lines.last { $0.ending != .none }?.ending ?? .lf
  }

  struct Refused: Error {}

  mutating func apply(_ edit: RandomEdit) throws {
    switch edit {
    case .insert(let texts, let index):
      guard (0...lines.count).contains(index) else { throw Refused() }
      let ending = preferredEnding
      if index == lines.count, let last = lines.last, last.ending == .none, !texts.isEmpty {
        lines[lines.count - 1].ending = ending
        lines += texts.map { .init($0, ending: ending) }
        lines[lines.count - 1].ending = .none
      } else {
        lines.insert(contentsOf: texts.map { .init($0, ending: ending) }, at: index)
      }
    case .delete(let range):
      guard range.lowerBound >= 0, range.upperBound <= lines.count else { throw Refused() }
      if range.upperBound == lines.count, range.lowerBound > 0,
        lines[lines.count - 1].ending == .none
      {
        lines[range.lowerBound - 1].ending = .none
      }
      lines.removeSubrange(range)
    case .replace(let index, let text):
      guard lines.indices.contains(index) else { throw Refused() }
      lines[index].text = text
    }
  }
}

/// An edit, for both the model and `TextLines`.
enum RandomEdit: Sendable, CustomStringConvertible {
  case insert([String], at: Int)
  case delete(Range<Int>)
  case replace(Int, String)

  var description: String {
    switch self {
    case .insert(let texts, let index): "insert \(texts.count) at \(index)"
    case .delete(let range): "delete \(range)"
    case .replace(let index, _): "replace \(index)"
    }
  }

  func apply(to text: inout TextLines) throws -> DocumentEdit<TextLines> {
    switch self {
    case .insert(let texts, let index): try text.insert(texts, at: index)
    case .delete(let range): try text.delete(range)
    case .replace(let index, let line): try text.replace(lineAt: index, with: line)
    }
  }

  /// Mostly single lines anywhere; often at 0 or the end; sometimes runs
  /// long enough to split and merge leaves and branches, and now and then
  /// out of range.
  static func make(_ random: inout SplitMix64, count: Int) -> RandomEdit {
    func position(_ limit: Int) -> Int {
      switch random.below(10) {
      case 0: 0
      case 1: limit
      default: random.below(limit + 1)
      }
    }
    func length() -> Int {
      switch random.below(20) {
      case 0: random.below(300)
      case 1: random.below(40)
      default: 1
      }
    }
    switch random.below(50) {
    case 0: return .insert(["bad"], at: count + 1)
    case 1: return .delete(count..<(count + 1))
    case 2: return .replace(count, "bad")
    default: break
    }
    switch random.below(count == 0 ? 1 : 3) {
    case 0:
      let texts = (0..<length()).map {
        "t\($0) \(random.below(1_000_000))" + ($0 % 7 == 0 ? " é" : "")
      }
      return .insert(texts, at: position(count))
    case 1:
      let start = position(count - 1)
      return .delete(start..<min(count, start + length()))
    default:
      return .replace(
        random.below(count), random.below(9) == 0 ? "" : "r\(random.below(1_000_000))")
    }
  }
}
