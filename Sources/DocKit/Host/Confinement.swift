public import Foundation

/// Where a session may read and write, for scripts from people the user
/// does not trust (`docrepl test --confine`, `docrepl run --confine`): a
/// path is read only under one of ``readableFolders`` (or
/// ``writableFolders``), and written only under one of
/// ``writableFolders``. Paths are judged where they lead: every symbolic
/// link on the way, the last name included, is followed first, so a link
/// inside an allowed folder that points out of it is outside.
///
/// The rule is part of the session's environment
/// (``DocumentEnvironment/confinement``), so that every feature reading
/// or writing for a session (open, save, save as, save to, export,
/// autosave) decides by it, and features added later find it there:
/// ``allowsShellEscapes`` is false, for any command that would run
/// another program.
///
///     let confinement = Confinement(
///       readable: [.init(scriptFolder, role: "the script's folder")],
///       writable: [.init(runFolder, role: "the run's temporary folder")])
///     try confinement.check(.read, url)
///
/// Not Apple API: an Apple app is confined by its sandbox.
public struct Confinement: Sendable, Hashable {
  /// The two kinds of access the rule decides.
  public enum Access: String, Sendable, Hashable, CaseIterable {
    /// Opening a file or listing a folder.
    case read
    /// Making, replacing or removing anything.
    case write
  }

  /// A folder the rule allows, and what it is to the user ("the script's
  /// folder"), which messages name.
  public struct Folder: Sendable, Hashable {
    /// The folder, every symbolic link on the way to it resolved.
    public var url: URL
    /// What the folder is, in a few words: "the script's folder".
    public var role: String

    /// A folder the rule allows; `url` is resolved through its links
    /// now, as paths checked against it are.
    public init(_ url: URL, role: String) {
      self.url = (try? DocumentPath.resolved(url.standardizedFileURL)) ?? url.standardizedFileURL
      self.role = role
    }
  }

  /// The folders that may be read (besides ``writableFolders``).
  public var readableFolders: [Folder]
  /// The folders that may be written, and read.
  public var writableFolders: [Folder]
  /// The option that asked for the rule, as messages name it.
  public var optionName: String
  /// Whether a command may run another program (a shell escape). Always
  /// false for a confined session: nothing confines a program it starts.
  public var allowsShellEscapes: Bool { false }

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - readable: The folders that may be read.
  ///   - writable: The folders that may be written (and read).
  ///   - optionName: The option that asked for it, as messages name it.
  public init(readable: [Folder], writable: [Folder], optionName: String = "--confine") {
    readableFolders = readable
    writableFolders = writable
    self.optionName = optionName
  }

  /// Where `url` leads: absolute, without `.` or `..`, every symbolic
  /// link on the way followed (a last name that does not exist is kept).
  public static func target(of url: URL) -> URL {
    let standard = url.standardizedFileURL
    return ((try? DocumentPath.resolved(standard)) ?? standard).standardizedFileURL
  }

  /// The folders that allow `access`.
  public func folders(allowing access: Access) -> [Folder] {
    access == .write ? writableFolders : readableFolders + writableFolders
  }

  /// Whether `access` to `url` is allowed.
  public func allows(_ access: Access, _ url: URL) -> Bool {
    let path = Self.target(of: url).path
    return folders(allowing: access).contains { DocumentPath.isInside(path, $0.url.path) }
  }

  /// Returns if `access` to `url` is allowed, and throws the refusal,
  /// which names the path, where it leads and the rule, otherwise.
  public func check(_ access: Access, _ url: URL) throws(ConfinementError) {
    guard !allows(access, url) else { return }
    throw ConfinementError(access: access, url: url, target: Self.target(of: url), rule: self)
  }
}

/// A read or write that ``Confinement`` refuses: the path as named,
/// where it leads, and the rule, which ``description`` states.
public struct ConfinementError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was refused.
  public var access: Confinement.Access
  /// The path as the caller named it.
  public var url: URL
  /// Where it leads, through symbolic links.
  public var target: URL
  /// The rule that refused it.
  public var rule: Confinement

  /// Creates the error.
  public init(access: Confinement.Access, url: URL, target: URL, rule: Confinement) {
    self.access = access
    self.url = url
    self.target = target
    self.rule = rule
  }

  /// The message with `url` shown as `shown` (relative to the working
  /// folder, say), the target and the folders as `display` shows them:
  /// "'/etc/hostname' is outside the script's folder: --confine allows
  /// reading only under /ci/scripts and /tmp/docrepl-run-x".
  public func message(shown: String, display: (URL) -> String = { $0.path }) -> String {
    let folders = rule.folders(allowing: access)
    let roles = Self.list(unique(folders.map(\.role)))
    let places = Self.list(folders.map { display($0.url) })
    let verb = access == .read ? "reading" : "writing"
    let named = url.standardizedFileURL.path
    let leads = named != target.path ? " leads to '\(display(target))', which" : ""
    return "'\(shown)'\(leads) is outside \(roles): \(rule.optionName) allows \(verb) only under "
      + (places.isEmpty ? "nothing" : places)
  }

  public var description: String { message(shown: url.path) }

  private func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// "a", "a and b", "a, b and c"; "no folder" for none.
  static func list(_ items: [String]) -> String {
    switch items.count {
    case 0: "no folder"
    case 1: items[0]
    default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
  }
}
