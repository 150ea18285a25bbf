import DocKit
import Foundation

extension UTType {
  /// A postcard: a few lines of text.
  static let postcard: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "com.example.postcard", conformsTo: ["public.plain-text"],
        tags: [.filenameExtension: ["postcard"]], description: "Postcard")
    ])
    return UTType(exportedAs: "com.example.postcard", conformingTo: .plainText)
  }()
}

/// A plain `FileDocument` with no script commands: the REPL still creates,
/// opens, shows (its bytes), saves, exports, snapshots and diffs it.
struct Postcard: FileDocument {
  static var readableContentTypes: [UTType] { [.postcard] }
  var text = "Greetings from Lisbon!\n"

  init() {}

  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}
