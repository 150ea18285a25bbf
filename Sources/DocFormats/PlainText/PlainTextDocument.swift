public import DocKit
import DocScript
public import Foundation

/// A plain-text document, as a value: reads and writes plain text, UTF-8
/// plain text and Markdown, byte for byte.
///
/// The text is UTF-8 unless ``encoding`` says otherwise: a file that
/// starts with a UTF-16 byte-order mark is read as UTF-16 in that order,
/// and ``init(configuration:encoding:)`` reads one of the other encodings
/// `open --encoding` names (UTF-16LE, UTF-16BE, ISO-8859-1, windows-1252,
/// US-ASCII). A save writes the encoding it was read in, so a line that is
/// not edited keeps its bytes.
///
///     var document = PlainTextDocument(text: "Milk\nEggs\n")
///     let undo = try document.insert(["Bread"], at: 1)
///     document.text.text      // "Milk\nBread\nEggs\n"
///     undo.apply(to: &document)
public struct PlainTextDocument: FileDocument, Hashable {
  public static let readableContentTypes: [UTType] = [.plainText, .utf8PlainText, .markdown]

  /// The document's lines.
  public var text: TextLines

  /// The encoding a save writes the text in: `.utf8` (the default),
  /// `.utf16LittleEndian`, `.utf16BigEndian`, `.isoLatin1`,
  /// `.windowsCP1252` or `.ascii`. A UTF-16 byte-order mark is the text's
  /// (``TextLines/hasByteOrderMark``), written before the first line in
  /// this encoding. A save fails, naming the line and the character, if
  /// the text holds a character the encoding has no bytes for.
  public var encoding: String.Encoding = .utf8

  /// Creates a document holding `text`.
  public init(text: String = "") {
    self.text = TextLines(text)
  }

  /// Reads a regular file as UTF-8, or as UTF-16 after its byte-order
  /// mark; as the encoding `open --encoding` names when a script opens it.
  ///
  /// - Throws: ``FormatError``: ``FormatError/Code/invalidEncoding`` with
  ///   the offset of the first bad byte, or ``FormatError/Code/corruptFile``
  ///   for a directory or unreadable file.
  public init(configuration: ReadConfiguration) throws {
    try self.init(configuration: configuration, encoding: TextEncodingName.reading)
  }

  /// Reads a regular file in `encoding`: one of those ``encoding`` lists,
  /// or `.utf16` for UTF-16 in the order of its byte-order mark
  /// (big-endian without one). With nil, UTF-8, or UTF-16 when the file
  /// starts with a UTF-16 byte-order mark.
  ///
  /// - Throws: ``FormatError``: ``FormatError/Code/invalidEncoding`` with
  ///   the offset of the first byte not in the encoding,
  ///   ``FormatError/Code/unsupportedContentType`` for an encoding not
  ///   listed, or ``FormatError/Code/corruptFile`` for a directory or
  ///   unreadable file.
  public init(configuration: ReadConfiguration, encoding: String.Encoding?) throws {
    let data = try Self.contents(of: configuration.file)
    do {
      let requested =
        encoding
        ?? (data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) ? .utf16 : .utf8)
      let (utf8, resolved) = try TextCodec.decode(data, as: requested)
      text = try TextLines(data: utf8)
      self.encoding = resolved
    } catch {
      throw error.inFile(configuration.file.filename)
    }
  }

  /// The document's bytes in a regular-file wrapper; in UTF-8, one that a
  /// save writes from the text's leaves without joining them first.
  ///
  /// - Throws: ``FormatError/Code/unrepresentableCharacter`` when the text
  ///   holds a character ``encoding`` has no bytes for.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    guard encoding != .utf8 else { return FileWrapper(regularFileWithByteSource: text.byteSource) }
    return FileWrapper(regularFileWithContents: try TextCodec.encode(text.data, as: encoding))
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

  /// Makes `text` the document's text, where `undo` is the batch that
  /// turns `text` back into the current one (as
  /// ``TextLines/replacingEvery(_:with:actionName:shouldStop:)`` gives
  /// them); the edit returned applies `undo`.
  mutating func replaceText(with text: TextLines, undo: TextLines.TextBatch) -> DocumentEdit<Self> {
    self.text = text
    return Self.edit(undo)
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
