import Glibc

/// Standard output or standard error as a `TextOutputStream`, written
/// straight to the file descriptor so the two streams interleave in the
/// order they were written.
struct StandardStream: TextOutputStream {
  let descriptor: Int32

  static var output: StandardStream { StandardStream(descriptor: STDOUT_FILENO) }
  static var error: StandardStream { StandardStream(descriptor: STDERR_FILENO) }

  mutating func write(_ string: String) {
    write(string, stoppingWhen: nil)
  }

  /// Writes `string`, unless `shouldStop` says to stop when a write is
  /// cut short: a signal (Ctrl-C) interrupted a write that a slow reader
  /// (a terminal) held up, or the reader took only part. The rest is then
  /// not written. `shouldStop` is asked only then, so a write that goes
  /// through at once costs nothing more.
  ///
  /// Returns whether everything was written.
  @discardableResult
  mutating func write(_ string: String, stoppingWhen shouldStop: (() -> Bool)?) -> Bool {
    var bytes = Array(string.utf8)[...]
    while !bytes.isEmpty {
      let requested = bytes.count
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes = bytes.dropFirst(count)
        if count < requested, let shouldStop, shouldStop() { return false }
      } else if count < 0 && errno == EINTR {
        if let shouldStop, shouldStop() { return false }
        continue
      } else {
        return false  // A closed pipe: nothing sensible is left to do with the text.
      }
    }
    return true
  }
}
