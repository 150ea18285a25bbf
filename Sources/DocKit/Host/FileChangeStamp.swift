import Foundation
import Glibc

/// What a session remembers of its file to tell, at the next save, whether
/// another program changed it meanwhile.
///
/// The identity (device, inode, size, modification time to the nanosecond)
/// catches a replacement by rename and most rewrites. The status-change
/// time (`st_ctime`) catches a rewrite whose modification time was set
/// back (`touch -r`, `utimensat`): no program can set it. Where the file
/// system keeps multigrain timestamps (Linux 6.13 and later: ext4, xfs,
/// btrfs, tmpfs; see `ChangeTimeGranularity`), both times are fine-grained
/// once they have been read, so even a rewrite at the same size in the
/// same clock tick shows, and the stamp costs one `lstat`. Elsewhere,
/// whose timestamps advance once a tick, a file of up to ``contentsLimit``
/// bytes is also compared byte for byte.
struct FileChangeStamp: Sendable, Equatable {
  var identity: DiskIdentity
  var changeSeconds: Int64
  var changeNanoseconds: Int64
  /// The file's bytes, for a regular file of at most ``contentsLimit`` on
  /// a file system whose change times are coarse.
  var contents: Data?

  /// Whether `other` is the same file, unchanged. Bytes are compared only
  /// when both stamps could read them: a read that failed (an I/O error,
  /// not a change) must not pass for another program's edit, so the save
  /// goes on and meets the error itself, naming it, if it persists.
  func sameFile(as other: FileChangeStamp?) -> Bool {
    guard let other else { return false }
    guard identity == other.identity, changeSeconds == other.changeSeconds,
      changeNanoseconds == other.changeNanoseconds
    else { return false }
    guard let contents, let otherContents = other.contents else { return true }
    return contents == otherContents
  }

  /// The largest file whose bytes are kept and compared: 64 KiB, which
  /// costs one extra read of at most that much per save.
  static let contentsLimit = 64 * 1024

  /// The stamp of whatever is at `path` now (not following a final link),
  /// or nil if nothing can be read there.
  static func of(path: String) -> FileChangeStamp? {
    var raw = stat()
    let result = path.withCString {
      FileSystemContext.current.fstatat(AT_FDCWD, $0, &raw, AT_SYMLINK_NOFOLLOW)
    }
    guard result == 0 else { return nil }
    let status = FileStatus(raw)
    var contents: Data?
    if status.kind == .regular, status.size <= Int64(contentsLimit),
      !FileSystemContext.current.changeTimesAreFineGrained(device: UInt64(raw.st_dev))
    {
      contents = try? FileDescriptor.open(
        path, in: nil, flags: FileDescriptor.readFlags, path: path
      ).readAll(maximumSize: contentsLimit, path: path)
    }
    return FileChangeStamp(
      identity: status.identity, changeSeconds: Int64(raw.st_ctim.tv_sec),
      changeNanoseconds: Int64(raw.st_ctim.tv_nsec), contents: contents)
  }
}

extension FileChangeStamp {
  /// The stamp of a file a write just put in place, from what the write
  /// recorded (``FileTreeWriter/Written``): the status its descriptor gave
  /// after the swap, and the bytes written, so that it costs no `lstat`
  /// and no read. Nil if the write recorded no status-change time, or, for
  /// a file small enough to compare byte for byte, not the bytes.
  init?(written: FileTreeWriter.Written) {
    guard let changeTime = written.changeTime, written.status.kind == .regular else {
      return nil
    }
    if written.status.size <= Int64(Self.contentsLimit) {
      guard let contents = written.contents, contents.count == written.status.size else {
        return nil
      }
      self.contents = contents
    } else {
      contents = nil
    }
    identity = written.status.identity
    changeSeconds = changeTime.seconds
    changeNanoseconds = changeTime.nanoseconds
  }
}
