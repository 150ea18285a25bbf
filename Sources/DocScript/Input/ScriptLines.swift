/// The lines of a script read whole (a file for `docrepl run` or
/// `source`), for ``EntryReader``: each line's bytes as they are, a `\r`
/// before its `\n` included, so that the entries joined by `\n` are the
/// script's bytes exactly.
struct ScriptLines: LineSource {
  private let bytes: [UInt8]
  private var start = 0

  init(_ source: ScriptSource) {
    bytes = source.bytes
  }

  var isInteractive: Bool { false }

  mutating func readLine(prompt: String) async -> LineEvent {
    guard let line = nextLine() else { return .end }
    start = line.next
    return .line(Array(bytes[line.range]))
  }

  mutating func nextLineIfNoStatement() -> [UInt8]? {
    guard let line = nextLine() else { return nil }
    // Blanks, then nothing or `#`: no command starts here.
    var content = bytes[line.range]
    if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
    let first = content.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard first == nil || first == UInt8(ascii: "#") else { return nil }
    start = line.next
    return Array(bytes[line.range])
  }

  /// The next line's bytes, and where the one after starts.
  private func nextLine() -> (range: Range<Int>, next: Int)? {
    guard start < bytes.count else { return nil }
    guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      return (start..<bytes.count, bytes.count)
    }
    return (start..<newline, newline + 1)
  }
}
