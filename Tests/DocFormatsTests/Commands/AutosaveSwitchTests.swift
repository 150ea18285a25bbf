import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

extension UTType {
  fileprivate static let groupHolder: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.groupHolder", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["groupholder"]], description: "GroupHolder")
    ])
    return UTType(exportedAs: "org.docrepl.test.groupHolder")
  }()
}

/// A third party's document whose `hold` command opens an undo group of
/// its own and leaves it open, as a model that groups across events may.
private struct GroupHolder: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.groupHolder] }
  var count = 0

  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data("\(count)".utf8))
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("groupholder", .groupHolder)] }
  static func makeUntitled(contentType: UTType) -> GroupHolder { GroupHolder() }
  var scriptDescription: String { "count: \(count)" }

  static func adding(_ n: Int) -> DocumentEdit<GroupHolder> {
    DocumentEdit(actionName: "Add \(n)") { holder in
      holder.count += n
      return adding(-n)
    }
  }

  @MainActor static var scriptCommands: [DocumentCommand<GroupHolder>] {
    [
      DocumentCommand(
        CommandSpec(
          "hold", summary: "opens an undo group of its own, adds 1, and leaves the group open",
          example: "hold", topic: .document)
      ) { context in
        context.session.undoManager.beginUndoGrouping()
        context.session.perform { adding(1).apply(to: &$0) }
      }
    ]
  }
}

/// Autosave is decided in one place: the session's policy, which
/// `autosave on|off` sets. Whether it is on or off, the end of a command's
/// event goes through the session, and so through its guard for groups a
/// model opened itself.
@MainActor
@Suite("autosave on|off sets the sessions' policy, the one switch")
struct AutosaveSwitchTests {
  @Test(
    "The end of a command's event leaves a group the model opened itself open, autosave on or off",
    arguments: ["on", "off"])
  func modelGroupSurvivesEventEnd(autosave: String) async throws {
    let harness = try ScriptHarness {
      $0.register(.scripted(GroupHolder.self), kind: .fileDocument)
    }
    await harness.setUp("new groupholder h\nautosave \(autosave)\nhold")
    let handle = try #require(harness.interpreter.state.documents["h"])
    // The event's group and the model's own: the session's end of the
    // event closed neither, so the model's own `endUndoGrouping()` would
    // still balance. (The next command's mark closes what is left open:
    // see `EventMark`.)
    #expect(handle.session.undoManager.groupingLevel == 2)
    #expect(handle.session.isDirty)
  }

  @Test("autosave on and off set every open session's policy, and new sessions start with it")
  func commandSetsSessionPolicy() async throws {
    let harness = try ScriptHarness()
    await harness.setUp("new text a")
    let first = try #require(harness.interpreter.state.documents["a"])
    #expect(first.session.autosavePolicy == .never)
    await harness.setUp("autosave on\nnew text b")
    let second = try #require(harness.interpreter.state.documents["b"])
    #expect(first.session.autosavePolicy == AutosavePolicy())
    #expect(second.session.autosavePolicy == AutosavePolicy())
    await harness.setUp("autosave off")
    #expect(first.session.autosavePolicy == .never)
    #expect(second.session.autosavePolicy == .never)
  }

  @Test("expect-error takes autosave on back in the open sessions too")
  func expectErrorTakesSwitchBack() async throws {
    let harness = try ScriptHarness()
    await harness.setUp("new text a")
    let step = await harness.run("expect-error zzz autosave on")
    #expect(step.failures == 1)
    #expect(harness.interpreter.state.documents["a"]?.session.autosavePolicy == .never)
  }
}
