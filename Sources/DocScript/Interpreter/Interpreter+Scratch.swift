import DocKit
import Foundation

extension Interpreter {
  /// `scratch`: work in a new, empty temporary folder from here on.
  static let scratchCommand = BuiltinCommand(
    spec: CommandSpec(
      "scratch",
      summary: "makes a new, empty temporary folder the working folder, until the session ends",
      discussion:
        "Relative paths, $PWD, and export's default folder then point into it, and paths in it print relative to it, so output does not depend on where the script runs. The folder and everything in it are deleted when docrepl ends, however it ends (quit, Ctrl-D, the end of the script, SIGTERM, SIGHUP): use it for examples and experiments that must leave no file behind. $SCRIPT_DIR still names the script's folder, for its fixtures.",
      example: "scratch", topic: .other, isAllowedInGroup: false),
    actsOnDocument: false
  ) { interpreter, _, _ in
    // A confined run makes it where it may write.
    let folder =
      try interpreter.state.options.confinement?.writableFolders.first.map {
        try TemporaryWorkingFolder(in: $0.url)
      } ?? TemporaryWorkingFolder()
    interpreter.scratchFolders.append(folder)
    interpreter.state.options.workingDirectory = folder.url.standardizedFileURL
    interpreter.variables["PWD"] = interpreter.state.options.workingDirectory.path
  }

  /// Removes the folders `scratch` made, with everything in them: for
  /// whoever ends the session, however it ends (the interpreter's release
  /// does it too, but a prompt that exits may never release it). The
  /// working folder stays the last of them: run nothing after this.
  package func removeScratchFolders() {
    // The interpreter holds the only reference: each folder is removed
    // as it is released.
    scratchFolders.removeAll()
  }
}
