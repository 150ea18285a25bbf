public import Foundation

/// What `show` prints for a document, as runs of whole lines of UTF-8
/// bytes, for `diff`: a type whose content is held in chunks (the text
/// buffer's B-tree leaves) hands them over as they are, so that `diff`
/// neither builds the whole text as one `String` nor reads the chunks
/// that a snapshot shares with the current document.
///
/// A type gives them through
/// ``ScriptableFileDocument/scriptDescriptionChunks`` or
/// ``ScriptableReferenceDocument/scriptDescriptionChunks(of:)``. The
/// contract:
///
/// - the chunks' bytes, one after another, are exactly the UTF-8 of the
///   `show` text;
/// - each chunk holds whole lines: every chunk but the last ends with
///   `\n`, and ``Chunk/lineCount`` counts its lines (the last line of the
///   last chunk counts without a line break);
/// - two chunks with the same ``Chunk/owner`` hold the same bytes: the
///   owner is storage that does not change while a chunk refers to it
///   (an immutable leaf, shared by a snapshot and the document).
///
/// `diff` passes over chunks that two sides share at the same place
/// without reading them, and compares the rest by their bytes.
public struct ScriptLineChunks: Sendable {
  /// A run of whole lines.
  public struct Chunk: Sendable {
    /// The lines' bytes, line breaks included.
    public var bytes: Data
    /// How many lines ``bytes`` holds.
    public var lineCount: Int
    /// The storage the bytes belong to, if any: chunks with the same
    /// owner hold the same bytes, so `diff` skips such a pair unread.
    /// Nil: compared by the bytes.
    public var owner: (any AnyObject & Sendable)?

    /// A chunk of `lineCount` whole lines.
    public init(bytes: Data, lineCount: Int, owner: (any AnyObject & Sendable)?) {
      self.bytes = bytes
      self.lineCount = lineCount
      self.owner = owner
    }

    /// Whether the two are the same storage (by ``owner``), so hold the
    /// same bytes without reading them.
    func isShared(with other: Chunk) -> Bool {
      guard let mine = owner, let theirs = other.owner else { return false }
      return mine === theirs
    }
  }

  /// The chunks, in order.
  public var chunks: [Chunk]

  /// The text as `chunks`.
  public init(_ chunks: [Chunk]) {
    self.chunks = chunks
  }

  /// The number of bytes.
  public var byteCount: Int { chunks.reduce(0) { $0 + $1.bytes.count } }

  /// The last byte, if any.
  var lastByte: UInt8? {
    chunks.last(where: { !$0.bytes.isEmpty })?.bytes.last
  }

  /// The text, as `show` prints it.
  public var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(byteCount)
    for chunk in chunks { bytes += chunk.bytes }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// These chunks with a `\n` after the last line, in a chunk of its own
  /// (of no line): for `diff`, when neither side ends with a line break.
  func appendingLineBreak() -> ScriptLineChunks {
    ScriptLineChunks(chunks + [Chunk(bytes: Data([0x0A]), lineCount: 0, owner: nil)])
  }
}
