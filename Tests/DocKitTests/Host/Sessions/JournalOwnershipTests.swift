import DocKit
import DocTestSupport
import Foundation
import Testing

/// A journal, or a temporary file, belongs to exactly one document: the
/// names carry a hash of the document's whole name, and a journal records
/// the package it was made for, which recovery checks before applying it.
@MainActor
@Suite("Journals and temporary files belong to one document, whatever its name")
struct JournalOwnershipTests {
  static let longStem = String(repeating: "a", count: 240)

  /// Edits pages n1…n`edits` of the package at `url` and saves, stopping
  /// just after the commit point, as a crash there would: the save has
  /// happened, and its journal waits for the next open.
  static func crashAfterCommit(
    _ url: URL, _ temporary: TemporaryDirectory, edits: Int, text: String = "edited"
  ) async throws {
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    for index in 1...edits {
      try session.perform { try $0.editPage(id: "n\(index)", text: "\(text) \(index)") }
    }
    try await session.endEvent()
    let crash = ObservingFileSystem(stoppingAfterCommit: true)
    try await FileSystemContext.$current.withValue(crash) { try await session.save() }
  }

  static func journals(_ temporary: TemporaryDirectory) throws -> [String] {
    try temporary.names().filter { $0.hasSuffix(".docrepl-journal") }
  }

  /// The pages' texts by id, as the folio at `url` holds them.
  static func texts(_ url: URL) throws -> [String: String] {
    try Folio.read(url).texts
  }

  @Test(
    "Two packages whose names share their first 240 bytes have separate journals; each crashed save is finished in its own package only"
  )
  func longNamesShareNoJournal() async throws {
    let temporary = try TemporaryDirectory()
    let one = try makeFolio(temporary, name: Self.longStem + "-one.folio", count: 12)
    let two = try makeFolio(temporary, name: Self.longStem + "-two.folio", count: 12)
    let oneBefore = diskState(one)
    try await Self.crashAfterCommit(one, temporary, edits: 10, text: "one")
    try await Self.crashAfterCommit(two, temporary, edits: 3, text: "two")
    let journals = try Self.journals(temporary)
    #expect(journals.count == 2)
    #expect(journals.allSatisfy { $0.utf8.count <= 255 })

    // Opening the second package finishes its own save, and nothing of the
    // first one's, which stays for the first package's next open.
    let second = try await DocumentSession<Folio>.open(
      two, environment: testEnvironment(temporary))
    let secondPages = Dictionary(
      uniqueKeysWithValues: second.document.pages.map { ($0.id, $0.text) })
    #expect(secondPages == (try Self.texts(two)))
    #expect((1...3).allSatisfy { secondPages["n\($0)"] == "two \($0)" })
    #expect((4...12).allSatisfy { secondPages["n\($0)"] == "text \($0)" })
    #expect(diskState(one) == oneBefore)
    #expect(try Self.journals(temporary).count == 1)

    _ = try await DocumentSession<Folio>.open(
      one, environment: testEnvironment(temporary))
    let firstPages = try Self.texts(one)
    #expect((1...10).allSatisfy { firstPages["n\($0)"] == "one \($0)" })
    #expect((11...12).allSatisfy { firstPages["n\($0)"] == "text \($0)" })
    #expect(try Self.journals(temporary).isEmpty)
    #expect(try temporary.names() == [one.lastPathComponent, two.lastPathComponent].sorted())
  }

