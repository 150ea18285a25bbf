public import DocKit
import Foundation

/// A plain-text document, as a value: reads and writes plain text, UTF-8
/// plain text and Markdown, byte for byte.
///
///     var document = PlainTextDocument(text: "Milk\nEggs\n")
///     let undo = try document.insert(["Bread"], at: 1)
///     document.text.text      // "Milk\nBread\nEggs\n"
///     undo.apply(to: &document)
public struct PlainTextDocument: FileDocument, Hashable {
  public static let readableContentTypes: [UTType] = [.plainText, .utf8PlainText, .markdown]

  /// The document's lines.
  public var text: TextLines

  /// Creates a document holding `text`.
  public init(text: String = "") {
    self.text = TextLines(text)
  }

  /// Reads a regular file as UTF-8.
  ///
  /// - Throws: ``FormatError``: ``FormatError/Code/invalidEncoding`` with
  ///   the offset of the first bad byte, or ``FormatError/Code/corruptFile``
  ///   for a directory or unreadable file.
  public init(configuration: ReadConfiguration) throws {
    let data = try Self.contents(of: configuration.file)
    do {
      text = try TextLines(data: data)
    } catch {
      throw error.inFile(configuration.file.filename)
    }
  }

  /// The document's bytes in a regular-file wrapper, which a save writes
  /// from the text's leaves without joining them first.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithByteSource: text.byteSource)
  }

  /// Inserts lines before line `index` (0-based); see ``TextLines/insert(_:at:)``.
  @discardableResult
  public mutating func insert(
    _ lines: [String], at index: Int
  ) throws(FormatError) -> DocumentEdit<Self> {
    try insert(lines, at: index, actionName: "Insert Lines")
  }

  /// Deletes lines (0-based); see ``TextLines/delete(_:)``.
  @discardableResult
  public mutating func delete(_ range: Range<Int>) throws(FormatError) -> DocumentEdit<Self> {
    try delete(range, actionName: "Delete Lines")
  }

  /// Replaces one line's text; see ``TextLines/replace(lineAt:with:)``.
  @discardableResult
  public mutating func replace(
    lineAt index: Int, with line: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    try replace(lineAt: index, with: line, actionName: "Replace Line")
  }

  // The same edits under the undo name a script command gives them. The
  // inverse is one closure over the text's own (``TextLines/Splice``), not
  // a closure around the text's edit and another around that for the
  // name: there is one an undo step.

  mutating func insert(
    _ lines: [String], at index: Int, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    Self.edit(try text.insert(lines, at: index, actionName: actionName))
  }

  mutating func delete(
    _ range: Range<Int>, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    Self.edit(try text.delete(range, actionName: actionName))
  }

  mutating func replace(
    lineAt index: Int, with line: String, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    Self.edit(try text.replace(lineAt: index, with: line, actionName: actionName))
  }

  /// Gives lines the texts of `batch`; the edit returned puts the old
  /// ones back, holding only the lines changed.
  mutating func apply(_ batch: TextLines.TextBatch) -> DocumentEdit<Self> {
    Self.edit(text.apply(batch))
  }

  /// The edit that applies `batch` and returns the one that undoes it.
  private static func edit(_ batch: TextLines.TextBatch) -> DocumentEdit<Self> {
    DocumentEdit(actionName: batch.actionName) { document in
      edit(document.text.apply(batch))
    }
  }

  /// The edit that applies `splice` to the text, and returns the edit
  /// that undoes it: as ``TextLines``'s own, with one closure shape for
  /// each kind of content.
  private static func edit(_ splice: TextLines.Splice) -> DocumentEdit<Self> {
    let (range, actionName) = (splice.range, splice.actionName)
    switch splice.content {
    case .line(let line):
      return DocumentEdit(actionName: actionName) { document in
        edit(document.text.apply(.init(range: range, content: .line(line), actionName: actionName)))
      }
    case .lines(let lines):
      return DocumentEdit(actionName: actionName) { document in
        edit(
          document.text.apply(.init(range: range, content: .lines(lines), actionName: actionName)))
      }
    }
  }

  /// A regular file's contents, or a format error naming it.
  ///
  /// A file that cannot be read (it vanished or changed since the tree was
  /// read, or access is refused) is not a format problem: its
  /// ``FileWrapperError`` is thrown as it is, with the full path, and a
  /// host reports it as the `CocoaError` Apple would
  /// (`.fileReadNoSuchFile`, `.fileReadNoPermission`).
  static func contents(of file: FileWrapper) throws -> Data {
    guard file.isRegularFile else {
      throw FormatError(.corruptFile, "expected a regular file", file: file.filename)
    }
    return try file.loadRegularFileContents()
  }
}
