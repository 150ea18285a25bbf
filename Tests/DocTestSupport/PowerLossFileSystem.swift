public import DocKit
public import Foundation
import Glibc
import Synchronization

/// A file system that passes every call to the real one and records, in
/// order, what each call changed, so that a test can rebuild every disk
/// state a power loss after any call could leave (``CrashStates``).
///
/// Files, directories and links are *nodes*, numbered when first seen
/// (the tree under `root` when the recorder is made) or created. What a
/// call changed is recorded as ``Operation``s on nodes: a directory entry
/// made, moved or removed; bytes written to a file; an `fsync` of a node;
/// a `syncfs`. The rules for what survives a power loss are in
/// ``CrashStates`` and in docs/saving.md.
public final class PowerLossFileSystem: FileSystem {
  /// A file, directory or symbolic link, as numbered by the recorder.
  public typealias Node = Int

  /// A change to the disk, as the page cache holds it until it is durable.
  public enum Operation: Sendable, Hashable {
    /// A new regular file `node` under `name` (`openat` with `O_CREAT`).
    case create(directory: Node, name: [UInt8], node: Node, mode: UInt16)
    /// A new directory (`mkdirat`).
    case makeDirectory(directory: Node, name: [UInt8], node: Node, mode: UInt16)
    /// A new symbolic link (`symlinkat`).
    case symbolicLink(directory: Node, name: [UInt8], node: Node, target: [UInt8])
    /// A new name for an existing node (`linkat`).
    case link(directory: Node, name: [UInt8], node: Node)
    /// `renameat2`: a move (replacing what `newName` held), or with
    /// `exchange` a swap of the two entries.
    case rename(from: Node, name: [UInt8], to: Node, newName: [UInt8], exchange: Bool)
    /// `unlinkat`, of a file or (with `AT_REMOVEDIR`) an empty directory.
    case unlink(directory: Node, name: [UInt8])
    /// Bytes written to a file at an offset (`write`, `copy_file_range`).
    case write(node: Node, offset: Int, bytes: Data)
    /// A file's length set (`O_TRUNC`, or the start of a `FICLONE`).
    case truncate(node: Node, length: Int)
    /// `fchmod`.
    case setMode(node: Node, mode: UInt16)
    /// `fsync` of a file or directory.
    case fsync(node: Node)
    /// `syncfs`: everything written so far is durable.
    case syncfs

    /// The directories whose entries this operation changes; empty for an
    /// operation on a file's data or on durability.
    public var directories: [Node] {
      switch self {
      case .create(let directory, _, _, _), .makeDirectory(let directory, _, _, _),
        .symbolicLink(let directory, _, _, _), .link(let directory, _, _),
        .unlink(let directory, _):
        [directory]
      case .rename(let from, _, let to, _, _): from == to ? [from] : [from, to]
      case .write, .truncate, .setMode, .fsync, .syncfs: []
      }
    }

    /// The file whose data or mode this operation changes.
    public var dataNode: Node? {
      switch self {
      case .write(let node, _, _), .truncate(let node, _), .setMode(let node, _): node
      default: nil
      }
    }
  }

  /// One call to the file system, with what it changed (nothing for a
  /// call that only reads, or that failed).
  public struct Call: Sendable {
    /// The method: `"openat"`, `"fsync"`, ...
    public var name: String
    /// What the call changed, in order.
    public var operations: [Operation]
  }

  /// The tree as it was when the recorder was made, taken to be durable.
  public let initial: DiskTree
  /// The node of `root`.
  public let rootNode: Node

  private struct Key: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private struct Recording {
    var calls: [Call] = []
    var nodes: [Key: Node] = [:]
    var nextNode = 0
  }

  private let base = POSIXFileSystem()
  private let recording: Mutex<Recording>

  /// Records the tree under `root` as the durable starting state.
  public init(root: URL) throws {
    var state = Recording()
    var tree = DiskTree()
    func node(_ status: stat) -> Node {
      let key = Key(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      if let known = state.nodes[key] { return known }
      defer { state.nextNode += 1 }
      state.nodes[key] = state.nextNode
      return state.nextNode
    }
    func scan(_ path: String) throws -> Node {
      var status = stat()
      guard lstat(path, &status) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      let id = node(status)
      tree.modes[id] = UInt16(status.st_mode & 0o7777)
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        var entries: [[UInt8]: Node] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
          entries[Array(name.utf8)] = try scan(path + "/" + name)
        }
        tree.entries[id] = entries
      case S_IFLNK:
        tree.targets[id] = Array(
          try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8)
      default:
        tree.contents[id] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
      return id
    }
    rootNode = try scan(root.path)
    initial = tree
    recording = Mutex(state)
  }

  /// Every call so far, in order.
  public var calls: [Call] { recording.withLock { $0.calls } }

