public import DocScript
import Foundation

extension TextLines {
  /// The text (``text``, without the byte-order mark) as its leaves'
  /// bytes, a chunk a leaf, each owned by its leaf: a snapshot and the
  /// text it was taken of share their unchanged leaves, so `diff` passes
  /// over those without reading them.
  ///
  /// - Complexity: O(n) in the leaves; no bytes are copied or read.
  public var lineChunks: ScriptLineChunks {
    var chunks: [ScriptLineChunks.Chunk] = []
    guard let root = lines.root else { return ScriptLineChunks(chunks) }
    chunks.reserveCapacity(root.lineCount / (TextLineNode.leafCapacity / 2) + 1)
    var leaves = root.leafIterator()
    while let leaf = leaves.next() {
      chunks.append(
        ScriptLineChunks.Chunk(bytes: leaf.run.bytes, lineCount: leaf.lineCount, owner: leaf))
    }
    return ScriptLineChunks(chunks)
  }
}
