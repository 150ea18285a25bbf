import DocKit
import DocTestSupport
import Foundation
import Synchronization
import Testing

@MainActor
@Suite("Document session: open, save, save as, save to, revert, close")
struct DocumentSessionTests {
  @Test(
    "Edits make the document dirty; save writes it and makes it clean; a clean save writes nothing")
  func saveInPlace() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("one\ntwo\n", to: "list.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    #expect(session.contentType == .plainText)
    #expect(!session.isDirty)
    try session.perform { try $0.insert(["three"], at: 2) }
    try await session.endEvent()
    #expect(session.isDirty)
    #expect(session.undoManager.undoMenuItemTitle == "Undo Insert Lines")
    try await session.save()
    #expect(!session.isDirty)
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\nthree\n")
    let inode = FileStat(url)?.inode
    try await session.save()
    #expect(FileStat(url)?.inode == inode)
    #expect(try temporary.names() == ["list.txt"])
  }

  @Test("Undoing back to the saved point makes the document clean; redoing away makes it dirty")
  func savedPoint() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["b"], at: 1) }
    try await session.endEvent()
    try await session.save()
    try session.perform { try $0.insert(["c"], at: 2) }
    try await session.endEvent()
    #expect(session.isDirty)
    session.undoManager.undo()
    #expect(!session.isDirty)
    session.undoManager.undo()
    #expect(session.isDirty)
    session.undoManager.redo()
    #expect(!session.isDirty)
    session.undoManager.redo()
    #expect(session.isDirty)
    // Undo below the saved point, then change: the saved state is gone for good.
    session.undoManager.undo()
    session.undoManager.undo()
    try session.perform { try $0.insert(["x"], at: 1) }
    try await session.endEvent()
    #expect(session.changeCount == 1)
    #expect(session.isDirty)
  }

  @Test("Discardable changes do not count; nested groups count once, when the event closes")
  func discardable() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "a\n"), environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["b"], at: 1) }
    session.undoManager.setActionIsDiscardable(true)
    try await session.endEvent()
    #expect(!session.isDirty)
    try session.perform { try $0.insert(["c"], at: 2) }
    try await session.endEvent()
    #expect(session.changeCount == 1)
    // Nested groups count once, with the event's group they are in.
    session.undoManager.beginUndoGrouping()
    session.undoManager.beginUndoGrouping()
    try session.perform { try $0.insert(["d"], at: 3) }
    session.undoManager.endUndoGrouping()
    #expect(session.changeCount == 1)
    session.undoManager.endUndoGrouping()
    #expect(session.changeCount == 1)
    try await session.endEvent()
    #expect(session.changeCount == 2)
  }

  @Test("Save as adopts the new file; save to writes a copy and changes nothing else")
  func saveAsAndTo() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "draft\n"), environment: testEnvironment(temporary))
    #expect(session.fileURL == nil)
    try session.perform { try $0.insert(["more"], at: 1) }
    try await session.endEvent()
    let untitledSave = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(untitledSave?.code == .fileNoSuchFile)
    #expect(untitledSave?.documentSessionError?.code == .untitled)

    try await session.save(to: temporary("copy.txt"))
    #expect(session.fileURL == nil)
    #expect(session.isDirty)
    #expect(try String(contentsOf: temporary("copy.txt"), encoding: .utf8) == "draft\nmore\n")

    let exists = await #expect(throws: CocoaError.self) {
      try await session.save(as: temporary("copy.txt"))
    }
    #expect(exists?.code == .fileWriteFileExists)
    #expect(exists?.documentSessionError?.code == .fileExists)
    #expect(session.fileURL == nil)

    try await session.save(as: temporary("final.text"), contentType: .utf8PlainText)
    #expect(session.fileURL == temporary("final.text"))
    #expect(session.contentType == .utf8PlainText)
    #expect(!session.isDirty)
    try await session.save(as: temporary("copy.txt"), overwrite: true)
    #expect(session.fileURL == temporary("copy.txt"))
    let unwritable = await #expect(throws: CocoaError.self) {
      try await session.save(to: temporary("x.pdf"), contentType: .pdf)
    }
    #expect(unwritable?.code == .fileWriteUnknown)
    #expect(unwritable?.documentSessionError?.code == .unsupportedContentType)
  }

  @Test("Opening checks the type against the document's readable types")
  func openChecksType() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("{}", to: "data.json")
    let error = await #expect(throws: CocoaError.self) {
      try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
    }
    #expect(error?.code == .fileReadUnknown)
    #expect(error?.documentSessionError?.code == .unsupportedContentType)
    let explicit = try await DocumentSession<TextMemo>.open(
      try temporary.write("x", to: "notes.unknown"), contentType: .utf8PlainText,
      environment: testEnvironment(temporary))
    #expect(explicit.contentType == .utf8PlainText)
    let missing = await #expect(throws: CocoaError.self) {
      try await DocumentSession<TextMemo>.open(
        temporary("none.txt"), environment: testEnvironment(temporary))
    }
    #expect(missing?.code == .fileReadNoSuchFile)
    #expect(missing?.fileWrapperError?.code == .noSuchFile)
  }

  @Test("Revert rereads the file, clears the undo stacks and makes the document clean")
  func revert() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("a\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.replace(lineAt: 0, with: "changed") }
    try await session.endEvent()
    try await session.revert()
    #expect(session.document.text == "a\n")
    #expect(!session.isDirty)
    #expect(!session.undoManager.canUndo)
  }

  @Test("Close refuses unsaved changes unless told to discard them")
  func close() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(new: TextMemo(), environment: testEnvironment(temporary))
    try session.close()
    let dirty = DocumentSession(new: TextMemo(), environment: testEnvironment(temporary))
    try dirty.perform { try $0.insert(["x"], at: 0) }
    try await dirty.endEvent()
    let error = #expect(throws: CocoaError.self) { try dirty.close() }
    #expect(error?.code == .fileWriteUnknown)
    #expect(error?.documentSessionError?.code == .unsavedChanges)
    try dirty.close(discardingChanges: true)
  }

  @Test(
    "A file changed on disk is a conflict: save refuses unless forced, revert takes the other version"
  )
  func conflicts() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("mine\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["edit"], at: 1) }
    try await session.endEvent()
    // Another program replaces the file: new inode, same size.
    try FileManager.default.removeItem(at: url)
    try temporary.write("them\n", to: "a.txt")
    #expect(session.hasConflict)
    let error = await #expect(throws: CocoaError.self) { try await session.save() }
    #expect(error?.code == .fileWriteUnknown)
    #expect(error?.documentSessionError?.code == .conflict)
    #expect(try String(contentsOf: url, encoding: .utf8) == "them\n")
    #expect(session.isDirty)
    try await session.revert()
    #expect(session.document.text == "them\n")
    try session.perform { try $0.insert(["again"], at: 1) }
    try await session.endEvent()
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: url.path)
    await #expect(throws: CocoaError.self) { try await session.save() }
    try await session.save(force: true)
    #expect(try String(contentsOf: url, encoding: .utf8) == "them\nagain\n")
  }

  @Test("A single-file save keeps the file's permissions and costs exactly two fsyncs")
  func singleFileSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("secret\n", to: "a.txt")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["more"], at: 1) }
    try await session.endEvent()
    let counter = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(counter) { try await session.save() }
    #expect(counter.callsByName["fsync"] == 2)
    #expect(counter.callsByName["renameat2"] == 1)
    #expect(FileStat(url)?.permissions == 0o600)
  }

  @Test("A package save rewrites only the changed page, reusing existingFile, in O(k) calls")
  func packageSave() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 50)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(session.contentType == .folio)
    let names = try temporary.names(in: "Trip.folio")
    let before = Dictionary(
      uniqueKeysWithValues: names.map { ($0, FileStat(url.appendingPathComponent($0))?.inode) })
    try session.perform { try $0.editPage(id: "n17", text: "edited") }
    try await session.endEvent()
    let counter = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(counter) { try await session.save() }
    for name in names {
      let inode = FileStat(url.appendingPathComponent(name))?.inode
      if name == "n17.txt" {
        #expect(inode != before[name])
      } else {
        #expect(inode == before[name], "\(name)")
      }
    }
    // O(k): no more calls than the same edit and save of a package of 5
    // pages, at the same depth (each path resolution looks at every
    // folder on the way), and nowhere near one per file.
    let small = try TemporaryDirectory()
    let smallSession = try await DocumentSession<Folio>.open(
      try makeFolio(small, count: 5), environment: testEnvironment(small))
    try smallSession.perform { try $0.editPage(id: "n3", text: "edited") }
    try await smallSession.endEvent()
    let smallCounter = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(smallCounter) { try await smallSession.save() }
    #expect(counter.callCount == smallCounter.callCount)
    #expect(try temporary.names() == ["Trip.folio"])
    let reopened = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    #expect(reopened.document.pages.first { $0.id == "n17" }?.text == "edited")
    // A second edit and save: still only that file.
    let afterFirst = FileStat(url.appendingPathComponent("n3.txt"))?.inode
    try session.perform { try $0.removePage(id: "n40") }
    try session.perform { try $0.addPage(id: "new", text: "new") }
    try await session.endEvent()
    try await session.save()
    #expect(FileStat(url.appendingPathComponent("n3.txt"))?.inode == afterFirst)
    #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("n40.txt").path))
    #expect(try String(contentsOf: url.appendingPathComponent("new.txt"), encoding: .utf8) == "new")
  }

  @Test(
    "A reference document above the inline save limit is serialized off the main actor, which stays free meanwhile"
  )
  func referenceDocument() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("data.bin")
    try Data([1, 2, 3]).write(to: url)
    // Limit 0: every file is above it, so the save runs off the main actor.
    var environment = testEnvironment(temporary)
    environment.inlineSaveLimit = 0
    let session = try await DocumentSession<RecordingDocument>.open(url, environment: environment)
    session.document.registerChange(session.undoManager)
    try await session.endEvent()
    #expect(session.isDirty)
    let document = session.document
    Task { @MainActor in document.mainActorRan.signal() }
    try await session.save()
    #expect(
      session.document.log.withLock { $0 } == ["snapshot", "serialized while the main actor ran"])
    #expect(!session.isDirty)

    let binary = try await DocumentSession<ByteBuffer>.open(
      url, environment: testEnvironment(temporary))
    binary.document.insertBytes(Data([9]), at: 0, undoManager: binary.undoManager)
    try await binary.endEvent()
    try await binary.save()
    #expect(try Data(contentsOf: url) == Data([9, 1, 2, 3]))
  }

  @Test("existingFile is nil while untitled, then the wrapper from the last read or write")
  func existingFile() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(new: ExistingFileProbe(), environment: testEnvironment(temporary))
    try await session.save(as: temporary("probe.txt"))
    #expect(ExistingFileProbe.seen.withLock { $0 } == [false])
    session.setDocument(ExistingFileProbe(), actionName: "Touch")
    try await session.endEvent()
    try await session.save()
    #expect(ExistingFileProbe.seen.withLock { $0 } == [false, true])
  }

  @Test(
    "Save as writes the whole package, sharing no inode with the original, and refuses an existing destination"
  )
  func packageSaveAs() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 5)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.editPage(id: "n1", text: "changed") }
    try await session.endEvent()
    try FileManager.default.createDirectory(
      at: temporary("Taken.folio"), withIntermediateDirectories: true)
    let taken = await #expect(throws: CocoaError.self) {
      try await session.save(as: temporary("Taken.folio"))
    }
    // A folder that a folio does not read (it is empty, no index.txt) is
    // not one of its packages: refused as a folder, never replaced.
    #expect(taken?.documentSessionError?.code == .destinationIsFolder)
    #expect(taken?.filePath == temporary("Taken.folio").path)
    #expect(try temporary.names(in: "Taken.folio").isEmpty)
    try await session.save(as: temporary("Copy.folio"))
    #expect(session.fileURL?.lastPathComponent == "Copy.folio")
    // Unchanged files are cloned or copied, never hard-linked: writing
    // into one document in place must not change the other.
    #expect(
      FileStat(temporary("Copy.folio/n2.txt"))?.inode
        != FileStat(url.appendingPathComponent("n2.txt"))?.inode)
    #expect(FileStat(temporary("Copy.folio/n2.txt"))?.linkCount == 1)
    #expect(FileStat(url.appendingPathComponent("n2.txt"))?.linkCount == 1)
    #expect(FileStat(temporary("Copy.folio/n1.txt"))?.linkCount == 1)
    #expect(
      try Data(contentsOf: temporary("Copy.folio/n2.txt"))
        == Data(contentsOf: url.appendingPathComponent("n2.txt")))
    #expect(
      try String(contentsOf: url.appendingPathComponent("n1.txt"), encoding: .utf8).contains(
        "text 1"))
  }

  @Test(
    "An in-place package save refuses a tree that contains itself, or a name that is not one component"
  )
  func hostilePackageTrees() async throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "pkg/a.txt")
    let url = temporary("pkg")
    let before = diskState(url)
    let session = try await DocumentSession<HostilePackage>.open(
      url, environment: testEnvironment(temporary))
    HostilePackage.addition.withLock {
      $0 = { package in
        let loop = FileWrapper(directoryWithFileWrappers: [:])
        loop.preferredFilename = "loop"
        loop.addFileWrapper(loop)
        package.addFileWrapper(loop)
      }
    }
    let cycle = await #expect(throws: CocoaError.self) { try await session.save(force: true) }
    #expect(cycle?.fileWrapperError?.code == .cycle)
    #expect(diskState(url) == before)
    try await session.revert()
    HostilePackage.addition.withLock {
      $0 = { package in
        let long = String(repeating: "n", count: 250)
        package.addRegularFile(withContents: Data(), preferredFilename: long)
        package.addRegularFile(withContents: Data(), preferredFilename: long)
      }
    }
    let name = await #expect(throws: CocoaError.self) { try await session.save(force: true) }
    #expect(name?.code == .fileWriteInvalidFileName)
    #expect(name?.fileWrapperError?.code == .invalidFilename)
    #expect(diskState(url) == before)
    #expect(try temporary.names() == ["pkg"])
    HostilePackage.addition.withLock { $0 = nil }
  }
}
