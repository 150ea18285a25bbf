import DocScript
import Glibc

/// Lines from a file descriptor (standard input in batch) or from text
/// (`-c`), read as they arrive, so that each statement runs as soon as
/// it is complete. No prompt, no echo.
struct StreamLineSource: LineSource {
  private let descriptor: Int32?
  private var buffer: [UInt8]
  private var start = 0
  private var atEnd: Bool

  var isInteractive: Bool { false }

  /// Lines read from `descriptor` as they arrive.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer = []
    atEnd = false
  }

  /// The lines of `text`.
  init(text: String) {
    descriptor = nil
    buffer = Array(text.utf8)
    atEnd = true
  }

  mutating func readLine(prompt: String) async -> LineEvent {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(buffer[start..<newline])
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        start = newline + 1
        return .line(line)
      }
      if atEnd {
        guard start < buffer.count else { return .end }
        let line = Array(buffer[start...])
        start = buffer.count
        return .line(line)
      }
      if start > 0 {
        buffer.removeFirst(start)
        start = 0
      }
      guard let descriptor else {
        atEnd = true
        continue
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[..<count]
      } else if count == 0 {
        atEnd = true
      } else if errno == EINTR {
        // The handler runs without SA_RESTART so that Ctrl-C (or SIGTERM,
        // or SIGHUP) ends the wait.
        if TerminalSignals.isStopRequested { return .interrupt }
      } else {
        atEnd = true
      }
    }
  }
}
