import DocKit
import Foundation

/// What `expect-error` puts back after its command, and a failed group
/// after its commands: the open documents and the current one, snapshots,
/// settings and counters.
@MainActor
struct SavedState {
  let documents: [String: any DocumentHandle]
  let currentName: String?
  let recentNames: [String]
  let snapshots: [String: (document: String, snapshot: StoredSnapshot)]
  let snapshotOrder: [String]
  let snapshotCount: Int
  let untitledCount: Int
  let options: Interpreter.Options
  let clock: Date?

  init(_ interpreter: Interpreter) {
    documents = interpreter.documents
    currentName = interpreter.currentName
    recentNames = interpreter.recentNames
    snapshots = interpreter.snapshots
    snapshotOrder = interpreter.snapshotOrder
    snapshotCount = interpreter.snapshotCount
    untitledCount = interpreter.untitledCount
    options = interpreter.options
    clock = interpreter.clock.fixedDate
  }

  func restore(in interpreter: Interpreter) {
    // A document the command created or opened is closed again (one it
    // recovered gives its autosave back); one it closed cannot be
    // reopened, and stays closed, with its snapshots.
    for (name, handle) in interpreter.documents where documents[name] !== handle {
      interpreter.closeTakingBack(handle)
    }
    let kept = documents.filter { interpreter.documents[$0.key] === $0.value }
    interpreter.documents = kept
    // If the current one was closed, the one closing made current.
    let closingChoice = interpreter.currentName.flatMap { kept[$0] == nil ? nil : $0 }
    interpreter.recentNames = recentNames.filter { kept[$0] != nil }
    interpreter.currentName = currentName.flatMap { kept[$0] == nil ? closingChoice : $0 }
    interpreter.snapshots = snapshots.filter { kept[$0.value.document] != nil }
    interpreter.snapshotOrder = snapshotOrder.filter { interpreter.snapshots[$0] != nil }
    interpreter.snapshotCount = snapshotCount
    interpreter.untitledCount = untitledCount
    interpreter.options = options
    interpreter.clock.set(clock)
  }
}
