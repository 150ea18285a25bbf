import DocScript
import Foundation
import Glibc

#if LineEditingLibedit
  import CLibedit
#else
  import CReadline
#endif

/// The export dialog at the prompt: `fileExporter`'s sheet, as a readline
/// line. `export` with no destination asks here.
///
///     export to: Trip.json█
///
/// The line starts with the default filename typed in, and the person may
/// edit it; Enter accepts it, an empty line takes the default filename, and
/// Ctrl-C cancels. A file that exists is replaced only after
/// `replace 'PATH'? [y/N]` is answered yes; a document package, after
/// `replace the folder 'PATH'? [y/N]`.
@MainActor
package final class ReadlineExportPrompt: ExportPrompt {
  /// Reads one line after showing `prompt`, with `initialText` already
  /// typed and editable; nil for Ctrl-C or the end of input.
  package typealias ReadLine = @MainActor (_ prompt: String, _ initialText: String) async -> String?

  private let readLine: ReadLine
  /// The prompt's Tab completion, told that the `export to:` line is a
  /// path while the dialog reads it; nil where Tab does not complete.
  private let completion: ReadlineCompletion?

  /// A dialog that reads its lines with `readLine`: by default readline
  /// itself (``readline(prompt:initialText:)``); the prompt passes its own
  /// reader, which knows about Ctrl-C, and calls ``prefill(_:)`` for the
  /// initial text. While it asks for a destination, `completion` (the
  /// prompt's) completes files and folders.
  package init(
    completion: ReadlineCompletion? = nil,
    readLine: @escaping ReadLine = { prompt, text in readline(prompt: prompt, initialText: text) }
  ) {
    self.completion = completion
    self.readLine = readLine
  }

  /// Asks where to export, offering `defaultFilename` (the name with its
  /// extension); returns the path typed, without surrounding blanks (empty
  /// for an empty line, which takes the default), or nil when the person
  /// cancelled.
  package func exportDestination(defaultFilename: String) async -> String? {
    // The line is a path: Tab completes files and folders.
    completion?.lineIsPath = true
    defer { completion?.lineIsPath = false }
    guard let line = await readLine("export to: ", defaultFilename) else { return nil }
    return line.trimmingCharacters(in: .whitespaces)
  }

  /// Asks whether to replace the existing `path`; only `y` or `yes` (any
  /// case) is yes.
  package func confirmReplace(_ path: String) async -> Bool {
    await confirm("replace '\(path)'? [y/N] ")
  }

  /// Asks whether to replace the document package `path`, a folder, which
  /// exists; only `y` or `yes` (any case) is yes.
  package func confirmReplace(folder path: String) async -> Bool {
    await confirm("replace the folder '\(path)'? [y/N] ")
  }

  private func confirm(_ question: String) async -> Bool {
    guard let line = await readLine(question, "") else { return false }
    return ["y", "yes"].contains(line.trimmingCharacters(in: .whitespaces).lowercased())
  }

  // MARK: - readline

  /// The text the next `readline()` call starts with, and the startup
  /// hook that was there before.
  private static var pendingText: String?
  private static var previousHook: (@convention(c) () -> Int32)?

  /// Makes the next `readline()` call start with `text` typed, the cursor
  /// after it. Whatever startup hook was set still runs, and is put back.
  package static func prefill(_ text: String) {
    markMainQueue()
    if pendingText == nil { previousHook = docrepl_prefill_startup_hook() }
    pendingText = text
    docrepl_prefill_set_startup_hook(insertPendingText)
  }

  /// Runs the hook: inserts the text and puts the previous hook back.
  fileprivate static func takePendingText() -> Int32 {
    let previous = previousHook
    docrepl_prefill_set_startup_hook(previous)
    previousHook = nil
    var status: Int32 = 0
    if let previous { status = previous() }
    if let text = pendingText { rl_insert_text(text) }
    pendingText = nil
    return status
  }

  /// One line read with the line editor (GNU readline, or libedit's
  /// readline interface), starting with `initialText`; not added to the
  /// history. Nil at the end of input.
  package static func readline(prompt: String, initialText: String) -> String? {
    prefill(initialText)
    guard let line = docrepl_readline(prompt) else {
      // No line was read, so the hook may not have run.
      if pendingText != nil { _ = takePendingText() }
      return nil
    }
    defer { free(line) }
    return String(cString: line)
  }
}

/// readline's startup hook while a prefill is pending.
private func insertPendingText() -> Int32 {
  onMainActor { ReadlineExportPrompt.takePendingText() }
}
