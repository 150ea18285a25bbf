import CDocKitSystem
public import Foundation
import Glibc

/// Linux's Landlock, through which a process confines itself (and every
/// thread and process it starts afterwards) to the folders it names: the
/// kernel's side of ``Confinement``, which holds a document type's own
/// code to the rule too.
///
/// A restriction applies to the thread that makes it and to what it
/// starts later, never to threads already running, and a Swift program
/// runs threads (the cooperative pool, libdispatch's workers) long before
/// it knows what to allow. So the restriction is made by a C constructor
/// that runs before `main`, in a process started with
/// ``planVariable`` set to a `plan(readable:writable:)`: a host confines
/// a run by starting itself again with the variable set, and the new
/// process reads what happened from ``startup``.
///
///     if case .available(let abi) = Landlock.availability { ... }
///
/// Not Apple API: an Apple app is confined by its sandbox.
public enum Landlock {
  /// Whether the kernel offers Landlock.
  public enum Availability: Sendable, Hashable {
    /// It does, at this ABI version.
    case available(abi: Int)
    /// It does not, for the reason given ("the kernel does not offer
    /// Landlock (ENOSYS)").
    case unavailable(reason: String)
  }

  /// What the constructor did before `main`.
  public enum Startup: Sendable, Hashable {
    /// The process was not asked to confine itself.
    case notAsked
    /// The process is confined to `plan` at this ABI version.
    case confined(abi: Int, plan: String)
    /// The process was asked to and could not: `reason` says why.
    case failed(reason: String, plan: String)
  }

  /// The environment variable that asks a process to confine itself
  /// before `main`; it holds a `plan(readable:writable:)`.
  public static let planVariable = DOCKIT_LANDLOCK_PLAN_VARIABLE

  /// Whether the kernel offers Landlock, and which ABI version.
  public static var availability: Availability {
    let abi = dockit_landlock_abi()
    if abi >= 1 { return .available(abi: Int(abi)) }
    let code = errno
    let name =
      switch code {
      case ENOSYS: "ENOSYS"
      case EOPNOTSUPP: "EOPNOTSUPP"
      default: String(cString: strerror(code))
      }
    return .unavailable(
      reason: code == EOPNOTSUPP
        ? "Landlock is disabled in this kernel (\(name))"
        : "the kernel does not offer Landlock (\(name))")
  }

  /// The plan that allows reading beneath `readable`, listing (not
  /// reading) the folders `listable`, and reading and writing beneath
  /// `writable`, each path resolved; nil if a path holds a line break,
  /// which a plan cannot.
  public static func plan(readable: [URL], listable: [URL] = [], writable: [URL]) -> String? {
    var lines: [String] = []
    for (mark, urls) in [("r", readable), ("d", listable), ("w", writable)] {
      for url in urls {
        let path = Confinement.target(of: url).path
        guard !path.contains("\n") else { return nil }
        lines.append(mark + " " + path)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The folders of `plan` marked `w`.
  public static func writableFolders(in plan: String) -> [URL] {
    plan.split(separator: "\n").filter { $0.hasPrefix("w ") }.map {
      URL(fileURLWithPath: String($0.dropFirst(2)), isDirectory: true)
    }
  }

  /// What the constructor did before `main` (see ``planVariable``).
  public static var startup: Startup {
    let status = dockit_landlock_startup_status()
    guard status != 0, let plan = dockit_landlock_startup_plan().map({ String(cString: $0) })
    else { return .notAsked }
    if status > 0 { return .confined(abi: Int(status), plan: plan) }
    return .failed(reason: String(cString: dockit_landlock_startup_failure()), plan: plan)
  }
}
