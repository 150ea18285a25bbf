public import DocKit
import Glibc
import Synchronization

/// A file system that records how many bytes each `read` asks for and,
/// just before the first `read`, appends `growth` bytes to the file at
/// `path`: a file that grows while it is being read, made deterministic.
/// Every call goes to the real file system.
public final class GrowingFileSystem: FileSystem {
  private let base = POSIXFileSystem()
  private let path: String
  private let growth: Int
  private let state = Mutex((grown: false, requests: [Int]()))

  /// Grows the file at `path` by `growth` bytes before the first read.
  public init(growing path: String, by growth: Int) {
    self.path = path
    self.growth = growth
  }

  /// Records reads and changes nothing.
  public convenience init() {
    self.init(growing: "", by: 0)
  }

  /// The byte counts passed to `read`, in order.
  public var readRequests: [Int] { state.withLock { $0.requests } }

  public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    let grow = state.withLock { state in
      state.requests.append(count)
      defer { state.grown = true }
      return !state.grown && growth > 0
    }
    if grow {
      let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
      if fd >= 0 {
        let bytes = [UInt8](repeating: UInt8(ascii: "+"), count: growth)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        _ = close(fd)
      }
    }
    return base.read(descriptor, buffer, count)
  }
}
