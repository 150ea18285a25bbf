/// The lines of a script read whole (a file for `docrepl run` or
/// `source`), for ``EntryReader``: each line's bytes without its line
/// break, `\n` or `\r\n`, and without a UTF-8 byte-order mark at the start
/// of the script, so that a script saved by a Windows editor (CRLF line
/// ends, a BOM) reads exactly as its LF twin, quotes and heredocs that
/// span lines included. A carriage return that ends no line stays: the
/// lexer reports it where it is not text inside quotes, a heredoc, a
/// comment or an expectation line.
struct ScriptLines: LineSource {
  private let bytes: [UInt8]
  private var start = 0

  init(_ source: ScriptSource) {
    bytes = source.bytes
    if source.firstLine == 1, bytes.starts(with: ScriptSource.byteOrderMark) {
      start = ScriptSource.byteOrderMark.count
    }
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
    let content = bytes[line.range]
    let first = content.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    guard first == nil || first == UInt8(ascii: "#") else { return nil }
    start = line.next
    return Array(content)
  }

  /// The next line's bytes, without its line break, and where the one
  /// after starts.
  private func nextLine() -> (range: Range<Int>, next: Int)? {
    guard start < bytes.count else { return nil }
    guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      return (start..<bytes.count, bytes.count)
    }
    let end = newline > start && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
    return (start..<end, newline + 1)
  }
}
