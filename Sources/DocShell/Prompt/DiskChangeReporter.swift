import DocScript
import Foundation

/// What the prompt says when an open document's file changes on disk, and
/// the reload `set follow on` asks for: the policy over ``DiskWatcher``.
///
/// An event only says that something touched the file; the document's
/// session decides whether the disk still holds what it last read or
/// wrote (`DocumentHosting.isChangedOnDisk`: the identity, times and, for
/// a small file, bytes it keeps for conflict detection, and a package's
/// entries). So the document's own saves, whose events arrive while the
/// prompt waits afterwards, say nothing. A change is said once, until the
/// document is in step with the disk again (`revert`, `save --force`, a
/// reload); with `set follow on`, a document without unsaved changes is
/// reloaded instead, each time its file changes, as `tail -f` follows.
@MainActor
final class DiskChangeReporter {
  private let interpreter: Interpreter
  private var watcher: DiskWatcher?
  /// The documents whose change was said, with what was said of them.
  private var announced: [String: Interpreter.DiskState] = [:]

  /// A reporter for `interpreter`'s documents; without inotify (no
  /// descriptor left), one that watches nothing, having said so once.
  init(interpreter: Interpreter) {
    self.interpreter = interpreter
    watcher = DiskWatcher()
    if watcher == nil {
      Self.warn("inotify cannot be had (\(String(cString: strerror(errno))))")
    }
  }

  /// The descriptor that is readable when a watched file changed; nil
  /// when nothing is watched.
  var descriptor: Int32? { watcher?.descriptor }

  /// Before the prompt waits: watches the folders of the documents open
  /// now, and forgets what was said of documents in step with the disk
  /// again. At the watch limit, says so once and watches nothing more.
  func prepare() {
    guard let watcher else { return }
    for (name, _) in announced where interpreter.diskState(ofDocument: name) == .unchanged {
      announced[name] = nil
    }
    do {
      try watcher.watch(interpreter.documentsOnDisk)
    } catch {
      self.watcher = nil
      Self.warn(
        "the system's limit of inotify watches is reached (fs.inotify.max_user_watches), so no file is watched"
      )
    }
  }

  /// Reads what the watcher saw, reloads the documents `set follow on`
  /// reloads, and returns the lines to print (each ending in a line
  /// break), in the documents' order; empty when nothing is to be said.
  func takeNotices() async -> [String] {
    guard let watcher else { return [] }
    let touched = watcher.touchedDocuments()
    let documents = interpreter.documentsOnDisk
    var notices: [String] = []
    for document in documents where touched.contains(document.name) {
      if let notice = await notice(for: document) { notices.append(notice + "\n") }
    }
    return notices
  }

  /// What to say of `document`, whose file was touched, after reloading
  /// it if it is to be.
  private func notice(for document: Interpreter.DocumentOnDisk) async -> String? {
    let state = interpreter.diskState(ofDocument: document.name)
    let shown = document.shownPath
    switch state {
    case .unchanged:
      announced[document.name] = nil
      return nil
    case .removed:
      guard announced[document.name] != .removed else { return nil }
      announced[document.name] = .removed
      return "\(shown) was removed from disk: 'save' writes it again, 'close' lets it go"
    case .changed:
      let dirty = interpreter.isDirty(document: document.name)
      if interpreter.followsDisk, !dirty {
        announced[document.name] = nil
        if let failure = await interpreter.reload(document: document.name) {
          announced[document.name] = .changed
          return "\(shown) changed on disk, and could not be reloaded: \(failure)"
        }
        return "\(shown) changed on disk; reloaded (follow is on)"
      }
      guard announced[document.name] != .changed else { return nil }
      announced[document.name] = .changed
      let kept =
        interpreter.followsDisk
        ? "; not reloaded, since '\(document.name)' has unsaved changes" : ""
      return "\(shown) changed on disk: 'revert' to load it, 'diff --disk' to compare\(kept)"
    }
  }

  /// Writes a warning about watching to standard error.
  private static func warn(_ text: String) {
    var errors = StandardStream.error
    errors.write("\(ProgramName.current): warning: \(text); changes on disk are not announced\n")
  }
}
