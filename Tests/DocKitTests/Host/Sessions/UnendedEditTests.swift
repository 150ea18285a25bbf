import DocKit
import DocTestSupport
import Foundation
import Testing

/// One session of some document kind, seen through closures, so that each
/// operation can be run against each kind.
@MainActor
struct EditedSession {
  /// The document as text, as it is now.
  var text: @MainActor () -> String
  /// Makes one more edit. Its event is never ended.
  var edit: @MainActor () throws -> Void
  var isDirty: @MainActor () -> Bool
  var canUndo: @MainActor () -> Bool
  var groupingLevel: @MainActor () -> Int
  var undo: @MainActor () -> Void
  var fileURL: @MainActor () -> URL?
  var save: @MainActor () async throws -> Void
  var saveAs: @MainActor (URL) async throws -> Void
  var saveTo: @MainActor (URL) async throws -> Void
  var export: @MainActor (URL) async -> Result<URL, any Error>
  var autosave: @MainActor () async throws -> Bool
  var close: @MainActor (_ discardingChanges: Bool) throws -> Void
  var revert: @MainActor () async throws -> Void
  /// A file's contents as text, read by a new session of the same kind.
  var read: @MainActor (URL) async throws -> String

  init<D>(
    _ session: DocumentSession<D>, text: @escaping @MainActor (D) -> String,
    edit: @escaping @MainActor (DocumentSession<D>) throws -> Void,
    open: @escaping @MainActor (URL) async throws -> DocumentSession<D>
  ) {
    self.text = { text(session.document) }
    self.edit = { try edit(session) }
    isDirty = { session.isDirty }
    canUndo = { session.undoManager.canUndo }
    groupingLevel = { session.undoManager.groupingLevel }
    undo = { session.undoManager.undo() }
    fileURL = { session.fileURL }
    save = { try await session.save() }
    saveAs = { try await session.save(as: $0) }
    saveTo = { try await session.save(to: $0) }
    export = { url in
      var result: Result<URL, any Error>?
      await FileExporter().export(
        document: session, presenter: FixedExportPresenter(.init(url: url))
      ) { result = $0 }
      return result ?? .failure(CancellationError())
    }
    autosave = { try await session.autosaveIfNeeded() }
    close = { try session.close(discardingChanges: $0) }
    revert = { try await session.revert() }
    read = { url in text(try await open(url).document) }
  }
}

/// The kinds of document a session hosts, each with a file, an edit and a
/// way to see its contents as text.
enum EditedKind: String, CaseIterable, CustomStringConvertible, Sendable {
  /// A `FileDocument` edited through `perform`.
  case plainText
  /// A `FileDocument` replaced whole through `setDocument(_:actionName:)`.
  case wholeValue
  /// A `FileDocument` package that tracks its changed parts (a folio).
  case folio
  /// A `ReferenceFileDocument`, whose save takes a snapshot.
  case binary
  /// A `Document`-family document with its own reader and writer.
  case textFile

  var description: String { rawValue }

  /// The file's extension, for copies.
  var pathExtension: String {
    switch self {
    case .plainText, .wholeValue, .textFile: "txt"
    case .folio: "folio"
    case .binary: "bin"
    }
  }

  /// The file's contents before the edit, and after one edit.
  var original: String {
    self == .folio ? "text 1|text 2" : "one\n"
  }
  var edited: String {
    self == .folio ? "text 1+|text 2" : "one\nmore\n"
  }

