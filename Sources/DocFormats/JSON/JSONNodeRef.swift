/// A value of a ``JSONSyntaxTree``: the tree and the node's index. Equal
/// when it is the same node of the same tree.
struct JSONNodeRef: Hashable, Sendable {
  let tree: JSONSyntaxTree
  let index: Int

  init(_ tree: JSONSyntaxTree, _ index: Int = 0) {
    self.tree = tree
    self.index = index
  }

  static func == (lhs: JSONNodeRef, rhs: JSONNodeRef) -> Bool {
    lhs.tree === rhs.tree && lhs.index == rhs.index
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(tree))
    hasher.combine(index)
  }

  var kind: JSONSyntaxTree.Kind { tree.nodes[index].kind }

  var isContainer: Bool { kind == .object || kind == .array }

  /// The value's bytes, as read.
  var bytes: ArraySlice<UInt8> { tree.bytes[tree.span(index)] }
}
