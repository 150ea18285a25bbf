import DocKit
package import Foundation
import Glibc
import Synchronization

/// The live file system, watched: it records the names that are created,
/// can run an action just before the first call of a chosen kind (to play
/// another process's part at that moment), and can stop a package save
/// just after its commit point, as a crash there would.
package final class ObservingFileSystem: FileSystem {
  package enum Call: Sendable, Equatable { case flock, fsync, mkdirat }

  private let base = POSIXFileSystem()
  private let pending: Mutex<(call: Call, action: @Sendable () -> Void)?>
  private let state = Mutex((created: [String](), committed: false))
  private let stopsAfterCommit: Bool

  /// - Parameters:
  ///   - call: Run `action` just before the first call of this kind.
  ///   - stoppingAfterCommit: Once a journal's `COMMIT` is renamed into
  ///     place, fail every later rename and unlink with `EIO`: the save
  ///     has committed, and nothing of it is applied.
  package init(
    before call: Call? = nil, run action: (@Sendable () -> Void)? = nil,
    stoppingAfterCommit: Bool = false
  ) {
    pending = Mutex(call.flatMap { call in action.map { (call, $0) } })
    stopsAfterCommit = stoppingAfterCommit
  }

  /// Every name created with `openat(O_CREAT)` or `mkdirat`, in order.
  package var createdNames: [String] { state.withLock { $0.created } }

  private func fire(_ call: Call) {
    let action = pending.withLock { pending -> (@Sendable () -> Void)? in
      guard let current = pending, current.call == call else { return nil }
      pending = nil
      return current.action
    }
    action?()
  }

  private var failsMoves: Bool { stopsAfterCommit && state.withLock { $0.committed } }

  package func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    if flags & O_CREAT != 0 { state.withLock { $0.created.append(String(cString: path)) } }
    return base.openat(directory, path, flags, mode)
  }
  package func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    fire(.mkdirat)
    state.withLock { $0.created.append(String(cString: path)) }
    return base.mkdirat(directory, path, mode)
  }
  package func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    fire(.flock)
    return base.flock(descriptor, operation)
  }
  package func fsync(_ descriptor: Int32) -> Int32 {
    fire(.fsync)
    return base.fsync(descriptor)
  }
  package func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>, _ flags: UInt32
  ) -> Int32 {
    if failsMoves {
      errno = EIO
      return -1
    }
    let result = base.renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
    if result == 0 && String(cString: newPath) == "COMMIT" {
      state.withLock { $0.committed = true }
    }
    return result
  }
  package func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    if failsMoves {
      errno = EIO
      return -1
    }
    return base.unlinkat(directory, path, flags)
  }
}
