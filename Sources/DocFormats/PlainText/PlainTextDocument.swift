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

  /// The document's bytes in a regular-file wrapper.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: text.data)
  }

  /// Inserts lines before line `index` (0-based); see ``TextLines/insert(_:at:)``.
  @discardableResult
  public mutating func insert(
    _ lines: [String], at index: Int
  ) throws(FormatError) -> DocumentEdit<Self> {
    Self.lift(try text.insert(lines, at: index))
  }

  /// Deletes lines (0-based); see ``TextLines/delete(_:)``.
  @discardableResult
  public mutating func delete(_ range: Range<Int>) throws(FormatError) -> DocumentEdit<Self> {
    Self.lift(try text.delete(range))
  }

  /// Replaces one line's text; see ``TextLines/replace(lineAt:with:)``.
  @discardableResult
  public mutating func replace(
    lineAt index: Int, with line: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    Self.lift(try text.replace(lineAt: index, with: line))
  }

  private static func lift(_ edit: DocumentEdit<TextLines>) -> DocumentEdit<Self> {
    DocumentEdit(actionName: edit.actionName) { document in lift(edit.apply(to: &document.text)) }
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
