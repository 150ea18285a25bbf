import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// scripts/crash-test found that a first save of a new name, killed before
/// its rename, left a hidden temporary file that nothing removed: `open`
/// of that name reported "no such file" before DocKit ran recovery.
@MainActor
@Suite("open: recovery runs even where nothing is at the name")
struct OpenRecoveryTests {
  @Test("A first save's leftover temporary file is removed by opening the name")
  func leftoverOfAFirstSaveGoes() async throws {
    let harness = try ScriptHarness()
    let url = try harness.temporary.write("x\n", to: "new.txt")
    let prefix = try await Self.temporaryPrefix(of: url, harness.temporary)
    try FileManager.default.removeItem(at: url)
    try harness.temporary.write("a first save, killed", to: prefix + "k1ll3d.tmp")

    let step = await harness.run("open new.txt")
    #expect(step.failures == 1)
    #expect(step.diagnostics.contains("no such file 'new.txt'"))
    #expect(try harness.temporary.names() == [])
  }

  @Test("An old file moved aside with nothing at its name is put back and opened")
  func asideComesBack() async throws {
    let harness = try ScriptHarness()
    let url = try harness.temporary.write("x\n", to: "b.txt")
    let prefix = try await Self.temporaryPrefix(of: url, harness.temporary)
    try harness.temporary.write("the old text\n", to: "b.txt")
    try FileManager.default.moveItem(at: url, to: harness.temporary(prefix + "x.old"))

    let step = await harness.run("open b.txt\nshow")
    #expect(step.failures == 0)
    #expect(step.output == "the old text\n")
    #expect(try harness.temporary.names() == ["b.txt"])
  }

  /// Opening's one owner is the host: `open` asks it what is at the name
  /// (after recovery, as its own opening does) and which type that is.
  @Test("The host says the type at a name: explicit, declared by the extension, or by the kind")
  func typeForContents() async throws {
    let harness = try ScriptHarness()
    let folder = harness.temporary
    let notesFile = try folder.write("not a package", to: "broken.notes")
    let plain = try folder.write("x", to: "README")
    let directory = folder("plain")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    func type(_ url: URL, _ explicit: UTType? = nil) throws -> (UTType, UTType?) {
      let answer = try DocumentSession<Void>.typeForContents(of: url, explicit: explicit)
      return (answer.type, answer.openAs)
    }
    // A plain file named as a package is opened as the package type, whose
    // reader reports it broken, rather than as a file of another type.
    #expect(try type(notesFile) == (.noteCollection, .noteCollection))
    #expect(try type(notesFile, .plainText) == (.plainText, .plainText))
    #expect(try type(plain) == (.data, nil))
    #expect(try type(directory) == (.directory, nil))
    let missing = #expect(throws: FileWrapperError.self) { try type(folder("missing.txt")) }
    #expect(missing?.code == .noSuchFile)

    // An old file moved aside, with nothing at its name, is put back first.
    let url = try folder.write("x\n", to: "b.txt")
    let prefix = try await Self.temporaryPrefix(of: url, folder)
    try folder.write("the old text\n", to: "b.txt")
    try FileManager.default.moveItem(at: url, to: folder(prefix + "x.old"))
    #expect(try type(url) == (.plainText, .plainText))
    #expect(try Data(contentsOf: url) == Data("the old text\n".utf8))
  }
}

extension OpenRecoveryTests {
  /// `.<stem>.<hash>.docrepl-`: what the temporary names of the text file
  /// at `url` start with, learned from a save of it.
  static func temporaryPrefix(of url: URL, _ temporary: TemporaryDirectory) async throws -> String {
    let session = try await DocumentSession<PlainTextDocument>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 0, with: "saved") }
    try await session.endEvent()
    let observer = ObservingFileSystem()
    try await FileSystemContext.$current.withValue(observer) { try await session.save() }
    let name = try #require(observer.createdNames.first { $0.hasSuffix(".tmp") })
    let range = try #require(name.range(of: ".docrepl-"))
    return String(name[..<range.upperBound])
  }
}
