import Foundation
import Glibc

/// An open file descriptor that closes itself when the last reference goes.
///
/// Directory descriptors are shared: while a tree is walked or written, each
/// pending child keeps its parent's descriptor alive, and every child is
/// opened relative to it with `openat`, so no path is resolved twice and no
/// intermediate symbolic link can redirect the walk.
final class FileDescriptor {
  /// The descriptor number, or -1 once closed.
  private(set) var rawValue: Int32

  init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// `AT_FDCWD`: names relative to it resolve against the working
  /// directory, and absolute paths as themselves. Never closed.
  static var workingDirectory: FileDescriptor { FileDescriptor(rawValue: AT_FDCWD) }

  deinit {
    if rawValue >= 0 { _ = FileSystemContext.current.close(rawValue) }
  }

  /// Closes the descriptor on another thread, for a file whose last name
  /// is gone: the kernel frees the file as its last descriptor closes,
  /// its inode, its blocks and its cached pages, which for a large file
  /// takes about as long as writing it did (a replaced file of 38 MB took
  /// 31 ms to close; one of 4 KB about 70 µs), and nothing waits for
  /// that. The descriptor is no longer this object's from then on.
  ///
  /// A file system other than the live one (a test's, which counts and
  /// orders its calls, or injects faults by that count) sees the close
  /// here, in order, as every other call.
  func closeInBackground() {
    let descriptor = detach()
    guard descriptor >= 0 else { return }
    let system = FileSystemContext.current
    guard system is POSIXFileSystem else {
      _ = system.close(descriptor)
      return
    }
    DispatchQueue.global(qos: .utility).async { _ = system.close(descriptor) }
  }

  /// Gives up the descriptor, which the caller closes from then on;
  /// returns it (-1 if it was closed).
  func detach() -> Int32 {
    let descriptor = rawValue
    rawValue = -1
    return descriptor
  }

  /// Flags for opening a directory without following a final symbolic link.
  static let directoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
  /// Flags for reading a file. `O_NONBLOCK` keeps a FIFO swapped in after
  /// the type check from blocking the open; `O_NOFOLLOW` refuses a link.
  static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
  /// Flags for creating a new file: never an existing inode, never a link.
  static let createFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC

  /// Opens `name` relative to `directory` (or the working directory).
  static func open(
    _ name: String, in directory: FileDescriptor?, flags: Int32,
    mode: mode_t = 0, path: String
  ) throws(SystemCallError) -> FileDescriptor {
    let base = directory?.rawValue ?? AT_FDCWD
    while true {
      let fd = name.withCString { FileSystemContext.current.openat(base, $0, flags, mode) }
      if fd >= 0 { return FileDescriptor(rawValue: fd) }
      if errno != EINTR {
        throw SystemCallError(systemCall: "openat", errno: errno, path: path)
      }
    }
  }

  /// `fstat` on this descriptor.
  func status(path: String) throws(SystemCallError) -> FileStatus {
    var raw = stat()
    guard FileSystemContext.current.fstat(rawValue, &raw) == 0 else {
      throw SystemCallError(systemCall: "fstat", errno: errno, path: path)
    }
    return FileStatus(raw)
  }

  /// Reads from the current offset to the end of the file, refusing a file
  /// longer than `maximumSize` bytes.
  ///
  /// The buffer is sized from `fstat` once, so a file that keeps its size
  /// is read into a single allocation and never copied.
  ///
  /// - Throws: `EFBIG` (as a failed `read`) for a file longer than
  ///   `maximumSize`, found before reading when `fstat` says so, or after
  ///   at most `maximumSize + 1` bytes if the file grows while read.
  func readAll(
    maximumSize: Int = FileWrapper.Limits.default.maximumFileSize, path: String
  ) throws(SystemCallError) -> Data {
    let size = try status(path: path).size
    guard size <= Int64(maximumSize) else {
      throw SystemCallError(systemCall: "read", errno: EFBIG, path: path)
    }
    let data = try read(
      upToCount: min(maximumSize, Int.max - 1) + 1, expectedSize: Int(size), path: path)
    guard data.count <= maximumSize else {
      throw SystemCallError(systemCall: "read", errno: EFBIG, path: path)
    }
    return data
  }

