import Foundation

extension Interpreter {
  /// `scratch`: work in a new, empty temporary folder from here on.
  static let scratchCommand = BuiltinCommand(
    spec: CommandSpec(
      "scratch",
      summary: "makes a new, empty temporary folder the working folder, until the session ends",
      discussion:
        "Relative paths, $PWD, and export's default folder then point into it, and paths in it print relative to it, so output does not depend on where the script runs. The folder and everything in it are deleted when docrepl exits: use it for examples and experiments that must leave no file behind. $SCRIPT_DIR still names the script's folder, for its fixtures.",
      example: "scratch", topic: .other, isAllowedInGroup: false),
    actsOnDocument: false
  ) { interpreter, _, _ in
    let folder = try TemporaryWorkingFolder()
    interpreter.scratchFolders.append(folder)
    interpreter.options.workingDirectory = folder.url.standardizedFileURL
    interpreter.variables["PWD"] = interpreter.options.workingDirectory.path
  }
}
