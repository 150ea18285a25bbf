import Glibc

/// Copying a file's bytes into a new inode without passing them through
/// user space where the kernel can avoid it.
extension FileDescriptor {
  /// The `errno` values with which `FICLONE` says that the file system
  /// cannot clone these files, as opposed to failing (EIO, ENOSPC, ...).
  static let cloneUnsupported: Set<Int32> = [EOPNOTSUPP, ENOTTY, EXDEV, EINVAL, ENOSYS]
  /// The same for `copy_file_range`: no such call, files on two file
  /// systems (refused before Linux 5.3 and again since 5.19), or a file
  /// system that does not take part.
  static let copyRangeUnsupported: Set<Int32> = [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP]

  /// Fills this new, empty file, open for writing at offset 0, with
  /// `source`'s bytes: a clone where the file system can share them, else
  /// `copy_file_range`, else `read` and `write`. The result is a separate
  /// inode either way: writing into one file never changes the other.
  ///
  /// A clone takes the whole source; the other two copy at most `count`
  /// bytes (the size the caller verified) from `source`'s current offset,
  /// stopping early at its end. The caller checks afterwards that the
  /// source did not change while it was copied.
  ///
  /// - Throws: ``SystemCallError`` for a failure that is not "this file
  ///   system cannot do that" (EIO, ENOSPC, EDQUOT, ...).
  func copyContents(
    of source: FileDescriptor, count: Int64, path: String
  ) throws(SystemCallError) {
    let system = FileSystemContext.current
    while system.ficlone(rawValue, source.rawValue) != 0 {
      if errno == EINTR { continue }
      guard Self.cloneUnsupported.contains(errno) else {
        throw SystemCallError(systemCall: "ioctl(FICLONE)", errno: errno, path: path)
      }
      return try copyRange(of: source, count: count, path: path)
    }
  }

  /// `copy_file_range` until `count` bytes are copied or the source ends;
  /// the rest by `read` and `write` if the kernel refuses.
  private func copyRange(
    of source: FileDescriptor, count: Int64, path: String
  ) throws(SystemCallError) {
    let system = FileSystemContext.current
    var remaining = count
    while remaining > 0 {
      let copied = system.copyFileRange(
        source.rawValue, rawValue, Int(min(remaining, Int64(1) << 30)))
      if copied > 0 {
        remaining -= Int64(copied)
      } else if copied == 0 {
        // The end of the source, or a file system that reports 0 instead
        // of refusing (some pseudo file systems do): `read` tells which.
        break
      } else if errno == EINTR {
        continue
      } else if Self.copyRangeUnsupported.contains(errno) {
        break
      } else {
        throw SystemCallError(systemCall: "copy_file_range", errno: errno, path: path)
      }
    }
    guard remaining > 0 else { return }
    // Both offsets have advanced past what was copied; go on from there.
    try readWrite(of: source, count: remaining, path: path)
  }

  /// `read` and `write` in chunks of up to 1 MiB until `count` bytes are
  /// copied or the source ends.
  private func readWrite(
    of source: FileDescriptor, count: Int64, path: String
  ) throws(SystemCallError) {
    let system = FileSystemContext.current
    var buffer = [UInt8](repeating: 0, count: Int(min(max(count, 1), 1 << 20)))
    var remaining = count
    while remaining > 0 {
      let wanted = Int(min(remaining, Int64(buffer.count)))
      let read = buffer.withUnsafeMutableBytes {
        system.read(source.rawValue, $0.baseAddress, wanted)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(systemCall: "read", errno: errno, path: path)
      }
      var offset = 0
      while offset < read {
        let written = buffer.withUnsafeBytes {
          system.write(rawValue, $0.baseAddress?.advanced(by: offset), read - offset)
        }
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          // A zero-byte write makes no progress: the disk is full.
          throw SystemCallError(
            systemCall: "write", errno: written == 0 ? ENOSPC : errno, path: path)
        }
      }
      remaining -= Int64(read)
    }
  }

  /// `futimens` with an exact modification time, to the nanosecond; leaves
  /// the access time.
  func setModificationTime(
    seconds: Int64, nanoseconds: Int64, path: String
  ) throws(SystemCallError) {
    // UTIME_OMIT is a macro Swift cannot import: ((1l << 30) - 2l).
    let times = [
      timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),
      timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
    ]
    guard FileSystemContext.current.futimens(rawValue, times) == 0 else {
      throw SystemCallError(systemCall: "futimens", errno: errno, path: path)
    }
  }
}

extension FileDescriptor {
  /// `syncfs`: writes back everything on the file system that holds this
  /// descriptor, and waits. One call makes a whole new tree durable, where
  /// an `fsync` per file costs a journal commit and a disk flush each.
  ///
  /// Since Linux 5.8 it fails with the first write-back error that happened
  /// after this descriptor was opened, on any file of that file system; see
  /// ``fileSystemSyncReportsErrors``.
  func syncFileSystem(path: String) throws(SystemCallError) {
    guard FileSystemContext.current.syncfs(rawValue) == 0 else {
      throw SystemCallError(systemCall: "syncfs", errno: errno, path: path)
    }
  }

  /// Whether the running kernel's `syncfs` reports write-back errors
  /// (Linux 5.8 and later). Before that it returned 0 whatever happened,
  /// so it cannot stand in for `fsync`.
  static let fileSystemSyncReportsErrors: Bool = {
    var name = utsname()
    guard uname(&name) == 0 else { return false }
    let release = withUnsafeBytes(of: &name.release) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap {
      Int($0)
    }
    guard numbers.count == 2 else { return false }
    return (numbers[0], numbers[1]) >= (5, 8)
  }()
}
