import Foundation
import Glibc

/// A fresh, empty folder for one script of `docrepl test` to run in,
/// under the system's temporary folder (`$TMPDIR`, or `/tmp`; Bazel's
/// `$TEST_TMPDIR` under Bazel), removed with everything in it afterwards
/// (unless `--keep-tmpdir` keeps a failing script's).
struct ScratchFolder: Sendable {
  /// The folder, with symbolic links resolved.
  var url: URL
  /// The forms of its path that output may show: as made, and resolved.
  var paths: [String]

  /// Why a folder could not be made.
  struct Failure: Error {
    var message: String
  }

  /// Makes a new folder with `mkdtemp`, mode 0700, in `folder` (the
  /// system's temporary folder by default). Runs off the main actor.
  @concurrent
  static func make(in folder: URL? = nil) async throws(Failure) -> ScratchFolder {
    let base = (folder ?? FileManager.default.temporaryDirectory).standardizedFileURL
    var template = Array(base.appendingPathComponent("docrepl-test-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(
        message:
          "cannot make a temporary folder in '\(base.path)': \(String(cString: strerror(errno)))"
      )
    }
    let path = String(cString: made)
    var resolved = path
    if let real = realpath(path, nil) {
      resolved = String(cString: real)
      free(real)
    }
    return ScratchFolder(
      url: URL(fileURLWithPath: resolved, isDirectory: true),
      paths: path == resolved ? [resolved] : [resolved, path])
  }

  /// Removes the folder and everything in it, making read-only folders
  /// writable first; never follows symbolic links out of it. Runs off the
  /// main actor.
  @concurrent
  func remove() async {
    Self.removeTree(at: url)
  }

  /// Removes `folder` and everything in it, making read-only folders
  /// writable first; never follows symbolic links out of it.
  static func removeTree(at folder: URL) {
    if (try? FileManager.default.removeItem(at: folder)) != nil { return }
    // Something in it was not writable: open every folder up, then again.
    var pending = [folder.path]
    while let path = pending.popLast() {
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
      chmod(path, 0o700)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
        pending.append(path + "/" + name)
      }
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
