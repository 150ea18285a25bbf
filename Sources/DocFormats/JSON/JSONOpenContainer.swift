/// An object or array that has been edited, or holds an edited value: its
/// members as runs of bytes around their values, so that writing it gives
/// back every byte that no edit touched.
///
/// The container's bytes are its opening bracket, then for each entry its
/// `lead`, `key` and value, then `close`. For `{"a": 1, "b": 2}` the entries
/// are (`""`, `"a": `, 1) and (`, `, `"b": `, 2), and `close` is `}`.
struct JSONOpenContainer: Sendable {
  struct Entry: Sendable {
    /// What comes before the member: whitespace, and a comma for every
    /// member but the first.
    var lead: ArraySlice<UInt8>
    /// The quoted key, whitespace, colon and whitespace; empty in an array.
    var key: ArraySlice<UInt8>
    /// The value.
    var value: JSONNodeRef
  }

  /// The entries: runs as read, held as spans of nodes, and the entries
  /// edits made, held one by one.
  var entries: JSONEntryList
  /// The whitespace after the last value, and the closing bracket.
  var close: ArraySlice<UInt8>

  /// The container `ref` as it was read: its entries as one run of
  /// nodes, none of them built.
  init(opening ref: JSONNodeRef) {
    entries = JSONEntryList(reading: ref.tree, container: ref.index)
    let tree = ref.tree
    let node = tree.nodes[ref.index]
    let lastEnd: Int
    if case .read(let run)? = entries.pieces.last {
      lastEnd = run.end
    } else {
      lastEnd = Int(node.start) + 1
    }
    close = tree.bytes[lastEnd..<Int(node.end)]
  }

  /// The quoted key of an entry's key bytes, without the colon.
  static func quotedKey(_ key: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    key.isEmpty ? key : key[..<JSONSyntaxTree.stringEnd(key)]
  }

  /// Whether an entry's key bytes spell `key`.
  static func key(_ raw: ArraySlice<UInt8>, equals key: String) -> Bool {
    let quoted = quotedKey(raw)
    let inner = quoted.dropFirst().dropLast()
    if !inner.contains(UInt8(ascii: "\\")) { return inner.elementsEqual(key.utf8) }
    return JSONSyntaxTree.decodeString(quoted) == key
  }
}
