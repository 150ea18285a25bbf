import DocKit
import DocScript
import DocTestSupport
import Foundation
import Synchronization
import Testing

extension UTType {
  fileprivate static func declareForTest(_ name: String) -> UTType {
    let identifier = "org.docrepl.test.\(name)"
    try? UTType.register([
      UTTypeDeclaration(
        identifier: identifier, conformsTo: ["public.data"],
        tags: [.filenameExtension: [name]], description: name)
    ])
    return UTType(exportedAs: identifier)
  }

  fileprivate static let memo = declareForTest("memo")
  fileprivate static let ledger = declareForTest("ledger")
  fileprivate static let journal = declareForTest("journal")
  fileprivate static let tally = declareForTest("tally")
}

/// A `FileDocument` with no script commands: text.
private struct Memo: FileDocument {
  static var readableContentTypes: [UTType] { [.memo] }
  var text: String

  init(text: String = "") { self.text = text }
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

/// A `ReferenceFileDocument` with no script commands, whose bytes are not
/// UTF-8.
private final class Ledger: ReferenceFileDocument {
  static let readableContentTypes: [UTType] = [.ledger]
  let bytes: Mutex<Data>

  init(bytes: Data = Data([0xff, 0x00, 0x41])) { self.bytes = Mutex(bytes) }
  init(configuration: ReadConfiguration) throws {
    bytes = Mutex(configuration.file.regularFileContents ?? Data())
  }
  func snapshot(contentType: UTType) throws -> Data { bytes.withLock { $0 } }
  func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: snapshot)
  }
}

/// A `Document`-family package: one file a line.
@MainActor
private final class Journal: DocKit.Document {
  static let readableContentTypes: [UTType] = [.journal]
  var entries: [String]

  init(entries: [String] = []) { self.entries = entries }

  nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<[String]> {
    FileWrapperDocumentReader(configuration) { wrapper in
      (wrapper.fileWrappers ?? [:]).sorted { $0.key < $1.key }.map {
        String(decoding: $0.value.regularFileContents ?? Data(), as: UTF8.self)
      }
    }
  }

  func apply(snapshot: sending [String], previous: sending [String]?) async throws {
    entries = snapshot
  }

  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<[String]> {
    FileWrapperDocumentWriter(configuration) { entries in
      var children: [String: FileWrapper] = [:]
      for (index, entry) in entries.enumerated() {
        children["\(index + 1).txt"] = FileWrapper(regularFileWithContents: Data(entry.utf8))
      }
      return FileWrapper(directoryWithFileWrappers: children)
    }
  }

  func snapshot(contentType: UTType) async throws -> [String] { entries }
}

/// A scriptable `Document`-family type: a count with an `add` command.
@MainActor
private final class Tally: DocKit.Document, ScriptableDocument {
  static let readableContentTypes: [UTType] = [.tally]
  var count = 0

  nonisolated func reader(
    configuration: sending ReadConfiguration
  ) -> sending FileWrapperDocumentReader<Int> {
    FileWrapperDocumentReader(configuration) { wrapper in
      Int(String(decoding: wrapper.regularFileContents ?? Data(), as: UTF8.self).dropLast()) ?? 0
    }
  }
  func apply(snapshot: sending Int, previous: sending Int?) async throws { count = snapshot }
  nonisolated func writer(
    configuration: sending WriteConfiguration
  ) -> sending FileWrapperDocumentWriter<Int> {
    FileWrapperDocumentWriter(configuration) {
      FileWrapper(regularFileWithContents: Data("\($0)\n".utf8))
    }
  }
  func snapshot(contentType: UTType) async throws -> Int { count }

  nonisolated static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("tally", .tally)] }
  nonisolated static func makeUntitled(contentType: UTType) -> Tally {
    MainActor.assumeIsolated { Tally() }
  }
  static var scriptCommands: [DocumentCommand<Tally>] {
    let amount = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec("add", [amount], summary: "adds N", example: "add 2", topic: .document)
      ) { context in
        let n = try context.arguments[amount].integer("N")
        context.session.document.add(n, undoManager: context.session.undoManager)
      }
    ]
  }

  func add(_ n: Int, undoManager: UndoManager) {
    count += n
    undoManager.registerUndo(withTarget: self) { $0.add(-n, undoManager: undoManager) }
    undoManager.setActionName("Add \(n)")
  }
}

@MainActor
@Suite("Document types without script commands")
struct UnscriptedDocumentTests {
  let temporary: TemporaryDirectory
  let registry = DocumentTypeRegistry()
  let output = CapturedOutput()
  let interpreter: Interpreter

