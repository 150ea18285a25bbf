/// Where each value of a property list file's bytes is: a flat index of
/// nodes in document order, the root first, each container followed by
/// its entries' subtrees.
///
/// A node is a value with, for a container's entry, where the entry's
/// bytes and its key are. Keys and scalars are not held: they are read
/// from their bytes when asked for (``PropertyListDocument/value``), so
/// the index takes 24 bytes a value, less than the file for the files
/// Apple's tools write, where a tree of boxed values took several times
/// the file.
struct PropertyListSyntaxTree: Sendable {
  enum Kind: UInt8, Sendable, Equatable {
    case dictionary, array, string, integer, real, boolean, date, data
  }

  struct Node: Sendable, Equatable {
    /// The value's first byte: the element's `<` in XML, the token's
    /// first byte in ASCII.
    var start: UInt32
    /// One past the value's last byte.
    var end: UInt32
    /// Where the entry starts: the key's `<` or first byte, or an array
    /// element's first byte (the root: ``start``). The whitespace before
    /// it, and in ASCII the `;` or `,` after the value, are found from the
    /// bytes (``PropertyListDocument/entryRange(of:)``).
    var entryStart: UInt32
    /// Where a dictionary entry's key ends (after `</key>`, or the ASCII
    /// key's last byte); ``PropertyListSyntaxTree/noKey`` for others.
    var keyEnd: UInt32
    /// How many nodes the subtree holds, this one included.
    var size: UInt32
    var kind: Kind

    var range: Range<Int> { Int(start)..<Int(end) }
    var hasKey: Bool { keyEnd != PropertyListSyntaxTree.noKey }
    var isContainer: Bool { kind == .dictionary || kind == .array }
  }

  /// ``Node/keyEnd`` of a value that has no key.
  static let noKey = UInt32.max

  /// The largest file the index can address.
  static let maximumSize = Int(UInt32.max - 1)

  /// The nodes, in document order; the root is node 0.
  var nodes: [Node]

  /// The node at `index`.
  subscript(index: Int) -> Node { nodes[index] }

  /// The entries of container `index`, in order.
  func children(of index: Int) -> [Int] {
    var result: [Int] = []
    let end = index + Int(nodes[index].size)
    var child = index + 1
    while child < end {
      result.append(child)
      child += Int(nodes[child].size)
    }
    return result
  }

  /// The entry of container `index` at `position` (0-based), nil if it
  /// holds fewer: found by stepping over the entries before it, without
  /// listing them.
  func child(of index: Int, at position: Int) -> Int? {
    let end = index + Int(nodes[index].size)
    var child = index + 1
    var remaining = position
    while child < end {
      if remaining == 0 { return child }
      remaining -= 1
      child += Int(nodes[child].size)
    }
    return nil
  }

  /// The first entry of container `index` that `matches`, with its
  /// position, found without listing the entries; nil if none does.
  func firstChild(
    of index: Int, where matches: (Int) -> Bool
  ) -> (position: Int, node: Int)? {
    let end = index + Int(nodes[index].size)
    var child = index + 1
    var position = 0
    while child < end {
      if matches(child) { return (position, child) }
      position += 1
      child += Int(nodes[child].size)
    }
    return nil
  }

  /// How many entries container `index` holds.
  func childCount(of index: Int) -> Int {
    var count = 0
    let end = index + Int(nodes[index].size)
    var child = index + 1
    while child < end {
      count += 1
      child += Int(nodes[child].size)
    }
    return count
  }

  /// Replaces the subtree at `index` with `replacement` (a subtree whose
  /// first node takes the place of node `index` as an entry), after the
  /// bytes from `changeEnd` on moved by `delta`: `ancestors` (the nodes
  /// whose subtrees hold `index`) grow by `delta` bytes, and every node
  /// after the new subtree moves by it.
  mutating func replace(
    subtree index: Int, ancestors: [Int], with replacement: [Node], delta: Int
  ) {
    let oldSize = Int(nodes[index].size)
    let countDelta = replacement.count - oldSize
    nodes.replaceSubrange(index..<(index + oldSize), with: replacement)
    for ancestor in ancestors {
      nodes[ancestor].size = UInt32(Int(nodes[ancestor].size) + countDelta)
      nodes[ancestor].end = Self.moved(nodes[ancestor].end, by: delta)
    }
    guard delta != 0 else { return }
    // Offsets are below 2^32 - 1 before and after, so adding the
    // difference modulo 2^32 moves each exactly; a select, not a branch,
    // keeps ``noKey``, so that the loop is straight-line adds.
    let step = UInt32(truncatingIfNeeded: delta)
    nodes.withUnsafeMutableBufferPointer { buffer in
      for later in (index + replacement.count)..<buffer.count {
        let node = buffer[later]
        buffer[later].start = node.start &+ step
        buffer[later].end = node.end &+ step
        buffer[later].entryStart = node.entryStart &+ step
        buffer[later].keyEnd = node.keyEnd == Self.noKey ? Self.noKey : node.keyEnd &+ step
      }
    }
  }

  static func moved(_ offset: UInt32, by delta: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: Int(offset) + delta)
  }
}

/// Where a byte offset is, as a line and a column (both 1-based, the
/// column in UTF-8 bytes).
func propertyListPosition(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  var line = 1
  var lineStart = 0
  var index = 0
  let end = min(offset, bytes.count)
  while index < end {
    if bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }
  return (line, end - lineStart + 1)
}

/// A `malformedPropertyList` error at `offset` in `bytes`.
func malformedPropertyList(_ message: String, at offset: Int, in bytes: [UInt8]) -> FormatError {
  let (line, column) = propertyListPosition(of: offset, in: bytes)
  return FormatError(
    .malformedPropertyList, message, line: line, column: column, byteOffset: offset)
}
