extension TextLines {
  /// The lines of a ``TextLines``, in order: a random-access collection
  /// indexed from 0 that reads line `i` in O(log n) and iterates in O(n).
  ///
  /// A view is a snapshot: it shares the text's storage, and editing the
  /// text afterwards does not change it.
  public struct LineView: RandomAccessCollection, Sendable {
    let root: TextLineNode?

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of lines.
    public var endIndex: Int { root?.lineCount ?? 0 }

    /// Line `position` (0-based).
    ///
    /// - Complexity: O(log n).
    public subscript(position: Int) -> Line {
      guard let root, (0..<root.lineCount).contains(position) else {
        preconditionFailure("line index \(position) is out of range (the text has \(count) lines)")
      }
      return root.line(at: position)
    }

    /// An iterator that walks the leaves, so iterating is O(n).
    public func makeIterator() -> Iterator {
      Iterator(root: root)
    }

    /// Iterates a ``LineView`` a leaf at a time.
    public struct Iterator: IteratorProtocol, Sendable {
      let root: TextLineNode?
      private var leaf: TextLineRun = TextLineRun()
      private var position = 0
      private var nextLeafStart = 0

      init(root: TextLineNode?) {
        self.root = root
      }

      /// The next line, or nil after the last.
      public mutating func next() -> Line? {
        if position == leaf.count {
          guard let root, nextLeafStart < root.lineCount else { return nil }
          leaf = root.leaf(containing: nextLeafStart).leaf.run
          nextLeafStart += leaf.count
          position = 0
        }
        defer { position += 1 }
        return leaf.line(position)
      }
    }
  }
}