  /// Reads from the current offset until the end of the file or until
  /// `limit` bytes, whichever comes first, into one array allocated at
  /// `limit` bytes (for a file whose size is known: that size plus one).
  func readBytes(upToCount limit: Int, path: String) throws(SystemCallError) -> [UInt8] {
    guard limit > 0 else { return [] }
    var failure: SystemCallError?
    let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
      do throws(SystemCallError) {
        initialized = try fill(UnsafeMutableRawBufferPointer(buffer), path: path)
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Reads from the current offset into `buffer` until it is full or the
  /// file ends, continuing after short reads and `EINTR`; returns how many
  /// bytes it holds.
  func fill(_ buffer: UnsafeMutableRawBufferPointer, path: String) throws(SystemCallError) -> Int {
    let system = FileSystemContext.current
    var count = 0
    while count < buffer.count, let base = buffer.baseAddress {
      let result = system.read(rawValue, base + count, buffer.count - count)
      if result > 0 {
        count += result
      } else if result == 0 {
        break
      } else if errno != EINTR {
        throw SystemCallError(systemCall: "read", errno: errno, path: path)
      }
    }
    return count
  }

  /// Reads from the current offset until the end of the file or until
  /// `limit` bytes, whichever comes first.
  ///
  /// The bytes go into one `malloc`ed buffer that becomes the `Data`
  /// without a copy. It starts at `expectedSize + 1` bytes (the extra
  /// byte tells end of file from growth without a second buffer) and
  /// doubles only if the file is longer than expected; it never exceeds
  /// `limit` bytes.
  func read(upToCount limit: Int, expectedSize: Int, path: String) throws(SystemCallError) -> Data {
    guard limit > 0 else { return Data() }
    var capacity = min(max(expectedSize, 0) &+ 1, limit)
    guard var buffer = malloc(capacity) else {
      throw SystemCallError(systemCall: "malloc", errno: ENOMEM, path: path)
    }
    var count = 0
    let system = FileSystemContext.current
    while true {
      if count == capacity {
        guard capacity < limit else { break }
        capacity = capacity > limit / 2 ? limit : capacity * 2
        guard let larger = realloc(buffer, capacity) else {
          free(buffer)
          throw SystemCallError(systemCall: "realloc", errno: ENOMEM, path: path)
        }
        buffer = larger
      }
      let result = system.read(rawValue, buffer + count, capacity - count)
      if result > 0 {
        count += result
      } else if result == 0 {
        break
      } else if errno != EINTR {
        let code = errno
        free(buffer)
        throw SystemCallError(systemCall: "read", errno: code, path: path)
      }
    }
    guard count > 0 else {
      free(buffer)
      return Data()
    }
    return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
  }

  /// Writes all of `data`, continuing after short writes and `EINTR`.
  func writeAll(_ data: Data, path: String) throws(SystemCallError) {
    let failure = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> SystemCallError? in
      do throws(SystemCallError) {
        try writeAll(buffer, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// The most one `write` call is given: 256 KiB.
  ///
  /// The kernel fills a file's cache with pieces (folios) as large as the
  /// call allows, up to 2 MB on ext4 and xfs. Free blocks that large are
  /// the ones a virtual machine reports to its host as unused (free page
  /// reporting), and the host takes their memory back: the guest's first
  /// write into each page of such a block then waits for the host. A
  /// one-value save of a 38 MB JSON written 8 MB a call took 83 to 99 ms,
  /// against 27 to 37 ms, in about one run in eight (60 to 70 ms of
  /// system time in the copy into the new file's cache), where `cp` of
  /// the same file in the same runs never did; written 256 KiB a call, no
  /// run of 54 did, at the same median. One more call per 256 KiB costs
  /// about 1% of such a write.
  static let writeCallLimit = 256 << 10

  /// Writes all of `buffer`, continuing after short writes and `EINTR`,
  /// at most ``writeCallLimit`` bytes a call.
  func writeAll(_ buffer: UnsafeRawBufferPointer, path: String) throws(SystemCallError) {
    let system = FileSystemContext.current
    var offset = 0
    while offset < buffer.count {
      let count = system.write(
        rawValue, buffer.baseAddress?.advanced(by: offset),
        min(buffer.count - offset, Self.writeCallLimit))
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        // A zero-byte write of a non-empty buffer makes no progress; treat
        // it as the disk being full rather than spinning.
        throw SystemCallError(
          systemCall: "write", errno: count == 0 ? ENOSPC : errno, path: path)
      }
    }
  }

  /// `fsync`. A failure is final: the kernel may already have dropped the
  /// dirty pages, so a retry that succeeds proves nothing.
  func sync(path: String) throws(SystemCallError) {
    guard FileSystemContext.current.fsync(rawValue) == 0 else {
      throw SystemCallError(systemCall: "fsync", errno: errno, path: path)
    }
  }

  /// Drops the cached pages of the file `name` in `directory`, which a
  /// write is about to replace with a new file, for a host that asks for it
  /// (`DocumentEnvironment.dropsReplacedFileCache`, off by default): advice
  /// (`POSIX_FADV_DONTNEED`), not a change to the file. The kernel frees
  /// what of its cache is clean, before the new file's pages are needed,
  /// so the write reuses memory just freed instead of taking more; on a
  /// virtual machine that returns free memory to its host, memory not
  /// recently used costs a fault on the host to get back. The file on
  /// disk is unchanged, so if the write fails the old file is intact,
  /// only no longer cached. A failure to open, to look or to advise is
  /// ignored for the same reason: nothing depends on it.
  ///
  /// Not when the system holds unwritten file data as large as a quarter
  /// of the file (`Dirty:` in `/proc/meminfo`), or that amount is
  /// unknown: the advice starts write-back of the file's dirty pages,
  /// which would write to disk the old bytes of a file just written and
  /// about to be deleted, bytes that otherwise are never written.
  static func dropCachedPages(of name: String, in directory: FileDescriptor, path: String) {
    guard let file = try? open(name, in: directory, flags: readFlags, path: path),
      let size = try? file.status(path: path).size,
      let dirty = systemDirtyBytes(),
      shouldDropCache(fileSize: size, systemDirtyBytes: dirty)
    else { return }
    _ = FileSystemContext.current.fadvise(file.rawValue, POSIX_FADV_DONTNEED)
  }

  /// Whether to drop the cache of a file of `fileSize` bytes when the
  /// system holds `systemDirtyBytes` of unwritten file data.
  static func shouldDropCache(fileSize: Int64, systemDirtyBytes: Int64) -> Bool {
    systemDirtyBytes < fileSize / 4
  }

  /// The system's file data in memory not yet written back (`Dirty:` in
  /// `/proc/meminfo`), or nil if it cannot be read.
  static func systemDirtyBytes() -> Int64? {
    let path = "/proc/meminfo"
    guard let file = try? open(path, in: nil, flags: readFlags, path: path),
      let data = try? file.read(upToCount: 1 << 16, expectedSize: 4096, path: path)
    else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("Dirty:") {
      let fields = line.split(separator: " ")
      guard fields.count >= 2, let kilobytes = Int64(fields[1]) else { return nil }
      return kilobytes * 1024
    }
    return nil
  }

  /// `fchmod` to exactly `permissions`, regardless of the umask.
  func setPermissions(_ permissions: UInt16, path: String) throws(SystemCallError) {
    guard FileSystemContext.current.fchmod(rawValue, mode_t(permissions)) == 0 else {
      throw SystemCallError(systemCall: "fchmod", errno: errno, path: path)
    }
  }

  /// `fchown`: gives the file `owner` and `group`.
  func setOwner(_ owner: UInt32, group: UInt32, path: String) throws(SystemCallError) {
    guard FileSystemContext.current.fchown(rawValue, owner, group) == 0 else {
      throw SystemCallError(systemCall: "fchown", errno: errno, path: path)
    }
  }

  /// `futimens`: sets the modification time and leaves the access time.
  func setModificationTime(_ seconds: Double, path: String) throws(SystemCallError) {
    let whole = seconds.rounded(.down)
    // UTIME_OMIT is a macro Swift cannot import: ((1l << 30) - 2l).
    let omit = timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)
    let modified = timespec(
      tv_sec: Int(whole), tv_nsec: Int(((seconds - whole) * 1e9).rounded(.down)))
    let times = [omit, modified]
    guard FileSystemContext.current.futimens(rawValue, times) == 0 else {
      throw SystemCallError(systemCall: "futimens", errno: errno, path: path)
    }
  }

  /// Closes the descriptor and reports a failed `close`, which for a file
  /// just written can be the first sign that its data did not reach disk.
  func close(path: String) throws(SystemCallError) {
    let fd = rawValue
    rawValue = -1
    guard FileSystemContext.current.close(fd) == 0 else {
      throw SystemCallError(systemCall: "close", errno: errno, path: path)
    }
  }
}
