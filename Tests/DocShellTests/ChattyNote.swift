import DocKit
import DocScript
import Foundation

extension UTType {
  /// A test type: the text of a `.chatty` file.
  static let chattyNote: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.chatty", conformsTo: ["public.plain-text"],
        tags: [.filenameExtension: ["chatty"]], description: "Chatty note")
    ])
    return UTType(exportedAs: "org.docrepl.test.chatty", conformingTo: .plainText)
  }()
}

/// A model written as apps write them, for the tests of hosting one: a
/// `ReferenceFileDocument` whose `@Published` text its commands change
/// directly, telling no undo manager (`silently-set`), and which prints
/// with `print()` (`say`, `crash`, and `say-lots`, which prints many
/// lines).
final class ChattyNote: ReferenceFileDocument, ObservableObject, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.chattyNote] }

  @Published var text = ""

  init() {}

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    text = String(decoding: data, as: UTF8.self)
  }

  func snapshot(contentType: UTType) throws -> String { text }

  func fileWrapper(snapshot: String, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(snapshot.utf8))
  }
}

extension ChattyNote: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("chatty", .chattyNote)] }

  static func makeUntitled(contentType: UTType) throws -> ChattyNote { ChattyNote() }

  static func scriptDescription(of snapshot: String) -> String { snapshot }

  @MainActor func restore(_ snapshot: String, undoManager: UndoManager?) throws {
    let old = text
    text = snapshot
    undoManager?.registerUndo(withTarget: self) { try? $0.restore(old, undoManager: undoManager) }
  }

  @MainActor static var scriptCommands: [DocumentCommand<ChattyNote>] {
    let text = CommandParameter.required("TEXT")
    let lines = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec(
          "silently-set", [text], summary: "sets the text, telling no undo manager",
          example: "silently-set hi", topic: .document)
      ) { context in
        context.session.document.text = context.arguments[text].text
      },
      DocumentCommand(
        CommandSpec(
          "say", [text], summary: "prints TEXT with print()", example: "say hi",
          topic: .document)
      ) { context in
        print(context.arguments[text].text)
      },
      DocumentCommand(
        CommandSpec(
          "say-lots", [lines], summary: "prints N numbered lines with print()",
          example: "say-lots 3", topic: .document)
      ) { context in
        let count = try context.arguments[lines].integer("N", in: 0...10_000_000)
        for index in 1...max(count, 1) where count > 0 { print("line \(index) of the model") }
      },
    ]
  }
}