  init() throws {
    temporary = try TemporaryDirectory()
    registry.register(.unscripted(newDocument: { Memo(text: "new memo\n") }), kind: .fileDocument)
    registry.register(.unscripted(newDocument: { Ledger() }), kind: .reference)
    registry.register(
      .unscripted(name: "journal", newDocument: { Journal() }), kind: .document { _ in Journal() })
    registry.register(.scripted(Tally.self), kind: .document(Tally.makeUntitled))
    interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
  }

  private func run(_ text: String) async -> Interpreter.Result {
    await interpreter.run(ScriptSource(name: "t.docscript", text: text))
  }

  @Test("A FileDocument: new, show its bytes, save, reopen, snapshot, diff, restore and undo")
  func fileDocument() async throws {
    var result = await run(
      """
      new memo
      show
      save first.memo
      close
      open first.memo
      show
      snapshot before
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(try String(contentsOf: temporary("first.memo"), encoding: .utf8) == "new memo\n")
    try Data("changed on disk\n".utf8).write(to: temporary("first.memo"))
    result = await run(
      """
      revert
      show
      diff before
      restore before
      show
      expect dirty
      undo
      expect clean
      export to copy.memo
      types
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        new memo
        new memo
        before
        changed on disk
        --- before
        +++ first (current)
        @@ -1 +1 @@
        -new memo
        +changed on disk
        new memo
        Undo Restore before
        exported copy.memo
        readable: org.docrepl.test.memo
        writable: org.docrepl.test.memo

        """)
    #expect(try String(contentsOf: temporary("copy.memo"), encoding: .utf8) == "changed on disk\n")
  }

  @Test(
    "A ReferenceFileDocument whose bytes are not UTF-8 shows as a hex dump, and says why it cannot restore"
  )
  func referenceDocument() async throws {
    let result = await run(
      """
      new ledger
      show
      snapshot s
      expect-error "does not adopt ScriptableReferenceDocument" restore s
      save l.ledger
      expect clean
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        00000000  ff 00 41                                          |..A|
        00000003
        s

        """)
    #expect(try Data(contentsOf: temporary("l.ledger")) == Data([0xff, 0x00, 0x41]))
  }

  @Test("A Document-family package shows each file under its path, saves and reopens")
  func documentFamily() async throws {
    try FileManager.default.createDirectory(
      at: temporary("days.journal"), withIntermediateDirectories: true)
    try Data("Monday".utf8).write(to: temporary("days.journal/1.txt"))
    try Data("Tuesday\n".utf8).write(to: temporary("days.journal/2.txt"))
    let result = await run(
      """
      open days.journal
      show
      save-as copy.journal
      new journal
      show
      docs
      expect-error "has no command 'add'" add 1
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(
      output.text == """
        == 1.txt ==
        Monday
        == 2.txt ==
        Tuesday
          days        org.docrepl.test.journal  copy.journal
        > untitled-1  org.docrepl.test.journal  (untitled)

        """)
    #expect(try temporary.names(in: "copy.journal") == ["1.txt", "2.txt"])
  }

  @Test(
    "A Document-family document's show writes its temporary folder through the FileSystem seam"
  )
  func documentFamilyShowUsesTheSeam() async throws {
    let setup = await run("new journal")
    #expect(setup.succeeded, "\(output.renderedDiagnostics)")
    // A volume where no folder can be made: `show` must fail, as every
    // file system call DocKit makes is one the seam sees.
    let failing = ErrnoInjectingFileSystem(EROFS, on: [.makeDirectory])
    let result = await FileSystemContext.$current.withValue(failing) { await run("show") }
    #expect(!result.succeeded)
    #expect(output.renderedDiagnostics.joined().contains("mkdirat failed: Read-only file system"))
  }

  @Test("A scriptable Document-family type brings its commands, which undo")
  func scriptableDocumentFamily() async throws {
    let result = await run(
      """
      new tally
      add 2
      add 3
      show
      undo
      show
      save t.tally
      close
      open t.tally
      show
      """)
    #expect(result.succeeded, "\(output.renderedDiagnostics)")
    #expect(output.text == "5\nUndo Add 3\n2\n2\n")
    #expect(try String(contentsOf: temporary("t.tally"), encoding: .utf8) == "2\n")
  }

  @Test("Without a name, `new` takes the preferred extension of the first type written")
  func defaultNames() {
    #expect(registry.typeNames == ["journal", "ledger", "memo", "tally"])
  }
}
