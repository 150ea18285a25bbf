import DocFormats
import DocKit
import Foundation

/// The note-collection reader, fed a package made from the input: it
/// accepts the package or refuses it with an error, and a collection it
/// accepts saves (as a new package, and over the package it was read
/// from) as one that reads back with the same title and notes.
///
/// The input is a package in a simple form: entries separated by `0x1E`,
/// each a name, `0x1F`, then the file's bytes. A name that is not a valid
/// file name is dropped; a later entry of the same name replaces an
/// earlier one.
enum NotesFuzzing {
  static let entrySeparator: UInt8 = 0x1E
  static let nameSeparator: UInt8 = 0x1F

  static func check(_ bytes: [UInt8]) {
    let package = makePackage(bytes)
    let document: NoteCollectionDocument
    do {
      document = try NoteCollectionDocument(
        configuration: .init(contentType: .noteCollection, file: package))
    } catch {
      precondition(!"\(error)".isEmpty, "a refusal without a message")
      return
    }
    for existing in [nil, package] {
      let saved: FileWrapper
      do {
        saved = try document.fileWrapper(
          configuration: .init(contentType: .noteCollection, existingFile: existing))
      } catch {
        preconditionFailure("a collection that was read does not save: \(error)")
      }
      let reread: NoteCollectionDocument
      do {
        reread = try NoteCollectionDocument(
          configuration: .init(contentType: .noteCollection, file: saved))
      } catch {
        preconditionFailure("a saved collection does not read back: \(error)")
      }
      precondition(reread.title == document.title, "the title changed in a save")
      precondition(reread.notes == document.notes, "the notes changed in a save")
    }
  }

  /// The package the input describes.
  static func makePackage(_ bytes: [UInt8]) -> FileWrapper {
    let package = FileWrapper(directoryWithFileWrappers: [:])
    for entry in bytes.split(separator: entrySeparator, omittingEmptySubsequences: true) {
      let parts = entry.split(
        separator: nameSeparator, maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(decoding: parts[0], as: UTF8.self)
      guard (try? FileWrapper.validateFilename(name)) != nil else { continue }
      if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
      let contents = parts.count > 1 ? Data(parts[1]) : Data()
      package.addRegularFile(withContents: contents, preferredFilename: name)
    }
    return package
  }
}
