public import DocKit
public import Foundation
import Glibc
import Synchronization

/// A file system that passes every call to the real one and logs, in
/// order, each successful rename (the folder it renamed into, and the new
/// name) and each successful `fsync` (of which inode), so that a test can
/// ask whether a write made its rename durable: whether the folder was
/// synced after the rename.
public final class SyncOrderFileSystem: FileSystem {
  /// One logged call.
  public enum Call: Sendable, Equatable {
    /// A rename to `name` in the folder of inode `folder`.
    case rename(folder: UInt64, name: String)
    /// An `fsync` of the file or folder of inode `inode`.
    case fsync(inode: UInt64)
    /// A `syncfs`: everything is durable.
    case syncfs
  }

  private let log = Mutex<[Call]>([])

  /// Starts with an empty log.
  public init() {}

  /// The calls logged so far, in order.
  public var calls: [Call] { log.withLock { $0 } }

  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>, _ flags: UInt32
  ) -> Int32 {
    let result = POSIXFileSystem().renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
    guard result == 0 else { return result }
    let path = String(cString: newPath)
    let folder = (path as NSString).deletingLastPathComponent
    var status = stat()
    if Glibc.fstatat(newDirectory, folder.isEmpty ? "." : folder, &status, 0) == 0 {
      let name = (path as NSString).lastPathComponent
      log.withLock { $0.append(.rename(folder: UInt64(status.st_ino), name: name)) }
    }
    return result
  }

  public func fsync(_ descriptor: Int32) -> Int32 {
    var status = stat()
    let known = Glibc.fstat(descriptor, &status) == 0
    let result = Glibc.fsync(descriptor)
    if result == 0, known { log.withLock { $0.append(.fsync(inode: UInt64(status.st_ino))) } }
    return result
  }

  public func syncfs(_ descriptor: Int32) -> Int32 {
    let result = POSIXFileSystem().syncfs(descriptor)
    if result == 0 { log.withLock { $0.append(.syncfs) } }
    return result
  }

  /// Whether something was renamed to `name` in `folder`, and the folder
  /// (or the whole file system) synced after the last such rename.
  public func syncedFolder(_ folder: URL, afterRenameTo name: String) -> Bool {
    var status = stat()
    guard Glibc.fstatat(AT_FDCWD, folder.path, &status, 0) == 0 else { return false }
    let inode = UInt64(status.st_ino)
    let calls = self.calls
    guard let rename = calls.lastIndex(of: .rename(folder: inode, name: name)) else {
      return false
    }
    return calls[(rename + 1)...].contains { $0 == .fsync(inode: inode) || $0 == .syncfs }
  }
}
