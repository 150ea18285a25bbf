import DocKit
import DocTestSupport
import Foundation
import Testing

/// A package save plans only the entries that changed since the last save
/// (each directory wrapper remembers its changed children). These tests
/// edit a package's wrapper in place at random, through Apple's API alone,
/// and check after every save that the disk holds exactly the tree the
/// edits made: a change the tracking missed would be a file left stale.
@MainActor
@Suite("Package saves plan only what changed, and miss nothing")
struct PackageChangeTrackingTests {
  @Test("Random edits at every depth, saved in place round after round", arguments: [1, 2, 3, 4])
  func randomEdits(seed: UInt64) async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Tree.package")
    var model: [String: TreeEdit.Node] = ["a.txt": .file("a", mode: nil), "sub": .directory]
    try TreeEdit.apply([.write("a.txt", "a"), .makeDirectory("sub")], to: nil)
      .write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    var random = SplitMix64(seed: seed)
    for round in 1...25 {
      var edits: [TreeEdit] = []
      for step in 0..<Int.random(in: 1...4, using: &random) {
        edits.append(TreeEdit.random(in: &model, label: "r\(round)s\(step)", using: &random))
      }
      session.setDocument(EditingPackage(edits: edits), actionName: "Edit")
      try await session.save()
      let onDisk = try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
      #expect(onDisk == model, "round \(round): \(edits)")
      guard onDisk == model else { return }
    }
  }

  @Test("A change deep inside an unchanged folder is saved, and a file's new mode too")
  func deepChange() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Deep.package")
    try TreeEdit.apply(
      [
        .makeDirectory("x"), .makeDirectory("x/y"), .makeDirectory("x/y/z"),
        .write("x/y/z/deep.txt", "old"), .write("x/y/keep.txt", "keep"),
      ], to: nil
    ).write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    session.setDocument(
      EditingPackage(edits: [.write("x/y/z/deep.txt", "new"), .chmod("x/y/keep.txt", 0o600)]))
    try await session.save()
    let onDisk = try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
    #expect(onDisk["x/y/z/deep.txt"] == .file("new", mode: nil))
    #expect(onDisk["x/y/keep.txt"] == .file("keep", mode: 0o600))
  }
}

extension PackageChangeTrackingTests {
  /// Opens the folder `name` made by `edits` in `temporary`.
  private func openFolder(
    _ temporary: TemporaryDirectory, _ name: String, _ edits: [TreeEdit]
  ) async throws -> (DocumentSession<ClosurePackage>, URL) {
    let url = temporary(name)
    try TreeEdit.apply(edits, to: nil).write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<ClosurePackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    return (session, url)
  }

  /// Saves after `edit` runs on the package wrapper.
  private func save(
    _ session: DocumentSession<ClosurePackage>, _ edit: @escaping (FileWrapper) throws -> Void
  ) async throws {
    session.setDocument(ClosurePackage(edit: WrapperEdit(edit)), actionName: "Edit")
    try await session.save()
  }

  private func onDisk(_ url: URL) throws -> [String: TreeEdit.Node] {
    try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
  }

  @Test("A folder put back where another folder has since been saved is planned again")
  func folderPutBack() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(
      temporary, "Back.package", [.makeDirectory("a"), .write("a/x.txt", "x")])
    let kept = Holder()
    try await save(session) { root in
      let first = try #require(root.fileWrappers?["a"])
      // Its file's bytes, read now: the save removes the file from disk.
      _ = try #require(first.fileWrappers?["x.txt"]).loadRegularFileContents()
      kept.wrapper = first
      root.removeFileWrapper(first)
      _ = try TreeEdit.apply([.makeDirectory("a"), .write("a/y.txt", "y")], to: root)
    }
    #expect(try onDisk(url) == ["a": .directory, "a/y.txt": .file("y", mode: nil)])
    try await save(session) { root in
      root.removeFileWrapper(try #require(root.fileWrappers?["a"]))
      root.addFileWrapper(try #require(kept.wrapper))
    }
    #expect(try onDisk(url) == ["a": .directory, "a/x.txt": .file("x", mode: nil)])
  }

  @Test("read(from:) of a folder whose file is also in another folder: both are saved")
  func rereadSharedFile() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(
      temporary, "Shared.package",
      [.makeDirectory("a"), .write("a/f.txt", "old"), .makeDirectory("b")])
    try await save(session) { root in
      let file = try #require(root.fileWrappers?["a"]?.fileWrappers?["f.txt"])
      try #require(root.fileWrappers?["b"]).addFileWrapper(file)
    }
    #expect(try onDisk(url)["b/f.txt"] == .file("old", mode: nil))
    let source = temporary("source")
    try TreeEdit.apply([.write("f.txt", "NEW")], to: nil)
      .write(to: source, options: .atomic, originalContentsURL: nil)
    try await save(session) { root in
      try #require(root.fileWrappers?["a"]).read(from: source)
    }
    #expect(try onDisk(url)["a/f.txt"] == .file("NEW", mode: nil))
    #expect(try onDisk(url)["b/f.txt"] == .file("NEW", mode: nil))
  }

  @Test("A wrapper changed while its package is being saved is saved by the next save")
  func changeDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(temporary, "Busy.package", [.write("a.txt", "a")])
    let kept = Holder()
    session.setDocument(
      ClosurePackage(
        edit: WrapperEdit { root in
          kept.wrapper = root
          _ = try TreeEdit.apply([.write("a.txt", "b")], to: root)
        }), actionName: "Edit")
    let gate = GatedFileSystem(holding: .fsync)
    let saving = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await session.save() }
    }
    await gate.reached()
    try #require(kept.wrapper).addRegularFile(
      withContents: Data("n".utf8), preferredFilename: "n.txt")
    gate.proceed()
    try await saving.value
    #expect(try onDisk(url) == ["a.txt": .file("b", mode: nil)])
    try await save(session) { _ in }
    #expect(try onDisk(url) == ["a.txt": .file("b", mode: nil), "n.txt": .file("n", mode: nil)])
  }
}
