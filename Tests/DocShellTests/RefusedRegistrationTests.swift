import DocKit
import DocScript
import DocShell
import Foundation
import Testing

/// A third party's type whose command is named as the built-in `status`.
private struct StatusBoard: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.plainText] }
  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data())
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("board", .plainText)] }
  static func makeUntitled(contentType: UTType) -> Self { Self() }
  var scriptDescription: String { "" }
  @MainActor static var scriptCommands: [DocumentCommand<Self>] {
    [
      DocumentCommand(
        CommandSpec("status", summary: "shows the board", example: "status", topic: .document)
      ) { _ in }
    ]
  }
}

/// A program whose document types include one refused at registration
/// says so, naming the built-in, and runs nothing.
@Suite("A refused registration stops the program before it runs")
struct RefusedRegistrationTests {
  @Test("Docrepl.run reports the colliding command and the built-in, and exits with status 1")
  @MainActor
  func reported() async {
    var output = ""
    var errors = ""
    let registry = DocumentTypeRegistry(
      documentTypes: [DocumentType(.scripted(StatusBoard.self), kind: .fileDocument)]
        + DocumentType.builtIn)
    let status = await Docrepl.run(
      arguments: ["-c", "new text"], registry: registry, environment: [:], name: "boards",
      output: &output, errors: &errors)
    #expect(status == .failure)
    #expect(output == "")
    #expect(
      errors
        == "boards: error: document type 'board' was not registered: its command 'status' has the name of the built-in command 'status'; rename it, or, for 'set', declare extendsBuiltin\n"
    )
  }
}
