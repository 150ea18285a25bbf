import DocKit
import DocScript
import Foundation

/// What every subcommand runs with: the document types, the environment
/// and the working folder. `Docrepl.main` makes one for the process; a
/// custom REPL or a test makes its own.
@MainActor
struct ShellContext {
  /// The document types scripts can create and open.
  var registry: DocumentTypeRegistry
  /// The environment scripts see (`SOURCE_DATE_EPOCH`, `NO_COLOR`, …).
  var environment: [String: String]
  /// The folder relative paths start from.
  var workingDirectory: URL
  /// `--no-color`: diagnostics stay plain even on a terminal.
  var noColor = false
  /// `--bail` before the command: scripts stop at their first failure.
  var bail = false
  /// The `--types` files, which a confined run reads before its scripts.
  var declarationFiles: [URL] = []

  /// Interpreter options for a run in `folder` (the working folder by
  /// default), autosaving untitled documents where DocKit does by default,
  /// as ``environment`` decides it (`XDG_STATE_HOME`, `HOME`).
  func interpreterOptions(in folder: URL? = nil) -> Interpreter.Options {
    Interpreter.Options(
      workingDirectory: folder ?? workingDirectory, environment: environment,
      autosaveDirectory: DocumentHost.current.autosaveDirectory(environment: environment))
  }
}