  /// The node the real directory or file at `path` is, if the recorder has
  /// seen it.
  public func node(at path: String) -> Node? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    let key = Key(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    return recording.withLock { $0.nodes[key] }
  }

  // MARK: - Recording

  private func record(_ name: String, _ operations: [Operation] = []) {
    let call = String(name.prefix { $0 != "(" })
    recording.withLock { $0.calls.append(Call(name: call, operations: operations)) }
  }

  /// The node of a status, numbered now if unseen; `fresh` numbers it
  /// anew even if its inode number was seen (a freed inode reused).
  private func node(_ status: stat, fresh: Bool = false) -> Node {
    let key = Key(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    return recording.withLock { state in
      if !fresh, let known = state.nodes[key] { return known }
      defer { state.nextNode += 1 }
      state.nodes[key] = state.nextNode
      return state.nextNode
    }
  }

  private func node(ofDescriptor descriptor: Int32) -> Node? {
    var status = stat()
    let result =
      descriptor == AT_FDCWD
      ? Glibc.fstatat(AT_FDCWD, ".", &status, 0) : Glibc.fstat(descriptor, &status)
    return result == 0 ? node(status) : nil
  }

  /// The directory node and final name that `path` relative to
  /// `directory` refers to, resolved before the call changes anything.
  /// After a call that made an entry (`result` 0) at `place`, which is
  /// `path` in `directory`: its parent, name and status; nil if the call
  /// failed or the entry is not one the model follows.
  private func made(
    _ result: Int32, at place: (Node, [UInt8])?, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> (Node, [UInt8], stat)? {
    var status = stat()
    guard result == 0, let (parent, name) = place,
      Glibc.fstatat(directory, path, &status, AT_SYMLINK_NOFOLLOW) == 0
    else { return nil }
    return (parent, name, status)
  }

  private func location(_ directory: Int32, _ path: UnsafePointer<CChar>) -> (Node, [UInt8])? {
    let bytes = Array(UnsafeRawBufferPointer(start: path, count: strlen(path)))
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
      return node(ofDescriptor: directory).map { ($0, bytes) }
    }
    var parent = Array(bytes[..<slash])
    if parent.isEmpty { parent = [UInt8(ascii: "/")] }
    var status = stat()
    let found = parent.withCName { Glibc.fstatat(directory, $0, &status, 0) }
    guard found == 0 else { return nil }
    return (node(status), Array(bytes[(slash + 1)...]))
  }

  private func readBytes(_ descriptor: Int32, offset: Int, count: Int) -> Data {
    var bytes = Data(count: count)
    var done = 0
    while done < count {
      let result = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress.unsafelyUnwrapped + done, count - done, offset + done)
      }
      if result <= 0 { break }
      done += result
    }
    return bytes.prefix(done)
  }

  public func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    let creating = flags & O_CREAT != 0
    var existed = false
    if creating && flags & O_EXCL == 0 {
      var status = stat()
      existed = Glibc.fstatat(directory, path, &status, AT_SYMLINK_NOFOLLOW) == 0
    }
    let place = creating && !existed ? location(directory, path) : nil
    let descriptor = base.openat(directory, path, flags, mode)
    guard descriptor >= 0 else {
      record(#function)
      return descriptor
    }
    var status = stat()
    _ = Glibc.fstat(descriptor, &status)
    if let (parent, name) = place {
      let created = node(status, fresh: true)
      record(
        #function,
        [
          .create(
            directory: parent, name: name, node: created, mode: UInt16(status.st_mode & 0o7777))
        ])
    } else if flags & O_TRUNC != 0 {
      record(#function, [.truncate(node: node(status), length: 0)])
    } else {
      record(#function)
    }
    return descriptor
  }
  public func close(_ descriptor: Int32) -> Int32 {
    record(#function)
    return base.close(descriptor)
  }
  public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    record(#function)
    return base.read(descriptor, buffer, count)
  }
  public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    let offset = lseek(descriptor, 0, SEEK_CUR)
    let result = base.write(descriptor, buffer, count)
    guard result > 0, offset >= 0, let file = node(ofDescriptor: descriptor) else {
      record(#function)
      return result
    }
    let bytes = Data(UnsafeRawBufferPointer(start: buffer, count: result))
    record(#function, [.write(node: file, offset: Int(offset), bytes: bytes)])
    return result
  }
  public func fsync(_ descriptor: Int32) -> Int32 {
    let result = base.fsync(descriptor)
    guard result == 0, let synced = node(ofDescriptor: descriptor) else {
      record(#function)
      return result
    }
    record(#function, [.fsync(node: synced)])
    return result
  }
  public func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    record(#function)
    return base.fstat(descriptor, &status)
  }
  public func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    record(#function)
    return base.fstatat(directory, path, &status, flags)
  }
  public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 {
    let result = base.fchmod(descriptor, mode)
    guard result == 0, let file = node(ofDescriptor: descriptor) else {
      record(#function)
      return result
    }
    record(#function, [.setMode(node: file, mode: UInt16(mode & 0o7777))])
    return result
  }
  public func futimens(_ descriptor: Int32, _ times: UnsafePointer<timespec>) -> Int32 {
    // Times are not part of what a save must preserve byte for byte.
    record(#function)
    return base.futimens(descriptor, times)
  }
  public func mkdirat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    let place = location(directory, path)
    let result = base.mkdirat(directory, path, mode)
    guard let (parent, name, status) = made(result, at: place, directory, path) else {
      record(#function)
      return result
    }
    let made = node(status, fresh: true)
    record(
      #function,
      [
        .makeDirectory(
          directory: parent, name: name, node: made, mode: UInt16(status.st_mode & 0o7777))
      ])
    return result
  }
  public func linkat(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>
  ) -> Int32 {
    let place = location(newDirectory, newPath)
    let result = base.linkat(oldDirectory, oldPath, newDirectory, newPath)
    guard let (parent, name, status) = made(result, at: place, newDirectory, newPath) else {
      record(#function)
      return result
    }
    record(#function, [.link(directory: parent, name: name, node: node(status))])
    return result
  }
  public func symlinkat(
    _ target: UnsafePointer<CChar>, _ directory: Int32, _ path: UnsafePointer<CChar>
  ) -> Int32 {
    let place = location(directory, path)
    let result = base.symlinkat(target, directory, path)
    guard let (parent, name, status) = made(result, at: place, directory, path) else {
      record(#function)
      return result
    }
    let destination = Array(UnsafeRawBufferPointer(start: target, count: strlen(target)))
    record(
      #function,
      [
        .symbolicLink(
          directory: parent, name: name, node: node(status, fresh: true), target: destination)
      ])
    return result
  }
  public func readlinkat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>,
    _ size: Int
  ) -> Int {
    record(#function)
    return base.readlinkat(directory, path, buffer, size)
  }
  public func renameat2(
    _ oldDirectory: Int32, _ oldPath: UnsafePointer<CChar>, _ newDirectory: Int32,
    _ newPath: UnsafePointer<CChar>,
    _ flags: UInt32
  ) -> Int32 {
    let from = location(oldDirectory, oldPath)
    let to = location(newDirectory, newPath)
    let result = base.renameat2(oldDirectory, oldPath, newDirectory, newPath, flags)
    guard result == 0, let (fromDirectory, name) = from, let (toDirectory, newName) = to else {
      record(#function)
      return result
    }
    // RENAME_EXCHANGE is 1 << 1 (linux/fs.h).
    let exchange = flags & 2 != 0
    record(
      #function,
      [
        .rename(
          from: fromDirectory, name: name, to: toDirectory, newName: newName, exchange: exchange)
      ])
    return result
  }
  public func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    let place = location(directory, path)
    let result = base.unlinkat(directory, path, flags)
    guard result == 0, let (parent, name) = place else {
      record(#function)
      return result
    }
    record(#function, [.unlink(directory: parent, name: name)])
    return result
  }
  public func readDirectory(_ descriptor: Int32) -> [[UInt8]]? {
    record(#function)
    return base.readDirectory(descriptor)
  }
  public func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
    record(#function)
    return base.faccessat(directory, path, mode)
  }
  public func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    record(#function)
    return base.flock(descriptor, operation)
  }
  public func ficlone(_ destination: Int32, _ source: Int32) -> Int32 {
    let result = base.ficlone(destination, source)
    var status = stat()
    guard result == 0, Glibc.fstat(source, &status) == 0,
      let file = node(ofDescriptor: destination)
    else {
      record(#function)
      return result
    }
    let bytes = readBytes(source, offset: 0, count: Int(status.st_size))
    record(
      #function, [.truncate(node: file, length: 0), .write(node: file, offset: 0, bytes: bytes)])
    return result
  }
  public func copyFileRange(_ source: Int32, _ destination: Int32, _ count: Int) -> Int {
    let offset = lseek(destination, 0, SEEK_CUR)
    let sourceOffset = lseek(source, 0, SEEK_CUR)
    let result = base.copyFileRange(source, destination, count)
    guard result > 0, offset >= 0, sourceOffset >= 0, let file = node(ofDescriptor: destination)
    else {
      record(#function)
      return result
    }
    // The destination is open for writing only: read the bytes copied
    // from the source.
    let bytes = readBytes(source, offset: Int(sourceOffset), count: result)
    record(#function, [.write(node: file, offset: Int(offset), bytes: bytes)])
    return result
  }
  public func syncfs(_ descriptor: Int32) -> Int32 {
    let result = base.syncfs(descriptor)
    record(#function, result == 0 ? [.syncfs] : [])
    return result
  }
}

extension [UInt8] {
  fileprivate func withCName<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
    var terminated = map { CChar(bitPattern: $0) }
    terminated.append(0)
    return terminated.withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
  }
}
