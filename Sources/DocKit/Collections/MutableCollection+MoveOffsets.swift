public import Foundation

extension MutableCollection {
  /// Moves all the elements at the specified offsets to the specified
  /// destination offset, preserving ordering: SwiftUI's helper for
  /// `onMove(perform:)`, which DocKit provides so that a list-based model
  /// compiles unchanged (see `docs/differences.md`).
  ///
  /// Of the elements that are not in `source`, those before `destination`
  /// move toward the beginning of the collection and those at or after it
  /// toward the end; the moved elements go between them, in their order.
  /// `destination` is an offset in the collection as it is before the
  /// move:
  ///
  ///     var letters = Array("ABcDefgHIJKlmNO")
  ///     let lowercase = IndexSet(letters.indices.filter { letters[$0].isLowercase })
  ///     letters.move(fromOffsets: lowercase, toOffset: 2)
  ///     // String(letters) == "ABcefglmDHIJKNO"
  ///
  /// - Parameters:
  ///   - source: The offsets of the elements to move.
  ///   - destination: The offset of the element before which to insert
  ///     the moved elements, in `0...count`.
  ///
  /// - Precondition: every offset in `source` is in `0..<count`, and
  ///   `destination` in `0...count`.
  /// - Complexity: O(*n*), where *n* is the length of the collection.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let count = self.count
    precondition(
      (0...count).contains(destination),
      "move(fromOffsets:toOffset:): destination \(destination) is not in 0...\(count)")
    let ranges = indexRanges(atOffsets: source, count: count, caller: "move(fromOffsets:toOffset:)")
    _ = moveSubranges(ranges, to: index(startIndex, offsetBy: destination))
  }

  /// The indices at `offsets`, as a range set, found in one pass.
  func indexRanges(atOffsets offsets: IndexSet, count: Int, caller: String) -> RangeSet<Index> {
    if let last = offsets.last {
      precondition(last < count, "\(caller): offset \(last) is not in 0..<\(count)")
    }
    var ranges = RangeSet<Index>()
    var position = startIndex
    var offset = 0
    for range in offsets.rangeView {
      formIndex(&position, offsetBy: range.lowerBound - offset)
      let lower = position
      formIndex(&position, offsetBy: range.count)
      offset = range.upperBound
      ranges.insert(contentsOf: lower..<position)
    }
    return ranges
  }
}
