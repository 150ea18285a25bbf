import Glibc

/// Standard output or standard error as a `TextOutputStream`, written
/// straight to the file descriptor so the two streams interleave in the
/// order they were written.
struct StandardStream: TextOutputStream {
  let descriptor: Int32

  static var output: StandardStream { StandardStream(descriptor: STDOUT_FILENO) }
  static var error: StandardStream { StandardStream(descriptor: STDERR_FILENO) }

  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes = bytes.dropFirst(count)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return  // A closed pipe: nothing sensible is left to do with the text.
      }
    }
  }
}
