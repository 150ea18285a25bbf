// A value-type document as many apps write one: a Codable struct whose tags
// are a Set, encoded whole by a JSONEncoder without sorted keys. A Set's
// order differs from one process (and one decode) to the next.
import DocKit
import Foundation

extension UTType {
  static var pinboard: UTType { UTType(exportedAs: "com.example.pinboard") }
}

struct Pinboard: FileDocument, Codable, Equatable {
  static var readableContentTypes: [UTType] { [.pinboard] }

  var name = "Board"
  var tags: Set<String> = []
  var pins: [String: String] = [:]

  init() {}

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    self = try JSONDecoder().decode(Pinboard.self, from: data)
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: try JSONEncoder().encode(self))
  }
}
