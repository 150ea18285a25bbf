import DocKit

/// The disk states a power loss could leave after a number of recorded
/// calls, under the model of ext4's default `data=ordered` mode described
/// in docs/saving.md ("Power loss, simulated"):
///
/// - What the recorder started from is durable.
/// - A file's data (writes, truncation, mode) becomes durable at an `fsync`
///   of that file. Until then each write is lost or kept independently of
///   every other operation, and a write of more than a page may also be
///   kept torn, as its first half in whole pages.
/// - A directory operation (create, `mkdir`, link, symbolic link, rename,
///   unlink) becomes durable at an `fsync` of a directory it changes. Until
///   then it may be lost, but the operations on one directory persist in
///   the order they were made: one that persists brings every earlier
///   operation on the same directory with it. A rename between two
///   directories persists in both or in neither.
/// - `syncfs` makes everything before it durable.
///
/// Every subset of the operations not yet durable that these rules permit
/// is a state; beyond `cap` of them, `cap` are drawn at random with a fixed
/// seed, always including "nothing more persisted" and "everything
/// persisted".
public struct CrashStates: Sendable {
  public typealias Operation = PowerLossFileSystem.Operation

  /// The distinct disk states, as seen from the recorder's root.
  public var images: [DiskItem] = []
  /// How many permitted subsets were built (some give the same state).
  public var subsets = 0
  /// Whether every permitted subset was built (false: sampled).
  public var complete = true
  /// How many operations were not yet durable.
  public var pending = 0

  /// The states after the first `count` calls of `recorder`.
  public init(_ recorder: PowerLossFileSystem, afterCalls count: Int, cap: Int, seed: UInt64) {
    let operations = recorder.calls.prefix(count).flatMap(\.operations)
    let predecessors = Self.predecessors(operations)
    let durable = Self.durable(operations, predecessors: predecessors)
    let free = operations.indices.filter { !durable[$0] }
    pending = free.count
    func options(_ index: Int, _ choice: [UInt8]) -> [UInt8] {
      switch operations[index] {
      case .write(_, _, let bytes) where bytes.count > 4096: [0, 2, 1]
      case .write, .truncate, .setMode: [0, 1]
      default: predecessors[index].allSatisfy { choice[$0] != 0 } ? [0, 1] : [0]
      }
    }
    // 0: lost, 1: persisted, 2: persisted torn. Durable ones stay 1.
    var choices: [[UInt8]] = []
    var choice = [UInt8](repeating: 1, count: operations.count)
    var overflow = false
    func explore(_ position: Int) {
      guard !overflow else { return }
      guard position < free.count else {
        if choices.count == cap { overflow = true } else { choices.append(choice) }
        return
      }
      let index = free[position]
      for option in options(index, choice) {
        choice[index] = option
        explore(position + 1)
        if overflow { return }
      }
      choice[index] = 1
    }
    explore(0)
    if overflow {
      complete = false
      var none = [UInt8](repeating: 1, count: operations.count)
      for index in free { none[index] = 0 }
      choices = [none, [UInt8](repeating: 1, count: operations.count)]
      var generator = SplitMix64(seed: seed &+ UInt64(count))
      while choices.count < cap {
        var sample = [UInt8](repeating: 1, count: operations.count)
        for index in free {
          let allowed = options(index, sample)
          sample[index] = allowed[generator.below(allowed.count)]
        }
        choices.append(sample)
      }
    }
    subsets = choices.count
    var seen: Set<DiskItem> = []
    for choice in choices {
      var tree = recorder.initial
      for index in operations.indices where choice[index] != 0 {
        tree.apply(operations[index], torn: choice[index] == 2)
      }
      let image = tree.item(at: recorder.rootNode)
      if seen.insert(image).inserted { images.append(image) }
    }
  }

  /// The state with every operation of the first `count` calls persisted.
  public static func everything(_ recorder: PowerLossFileSystem, afterCalls count: Int) -> DiskItem
  {
    var tree = recorder.initial
    for operation in recorder.calls.prefix(count).flatMap(\.operations) { tree.apply(operation) }
    return tree.item(at: recorder.rootNode)
  }

  /// The call counts after which to crash: before any call, and after each
  /// call that changed something. (After a call that changed nothing the
  /// states are those of the call before.)
  public static func crashPoints(_ calls: [PowerLossFileSystem.Call]) -> [Int] {
    [0] + calls.indices.filter { !calls[$0].operations.isEmpty }.map { $0 + 1 }
  }

  /// For each operation, the latest earlier operation on each directory it
  /// changes: the ones that must persist if it does.
  static func predecessors(_ operations: [Operation]) -> [[Int]] {
    var last: [DiskTree.Node: Int] = [:]
    return operations.indices.map { index in
      var before: [Int] = []
      for directory in operations[index].directories {
        if let previous = last[directory] { before.append(previous) }
        last[directory] = index
      }
      return before
    }
  }

  /// Which operations are durable: made before an `fsync` of their file or
  /// of a directory they change, or before a `syncfs`, or earlier on the
  /// same directory than a durable one.
  static func durable(_ operations: [Operation], predecessors: [[Int]]) -> [Bool] {
    var durable = [Bool](repeating: false, count: operations.count)
    var syncedLater: Set<DiskTree.Node> = []
    var everythingLater = false
    for index in operations.indices.reversed() {
      let operation = operations[index]
      switch operation {
      case .fsync(let node):
        syncedLater.insert(node)
        durable[index] = true
      case .syncfs:
        everythingLater = true
        durable[index] = true
      default:
        if let node = operation.dataNode {
          durable[index] = everythingLater || syncedLater.contains(node)
        } else {
          durable[index] =
            everythingLater || operation.directories.contains { syncedLater.contains($0) }
        }
      }
    }
    for index in operations.indices.reversed() where durable[index] {
      for previous in predecessors[index] { durable[previous] = true }
    }
    return durable
  }
}
