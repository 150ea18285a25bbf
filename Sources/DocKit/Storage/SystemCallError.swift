import Glibc

/// A failed system call: which call, on which path, and the `errno` it set.
///
/// The storage layer throws this; higher layers wrap it in an error that says
/// what they were doing (``FileWrapperError`` for file wrappers). The
/// `CocoaError` a session or a file wrapper throws gives it back as
/// `documentErrorDetails.systemCallError` (see ``DocumentErrorDetails``).
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name of the call that failed, such as `"openat"` or `"renameat2"`.
  public var systemCall: String
  /// The `errno` value the call set.
  public var errno: Int32
  /// The path the call was acting on, as the caller spelled it.
  public var path: String

  /// Creates an error for a call that failed with `errno`.
  public init(systemCall: String, errno: Int32, path: String) {
    self.systemCall = systemCall
    self.errno = errno
    self.path = path
  }

  /// The C library's text for ``errno``, such as "No such file or directory".
  public var reason: String {
    String(cString: strerror(errno))
  }

  public var description: String {
    "\(path): \(systemCall) failed: \(reason) (errno \(errno))"
  }
}
