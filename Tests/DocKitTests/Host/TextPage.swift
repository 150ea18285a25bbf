import DocKit
import Foundation

/// A text in the `Document` family (read by a `FileWrapperDocumentReader`,
/// written by a `FileWrapperDocumentWriter`): the DocKit tests' stand-in
/// for DocFormats' `TextFileDocument` when what they test is the host. Its
/// line edits are ``TextMemo``'s, with the undo registered on the
/// document.
@MainActor
final class TextPage: Document {
  static let readableContentTypes: [UTType] = [.plainText]

  private(set) var memo: TextMemo

  /// The text.
  var text: String { memo.text }

  init(text: String = "") {
    memo = TextMemo(text: text)
  }

  nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<String> {
    FileWrapperDocumentReader(configuration) { wrapper in
      String(decoding: try wrapper.loadRegularFileContents(), as: UTF8.self)
    }
  }

  func apply(snapshot: sending String, previous: sending String?) async throws {
    memo = TextMemo(text: snapshot)
  }

  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<String> {
    FileWrapperDocumentWriter(configuration) { snapshot, _ in
      FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
  }

  func snapshot(contentType: UTType) async throws -> String { text }

  /// Inserts lines before line `index` (0-based), registering the undo.
  func insert(_ lines: [String], at index: Int, undoManager: UndoManager?) throws {
    perform(try memo.insert(lines, at: index), undoManager: undoManager)
  }

  private func perform(_ inverse: DocumentEdit<TextMemo>, undoManager: UndoManager?) {
    undoManager?.registerUndo(withTarget: self) { page in
      page.perform(inverse.apply(to: &page.memo), undoManager: undoManager)
    }
    if let undoManager, !undoManager.isUndoing, !undoManager.isRedoing {
      undoManager.setActionName(inverse.actionName)
    }
  }
}
