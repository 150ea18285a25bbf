public import Foundation

/// What a document session takes from outside: the clock, where untitled
/// documents autosave, the autosave policy, how autosaves are named, and
/// where the session may read and write (``confinement``).
/// Tests inject a fixed clock and counter-based names, so runs repeat.
///
/// One environment serves sessions of every document type; inside a
/// session it is also ``DocumentSession/Environment``.
public struct DocumentEnvironment: Sendable {
  /// The current time.
  public var now: @Sendable () -> Date
  /// Where untitled documents autosave.
  public var autosaveDirectory: URL
  /// When to autosave: the policy a session starts with, which its
  /// host may change (``DocumentSession/autosavePolicy``).
  public var autosavePolicy: AutosavePolicy
  /// A new name (without extension) for an untitled document's autosave.
  public var makeAutosaveName: @Sendable () -> String
  /// Where sessions may read and write, for scripts from people the user
  /// does not trust; nil (the default) for anywhere the process may.
  public var confinement: Confinement?
  /// Whether a save that replaces a file of at least
  /// ``replacedFileCacheDroppingSize`` bytes first advises the kernel to
  /// drop the old file's cached pages (`POSIX_FADV_DONTNEED`), when
  /// `/proc/meminfo` shows little unwritten data, so that the new file's
  /// pages reuse memory just freed. It pays where memory not recently used
  /// is costly to get back: a virtual machine whose balloon reports free
  /// memory to its host, which takes it back
  /// (``POSIXFileSystem/hostReclaimsFreeMemory``). On by default there,
  /// off elsewhere. It is advice: the old file is untouched until the new
  /// one is in place. Not Apple API.
  ///
  /// On such a machine a 256 MB save in place took 390 to 790 ms in 8 of
  /// 14 runs without it, against 140 to 200 ms in the others and 150 to
  /// 235 ms in every run with it (`docrepl-bench large` prints the save
  /// with it on and off).
  public var dropsReplacedFileCache: Bool
  /// The smallest replaced file whose cache ``dropsReplacedFileCache``
  /// drops: 64 MiB by default. Below it the new file's pages find memory
  /// at hand, and dropping costs more than it saves: a one-value save of
  /// a 38 MB JSON took 1.35x to 1.44x `cp` with the drop, 1.06x to 1.12x
  /// without. Not Apple API.
  public var replacedFileCacheDroppingSize: Int
  /// The largest single file, in bytes, that a save, save as or save to
  /// writes on the main actor, in one go, instead of handing the write to
  /// another thread and waiting for it: 64 KiB by default. The hand-offs
  /// to another thread and back cost a 4 KB save more than its work
  /// beyond the `fsync`s and the rename; on the main actor the save
  /// blocks it for about as long as the file's `fsync`, as NSDocument's
  /// default, synchronous, saves block the main thread.
  ///
  /// The document is serialized off the main actor whatever its size, as
  /// SwiftUI serializes a document in the background; the serialized file
  /// is then written on the main actor if it is a single file of at most
  /// this size. Packages, autosaves and reverts always run off the main
  /// actor. No edit can be made while such a write runs, so none is made
  /// during it. 0 writes every save off the main actor, as a host that
  /// must keep the main actor free during every write sets. Not Apple
  /// API.
  public var inlineSaveLimit: Int

  /// The default ``replacedFileCacheDroppingSize``: 64 MiB.
  public static let defaultReplacedFileCacheDroppingSize = 64 << 20

  /// The default ``inlineSaveLimit``: 64 KiB.
  public static let defaultInlineSaveLimit = 64 * 1024

  /// Creates an environment. Untitled documents autosave in
  /// `autosaveDirectory`, by default the current host's
  /// (``DocumentHost/autosaveDirectory`` of ``DocumentHost/current``).
  public init(
    now: @escaping @Sendable () -> Date = { Date() },
    autosaveDirectory: URL = DocumentHost.current.autosaveDirectory,
    autosavePolicy: AutosavePolicy = AutosavePolicy(),
    makeAutosaveName: @escaping @Sendable () -> String = { "Untitled-" + UUID().uuidString },
    confinement: Confinement? = nil,
    dropsReplacedFileCache: Bool = POSIXFileSystem.hostReclaimsFreeMemory,
    replacedFileCacheDroppingSize: Int = DocumentEnvironment.defaultReplacedFileCacheDroppingSize,
    inlineSaveLimit: Int = DocumentEnvironment.defaultInlineSaveLimit
  ) {
    self.replacedFileCacheDroppingSize = replacedFileCacheDroppingSize
    self.confinement = confinement
    self.inlineSaveLimit = inlineSaveLimit
    self.dropsReplacedFileCache = dropsReplacedFileCache
    self.now = now
    self.autosaveDirectory = autosaveDirectory
    self.autosavePolicy = autosavePolicy
    self.makeAutosaveName = makeAutosaveName
  }

  /// The current host's autosave folder: `$XDG_STATE_HOME/docrepl/autosave`,
  /// or `~/.local/state/docrepl/autosave`, for the default host (see
  /// ``DocumentHost/autosaveDirectory``).
  public static var defaultAutosaveDirectory: URL { DocumentHost.current.autosaveDirectory }
}

extension DocumentSession {
  /// What the session takes from outside: ``DocumentEnvironment``, the
  /// same for every document type.
  public typealias Environment = DocumentEnvironment
}
