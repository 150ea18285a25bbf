import DocKit
import Foundation

/// A document's own error type, which the host must pass through unchanged.
struct ProbeError: Error, Equatable {
  var detail: String
}

/// What a probe document throws when its text (read from the file, or
/// about to be written) is one of these words; nil for any other text.
func probeFailure(for text: String) -> (any Error)? {
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
struct FailingDocument: FileDocument {
  static let readableContentTypes: [UTType] = [.plainText]
  var text: String

  init(text: String) {
    self.text = text
  }

  init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    if let failure = probeFailure(for: text) { throw failure }
    self.text = text
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    if let failure = probeFailure(for: text) { throw failure }
    return FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

/// The same, as a reference document: it fails in `init(configuration:)`
/// and in `fileWrapper(snapshot:configuration:)`.
final class FailingReferenceDocument: ReferenceFileDocument {
  static let readableContentTypes: [UTType] = [.plainText]
  let text: String

  init(text: String) {
    self.text = text
  }

  init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    if let failure = probeFailure(for: text) { throw failure }
    self.text = text
  }

  func snapshot(contentType: UTType) throws -> String { text }

  func fileWrapper(snapshot: String, configuration: WriteConfiguration) throws -> FileWrapper {
    if let failure = probeFailure(for: snapshot) { throw failure }
    return FileWrapper(regularFileWithContents: Data(snapshot.utf8))
  }
}

/// The same, in the `Document` family: it fails in its reader and in its
/// writer's closure.
@MainActor
final class FailingFamilyDocument: Document {
  static let readableContentTypes: [UTType] = [.plainText]
  var text: String

  init(text: String = "") {
    self.text = text
  }

  nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<String> {
    FileWrapperDocumentReader(configuration) { wrapper in
      let text = String(decoding: wrapper.regularFileContents ?? Data(), as: UTF8.self)
      if let failure = probeFailure(for: text) { throw failure }
      return text
    }
  }

  func apply(snapshot: sending String, previous: sending String?) async throws {
    text = snapshot
  }

  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<String> {
    FileWrapperDocumentWriter(configuration) { snapshot, _ in
      if let failure = probeFailure(for: snapshot) { throw failure }
      return FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
  }

  func snapshot(contentType: UTType) async throws -> String { text }
}
