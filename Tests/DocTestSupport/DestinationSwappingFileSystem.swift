public import DocKit
import Glibc
import Synchronization

/// A file system that lets another program act once, at a chosen moment
/// of a write: just before its first `fsync` (after the destination was
/// decided, before the commit looks again) or just before its first
/// `renameat2` (between the commit's last look and the swap). The action
/// typically puts a folder or a FIFO where the write's file was, so a test
/// can show that the kind of the destination is checked where it is
/// replaced, not only when the write starts. Every call goes to the real
/// file system.
public final class DestinationSwappingFileSystem: FileSystem {
  /// When the action runs.
  public enum Moment: String, Sendable, CaseIterable {
    /// Before the first `fsync`: the new file is written, not yet
    /// committed.
    case beforeFirstSync
    /// Before the first `renameat2`: the commit has looked at the
    /// destination and is about to swap.
    case beforeFirstRename
  }

  private let moment: Moment
  private let action: @Sendable () -> Void
  private let done = Mutex(false)

  /// Runs `action` once, at `moment`.
  public init(at moment: Moment, _ action: @escaping @Sendable () -> Void) {
    self.moment = moment
    self.action = action
  }

  /// Whether the action has run.
  public var didAct: Bool { done.withLock { $0 } }

  private func act(at moment: Moment) {
    guard moment == self.moment else { return }
    let run = done.withLock { done in
      defer { done = true }
      return !done
    }
    if run { action() }
  }

  public func fsync(_ descriptor: Int32) -> Int32 {
    act(at: .beforeFirstSync)
    return Glibc.fsync(descriptor)
  }

  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>, _ flags: UInt32
  ) -> Int32 {
    act(at: .beforeFirstRename)
    return POSIXFileSystem().renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
  }
}
