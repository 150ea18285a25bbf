import DocKit
import Foundation
import Synchronization

extension UTType {
  /// A trip: a package with the trip's `trip.json` and whatever else the
  /// traveller keeps in it.
  static let trip: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "com.example.trip", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["trip"]], description: "Trip")
    ])
    return UTType(exportedAs: "com.example.trip", conformingTo: .package)
  }()
}

/// A package document as apps write one: it reads and writes `trip.json`
/// and keeps every other file of the package (photos, notes) through
/// `configuration.existingFile`, so a save reuses them, unread and
/// unchanged. It has no script commands: `tree` shows what a save would
/// reuse, and `show` and `diff` the bytes it would write, reused files
/// included.
final class Trip: ReferenceFileDocument {
  struct Contents: Codable, Equatable, Sendable {
    var title = "New trip"
    var stops: [String] = []
  }

  static let readableContentTypes: [UTType] = [.trip]
  let contents: Mutex<Contents>

  init() { contents = Mutex(Contents()) }

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.fileWrappers?["trip.json"]?.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    contents = Mutex(try JSONDecoder().decode(Contents.self, from: data))
  }

  func snapshot(contentType: UTType) throws -> Contents { contents.withLock { $0 } }

  func fileWrapper(snapshot: Contents, configuration: WriteConfiguration) throws -> FileWrapper {
    let encoder = JSONEncoder()
    // Sorted keys: the same bytes on every save, so transcripts are stable.
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    if let old = package.fileWrappers?["trip.json"] { package.removeFileWrapper(old) }
    package.addRegularFile(
      withContents: try encoder.encode(snapshot) + Data("\n".utf8), preferredFilename: "trip.json")
    return package
  }
}
