/// `--shard K/N`: the K-th of N slices of a suite, so that N machines of a
/// CI matrix can each run one and together run every script once.
///
/// The slices are taken from the scripts sorted by path, round robin, as
/// lit's `--run-shard`/`--num-shards` take them: script `i` (0-based)
/// belongs to slice `i mod N + 1`. Since the order depends only on the
/// paths, every machine computes the same slices, and each slice gets
/// scripts from all over the suite rather than one folder.
struct Shard: Hashable, Sendable {
  /// Which slice, from 1 to ``count``.
  var index: Int
  /// How many slices.
  var count: Int

  /// Parses `K/N`, with 1 <= K <= N; nil with the reason otherwise.
  static func parse(_ text: String) -> Result<Shard, ShardError> {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
    else {
      return .failure(ShardError(message: "'--shard \(text)' is not K/N, such as 2/4"))
    }
    guard count >= 1 else {
      return .failure(ShardError(message: "'--shard \(text)': N must be at least 1"))
    }
    guard (1...count).contains(index) else {
      return .failure(
        ShardError(message: "'--shard \(text)': K must be from 1 to \(count) (shards count from 1)")
      )
    }
    return .success(Shard(index: index, count: count))
  }

  /// The elements of `items` (already in their stable order) in this slice.
  func select<Item>(_ items: [Item]) -> [Item] {
    items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}

/// Why a `--shard` argument was refused.
struct ShardError: Error, Equatable {
  var message: String
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
