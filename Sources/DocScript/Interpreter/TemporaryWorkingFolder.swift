import Foundation
import Glibc

/// A new, empty folder under the system's temporary folder, removed with
/// everything in it when the value is released: where `scratch` moves a
/// script's working folder.
final class TemporaryWorkingFolder: Sendable {
  /// The folder.
  let url: URL

  /// Creates the folder in `base`, named `prefix`, a dash and six random
  /// characters (`mkdtemp`): always a new folder, never one that was
  /// there, so that removing it removes nothing of anyone else's.
  ///
  /// - Throws: A ``ScriptError`` naming `base` when the folder cannot be
  ///   made there.
  init(
    in base: URL = FileManager.default.temporaryDirectory, prefix: String = "docrepl-scratch"
  ) throws(ScriptError) {
    var template = Array(base.appendingPathComponent(prefix + "-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      let reason = String(cString: strerror(errno))
      throw ScriptError("cannot make a scratch folder in '\(base.path)': \(reason)")
    }
    url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
