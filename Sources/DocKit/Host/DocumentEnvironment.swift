public import Foundation

extension DocumentSession {
  /// What a session takes from outside: the clock, where untitled
  /// documents autosave, the autosave policy, and how autosaves are named.
  /// Tests inject a fixed clock and counter-based names, so runs repeat.
  public struct Environment: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Where untitled documents autosave.
    public var autosaveDirectory: URL
    /// When to autosave.
    public var autosavePolicy: AutosavePolicy
    /// A new name (without extension) for an untitled document's autosave.
    public var makeAutosaveName: @Sendable () -> String

    /// Creates an environment.
    public init(
      now: @escaping @Sendable () -> Date = { Date() },
      autosaveDirectory: URL = Self.defaultAutosaveDirectory,
      autosavePolicy: AutosavePolicy = AutosavePolicy(),
      makeAutosaveName: @escaping @Sendable () -> String = { "Untitled-" + UUID().uuidString }
    ) {
      self.now = now
      self.autosaveDirectory = autosaveDirectory
      self.autosavePolicy = autosavePolicy
      self.makeAutosaveName = makeAutosaveName
    }

    /// `$XDG_STATE_HOME/docrepl/autosave`, or `~/.local/state/docrepl/autosave`.
    public static var defaultAutosaveDirectory: URL {
      let environment = ProcessInfo.processInfo.environment
      let state =
        environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
      return state.appendingPathComponent("docrepl/autosave")
    }
  }
}
