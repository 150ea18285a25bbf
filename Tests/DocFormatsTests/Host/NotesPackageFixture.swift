import DocFormats
import DocKit
import DocTestSupport
import Foundation

/// A note collection of `count` notes, written to `name` in `temporary`.
func makeNotesPackage(
  _ temporary: TemporaryDirectory, name: String = "Trip.notes", count: Int
) throws -> URL {
  DocFormats.registerTypes()
  let document = try NoteCollectionDocument(
    title: "Trip",
    notes: (1...count).map { .init(id: "n\($0)", title: "Note \($0)", text: "text \($0)") })
  let url = temporary(name)
  try document.fileWrapper(configuration: .init(contentType: .noteCollection, existingFile: nil))
    .write(to: url, options: .atomic, originalContentsURL: nil)
  return url
}
