import DocKit
import DocTestSupport
import Foundation
import Testing

/// A package edited while it is written in full (a save as runs off the
/// main actor, and the document's own tree changes meanwhile) is not what
/// the disk holds. It used to get no manifest at all; the next save was
/// then a full write that checked no file, and overwrote one another
/// program had changed in place. Its manifest now describes what the write
/// put on disk, so the next save both writes the edit made meanwhile and
/// checks each entry it replaces.
@MainActor
@Suite("Package conflicts: the package's own tree edited while it is written in full")
struct OwnChangeDuringSaveTests {
  /// An edit made while the save as is held, where it lands, and what the
  /// package holds once it reaches the disk.
  struct Meanwhile: CustomTestStringConvertible, Sendable {
    var edit: TreeEdit
    var expected: [String: String]

    var testDescription: String { edit.description }
  }

  nonisolated static let original: [String: String] = [
    "a.txt": "alpha", "b.txt": "bravo", "sub/c.txt": "charlie",
  ]

  nonisolated static let edits: [Meanwhile] = [
    Meanwhile(
      edit: .write("b.txt", "bravo, edited meanwhile"),
      expected: ["b.txt": "bravo, edited meanwhile", "sub/c.txt": "charlie"]),
    Meanwhile(
      edit: .write("sub/c.txt", "charlie, edited meanwhile"),
      expected: ["b.txt": "bravo", "sub/c.txt": "charlie, edited meanwhile"]),
    Meanwhile(edit: .remove("sub/c.txt"), expected: ["b.txt": "bravo"]),
  ]

  @Test(
    "A file rewritten in place by another program after a save as during which the package was edited is a conflict; the edit reaches the disk with --force",
    arguments: edits)
  func ownChange(meanwhile: Meanwhile) async throws {
    let temporary = try TemporaryDirectory()
    let (session, copy, _) = try await Self.saveAs(
      Self.tree, editedMeanwhile: meanwhile.edit, in: temporary)
    // The save as wrote the tree as it was when it began.
    for (path, text) in Self.original {
      #expect(try Data(contentsOf: copy.appendingPathComponent(path)) == Data(text.utf8))
    }

    // The user edits a; another program rewrites a in place, at the same
    // size, with a modification time of its own.
    session.setDocument(
      ClosurePackage(
        edit: WrapperEdit { root in _ = try TreeEdit.apply([.write("a.txt", "mine!")], to: root) }),
      actionName: "Edit")
    let note = copy.appendingPathComponent("a.txt")
    let theirs = Data("THEIR".utf8)
    let handle = try FileHandle(forWritingTo: note)
    try handle.write(contentsOf: theirs)
    try handle.close()
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: note.path)

    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(error?.documentSessionError?.url?.lastPathComponent == "a.txt")
    #expect(try Data(contentsOf: note) == theirs)
    #expect(session.isDirty)
    // Nothing was written: the package still holds what the save as wrote.
    for (path, text) in Self.original where path != "a.txt" {
      #expect(try Data(contentsOf: copy.appendingPathComponent(path)) == Data(text.utf8))
    }

    // The user overrides: their a, and the edit made during the save as,
    // both reach the disk; nothing else changes.
    try await session.save(force: true)
    #expect(!session.isDirty)
    var expected = meanwhile.expected
    expected["a.txt"] = "mine!"
    #expect(try Self.files(in: copy) == expected.mapValues { Data($0.utf8) })
  }

  @Test(
    "Without another program's change, the next save after a save as during which the package was edited writes the edit",
    arguments: edits)
  func editReachesDisk(meanwhile: Meanwhile) async throws {
    let temporary = try TemporaryDirectory()
    let (session, copy, _) = try await Self.saveAs(
      Self.tree, editedMeanwhile: meanwhile.edit, in: temporary)
    session.setDocument(ClosurePackage(edit: WrapperEdit { _ in }), actionName: "Edit")
    try await session.save()
    var expected = meanwhile.expected
    expected["a.txt"] = "alpha"
    #expect(try Self.files(in: copy) == expected.mapValues { Data($0.utf8) })
    // And the save after that (in sync now) writes nothing new.
    session.setDocument(ClosurePackage(edit: WrapperEdit { _ in }), actionName: "Edit")
    try await session.save()
    #expect(try Self.files(in: copy) == expected.mapValues { Data($0.utf8) })
  }

  @Test(
    "A file's mode set while the package is saved as is kept, and written by the next save")
  func attributesSetMeanwhile() async throws {
    let temporary = try TemporaryDirectory()
    let (session, copy, root) = try await Self.saveAs(
      [.write("a.txt", "alpha"), .write("b.txt", "bravo")],
      editedMeanwhile: .chmod("b.txt", 0o600), in: temporary)
    // The wrapper still says what the user set, not what was written.
    let b = try #require(root.fileWrappers?["b.txt"])
    #expect(b.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber == 0o600)
    session.setDocument(ClosurePackage(edit: WrapperEdit { _ in }), actionName: "Edit")
    try await session.save()
    let attributes = try FileManager.default.attributesOfItem(
      atPath: copy.appendingPathComponent("b.txt").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try Self.files(in: copy) == ["a.txt": Data("alpha".utf8), "b.txt": Data("bravo".utf8)])
  }

  /// Every regular file under `url`, by its path inside it, as bytes.
  static func files(in url: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    var pending = [""]
    while let folder = pending.popLast() {
      let here = folder.isEmpty ? url : url.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: here.path) {
        let path = folder.isEmpty ? name : folder + "/" + name
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(
          atPath: url.appendingPathComponent(path).path, isDirectory: &isDirectory)
        if isDirectory.boolValue {
          pending.append(path)
        } else {
          files[path] = try Data(contentsOf: url.appendingPathComponent(path))
        }
      }
    }
    return files
  }

  /// The package both parameterized tests start from.
  static let tree: [TreeEdit] = [
    .write("a.txt", "alpha"), .write("b.txt", "bravo"), .makeDirectory("sub"),
    .write("sub/c.txt", "charlie"),
  ]

  /// Opens a package made of `tree` in `temporary`, saves it as
  /// `Copy.package`, and makes `edit` to the very tree being written while
  /// the save as is held at its first `fsync`; returns that tree's root too.
  private static func saveAs(
    _ tree: [TreeEdit], editedMeanwhile edit: TreeEdit, in temporary: TemporaryDirectory
  ) async throws -> (DocumentSession<ClosurePackage>, URL, FileWrapper) {
    let original = temporary("Busy.package")
    try TreeEdit.apply(tree, to: nil)
      .write(to: original, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<ClosurePackage>.open(
      original, contentType: .folder, environment: testEnvironment(temporary))
    let kept = Holder()
    session.setDocument(
      ClosurePackage(edit: WrapperEdit { root in kept.wrapper = root }), actionName: "Keep")
    let copy = temporary("Copy.package")
    let gate = GatedFileSystem(holding: .fsync)
    let saving = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await session.save(as: copy) }
    }
    await gate.reached()
    let root = try #require(kept.wrapper)
    _ = try TreeEdit.apply([edit], to: root)
    gate.proceed()
    try await saving.value
    return (session, copy, root)
  }
}
