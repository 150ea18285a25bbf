import DocFormats
import DocKit
import Foundation
import Testing

@Suite("Plain text: byte-exact lines and undoable edits")
struct PlainTextTests {
  static let roundTrips: [String] = [
    "", "a", "a\n", "a\r\n", "a\r\nb", "one\ntwo\r\nthree", "\n\n", "\u{FEFF}bom\n", "cr\ralone\n",
    "tab\tand ünïcödé 🎉\n",
    "trailing spaces   \n  \n",
  ]

  @Test("Every file reads and writes back byte for byte", arguments: roundTrips)
  func roundTrip(_ text: String) throws {
    let lines = try TextLines(data: Data(text.utf8))
    #expect(lines.data == Data(text.utf8))
    for type in PlainTextDocument.readableContentTypes {
      let document = try PlainTextDocument(
        configuration: .init(
          contentType: type, file: FileWrapper(regularFileWithContents: Data(text.utf8))))
      let wrapper = try document.fileWrapper(
        configuration: .init(contentType: type, existingFile: nil))
      #expect(wrapper.regularFileContents == Data(text.utf8))
    }
  }

  @Test("Lines keep their own endings and the final newline is remembered")
  func lineModel() throws {
    let lines = try TextLines(data: Data("a\r\nb\nc".utf8))
    #expect(lines.lines.map(\.text) == ["a", "b", "c"])
    #expect(lines.lines.map(\.ending) == [.crlf, .lf, .none])
    #expect(!lines.hasFinalNewline)
    // New lines take the ending of the last line that has one.
    #expect(lines.preferredEnding == .lf)
    #expect(TextLines().count == 0)
  }

  struct BadBytes: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var offset: Int
    var line: Int
    var column: Int
    var testDescription: String { "bad byte at \(offset)" }
  }

  @Test(
    "Invalid UTF-8 is reported with its byte offset, line and column",
    arguments: [
      BadBytes(bytes: [0xFF], offset: 0, line: 1, column: 1),
      BadBytes(bytes: Array("ok\nab".utf8) + [0xC3, 0x28], offset: 5, line: 2, column: 3),
      BadBytes(bytes: Array("é".utf8) + [0xE2, 0x82], offset: 2, line: 1, column: 3),
      BadBytes(bytes: [0xED, 0xA0, 0x80], offset: 0, line: 1, column: 1),  // an encoded surrogate
    ])
  func invalidUTF8(_ testCase: BadBytes) {
    let error = #expect(throws: FormatError.self) { try TextLines(data: Data(testCase.bytes)) }
    #expect(error?.code == .invalidEncoding)
    #expect(error?.byteOffset == testCase.offset)
    #expect(error?.line == testCase.line)
    #expect(error?.column == testCase.column)
  }

  @Test("A directory is not plain text")
  func directory() {
    let error = #expect(throws: FormatError.self) {
      try PlainTextDocument(
        configuration: .init(
          contentType: .plainText, file: FileWrapper(directoryWithFileWrappers: [:])))
    }
    #expect(error?.code == .corruptFile)
  }

  @Test("Insert, delete and replace return inverses that undo and redo exactly")
  func edits() throws {
    var document = PlainTextDocument(text: "one\r\ntwo\r\nthree")
    let original = document
    var undos: [DocumentEdit<PlainTextDocument>] = []
    undos.append(try document.insert(["four", "five"], at: 3))
    #expect(document.text.text == "one\r\ntwo\r\nthree\r\nfour\r\nfive")
    undos.append(try document.replace(lineAt: 1, with: "TWO"))
    #expect(document.text.text == "one\r\nTWO\r\nthree\r\nfour\r\nfive")
    undos.append(try document.delete(3..<5))
    #expect(document.text.text == "one\r\nTWO\r\nthree")
    undos.append(try document.insert(["zero"], at: 0))
    #expect(document.text.text == "zero\r\none\r\nTWO\r\nthree")
    let edited = document
    var redos: [DocumentEdit<PlainTextDocument>] = []
    for undo in undos.reversed() { redos.append(undo.apply(to: &document)) }
    #expect(document == original)
    for redo in redos.reversed() { redo.apply(to: &document) }
    #expect(document == edited)
    #expect(
      undos.map(\.actionName) == ["Insert Lines", "Replace Line", "Delete Lines", "Insert Lines"])
  }

  @Test("Appending to and deleting from a file with a final newline keeps it")
  func finalNewlineKept() throws {
    var document = PlainTextDocument(text: "a\nb\n")
    try document.insert(["c"], at: 2)
    #expect(document.text.text == "a\nb\nc\n")
    try document.delete(1..<3)
    #expect(document.text.text == "a\n")
    try document.delete(0..<1)
    #expect(document.text.text == "")
    try document.insert(["x"], at: 0)
    #expect(document.text.text == "x\n")
  }

  @Test("Bad edits are refused and change nothing")
  func badEdits() {
    var document = PlainTextDocument(text: "a\nb\n")
    for attempt in [
      { (doc: inout PlainTextDocument) throws in _ = try doc.insert(["x"], at: 3) },
      { (doc: inout PlainTextDocument) throws in _ = try doc.insert(["x\ny"], at: 0) },
      { (doc: inout PlainTextDocument) throws in _ = try doc.replace(lineAt: 2, with: "x") },
      { (doc: inout PlainTextDocument) throws in _ = try doc.replace(lineAt: 0, with: "x\r") },
      { (doc: inout PlainTextDocument) throws in _ = try doc.delete(1..<3) },
      { (doc: inout PlainTextDocument) throws in _ = try doc.delete(-1..<1) },
    ] {
      let error = #expect(throws: FormatError.self) { try attempt(&document) }
      #expect(error?.code == .invalidEdit)
    }
    #expect(document.text.text == "a\nb\n")
  }

  @MainActor
  @Test("The Document-family text type reads, applies, edits with undo, and writes")
  func textFileDocument() async throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
      "docrepl-text-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("in.md")
    try Data("# Title\r\n\r\nbody".utf8).write(to: source)

    let document = TextFileDocument()
    let store = FileWrapperStore()
    let reader = document.reader(configuration: .init(contentType: .markdown, wrapperStore: store))
    let snapshot = try await reader.read(from: source, progress: .discarded)
    try await document.apply(snapshot: snapshot, previous: nil)
    #expect(document.text.text == "# Title\r\n\r\nbody")
    #expect(store.current.url == source)

    let undoManager = UndoManager()
    try document.replace(lineAt: 2, with: "changed", undoManager: undoManager)
    try document.insert(["more"], at: 3, undoManager: undoManager)
    undoManager.markEventBoundary()
    #expect(undoManager.undoMenuItemTitle == "Undo Insert Lines")
    undoManager.undo()
    #expect(document.text.text == "# Title\r\n\r\nbody")
    undoManager.redo()
    #expect(document.text.text == "# Title\r\n\r\nchanged\r\nmore")

    let writer = document.writer(configuration: .init(contentType: .markdown, wrapperStore: store))
    let output = directory.appendingPathComponent("out.md")
    try await writer.write(
      snapshot: try await document.snapshot(contentType: .markdown), to: output, previous: snapshot,
      progress: .discarded)
    #expect(try Data(contentsOf: output) == Data("# Title\r\n\r\nchanged\r\nmore".utf8))
  }
}
