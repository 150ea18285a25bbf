import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ScriptSource {
  /// Reads the script a pipe at `path` carries to its end, as `bash` and
  /// `python3` read `<(…)`: the `/dev/fd/63` of process substitution, or
  /// a named FIFO, whose open waits for a writer. The pipe is read once,
  /// from its start, with no seeking and no size known beforehand.
  /// Anything but a FIFO is refused here (see
  /// ``reading(name:contentsOfFile:)`` for regular files).
  ///
  /// - Parameters:
  ///   - name: What its diagnostics call it (the path as the user wrote it).
  ///   - path: The pipe's path.
  package static func readingPipe(name: String, path: String) throws(ReadError) -> ScriptSource {
    let (descriptor, status) = try openForReading(path, flags: O_RDONLY | O_CLOEXEC | O_NOCTTY)
    defer { close(descriptor) }
    guard status.st_mode & S_IFMT == S_IFIFO else {
      throw ReadError(reason: "not a pipe")
    }
    guard let bytes = readAll(descriptor) else {
      throw ReadError(reason: String(cString: strerror(errno)).lowercased())
    }
    return ScriptSource(name: name, bytes: bytes)
  }

  /// Opens `path` with `flags` (again after `EINTR`) and returns the
  /// descriptor, which the caller closes, with its status; a failure is
  /// ``ReadError/noSuchFile`` or the system's reason.
  static func openForReading(
    _ path: String, flags: Int32
  ) throws(ReadError) -> (descriptor: Int32, status: stat) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, flags)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      let code = errno
      throw code == ENOENT
        ? .noSuchFile : ReadError(reason: String(cString: strerror(code)).lowercased())
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno)).lowercased()
      close(descriptor)
      throw ReadError(reason: reason)
    }
    return (descriptor, status)
  }
}
