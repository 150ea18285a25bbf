// The `TextDocument` example from Apple's documentation page for
// `fileExporter(isPresented:document:contentType:defaultFilename:...)`,
// verbatim but for the imports and one spelling: the return type is
// `FileWrapperDocumentWriter<String>`, because Swift cannot infer a generic
// type's arguments in a declared return type (docs/differences.md).
import DocKit
import Foundation

@MainActor final class TextDocument: WritableDocument {
  static let writableContentTypes: [UTType] = [.utf8PlainText]

  var text: String = ""

  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<String> {
    FileWrapperDocumentWriter(configuration) { snapshot, _ in
      FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
  }

  func snapshot(contentType: UTType) async throws -> String {
    text
  }
}
