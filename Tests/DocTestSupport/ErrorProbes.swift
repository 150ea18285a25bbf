package import DocKit
import Foundation

/// A document's own error type, which the host must pass through unchanged.
package struct ProbeError: Error, Equatable {
  package var detail: String

  package init(detail: String) {
    self.detail = detail
  }
}

/// What a probe document throws when its text (read from the file, or
/// about to be written) is one of these words; nil for any other text.
package func probeFailure(for text: String) -> (any Error)? {
  switch text {
  case "corrupt": CocoaError(.fileReadCorruptFile)
  case "unwritable": CocoaError(.fileWriteUnknown)
  case "elsewhere": CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: "/elsewhere"])
  case "own": ProbeError(detail: "own")
  default: nil
  }
}

/// A value document that fails, as an Apple developer's would, with the
/// error ``probeFailure(for:)`` names.
package struct FailingDocument: FileDocument {
  package static let readableContentTypes: [UTType] = [.plainText]
  package var text: String

  package init(text: String) {
    self.text = text
  }

  package init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    if let failure = probeFailure(for: text) { throw failure }
    self.text = text
  }

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    if let failure = probeFailure(for: text) { throw failure }
    return FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

/// The same, as a reference document: it fails in `init(configuration:)`
/// and in `fileWrapper(snapshot:configuration:)`.
package final class FailingReferenceDocument: ReferenceFileDocument {
  package static let readableContentTypes: [UTType] = [.plainText]
  package let text: String

  package init(text: String) {
    self.text = text
  }

  package init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    if let failure = probeFailure(for: text) { throw failure }
    self.text = text
  }

  package func snapshot(contentType: UTType) throws -> String { text }

  package func fileWrapper(
    snapshot: String, configuration: WriteConfiguration
  ) throws -> FileWrapper {
    if let failure = probeFailure(for: snapshot) { throw failure }
    return FileWrapper(regularFileWithContents: Data(snapshot.utf8))
  }
}

/// The same, in the `Document` family: it fails in its reader and in its
/// writer's closure.
@MainActor
package final class FailingFamilyDocument: Document {
  package static let readableContentTypes: [UTType] = [.plainText]
  package var text: String

  package init(text: String = "") {
    self.text = text
  }

  package nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<String> {
    FileWrapperDocumentReader(configuration) { wrapper in
      let text = String(decoding: wrapper.regularFileContents ?? Data(), as: UTF8.self)
      if let failure = probeFailure(for: text) { throw failure }
      return text
    }
  }

  package func apply(snapshot: sending String, previous: sending String?) async throws {
    text = snapshot
  }

  package nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<String> {
    FileWrapperDocumentWriter(configuration) { snapshot, _ in
      if let failure = probeFailure(for: snapshot) { throw failure }
      return FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
  }

  package func snapshot(contentType: UTType) async throws -> String { text }
}
