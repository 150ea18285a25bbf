// The example from Apple's documentation page for `ReferenceFileDocument`,
// verbatim but for the imports: SwiftUI's names come from DocKit, `Mutex`
// from Synchronization, `Data` and `CocoaError` from Foundation.
import DocKit
import Foundation
import Synchronization

final class PDFDocument: ReferenceFileDocument {
  struct Storage {
    var contents: Data
  }

  static let readableContentTypes: [UTType] = [.pdf]

  let storage: Mutex<Storage>

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
