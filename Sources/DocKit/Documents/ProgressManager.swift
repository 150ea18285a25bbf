/// Progress of one operation, in units, that can hand parts of itself to
/// sub-operations: the subset of Foundation's `ProgressManager` (SF-0023)
/// that document readers and writers use. Swift 6.3's Foundation lacks it.
///
///     let manager = progress.start(totalCount: files.count)
///     for file in files {
///       try write(file)
///       manager.complete(count: 1)
///     }
public final class ProgressManager: Sendable {
  private struct State {
    var totalCount: Int?
    var completedCount = 0
    /// Children started from subprogresses: their weight here, and them.
    var children: [(weight: Int, manager: ProgressManager)] = []
  }

  private let state: Locked<State>

  /// Creates a manager for `totalCount` units; nil while unknown.
  public init(totalCount: Int?) {
    state = Locked(State(totalCount: totalCount))
  }

  /// The number of units, or nil while unknown.
  public var totalCount: Int? {
    get { state.withLock { $0.totalCount } }
    set { state.withLock { $0.totalCount = newValue } }
  }

  /// The units completed directly, not counting running subprogresses.
  public var completedCount: Int { state.withLock { $0.completedCount } }

  /// Records `count` more completed units.
  public func complete(count: Int) {
    state.withLock { $0.completedCount += count }
  }

  /// A part of this operation, worth `count` of its units, for a
  /// sub-operation to start.
  public func subprogress(assigningCount count: Int) -> Subprogress {
    Subprogress(parent: self, weight: count)
  }

  /// How much is done, from 0 to 1, counting subprogresses in proportion;
  /// 0 while the total is unknown.
  public var fractionCompleted: Double {
    let (total, completed, children) = state.withLock {
      ($0.totalCount, $0.completedCount, $0.children)
    }
    guard let total, total > 0 else { return 0 }
    var done = Double(completed)
    for child in children { done += Double(child.weight) * child.manager.fractionCompleted }
    return min(1, done / Double(total))
  }

  /// Whether every unit is complete.
  public var isFinished: Bool { fractionCompleted >= 1 }

  func adopt(_ child: ProgressManager, weight: Int) {
    state.withLock { $0.children.append((weight, child)) }
  }
}

/// A part of a parent operation's progress, handed to a sub-operation that
/// starts it once: Foundation's `Subprogress`.
public struct Subprogress: ~Copyable, Sendable {
  private let parent: ProgressManager?
  private let weight: Int

  init(parent: ProgressManager?, weight: Int) {
    self.parent = parent
    self.weight = weight
  }

  /// A subprogress that reports to nobody, for callers that do not track
  /// progress.
  public static var discarded: Subprogress { Subprogress(parent: nil, weight: 0) }

  /// Starts the sub-operation with `totalCount` units.
  public consuming func start(totalCount: Int?) -> ProgressManager {
    let manager = ProgressManager(totalCount: totalCount)
    parent?.adopt(manager, weight: weight)
    return manager
  }

  /// The same as ``start(totalCount:)``: the spelling some of Apple's
  /// pages use.
  public consuming func reporter(totalCount: Int?) -> ProgressManager {
    start(totalCount: totalCount)
  }
}
