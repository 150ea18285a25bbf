// The package example from Apple's documentation page for
// `FileDocument.fileWrapper(configuration:)`, with its `import SwiftUI`
// changed to the imports below. The page elides `Metadata` and `Note`; they
// are completed minimally here. The method is verbatim.
import DocKit
import Foundation

struct NoteCollection: FileDocument {
  struct Metadata: Codable, Sendable {
    static let fileName = "metadata.json"
    var title: String
    var isChanged = true

    enum CodingKeys: String, CodingKey { case title }
  }

  struct Note: Codable, Sendable {
    var id: String
    var text: String
    var isChanged = true
    var filename: String { "\(id).json" }

    enum CodingKeys: String, CodingKey { case id, text }
  }

  static let readableContentTypes: [UTType] = [.package]

  var metadata: Metadata
  var notes: [Note] = []

  init(metadata: Metadata, notes: [Note]) {
    self.metadata = metadata
    self.notes = notes
  }

  init(configuration: ReadConfiguration) throws {
    let decoder = JSONDecoder()
    let files = configuration.file.fileWrappers ?? [:]
    guard let metadata = files[Metadata.fileName]?.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    self.metadata = try decoder.decode(Metadata.self, from: metadata)
    self.metadata.isChanged = false
    notes = try files.filter { $0.key != Metadata.fileName }.sorted { $0.key < $1.key }.map {
      _, wrapper in
      var note = try decoder.decode(Note.self, from: wrapper.regularFileContents ?? Data())
      note.isChanged = false
      return note
    }
  }

  // ... (verbatim from the seed from here on)
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let documentPackage = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    let encoder = JSONEncoder()

    // Update the metadata if it changed.
    if metadata.isChanged {
      if let old = documentPackage.fileWrappers?[Metadata.fileName] {
        documentPackage.removeFileWrapper(old)
      }
      documentPackage.addRegularFile(
        withContents: try encoder.encode(metadata),
        preferredFilename: Metadata.fileName)
    }

    // Sync note wrappers with the notes collection.
    let currentNotes = Set(notes.map(\.filename))
    let notesFiles = documentPackage.fileWrappers ?? [:]

    // Remove notes no longer in the collection.
    for (filename, wrapper) in notesFiles {
      if !currentNotes.contains(filename) && filename != Metadata.fileName {
        documentPackage.removeFileWrapper(wrapper)
      }
    }

    // Write notes that are new or changed.
    for note in notes where note.isChanged {
      if let old = documentPackage.fileWrappers?[note.filename] {
        documentPackage.removeFileWrapper(old)
      }
      documentPackage.addRegularFile(
        withContents: try encoder.encode(note),
        preferredFilename: note.filename)
    }

    return documentPackage
  }
}
