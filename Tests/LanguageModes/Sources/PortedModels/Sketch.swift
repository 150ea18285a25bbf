// A sketch whose model never tells an undo manager of its changes, as apps
// that keep undo for later write it: its edits never make the document
// dirty (a real bug that `check` finds), and an explicit save must still
// write them.
import DocKit
import Foundation

extension UTType {
  static var sketch: UTType { UTType(exportedAs: "com.example.sketch") }
}

final class Sketch: ReferenceFileDocument {
  static var readableContentTypes: [UTType] { [.sketch] }

  @Published var strokes: [String] = []

  init() {}

  init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    strokes = text.split(separator: "\n").map(String.init)
  }

  func snapshot(contentType: UTType) throws -> [String] { strokes }

  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(snapshot.map { $0 + "\n" }.joined().utf8))
  }

  func draw(_ stroke: String) { strokes.append(stroke) }
}
