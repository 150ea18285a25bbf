// The two document models of the DocC article "Porting a SwiftUI document
// model to Linux" (Sources/DocKit/DocKit.docc), exactly as the article
// shows them: Apple's samples with `import SwiftUI` and
// `import UniformTypeIdentifiers` changed to the imports below.
// PortingArticleTests runs the article's other listings against them.
import DocKit
import DocScript
import Foundation
import Synchronization

/// A plain-text document as a value, as SwiftUI's `DocumentGroup` sample
/// declares it.
struct TextFile: FileDocument {
  static var readableContentTypes: [UTType] { [.plainText] }

  var text = ""

  init(initialText: String = "") {
    text = initialText
  }

  init(configuration: ReadConfiguration) throws {
    if let data = configuration.file.regularFileContents {
      text = String(decoding: data, as: UTF8.self)
    }
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let data = Data(text.utf8)
    return FileWrapper(regularFileWithContents: data)
  }
}

/// A PDF as a reference document, as the `ReferenceFileDocument` page's
/// sample declares it, with the `init()` that `DocumentGroup(newDocument:)`
/// needs.
final class PDFDocument: ReferenceFileDocument {
  struct Storage {
    var contents: Data
  }

  static let readableContentTypes: [UTType] = [.pdf]

  let storage: Mutex<Storage>

  init() {
    storage = .init(.init(contents: Data("%PDF-1.7\n%%EOF\n".utf8)))
  }

  required init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    self.storage = .init(.init(contents: data))
  }

  func snapshot(contentType: UTType) throws -> Data {
    storage.withLock { $0.contents }
  }

  func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
    return FileWrapper(regularFileWithContents: snapshot)
  }
}

// The DocScript catalog's version of the article gives TextFile commands.

extension TextFile: ScriptableFileDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("textfile", .plainText)] }

  static func makeUntitled(contentType: UTType) -> TextFile { TextFile() }

  var scriptDescription: String { text }

  @MainActor static var scriptCommands: [DocumentCommand<TextFile>] {
    let line = CommandParameter.required("LINE")
    return [
      DocumentCommand(
        CommandSpec(
          "add", [line], summary: "adds LINE at the end", example: "add Eggs", topic: .document)
      ) { context in
        let text = context.arguments[line].text
        var changed = context.session.document
        changed.text += text + "\n"
        context.session.setDocument(changed, actionName: "Add \(text)")
      }
    ]
  }
}