  /// Opens the kind's file in `temporary` with autosave after each change.
  @MainActor
  func openSession(in temporary: TemporaryDirectory) async throws -> EditedSession {
    let policy = AutosavePolicy(changes: 1, interval: nil)
    switch self {
    case .plainText, .wholeValue:
      let url = try temporary.write("one\n", to: "a.txt")
      func open(_ url: URL) async throws -> DocumentSession<TextMemo> {
        try await .open(url, environment: testEnvironment(temporary, policy: policy))
      }
      return EditedSession(
        try await open(url), text: { $0.text },
        edit: { session in
          if self == .plainText {
            try session.perform { try $0.insert(["more"], at: $0.lineCount) }
          } else {
            session.setDocument(TextMemo(text: session.document.text + "more\n"))
          }
        }, open: open)
    case .folio:
      let url = try makeFolio(temporary, name: "a.folio", count: 2)
      func open(_ url: URL) async throws -> DocumentSession<Folio> {
        try await .open(url, environment: testEnvironment(temporary, policy: policy))
      }
      return EditedSession(
        try await open(url), text: { $0.pages.map(\.text).joined(separator: "|") },
        edit: { session in
          let text = session.document.pages[0].text + "+"
          try session.perform { try $0.editPage(id: "n1", text: text) }
        }, open: open)
    case .binary:
      let url = temporary("a.bin")
      try Data("one\n".utf8).write(to: url)
      func open(_ url: URL) async throws -> DocumentSession<ByteBuffer> {
        try await .open(url, environment: testEnvironment(temporary, policy: policy))
      }
      return EditedSession(
        try await open(url), text: { String(decoding: $0.contents, as: UTF8.self) },
        edit: { session in
          session.document.insertBytes(
            Data("more\n".utf8), at: session.document.contents.count,
            undoManager: session.undoManager)
        }, open: open)
    case .textFile:
      let url = try temporary.write("one\n", to: "a.txt")
      func open(_ url: URL) async throws -> DocumentSession<TextPage> {
        try await .open(url, environment: testEnvironment(temporary, policy: policy)) {
          TextPage()
        }
      }
      return EditedSession(
        try await open(url), text: { $0.text },
        edit: { session in
          try session.document.insert(
            ["more"], at: session.document.memo.lineCount, undoManager: session.undoManager)
        }, open: open)
    }
  }
}

/// What a user does straight after an edit.
enum SessionOperation: String, CaseIterable, CustomStringConvertible, Sendable {
  case save, saveAs, saveTo, export, autosave, close, revert
  var description: String { rawValue }
}

@MainActor
@Suite("An edit whose event was not ended is never lost")
struct UnendedEditTests {
  @Test(
    "Each operation straight after an edit, without endEvent(), sees the edit",
    arguments: EditedKind.allCases, SessionOperation.allCases)
  func operationAfterUnendedEdit(kind: EditedKind, operation: SessionOperation) async throws {
    let temporary = try TemporaryDirectory()
    let session = try await kind.openSession(in: temporary)
    let url = try #require(session.fileURL())
    let copy = temporary("copy.\(kind.pathExtension)")
    #expect(!session.isDirty())
    try session.edit()
    #expect(session.text() == kind.edited)
    #expect(session.groupingLevel() == 1)
    // The edit's undo group is still open, and already counts.
    #expect(session.isDirty())

    switch operation {
    case .save:
      try await session.save()
      #expect(try await session.read(url) == kind.edited)
      #expect(!session.isDirty())
      #expect(session.groupingLevel() == 0)
      // The saved point is where the edit's group closed: undoing it makes
      // the document dirty again.
      session.undo()
      #expect(session.text() == kind.original)
      #expect(session.isDirty())
    case .saveAs:
      try await session.saveAs(copy)
      #expect(session.fileURL() == copy)
      #expect(try await session.read(copy) == kind.edited)
      #expect(!session.isDirty())
    case .saveTo:
      try await session.saveTo(copy)
      #expect(try await session.read(copy) == kind.edited)
      #expect(try await session.read(url) == kind.original)
      #expect(session.isDirty())
      #expect(throws: CocoaError.self) { try session.close(false) }
    case .export:
      let result = await session.export(copy)
      #expect(try result.get() == copy)
      #expect(try await session.read(copy) == kind.edited)
      #expect(session.isDirty())
    case .autosave:
      #expect(try await session.autosave())
      #expect(try await session.read(url) == kind.edited)
      #expect(!session.isDirty())
    case .close:
      let refused = #expect(throws: CocoaError.self) { try session.close(false) }
      #expect(refused?.documentSessionError?.code == .unsavedChanges)
      #expect(session.isDirty())
      try await session.save()
      #expect(try await session.read(url) == kind.edited)
      try session.close(false)
    case .revert:
      // Revert is the user asking to discard: the edit goes, deliberately,
      // and leaves nothing behind on the undo stack or in an open group.
      try await session.revert()
      #expect(session.text() == kind.original)
      #expect(!session.isDirty())
      #expect(!session.canUndo())
      #expect(session.groupingLevel() == 0)
      try session.edit()
      #expect(session.isDirty())
      session.undo()
      #expect(!session.isDirty())
      #expect(!session.canUndo())
      #expect(session.text() == kind.original)
    }
  }

