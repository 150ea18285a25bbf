import DocKit
import DocTestSupport
import Foundation
import Testing

/// A package written in full is given a manifest, against which the next
/// save checks every entry it replaces for another program's change. A
/// tree edited while it was written gets one made from what the write put
/// on disk (see OwnChangeDuringSaveTests); a change to some other
/// document's wrappers in the same process (another window, or a test
/// running in parallel) says nothing about this one.
@MainActor
@Suite("Package conflicts: a change to another tree while a package is written")
struct UnrelatedChangeDuringSaveTests {
  /// How the package comes to be written in full.
  enum FirstSave: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case saveAsUntitled
    case saveAsOpened

    var testDescription: String { rawValue }
  }

  @Test(
    "A page rewritten in place by another program after a save as, during which another document's wrappers changed, is a conflict",
    arguments: FirstSave.allCases)
  func unrelatedChange(first: FirstSave) async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Trip.folio")
    let session: DocumentSession<Folio>
    switch first {
    case .saveAsUntitled:
      var document = try Folio(title: "Trip", pages: [])
      try document.addPage(id: "a", text: "hello")
      session = DocumentSession(
        new: document, contentType: .folio, environment: testEnvironment(temporary))
    case .saveAsOpened:
      let original = try makeFolio(temporary, name: "Original.folio", count: 1)
      session = try await DocumentSession<Folio>.open(
        original, environment: testEnvironment(temporary))
      try session.perform { try $0.addPage(id: "a", text: "hello") }
      try await session.endEvent()
    }
    // While the package is written (off the main actor), another tree of
    // wrappers in this process changes.
    let elsewhere = ObservingFileSystem(before: .mkdirat) {
      let other = FileWrapper(directoryWithFileWrappers: [:])
      other.addRegularFile(withContents: Data("x".utf8), preferredFilename: "x")
    }
    try await FileSystemContext.$current.withValue(elsewhere) {
      try await session.save(as: url)
    }
    try session.perform { try $0.editPage(id: "a", text: "mine") }
    try await session.endEvent()
    // Another program rewrites the page in place, at the same size, and
    // gives it a modification time of its own: nothing but the check of
    // the entry can tell.
    let page = url.appendingPathComponent("a.txt")
    let theirs = Data(String(repeating: " ", count: try Data(contentsOf: page).count).utf8)
    let handle = try FileHandle(forWritingTo: page)
    try handle.write(contentsOf: theirs)
    try handle.close()
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: page.path)
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(error?.documentSessionError?.url?.lastPathComponent == "a.txt")
    #expect(try Data(contentsOf: page) == theirs)
    #expect(session.isDirty)
  }

  @Test(
    "A change to the tree itself while it is saved as is written by the next save"
  )
  func ownChange() async throws {
    let temporary = try TemporaryDirectory()
    let original = temporary("Busy.package")
    try TreeEdit.apply(
      [.write("a.txt", "a"), .makeDirectory("sub"), .write("sub/s.txt", "s")], to: nil
    ).write(to: original, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<ClosurePackage>.open(
      original, contentType: .folder, environment: testEnvironment(temporary))
    let kept = Holder()
    session.setDocument(
      ClosurePackage(
        edit: WrapperEdit { root in
          kept.wrapper = root
          _ = try TreeEdit.apply([.write("a.txt", "b")], to: root)
        }), actionName: "Edit")
    let copy = temporary("Copy.package")
    let gate = GatedFileSystem(holding: .fsync)
    let saving = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await session.save(as: copy) }
    }
    await gate.reached()
    // A change one folder down: the folder that holds it notes it.
    try #require(kept.wrapper?.fileWrappers?["sub"]).addRegularFile(
      withContents: Data("n".utf8), preferredFilename: "n.txt")
    gate.proceed()
    try await saving.value
    let before = try TreeEdit.flatten(FileWrapper(url: copy, options: .immediate))
    #expect(before["sub/n.txt"] == nil)
    session.setDocument(ClosurePackage(edit: WrapperEdit { _ in }), actionName: "Edit")
    try await session.save()
    let after = try TreeEdit.flatten(FileWrapper(url: copy, options: .immediate))
    #expect(
      after == [
        "a.txt": .file("b", mode: nil), "sub": .directory, "sub/s.txt": .file("s", mode: nil),
        "sub/n.txt": .file("n", mode: nil),
      ])
  }
}