  @Test(
    "A committed journal is applied only to the directory it was made for: a copy that took the package's name is left as it is, and saving it in place says why"
  )
  func journalRecordsItsDirectory() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 6)
    let before = diskState(url)
    try await Self.crashAfterCommit(url, temporary, edits: 2)
    let journal = try #require(try Self.journals(temporary).first)

    // The package is moved away, and a copy of it takes its name.
    let moved = temporary("Moved.folio")
    try FileManager.default.moveItem(at: url, to: moved)
    try FileManager.default.copyItem(at: moved, to: url)
    let copy = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(copy.document.pages.allSatisfy { $0.text.hasPrefix("text ") })
    #expect(diskState(url) == before)
    #expect(try Self.journals(temporary) == [journal])

    try copy.perform { try $0.editPage(id: "n5", text: "in the copy") }
    try await copy.endEvent()
    let cocoa = try await #require(throws: CocoaError.self) { try await copy.save() }
    let error = try #require(cocoa.fileWrapperError)
    #expect(error.code == .fileExists)
    #expect(error.path == temporary(journal).path)
    #expect(error.message.contains("another directory that was named 'Trip.folio'"))
    #expect(copy.isDirty)
    #expect(diskState(url) == before)

    // The directory the journal was made for comes back: its save is
    // finished.
    try FileManager.default.removeItem(at: url)
    try FileManager.default.moveItem(at: moved, to: url)
    #expect(try DocumentSession<Folio>.recoverInterruptedSave(at: url))
    let texts = try Self.texts(url)
    #expect(texts["n1"] == "edited 1" && texts["n2"] == "edited 2" && texts["n3"] == "text 3")
    #expect(try temporary.names() == ["Trip.folio"])
  }

  @Test(
    "A program with its own host identifier names its journal after it, and finishes a journal written under the default name"
  )
  func hostIdentifierNamesJournals() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 4)
    let trips = try DocumentHost(identifier: "org.example.trips")
    // A crash after the commit point, under the program's own name.
    try await DocumentHost.$current.withValue(trips) {
      try await Self.crashAfterCommit(url, temporary, edits: 1, text: "own")
    }
    let own = try temporary.names().filter { $0.hasPrefix(".") }
    #expect(own.count == 1)
    #expect(own.allSatisfy { $0.hasSuffix(".org.example.trips-journal") })
    try await DocumentHost.$current.withValue(trips) {
      let session = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      #expect(session.document.pages.first { $0.id == "n1" }?.text == "own 1")
    }
    #expect(try temporary.names() == ["Trip.folio"])

    // A journal the current code left under the default name (a save
    // before the program named its host) is finished too.
    try await Self.crashAfterCommit(url, temporary, edits: 2, text: "default")
    #expect(try Self.journals(temporary).count == 1)
    try await DocumentHost.$current.withValue(trips) {
      let session = try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
      #expect(session.document.pages.first { $0.id == "n2" }?.text == "default 2")
    }
    #expect(try temporary.names() == ["Trip.folio"])
  }

  /// The first 16 hexadecimal digits of the SHA-256 of `name`'s bytes, by
  /// coreutils.
  static func sha256Prefix(_ name: String) throws -> String {
    let result = try runProgram(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "printf %s \"$1\" | sha256sum", "sh", name])
    #expect(result.status == 0)
    return String(result.output.prefix(16))
  }

  /// The names of the temporary files a save of `url` created.
  static func temporaryNames(
    savingTextAt url: URL, _ temporary: TemporaryDirectory
  ) async throws
    -> [String]
  {
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 0, with: "saved") }
    try await session.endEvent()
    let observer = ObservingFileSystem()
    try await FileSystemContext.$current.withValue(observer) { try await session.save() }
    return observer.createdNames.filter { $0.hasSuffix(".tmp") }
  }

  @Test(
    "A temporary name is the name's first 200 bytes, cut at a character, then the SHA-256 of the whole name",
    arguments: [
      "Trip.txt", String(repeating: "a", count: 240) + "-one.txt",
      String(repeating: "é", count: 120) + ".txt", "Reisetagebuch 日本.txt",
    ])
  func temporaryNameCarriesHash(_ name: String) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("first\nsecond\n", to: name)
    let names = try await Self.temporaryNames(savingTextAt: url, temporary)
    let created = try #require(names.first)
    var stem = Substring(name)
    while stem.utf8.count > 200 { stem.removeLast() }
    let expected = "." + stem + "." + (try Self.sha256Prefix(name)) + ".docrepl-"
    #expect(created.hasPrefix(expected))
    #expect(created.utf8.count <= 255)
    #expect(try String(contentsOf: url, encoding: .utf8) == "saved\nsecond\n")
    #expect(try temporary.names() == [name])
  }

  @Test(
    "Temporary files of two files whose names share their first 240 bytes are told apart: recovering one leaves the other's"
  )
  func longNamesShareNoTemporaryFile() async throws {
    let temporary = try TemporaryDirectory()
    let one = try temporary.write("one\n", to: Self.longStem + "-one.txt")
    let two = try temporary.write("two\n", to: Self.longStem + "-two.txt")
    func prefix(_ url: URL) async throws -> String {
      let name = try #require(try await Self.temporaryNames(savingTextAt: url, temporary).first)
      let range = try #require(name.range(of: ".docrepl-"))
      return String(name[..<range.upperBound])
    }
    let onePrefix = try await prefix(one)
    let twoPrefix = try await prefix(two)
    #expect(onePrefix != twoPrefix)
    #expect(!onePrefix.hasPrefix(twoPrefix) && !twoPrefix.hasPrefix(onePrefix))

    // What two crashed writes would have left.
    let oneLeftover = try temporary.write("left by one", to: onePrefix + "crashed.tmp")
    let twoLeftover = try temporary.write("left by two", to: twoPrefix + "crashed.tmp")
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: two)
    #expect(FileManager.default.fileExists(atPath: oneLeftover.path))
    #expect(!FileManager.default.fileExists(atPath: twoLeftover.path))
    try DocumentSession<TextMemo>.recoverInterruptedSave(at: one)
    #expect(try temporary.names() == [one.lastPathComponent, two.lastPathComponent].sorted())
  }
}
