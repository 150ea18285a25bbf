import Glibc

/// Advisory locks on the items a save keeps beside a document: its
/// temporary files and its journal.
///
/// A save locks each item it creates, from just after creating it until it
/// has renamed or removed it. The lock belongs to the open file description,
/// so it ends when the save closes the descriptor or its process dies: an
/// item nobody holds a lock on was left by a save that is over. Recovery
/// removes only items it can lock itself.
///
/// A child process forked by another thread shares the open file
/// description until it `exec`s, and with it the lock. So a lock may
/// outlive its save by a moment. That only ever makes recovery leave an
/// item for later, because a save removes or renames its items while it
/// holds their locks; it is why the document itself is never locked to
/// refuse a save: a second save would be refused for nothing.
extension FileDescriptor {
  /// What ``claim(_:in:path:)`` found.
  enum Claim {
    /// Locked by this descriptor, and still the item at the name.
    case claimed(FileDescriptor)
    /// Another open file description holds a lock on it: a save in
    /// progress, here or in another process.
    case locked
    /// The name was given to another item while it was being claimed.
    case changed
    /// This process may not open it, so cannot lock it.
    case inaccessible
    /// Nothing is at the name.
    case gone
    /// A symbolic link, FIFO, socket or device: nothing a save locks.
    case unlockable
  }

  /// `flock(LOCK_EX | LOCK_NB)`. Returns false when another open file
  /// description holds a lock on the file.
  func tryLock(path: String) throws(SystemCallError) -> Bool {
    while true {
      if FileSystemContext.current.flock(rawValue, LOCK_EX | LOCK_NB) == 0 { return true }
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      default: throw SystemCallError(systemCall: "flock", errno: errno, path: path)
      }
    }
  }

  /// Locks an item this process has just created. Returns false if it was
  /// lost first: between its creation and this lock, another process's
  /// recovery took it for a leftover and removed it (or is removing it).
  /// The caller then starts again under a new name.
  func lockNewItem(path: String) throws(SystemCallError) -> Bool {
    guard try tryLock(path: path) else { return false }
    return try status(path: path).linkCount > 0
  }

  /// Opens the regular file or directory `name` in `directory` and locks
  /// it, if nobody else holds it; then checks that the name still refers to
  /// the item locked.
  ///
  /// A lock that is held is tried again a few times over about 60 ms: a
  /// lock that a forked child shares with a save that has just finished
  /// lasts only until the child's `exec`. A save in progress holds it
  /// longer, and the item is then reported ``Claim/locked``.
  static func claim(
    _ name: String, in directory: FileDescriptor, path: String
  ) throws(SystemCallError) -> Claim {
    var delay: UInt32 = 1_000
    while true {
      let claim = try claimOnce(name, in: directory, path: path)
      guard case .locked = claim, delay <= 32_000 else { return claim }
      usleep(delay)
      delay *= 2
    }
  }

  private static func claimOnce(
    _ name: String, in directory: FileDescriptor, path: String
  ) throws(SystemCallError) -> Claim {
    let before: FileStatus
    do {
      before = try FileStatus.of(name, in: directory, path: path)
    } catch  where error.errno == ENOENT {
      return .gone
    }
    guard before.kind == .regular || before.kind == .directory else { return .unlockable }
    let descriptor: FileDescriptor
    do {
      descriptor = try open(name, in: directory, flags: lockFlags, path: path)
    } catch {
      switch error.errno {
      case ENOENT: return .gone
      case ELOOP: return .changed  // a link took its place
      case EACCES, EPERM: return .inaccessible
      default: throw error
      }
    }
    guard try descriptor.tryLock(path: path) else { return .locked }
    let locked = try descriptor.status(path: path)
    let current: FileStatus
    do {
      current = try FileStatus.of(name, in: directory, path: path)
    } catch  where error.errno == ENOENT {
      return .gone
    }
    guard current.device == locked.device, current.inode == locked.inode else { return .changed }
    return .claimed(descriptor)
  }

  /// Flags for opening an item only to lock it: read-only, never through a
  /// link, never blocking; a directory opens too.
  static let lockFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC

  /// Opens and locks the existing regular file or directory at `name`,
  /// where that is possible, so that recovery leaves it alone while it has
  /// a temporary name. Nil when it cannot be locked (for instance while a
  /// child process another thread forked still shares an earlier save's
  /// lock on it); the caller goes on without the lock.
  static func lockIfPossible(
    _ name: String, in directory: FileDescriptor, path: String
  ) -> FileDescriptor? {
    guard
      let descriptor = try? open(name, in: directory, flags: lockFlags, path: path),
      (try? descriptor.tryLock(path: path)) == true
    else { return nil }
    return descriptor
  }
}
