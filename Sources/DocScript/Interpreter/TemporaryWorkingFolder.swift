import Foundation
import Glibc

/// A new, empty folder under the system's temporary folder, removed with
/// everything in it when the value is released: where `scratch` moves a
/// script's working folder.
final class TemporaryWorkingFolder: Sendable {
  /// The folder.
  let url: URL

  /// Creates the folder.
  ///
  /// - Throws: A ``ScriptError`` naming the temporary folder when it
  ///   cannot be made there.
  init() throws(ScriptError) {
    let base = FileManager.default.temporaryDirectory
    var template = Array(base.appendingPathComponent("docrepl-scratch-XXXXXX").path.utf8CString)
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
