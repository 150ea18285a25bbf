import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let pinBoard: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.pin-board", conformsTo: ["public.utf8-plain-text"],
        tags: [.filenameExtension: ["pinboard"]], description: "Pin Board")
    ])
    return UTType(exportedAs: "org.docrepl.test.pin-board")
  }()
}

/// A non-final `ReferenceFileDocument` class, as three of the nine apps'
/// models are, adopting `ScriptableReferenceDocument` without `final`.
private class PinBoard: ReferenceFileDocument, ScriptableReferenceDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.pinBoard] }
  var pins: [String] = []

  required init() {}

  required init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    pins = text.split(separator: "\n").map(String.init)
  }

  func snapshot(contentType: UTType) throws -> [String] { pins }

  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(snapshot.map { $0 + "\n" }.joined().utf8))
  }

  /// Adds a pin, as the app's intent does, registering its undo.
  @MainActor func pin(_ text: String, undoManager: UndoManager?) {
    pins.append(text)
    undoManager?.registerUndo(withTarget: self) { board in
      board.pins.removeLast()
    }
    undoManager?.setActionName("Pin")
  }

  /// What `kind` prints: overridden by the subclass.
  var kindName: String { "board" }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("board", .pinBoard)] }
  static func makeUntitled(contentType: UTType) -> Self { Self() }
  static func scriptDescription(of snapshot: [String]) -> String {
    snapshot.isEmpty ? "(no pins)" : snapshot.joined(separator: ", ")
  }

  @MainActor func restore(_ snapshot: [String], undoManager: UndoManager?) throws {
    let old = pins
    pins = snapshot
    undoManager?.registerUndo(withTarget: self) { $0.pins = old }
  }

  @MainActor static var scriptCommands: [DocumentCommand<PinBoard>] {
    let pin = CommandParameter.required("TEXT")
    return [
      DocumentCommand(
        CommandSpec("pin", [pin], summary: "pins TEXT", example: "pin lamp", topic: .document)
      ) { context in
        let text = context.arguments[pin].text
        context.session.document.pin(text, undoManager: context.session.undoManager)
      },
      DocumentCommand(
        CommandSpec(
          "kind", [], summary: "prints the document's class", example: "kind",
          topic: .document)
      ) { context in
        context.print("\(context.session.document.kindName) \(type(of: context.session.document))")
      },
    ]
  }

  @MainActor static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<PinBoard>
  ) -> [CompletionCandidate] {
    argument == "TEXT" ? session.document.pins.map { CompletionCandidate($0) } : []
  }
}

/// A subclass: it inherits the conformance and the commands, and its own
/// initializers make its documents.
private final class LabelledPinBoard: PinBoard, @unchecked Sendable {
  override var kindName: String { "labelled board" }

  required init() {
    super.init()
    pins = ["label"]
  }

  required init(configuration: ReadConfiguration) throws {
    try super.init(configuration: configuration)
  }
}

@MainActor
@Suite("A non-final class adopts ScriptableReferenceDocument")
struct NonFinalClassDocumentTests {
  func run(
    _ script: String, registering register: (DocumentTypeRegistry) -> Void
  ) async throws -> (output: CapturedOutput, failures: Int, folder: TemporaryDirectory) {
    let temporary = try TemporaryDirectory()
    let registry = DocumentTypeRegistry()
    register(registry)
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let result = await interpreter.run(ScriptSource(name: "t.docscript", text: script))
    return (output, result.failures, temporary)
  }

  static let script = """
    new board b
    kind
    pin first
    pin second
    show
    snapshot two
    undo
    show
    restore two
    show
    save b.pinboard
    close
    open b.pinboard
    kind
    show
    """

  @Test("The class itself runs its commands, undo, snapshots, save and open")
  func baseClass() async throws {
    let (output, failures, folder) = try await run(Self.script) {
      $0.register(.scripted(PinBoard.self), kind: .reference)
    }
    #expect(output.diagnostics.map(\.description) == [])
    #expect(failures == 0)
    #expect(
      output.text == """
        board PinBoard
        first, second
        two
        Undo Pin
        first
        first, second
        board PinBoard
        first, second

        """)
    #expect(try String(contentsOf: folder("b.pinboard"), encoding: .utf8) == "first\nsecond\n")
  }

  @Test("A subclass registered on its own makes, opens and edits documents of the subclass")
  func subclass() async throws {
    let (output, failures, folder) = try await run(Self.script) {
      $0.register(
        .scripted(LabelledPinBoard.self), kind: .reference(reading: LabelledPinBoard.self))
    }
    #expect(output.diagnostics.map(\.description) == [])
    #expect(failures == 0)
    #expect(
      output.text == """
        labelled board LabelledPinBoard
        label, first, second
        two
        Undo Pin
        label, first
        label, first, second
        labelled board LabelledPinBoard
        label, first, second

        """)
    #expect(
      try String(contentsOf: folder("b.pinboard"), encoding: .utf8) == "label\nfirst\nsecond\n")
  }

  @Test("Tab completion comes through the class's own hook, for the subclass too")
  func completion() async throws {
    let temporary = try TemporaryDirectory()
    let registry = DocumentTypeRegistry()
    registry.register(
      .scripted(LabelledPinBoard.self), kind: .reference(reading: LabelledPinBoard.self))
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: CapturedOutput())
    await interpreter.run(ScriptSource(name: "setup", text: "new board b\npin lamp"))
    #expect(interpreter.completions(for: "pin l").values == ["label", "lamp"])
  }
}