  @Test("An open group counts as unsaved only if it holds an action that is not discardable")
  func openGroupCounting() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "a\n"), environment: testEnvironment(temporary))
    session.undoManager.beginUndoGrouping()
    session.undoManager.beginUndoGrouping()
    #expect(!session.isDirty)  // open, but empty
    try session.perform { try $0.insert(["b"], at: 1) }
    #expect(session.isDirty)  // the action is in the inner group
    session.undoManager.setActionIsDiscardable(true)
    #expect(!session.isDirty)
    session.undoManager.setActionIsDiscardable(false)
    #expect(session.isDirty)
    session.undoManager.endUndoGrouping()
    session.undoManager.endUndoGrouping()
    // The explicit groups are nested in the event's, which is still open:
    // dirty, counted when the event ends.
    #expect(session.undoManager.groupingLevel == 1)
    #expect(session.isDirty)
    #expect(session.changeCount == 0)
    session.undoManager.markEventBoundary()
    #expect(session.isDirty)
    #expect(session.changeCount == 1)
    // An event whose only change is discardable: nothing to save, close
    // succeeds.
    let clean = DocumentSession(
      new: TextMemo(text: "a\n"), environment: testEnvironment(temporary))
    try clean.perform { try $0.insert(["b"], at: 1) }
    clean.undoManager.setActionIsDiscardable(true)
    #expect(!clean.isDirty)
    try clean.close()
    #expect(clean.changeCount == 0)
  }

  @Test("A reference document's snapshot is taken after the open event is closed")
  func snapshotAfterUnendedEdit() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("data.bin")
    try Data([1, 2, 3]).write(to: url)
    let session = try await DocumentSession<ByteBuffer>.open(
      url, environment: testEnvironment(temporary))
    session.document.insertBytes(Data([9]), at: 0, undoManager: session.undoManager)
    try await session.save()
    #expect(try Data(contentsOf: url) == Data([9, 1, 2, 3]))
    #expect(session.changeCount == 1)
    #expect(session.undoManager.undoCount == 1)
    #expect(!session.isDirty)
    // A second edit and save: one more change, one more group.
    session.document.insertBytes(Data([8]), at: 0, undoManager: session.undoManager)
    try await session.save()
    #expect(try Data(contentsOf: url) == Data([8, 9, 1, 2, 3]))
    #expect(session.undoManager.undoCount == 2)
  }

  @Test("An untitled document: save to, autosave, then save as, all without endEvent()")
  func untitled() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: TextMemo(text: "draft\n"),
      environment: testEnvironment(temporary, policy: AutosavePolicy(changes: 1, interval: nil)))
    try session.perform { try $0.insert(["one"], at: 1) }
    try await session.save(to: temporary("copy.txt"))
    #expect(try String(contentsOf: temporary("copy.txt"), encoding: .utf8) == "draft\none\n")
    #expect(session.fileURL == nil)
    #expect(session.isDirty)
    #expect(throws: CocoaError.self) { try session.close() }

    try session.perform { try $0.insert(["two"], at: 2) }
    #expect(try await session.autosaveIfNeeded())
    let autosave = try #require(session.autosaveURL)
    #expect(try String(contentsOf: autosave, encoding: .utf8) == "draft\none\ntwo\n")
    #expect(session.isDirty)  // an autosave of an untitled document is not a save

    try session.perform { try $0.insert(["three"], at: 3) }
    try await session.save(as: temporary("kept.txt"))
    #expect(
      try String(contentsOf: temporary("kept.txt"), encoding: .utf8) == "draft\none\ntwo\nthree\n")
    #expect(!session.isDirty)
    #expect(!FileManager.default.fileExists(atPath: autosave.path))
    try session.close()
  }
}
