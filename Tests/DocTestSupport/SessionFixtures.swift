import DocFormats
import DocKit
import DocTestSupport
import Foundation

/// A fixed clock and counter-based names, so sessions behave the same on
/// every run.
final class TestClock: @unchecked Sendable {
  // @unchecked Sendable: tests touch it from the main actor only.
  var now = Date(timeIntervalSince1970: 1_000_000)
  var counter = 0
}

func testEnvironment(
  _ temporary: TemporaryDirectory, clock: TestClock = TestClock(), policy: AutosavePolicy = .never
) -> DocumentEnvironment {
  DocumentEnvironment(
    now: { clock.now }, autosaveDirectory: temporary("autosave"), autosavePolicy: policy,
    makeAutosaveName: {
      clock.counter += 1
      return "Untitled-\(clock.counter)"
    })
}

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

/// Everything about a tree on disk that a save may change: names, kinds,
/// bytes, modes and link targets.
func diskState(_ url: URL) -> Data? {
  (try? FileWrapper(url: url, options: .immediate))?.serializedRepresentation
}

/// The name of the journal an interrupted save of the package at `url`
/// left beside it, if there is one. (For names up to 200 bytes, which the
/// journal name starts with in full.)
func journalName(of url: URL, in temporary: TemporaryDirectory) throws -> String? {
  let prefix = "." + url.lastPathComponent + "."
  return try temporary.names().first { $0.hasPrefix(prefix) && $0.hasSuffix(".docrepl-journal") }
}
