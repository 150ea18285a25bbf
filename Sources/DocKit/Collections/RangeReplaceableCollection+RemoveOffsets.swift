public import Foundation

extension RangeReplaceableCollection where Self: MutableCollection {
  /// Removes all the elements at the specified offsets from the
  /// collection: SwiftUI's helper for `onDelete(perform:)`, which DocKit
  /// provides so that a list-based model compiles unchanged (see
  /// `docs/differences.md`).
  ///
  ///     var names = ["Ada", "Grace", "Alan", "Edsger"]
  ///     names.remove(atOffsets: [1, 3])
  ///     // names == ["Ada", "Alan"]
  ///
  /// The remaining elements keep their order.
  ///
  /// - Precondition: every offset is in `0..<count`.
  /// - Complexity: O(*n*), where *n* is the length of the collection.
  public mutating func remove(atOffsets offsets: IndexSet) {
    removeSubranges(indexRanges(atOffsets: offsets, count: count, caller: "remove(atOffsets:)"))
  }
}
