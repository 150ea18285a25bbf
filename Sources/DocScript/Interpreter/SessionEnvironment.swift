import DocKit
import Foundation

/// What the interpreter gives every session it creates: its clock, where
/// untitled documents autosave, the autosave policy, and counter-based
/// autosave names, so that runs repeat.
struct SessionEnvironment: Sendable {
  var now: @Sendable () -> Date
  var autosaveDirectory: URL
  var autosavePolicy: AutosavePolicy
  var makeAutosaveName: @Sendable () -> String

  /// The environment as a session of `Document` takes it.
  func forSession<Document>(of _: Document.Type) -> DocumentSession<Document>.Environment {
    DocumentSession<Document>.Environment(
      now: now, autosaveDirectory: autosaveDirectory, autosavePolicy: autosavePolicy,
      makeAutosaveName: makeAutosaveName)
  }
}
