public import DocKit
public import Foundation

/// Turns paths in scripts into URLs, and URLs back into the short form
/// that output shows: relative to the working folder when inside it, so
/// that output does not depend on where the folder is.
public struct PathResolver: Sendable {
  /// The folder relative paths start from.
  public var workingDirectory: URL
  /// The folder `~` stands for: `$HOME`, as in a shell.
  public var homeDirectory: URL
  /// Where a confined script may read and write (`--confine`); nil for
  /// anywhere.
  public var confinement: Confinement?

  /// Creates a resolver. `homeDirectory` defaults to
  /// ``defaultHomeDirectory(environment:)`` of the process's environment.
  public init(workingDirectory: URL, homeDirectory: URL? = nil, confinement: Confinement? = nil) {
    self.workingDirectory = workingDirectory.standardizedFileURL
    self.homeDirectory = (homeDirectory ?? Self.defaultHomeDirectory()).standardizedFileURL
    self.confinement = confinement
  }

  /// The home folder as a shell finds it: `HOME` in `environment` when it
  /// is set and not empty, else the user's entry in the password database.
  public static func defaultHomeDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let home = environment["HOME"], !home.isEmpty {
      return URL(fileURLWithPath: home, isDirectory: true)
    }
    return FileManager.default.homeDirectoryForCurrentUser
  }

  /// The URL for `path`: absolute as given, relative against the working
  /// folder, `~` and `~/…` against the home folder.
  public func url(for path: String) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
    if path == "~" { return homeDirectory }
    if path.hasPrefix("~/") {
      return homeDirectory.appendingPathComponent(String(path.dropFirst(2))).standardizedFileURL
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

  /// The URL for the path in `argument`, as ``url(for:)-(String)`` gives
  /// it, checked against ``confinement`` when `toRead`.
  ///
  /// - Throws: ``ScriptError`` at `argument`, naming the path, where it
  ///   leads and the rule, when a confined script may not read it.
  public func url(for argument: Argument, toRead: Bool) throws -> URL {
    let url = url(for: argument.text)
    if toRead { try check(.read, url, at: argument) }
    return url
  }

  /// Returns if ``confinement`` allows `access` to `url` (or there is
  /// none), and throws ``ScriptError`` at `argument` otherwise: "'../x'
  /// is outside the run's temporary folder: --confine allows writing only
  /// under …".
  public func check(_ access: Confinement.Access, _ url: URL, at argument: Argument) throws {
    guard let confinement else { return }
    do {
      try confinement.check(access, url)
    } catch {
      throw ScriptError(
        error.message(shown: display(error.url)), at: argument)
    }
  }
}
