import DocKit
import Foundation

extension Interpreter {
  /// What `expect-error` puts back after its command, and a failed group
  /// after its commands: everything a command can change in the
  /// interpreter, as one value, saved by copying it and put back by
  /// assigning it (``Interpreter/restore(_:)``). A field added here is put
  /// back with the rest; what is deliberately not put back is kept outside
  /// it, on the interpreter, with the reason (variables, the run's
  /// ``Interpreter/StopReason``, the scratch folders, the include stack).
  struct State {
    /// The open documents by name.
    var documents: [String: any DocumentHandle] = [:]
    /// The current document's name.
    var currentName: String? {
      didSet {
        guard let currentName, currentName != oldValue else { return }
        recentNames.removeAll { $0 == currentName }
        recentNames.append(currentName)
      }
    }
    /// The names that have been current, the latest last: closing the
    /// current document makes the latest of the others still open current.
    var recentNames: [String] = []
    /// How many untitled documents have been named.
    var untitledCount = 0
    /// The snapshots by name, with the document each was taken of.
    var snapshots: [String: (document: String, snapshot: StoredSnapshot)] = [:]
    /// The snapshots' names, oldest first.
    var snapshotOrder: [String] = []
    /// How many snapshots have been named.
    var snapshotCount = 0
    /// The settings (`set bail`, `set echo`, `set clock` as
    /// ``Options/clock``, `autosave on|off` as ``Options/autosavePolicy``)
    /// and the working folder.
    var options: Options

    init(options: Options) {
      self.options = options
    }

    /// Keeps only `kept` of the documents this state holds, with their
    /// snapshots; a current document not kept gives way to `closingChoice`.
    mutating func keepOnly(_ kept: [String: any DocumentHandle], closingChoice: String?) {
      documents = kept
      recentNames = recentNames.filter { kept[$0] != nil }
      currentName = currentName.flatMap { kept[$0] == nil ? closingChoice : $0 }
      snapshots = snapshots.filter { kept[$0.value.document] != nil }
      snapshotOrder = snapshotOrder.filter { snapshots[$0] != nil }
    }
  }

  /// Why a run stopped before its input ended.
  public enum StopReason: Sendable, Equatable {
    /// A command failed with `bail` on.
    case bail
    /// The user asked to stop (``Interpreter/isInterruptRequested``), or
    /// the task was cancelled; what the interrupted command had done was
    /// rolled back.
    case interruption
    /// `quit` or `exit` ran: the input should end as at Ctrl-D (a prompt
    /// asks about unsaved changes first).
    case leaving
  }

  /// Puts `saved` back, as `expect-error` and a failed group do. A
  /// document opened since is closed again (one `recover` opened gives its
  /// autosave back); one closed since cannot be reopened and stays
  /// closed, with its snapshots.
  func restore(_ saved: State) {
    for (name, handle) in state.documents where saved.documents[name] !== handle {
      closeTakingBack(handle)
    }
    let kept = saved.documents.filter { state.documents[$0.key] === $0.value }
    // If the current one was closed, the one closing made current.
    let closingChoice = state.currentName.flatMap { kept[$0] == nil ? nil : $0 }
    var restored = saved
    restored.keepOnly(kept, closingChoice: closingChoice)
    state = restored
  }
}
