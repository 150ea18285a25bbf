import DocKit
import Foundation

/// A text in a file, the least a session needs: the document the DocKit
/// tests open, edit and save when the document's own behaviour is not what
/// they test.
struct TextMemo: FileDocument {
  static var readableContentTypes: [UTType] { [.plainText, .utf8PlainText] }
  var text = ""
  init(text: String = "") { self.text = text }
  /// Reads the file's bytes as UTF-8; a failed read (a file gone since a
  /// lazy read began, one too large) throws the wrapper's error.
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: try configuration.file.loadRegularFileContents(), as: UTF8.self)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}
