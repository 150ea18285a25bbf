import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// Real-world formatting styles, each edited and compared byte for byte
/// with a golden file: `Tests/DocFormatsTests/Snapshots/json-edits/NAME.json`
/// is the input, `NAME.edits` the edits (`set POINTER VALUE`, `insert
/// POINTER VALUE`, `remove POINTER`, one a line), `NAME.expected` the
/// bytes after them. Undoing every edit must give back the input's bytes.
///
/// After a deliberate change, `DOCREPL_UPDATE_SNAPSHOTS=1 swift test
/// --filter JSONEditCorpusTests` rewrites the `.expected` files; review
/// their diff.
@Suite("JSON edits keep the author's formatting: a corpus of styles")
struct JSONEditCorpusTests {
  static let folder = packageRoot.appendingPathComponent(
    "Tests/DocFormatsTests/Snapshots/json-edits")

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
  }

  /// Applies one line of a `.edits` file.
  static func apply(
    _ line: Substring, to document: inout JSONDocument
  ) throws
    -> DocumentEdit<JSONDocument>
  {
    let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
    switch (parts.first, parts.count) {
    case ("set", 3): return try document.set(JSONDocument.literal(parts[2]), at: parts[1])
    case ("insert", 3): return try document.insert(JSONDocument.literal(parts[2]), at: parts[1])
    case ("remove", 2): return try document.remove(at: parts[1])
    default: throw FormatError(.invalidEdit, "not an edit: \(line)")
    }
  }

  @Test(
    "Each file, edited, is byte for byte its golden file; undo gives back the input",
    arguments: names)
  func golden(_ name: String) throws {
    let input = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))
    let edits = try String(
      contentsOf: Self.folder.appendingPathComponent(name + ".edits"), encoding: .utf8)
    var document = try JSONDocument(
      configuration: .init(contentType: .json, file: FileWrapper(regularFileWithContents: input)))
    #expect(document.data == input, "reading and writing changes nothing")
    var undos: [DocumentEdit<JSONDocument>] = []
    for line in edits.split(separator: "\n") {
      undos.append(try Self.apply(line, to: &document))
    }
    let golden = Self.folder.appendingPathComponent(name + ".expected")
    if ProcessInfo.processInfo.environment["DOCREPL_UPDATE_SNAPSHOTS"] == "1" {
      try document.data.write(to: golden)
    }
    let expected = try Data(contentsOf: golden)
    #expect(document.data == expected)
    // What was written reads back as the value the edits made.
    #expect(try JSONDocument(text: document.text).root == document.root)
    var redos: [DocumentEdit<JSONDocument>] = []
    for undo in undos.reversed() { redos.append(undo.apply(to: &document)) }
    #expect(document.data == input)
    for redo in redos.reversed() { redo.apply(to: &document) }
    #expect(document.data == expected)
  }

  @Test("The corpus covers the styles it must")
  func coverage() {
    #expect(
      Set(Self.names).isSuperset(of: [
        "package-2-space", "four-space", "tabs-crlf", "one-line", "minified", "no-final-newline",
        "escapes-numbers", "deep", "empty-containers", "duplicates", "separators",
      ]))
  }
}
