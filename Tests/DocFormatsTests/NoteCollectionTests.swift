import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

@Suite("Note collection: the seed's package, made real")
struct NoteCollectionTests {
  static var example: URL { packageRoot.appendingPathComponent("examples/Trip.notes") }

  static func read(_ url: URL) throws -> (NoteCollectionDocument, FileWrapper) {
    let wrapper = try FileWrapper(url: url)
    return (
      try NoteCollectionDocument(configuration: .init(contentType: .noteCollection, file: wrapper)),
      wrapper
    )
  }

  @Test("Its type is exported, conforms to com.apple.package, and owns the .notes extension")
  func type() {
    DocFormats.registerTypes()
    #expect(UTType.noteCollection.identifier == "org.docrepl.note-collection")
    #expect(UTType.noteCollection.isDeclared)
    #expect(UTType.noteCollection.conforms(to: .package))
    #expect(UTType(filenameExtension: "notes", conformingTo: .package) == .noteCollection)
    #expect(NoteCollectionDocument.writableContentTypes == [.noteCollection, .json, .markdown])
    #expect(NoteCollectionDocument.readableContentTypes == [.noteCollection])
  }

  @Test(
    "A note file larger than the limit is refused by its size, before a byte of it is read",
    arguments: ["ferry.json", "metadata.json"])
  func oversizedFileRefusedBeforeReading(name: String) throws {
    let folder = try TemporaryDirectory()
    let package = folder("H.notes")
    try FileManager.default.copyItem(at: Self.example, to: package)
    // A hostile package: a sparse file of a gigabyte, which costs no disk.
    #expect(truncate(package.appendingPathComponent(name).path, 1_000_000_000) == 0)
    let wrapper = try FileWrapper(url: package)
    // The wrapper has not read it; if the document read it now, the read
    // would fail (the file is gone) rather than the size be refused.
    try FileManager.default.removeItem(at: package.appendingPathComponent(name))
    let error = #expect(throws: FormatError.self) {
      try NoteCollectionDocument(configuration: .init(contentType: .noteCollection, file: wrapper))
    }
    #expect(error?.code == .fileTooLarge)
    #expect(error?.file == name)
    #expect(error?.message.contains("1000000000 bytes") == true, "\(String(describing: error))")
  }

  @Test(
    "A note file of exactly the limit is read (and here found malformed), not refused by its size")
  func fileAtTheLimitIsRead() throws {
    let folder = try TemporaryDirectory()
    let package = folder("H.notes")
    try FileManager.default.copyItem(at: Self.example, to: package)
    let note = package.appendingPathComponent("ferry.json").path
    #expect(truncate(note, off_t(NoteCollectionDocument.maximumFileSize)) == 0)
    let error = #expect(throws: FormatError.self) { try Self.read(package) }
    #expect(error?.code == .malformedJSON, "\(String(describing: error))")
  }

  @Test("The example package reads, and writes back byte for byte")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    let (document, _) = try Self.read(Self.example)
    #expect(document.title == "Lisbon, May")
    #expect(document.notes.map(\.id) == ["tram", "pasteis", "ferry"])
    #expect(!document.hasUnsavedChanges)
    let wrapper = try document.fileWrapper(
      configuration: .init(contentType: .noteCollection, existingFile: nil))
    try wrapper.write(to: temporary("Copy.notes"), options: .atomic, originalContentsURL: nil)
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.example.path) {
      #expect(
        try Data(contentsOf: temporary("Copy.notes/\(name)"))
          == Data(contentsOf: Self.example.appendingPathComponent(name)),
        "\(name) differs")
    }
  }

  @Test("A second save rewrites only the changed note; flags clear only after markSaved")
  func writesOnlyChanges() throws {
    let temporary = try TemporaryDirectory()
    var document = try NoteCollectionDocument(
      title: "Trip",
      notes: (1...20).map {
        NoteCollectionDocument.Note(id: "n\($0)", title: "Note \($0)", text: "text \($0)")
      })
    let url = temporary("Trip.notes")
    let first = try document.fileWrapper(
      configuration: .init(contentType: .noteCollection, existingFile: nil))
    try first.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: nil)
    document.markSaved(as: .noteCollection)
    let inodes = try Dictionary(
      uniqueKeysWithValues: temporary.names(in: "Trip.notes").map {
        ($0, try #require(FileStat(url.appendingPathComponent($0))).inode)
      })

    try document.editNote(id: "n7", text: "changed")
    #expect(document.hasUnsavedChanges)
    let second = try document.fileWrapper(
      configuration: .init(contentType: .noteCollection, existingFile: first))
    #expect(second === first)
    // A failed save must not clear the flags: they clear only on markSaved.
    #expect(document.hasUnsavedChanges)
    try second.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)
    document.markSaved(as: .noteCollection)
    #expect(!document.hasUnsavedChanges)
    for (name, inode) in inodes {
      let now = FileStat(url.appendingPathComponent(name))?.inode
      if name == "n7.json" {
        #expect(now != inode)
      } else {
        #expect(now == inode, "\(name) was rewritten")
      }
    }
    let (reread, _) = try Self.read(url)
    #expect(reread.notes.first { $0.id == "n7" }?.text == "changed")
  }

  @Test("Removing a note removes its file; an export does not clear the flags")
  func removeAndExport() throws {
    let temporary = try TemporaryDirectory()
    var (document, wrapper) = try Self.read(Self.example)
    try document.removeNote(id: "pasteis")
    _ = try document.fileWrapper(configuration: .init(contentType: .json, existingFile: wrapper))
    document.markSaved(as: .json)
    #expect(document.hasUnsavedChanges)
    let package = try document.fileWrapper(
      configuration: .init(contentType: .noteCollection, existingFile: wrapper))
    try package.write(
      to: temporary("Out.notes"), options: .atomic, originalContentsURL: Self.example)
    #expect(try temporary.names(in: "Out.notes") == ["ferry.json", "metadata.json", "tram.json"])
    #expect(try Self.read(temporary("Out.notes")).0.notes.map(\.id) == ["tram", "ferry"])
  }

  @Test("It writes as one JSON file and as Markdown")
  func otherTypes() throws {
    let document = try NoteCollectionDocument(
      title: "Trip",
      notes: [
        .init(id: "a", title: "First", text: "one"), .init(id: "b", title: "Second", text: "two\n"),
      ])
    let json = try document.fileWrapper(configuration: .init(contentType: .json, existingFile: nil))
    #expect(
      json.regularFileContents
        == Data(
          """
          {
            "notes": [
              {
                "id": "a",
                "text": "one",
                "title": "First"
              },
              {
                "id": "b",
                "text": "two\\n",
                "title": "Second"
              }
            ],
            "title": "Trip"
          }

          """.utf8))
    let markdown = try document.fileWrapper(
      configuration: .init(contentType: .markdown, existingFile: nil))
    #expect(
      markdown.regularFileContents == Data("# Trip\n\n## First\n\none\n\n## Second\n\ntwo\n".utf8))
    let error = #expect(throws: FormatError.self) {
      try document.fileWrapper(configuration: .init(contentType: .pdf, existingFile: nil))
    }
    #expect(error?.code == .unsupportedContentType)
  }

  struct BadPackage: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var files: [String: String]
    var code: FormatError.Code
    var description: String
  }

  static let badPackages: [BadPackage] = [
    BadPackage(
      testDescription: "no metadata", files: ["a.json": "{}"], code: .missingFile,
      description: "metadata.json: the package has no metadata.json"),
    BadPackage(
      testDescription: "corrupt metadata",
      files: ["metadata.json": "{\n  \"title\": \"x\",\n  notes\n}"],
      code: .malformedJSON, description: "metadata.json:3:3: unexpected 'n', expected a string key"),
    BadPackage(
      testDescription: "corrupt note",
      files: [
        "metadata.json": #"{"title": "t", "notes": ["a"]}"#,
        "a.json": #"{"title": "x", "text": 5}"#,
      ],
      code: .corruptFile, description: "a.json: \"text\" must be a string"),
    BadPackage(
      testDescription: "note not JSON",
      files: ["metadata.json": #"{"title": "t", "notes": ["a"]}"#, "a.json": "text"],
      code: .malformedJSON, description: "a.json:1:2: unexpected 'e', expected 'true'"),
    BadPackage(
      testDescription: "unexpected entry",
      files: ["metadata.json": #"{"title": "t", "notes": []}"#, "stray.txt": "x"],
      code: .unexpectedEntry,
      description: "stray.txt: not part of a note collection (not listed in metadata.json)"),
    BadPackage(
      testDescription: "missing note",
      files: ["metadata.json": #"{"title": "t", "notes": ["gone"]}"#],
      code: .missingFile, description: "gone.json: listed in metadata.json but missing"),
    BadPackage(
      testDescription: "bad id", files: ["metadata.json": #"{"title": "t", "notes": ["../x"]}"#],
      code: .invalidEdit,
      description:
        "metadata.json: '../x' is not a note id (1 to 64 letters, digits, '-' or '_', and not 'metadata')"
    ),
    BadPackage(
      testDescription: "metadata not an object", files: ["metadata.json": "[]"],
      code: .corruptFile, description: "metadata.json: expected a JSON object, found an array"),
  ]

  @Test("Bad packages get an error naming the file", arguments: badPackages)
  func badPackage(_ testCase: BadPackage) throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: temporary("Bad.notes"), withIntermediateDirectories: true)
    for (name, text) in testCase.files { try temporary.write(text, to: "Bad.notes/\(name)") }
    let error = #expect(throws: FormatError.self) { try Self.read(temporary("Bad.notes")) }
    #expect(error?.code == testCase.code)
    #expect(error?.description == testCase.description)
  }

  @Test("A subdirectory inside the package is unexpected")
  func subdirectory() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write(#"{"title": "t", "notes": []}"#, to: "Bad.notes/metadata.json")
    try temporary.write("x", to: "Bad.notes/sub/x.json")
    let error = #expect(throws: FormatError.self) { try Self.read(temporary("Bad.notes")) }
    #expect(error?.code == .unexpectedEntry)
    #expect(error?.file == "sub")
  }

  @Test("Edits return inverses; adding a duplicate or a bad id is refused")
  func edits() throws {
    var (document, _) = try Self.read(Self.example)
    let original = document
    var undos: [DocumentEdit<NoteCollectionDocument>] = []
    undos.append(document.setTitle("Porto"))
    undos.append(try document.addNote(.init(id: "wine", title: "Wine", text: "Port lodges"), at: 1))
    undos.append(try document.editNote(id: "tram", text: "Take the 28"))
    undos.append(try document.removeNote(id: "ferry"))
    #expect(document.notes.map(\.id) == ["tram", "wine", "pasteis"])
    for undo in undos.reversed() { undo.apply(to: &document) }
    #expect(document.title == original.title)
    #expect(document.notes == original.notes)
    #expect(
      #expect(throws: FormatError.self) {
        try document.addNote(.init(id: "tram", title: "", text: ""))
      }?.code == .invalidEdit)
    #expect(
      #expect(throws: FormatError.self) {
        try document.addNote(.init(id: "a/b", title: "", text: ""))
      }?.code == .invalidEdit)
    #expect(
      #expect(throws: FormatError.self) { try document.removeNote(id: "nope") }?.code
        == .invalidEdit)
  }
}
