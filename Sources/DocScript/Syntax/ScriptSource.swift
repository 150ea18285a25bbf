/// The text of a script and the name its diagnostics use.
public struct ScriptSource: Sendable {
  /// The file as the user named it, or a label such as `<stdin>`.
  public var name: String
  /// The script's bytes, which should be UTF-8 text.
  public var bytes: [UInt8]
  /// The line number of the first line of ``bytes``: 1 for a file; more
  /// for a piece of a longer stream, such as one statement read from
  /// standard input, so that diagnostics name the stream's lines.
  public var firstLine = 1

  /// Creates a source from bytes, which are checked when parsed.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  /// Creates a source from text.
  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// UTF-8's byte-order mark, which Windows editors write at the start
  /// of a file: a script read whole skips it (``ScriptLines``, the lexer),
  /// and `test --update` keeps it.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The text, with any invalid UTF-8 replaced: for rendering diagnostics.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
