public import Foundation
import Glibc

/// A fresh directory under the system's temporary directory, removed with
/// everything in it when the value is released. Each test makes its own,
/// so tests can run in parallel.
public final class TemporaryDirectory {
  /// The directory's URL.
  public let url: URL

  /// Creates the directory, in `base` or the system's temporary directory.
  public init(_ label: String = "test", in base: URL? = nil) throws {
    let base = base ?? FileManager.default.temporaryDirectory
    var template = Array(base.appendingPathComponent("docrepl-\(label)-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  deinit {
    // Make everything writable first, so read-only test fixtures go too.
    _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", url.path])
      .waitUntilExit()
    try? FileManager.default.removeItem(at: url)
  }

  /// The URL of `path` inside the directory.
  public func callAsFunction(_ path: String) -> URL {
    url.appendingPathComponent(path)
  }

  /// Writes `text` to `path`, creating intermediate directories.
  @discardableResult
  public func write(_ text: String, to path: String) throws -> URL {
    let file = self(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// The names in `path` (the directory itself by default), sorted.
  public func names(in path: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path.isEmpty ? url.path : self(path).path)
      .sorted()
  }
}
