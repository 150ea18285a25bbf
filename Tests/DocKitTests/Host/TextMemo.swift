import DocKit
import Foundation

/// A text in a file, the least a session needs: the document the DocKit
/// tests open, edit and save when the document's own behaviour is not what
/// they test.
struct TextMemo: FileDocument {
  static var readableContentTypes: [UTType] { [.plainText] }
  var text = ""
  init(text: String = "") { self.text = text }
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}
