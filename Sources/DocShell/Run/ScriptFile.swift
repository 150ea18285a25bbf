import DocScript
import Foundation

/// A script named on the command line, read whole.
struct ScriptFile {
  /// Why a script could not be read: the message, and the exit status.
  struct Failure: Error {
    var message: String
    var status: ExitStatus
  }

  /// The text, named as the user wrote it.
  var source: ScriptSource
  /// The file; nil for standard input (`-`).
  var url: URL?

  /// Reads `path` (relative to `folder`), or standard input for `-`.
  static func read(_ path: String, in folder: URL) throws(Failure) -> ScriptFile {
    guard !path.isEmpty else {
      throw Failure(message: "an empty path names no script", status: .usage)
    }
    if path == "-" {
      guard let source = ScriptSource.standardInput() else {
        throw Failure(message: "cannot read the script from standard input", status: .noInput)
      }
      return ScriptFile(source: source, url: nil)
    }
    let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw Failure(message: "no such script '\(path)'", status: .noInput)
    }
    guard !isDirectory.boolValue else {
      throw Failure(message: "'\(path)' is a folder, not a script", status: .noInput)
    }
    // Read straight into the source's bytes: a `Data` and then an array
    // of it would hold a large script twice. A FIFO or device is refused,
    // never waited on.
    do {
      let source = try ScriptSource.reading(name: path, contentsOfFile: url.path)
      return ScriptFile(source: source, url: url)
    } catch {
      // A pipe (`/dev/stdin`, `<(…)`) may never end; `-` reads standard
      // input, and a script can be saved to a file first.
      let hint = "; '\(ProgramName.current) run -' reads a script from standard input"
      throw Failure(
        message: "\(path): \(error.reason)" + (error == .fifo ? hint : ""),
        status: .noInput)
    }
  }
}
