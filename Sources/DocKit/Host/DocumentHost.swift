public import Foundation
import Glibc

/// The program that hosts the documents, by the identifier DocKit names
/// its own files after: the journal and temporary items it keeps beside a
/// document while it saves it, and the folder where untitled documents
/// autosave. On Apple platforms `NSDocument` takes these from the main
/// bundle's identifier; here the program runs its documents' work with
/// its host as ``current``, a task-local value. It is ``default``
/// (`docrepl`) unless set.
///
///     let trips = try DocumentHost(identifier: "trips")
///     try await DocumentHost.$current.withValue(trips) {
///       // Journals are `.<name>.<hash>.trips-journal`, and untitled
///       // documents autosave in `$HOME/.local/state/trips/autosave`.
///       try await runTheProgram()
///     }
///
/// Recovery also finishes what a save under the default identifier left
/// (`.<name>.<hash>.docrepl-journal`), so a program that starts naming
/// its host loses no interrupted save.
public struct DocumentHost: Sendable, Hashable {
  /// The identifier DocKit names its files after.
  public let identifier: String

  /// The longest identifier, in bytes: sibling names stay within 255
  /// bytes (see `SiblingNames`).
  public static let maximumIdentifierLength = 32

  /// The host unless the program names its own: `docrepl`.
  public static let `default` = DocumentHost(validated: "docrepl")

  /// The host of the documents the current task works on; ``default``
  /// unless the task (or one it descends from) sets it with
  /// `DocumentHost.$current.withValue(_:operation:)`.
  @TaskLocal public static var current: DocumentHost = .default

  /// A host named `identifier`.
  ///
  /// - Parameter identifier: 1 to ``maximumIdentifierLength`` ASCII
  ///   letters, digits, `.`, `-` and `_`, not starting with `.` or `-`:
  ///   a reverse-DNS bundle identifier (`org.example.trips`) or a program
  ///   name.
  /// - Throws: ``InvalidIdentifier`` for anything else.
  public init(identifier: String) throws(InvalidIdentifier) {
    let bytes = Array(identifier.utf8)
    let allowed = bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
    guard allowed, (1...Self.maximumIdentifierLength).contains(bytes.count),
      bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-")
    else { throw InvalidIdentifier(identifier: identifier) }
    self.identifier = identifier
  }

  private init(validated identifier: String) {
    self.identifier = identifier
  }

  /// Why ``init(identifier:)`` refused an identifier.
  public struct InvalidIdentifier: Error, Sendable, CustomStringConvertible {
    /// The identifier refused.
    public var identifier: String

    public var description: String {
      "'\(identifier)' is not a host identifier: use 1 to"
        + " \(DocumentHost.maximumIdentifierLength) letters, digits, '.', '-' and '_',"
        + " not starting with '.' or '-'"
    }
  }

  /// Where this host's untitled documents autosave unless a session's
  /// environment says otherwise: `<state>/<identifier>/autosave`, where
  /// `<state>` is ``stateHome(environment:)`` of the process's
  /// environment, or `.local/state` in the home folder the user database
  /// gives when `HOME` is not set either. The one default:
  /// ``DocumentSession/Environment`` takes it from ``current``.
  public var autosaveDirectory: URL {
    // The two variables the rules read, not `ProcessInfo.environment`,
    // which copies the whole environment into a dictionary: a session
    // asks for this on every save.
    var environment: [String: String] = [:]
    for name in ["XDG_STATE_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return autosaveDirectory(environment: environment)
  }

  /// ``autosaveDirectory`` as `environment` decides it.
  public func autosaveDirectory(environment: [String: String]) -> URL {
    // Not a file-system call: the home folder comes from `HOME` or the
    // user database, and nothing on disk is looked at or changed here.
    // The folder is made later, through `FileSystemContext.current`.
    let state =
      Self.stateHome(environment: environment)
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
    return state.appendingPathComponent(identifier).appendingPathComponent("autosave")
  }

  /// The folder a program keeps its state in, by the XDG Base Directory
  /// rules: `$XDG_STATE_HOME`, else `$HOME/.local/state`; nil when neither
  /// is set to an absolute path (the rules ignore a relative one). The
  /// one place the decision is made: the autosave folder
  /// (``autosaveDirectory(environment:)``) and docrepl's prompt history
  /// are both found under it.
  public static func stateHome(environment: [String: String]) -> URL? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home).appendingPathComponent(".local/state")
    }
    return nil
  }
}
