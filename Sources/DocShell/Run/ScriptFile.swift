import DocScript
import Foundation
import Glibc

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
    // of it would hold a large script twice. A pipe (`<(…)`, a named
    // FIFO, `/dev/stdin` when it is one) is read once to its end, as
    // `bash` and `python3` read one; a socket or device is unsafe input
    // (65), refused without being read.
    do {
      // Told apart before any open: opening a FIFO to look at it lets its
      // writer write and go, and what it wrote goes with the last close.
      var info = stat()
      if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
        // A pipe's folder (`/dev/fd`) is not the script's: relative
        // paths in it start from the working folder, as for `-`.
        return ScriptFile(
          source: try ScriptSource.readingPipe(name: path, path: url.path), url: nil)
      }
      return ScriptFile(
        source: try ScriptSource.reading(name: path, contentsOfFile: url.path), url: url)
    } catch {
      let unsafe = error.reason.hasPrefix("refusing") || error.reason == "not a regular file"
      throw Failure(
        message: "\(path): \(error.reason)", status: unsafe ? .dataError : .noInput)
    }
  }
}
