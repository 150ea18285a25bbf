import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let tallySheet: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.tallySheet", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["tallysheet"]], description: "TallySheet")
    ])
    return UTType(exportedAs: "org.docrepl.test.tallySheet")
  }()
}

/// A third party's type that says how to rebuild its content, and so can
/// be recorded with unsaved changes.
private struct TallySheet: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.tallySheet] }
  var count = 0

  init(count: Int = 0) { self.count = count }
  init(configuration: ReadConfiguration) throws {
    count =
      Int(String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)) ?? 0
  }
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("tallysheet", .tallySheet)] }
  static func makeUntitled(contentType: UTType) -> TallySheet { TallySheet() }
  var scriptDescription: String { "tally: \(count)" }
  var scriptContentCommands: [String]? { ["set-count " + Word.quoted("\(count)")] }

  @MainActor static var scriptCommands: [DocumentCommand<TallySheet>] {
    let count = CommandParameter.required("N")
    return [
      DocumentCommand(
        CommandSpec(
          "set-count", [count], summary: "makes the count N", example: "set-count 2",
          topic: .document)
      ) { context in
        let n = try context.arguments[count].integer("N")
        context.session.setDocument(TallySheet(count: n), actionName: "Set Count")
      }
    ]
  }
}

/// `record` rebuilds unsaved content through `scriptContentCommands`, for
/// any type that gives them.
@MainActor
@Suite("Recording rebuilds unsaved content through the type's own commands")
struct ContentCommandsTests {
  @Test("A third party's untitled document with unsaved content is rebuilt, and replays")
  func thirdParty() async throws {
    let temporary = try TemporaryDirectory()
    let registry = DocFormats.makeRegistry()
    registry.register(.scripted(TallySheet.self), kind: .fileDocument)
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    _ = await interpreter.run(
      ScriptSource(name: "setup", text: "new tallysheet t\nset-count -7\nrecord r.docscript\nshow"))
    try interpreter.finishRecording()
    #expect(output.diagnostics.isEmpty, "\(output.renderedDiagnostics)")
    let text = try String(contentsOf: temporary("r.docscript"), encoding: .utf8)
    #expect(
      text == """
        # The documents open when the recording began.
        new org.docrepl.test.tallySheet t
        set-count "-7"
        use t
        show
        #> tally: -7

        """)

    let recorder = TranscriptRecorder(scriptName: "r.docscript")
    let replay = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: recorder)
    let transcript = await Transcript.check(
      ScriptSource(name: "r.docscript", text: text), url: temporary("r.docscript"),
      interpreter: replay, recorder: recorder)
    #expect(transcript.matches, "\(transcript.diff(name: "r.docscript"))")
  }
}
