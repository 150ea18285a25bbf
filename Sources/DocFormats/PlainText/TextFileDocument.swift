public import DocKit
import Foundation

/// A plain-text document in the new generation of Apple's API: a
/// ``DocKit/Document`` read by a ``FileWrapperDocumentReader`` and written by
/// a ``FileWrapperDocumentWriter``. Its edits register undo actions.
@MainActor
public final class TextFileDocument: Document {
  public static let readableContentTypes: [UTType] = [.plainText, .utf8PlainText, .markdown]

  /// The document's lines.
  public private(set) var text: TextLines

  /// Creates a document holding `text`.
  public init(text: String = "") {
    self.text = TextLines(text)
  }

  public nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<TextLines> {
    FileWrapperDocumentReader(configuration) { wrapper in
      try TextLines(data: PlainTextDocument.contents(of: wrapper))
    }
  }

  public func apply(snapshot: sending TextLines, previous: sending TextLines?) async throws {
    text = snapshot
  }

  public nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<TextLines> {
    FileWrapperDocumentWriter(configuration) { snapshot, _ in
      FileWrapper(regularFileWithByteSource: snapshot.byteSource)
    }
  }

  public func snapshot(contentType: UTType) async throws -> TextLines {
    text
  }

  /// Inserts lines before line `index` (0-based), registering the undo.
  public func insert(
    _ lines: [String], at index: Int, undoManager: UndoManager?
  ) throws(FormatError) {
    perform(try text.insert(lines, at: index), undoManager: undoManager)
  }

  /// Deletes lines (0-based), registering the undo.
  public func delete(_ range: Range<Int>, undoManager: UndoManager?) throws(FormatError) {
    perform(try text.delete(range), undoManager: undoManager)
  }

  /// Replaces one line's text, registering the undo.
  public func replace(
    lineAt index: Int, with line: String, undoManager: UndoManager?
  ) throws(FormatError) {
    perform(try text.replace(lineAt: index, with: line), undoManager: undoManager)
  }

  /// Registers `inverse` for undo; undoing registers its own inverse, for
  /// redo.
  private func perform(_ inverse: DocumentEdit<TextLines>, undoManager: UndoManager?) {
    undoManager?.registerUndo(withTarget: self) { document in
      document.perform(inverse.apply(to: &document.text), undoManager: undoManager)
    }
    // Undoing or redoing, the step keeps the name of the one it reverses.
    if let undoManager, !undoManager.isUndoing, !undoManager.isRedoing {
      undoManager.setActionName(inverse.actionName)
    }
  }
}
