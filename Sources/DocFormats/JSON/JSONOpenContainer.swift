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

  var entries: [Entry]
  /// The whitespace after the last value, and the closing bracket.
  var close: ArraySlice<UInt8>

  /// The container `ref` as it was read.
  init(opening ref: JSONNodeRef) {
    let tree = ref.tree
    let bytes = tree.bytes
    let node = tree.nodes[ref.index]
    var entries: [Entry] = []
    var previousEnd = Int(node.start) + 1
    let end = ref.index + Int(node.size)
    // Counted first: grown by doubling, the entries of a large array
    // would be copied about as many times again into fresh pages.
    var count = 0
    var child = ref.index + 1
    while child < end {
      count += 1
      child += Int(tree.nodes[child].size)
    }
    entries.reserveCapacity(count)
    child = ref.index + 1
    while child < end {
      let childNode = tree.nodes[child]
      let start = Int(childNode.start)
      let keyStart = childNode.keyStart == .max ? start : Int(childNode.keyStart)
      entries.append(
        Entry(
          lead: bytes[previousEnd..<keyStart], key: bytes[keyStart..<start],
          value: JSONNodeRef(tree, child)))
      previousEnd = Int(childNode.end)
      child += Int(childNode.size)
    }
    self.entries = entries
    close = bytes[previousEnd..<Int(node.end)]
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
