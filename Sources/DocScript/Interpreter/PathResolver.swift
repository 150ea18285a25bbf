public import Foundation

/// Turns paths in scripts into URLs, and URLs back into the short form
/// that output shows: relative to the working folder when inside it, so
/// that output does not depend on where the folder is.
public struct PathResolver: Sendable {
  /// The folder relative paths start from.
  public var workingDirectory: URL

  /// Creates a resolver.
  public init(workingDirectory: URL) {
    self.workingDirectory = workingDirectory.standardizedFileURL
  }

  /// The URL for `path`: absolute as given, relative against the working
  /// folder, `~/` against the home folder.
  public func url(for path: String) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
    if path == "~" || path.hasPrefix("~/") {
      let home = FileManager.default.homeDirectoryForCurrentUser
      return home.appendingPathComponent(String(path.dropFirst(2))).standardizedFileURL
    }
    return workingDirectory.appendingPathComponent(path).standardizedFileURL
  }

  /// `url`'s path relative to the working folder when it is inside it,
  /// otherwise its absolute path.
  public func display(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let base = workingDirectory.path
    if path == base { return "." }
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
