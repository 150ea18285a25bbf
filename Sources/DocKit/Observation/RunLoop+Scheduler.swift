public import Foundation

extension RunLoop: Scheduler {
  /// A run loop's time: a `Date`, as in Combine.
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// The time.
    public var date: Date

    /// The time `date`.
    public init(_ date: Date) {
      self.date = date
    }

    /// The span from this time to `other`.
    public func distance(to other: Self) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    /// The time `n` after this one.
    public func advanced(by n: Stride) -> Self {
      Self(date.addingTimeInterval(n.magnitude))
    }

    /// A span of a run loop's time, in seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
      Sendable, ExpressibleByFloatLiteral
    {
      /// The span in seconds.
      public var magnitude: TimeInterval

      /// A span of `timeInterval` seconds.
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
      /// A span of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = value }
      /// A span of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }
      /// A span of `source` seconds.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      /// The span in seconds.
      public var timeInterval: TimeInterval { magnitude }

      public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum of two spans.
      public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
      /// The difference of two spans.
      public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
      /// The product of two spans.
      public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
      /// Adds `rhs` to `lhs`.
      public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
      /// Subtracts `rhs` from `lhs`.
      public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
      /// Multiplies `lhs` by `rhs`.
      public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

      public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
      public static func seconds(_ s: Double) -> Self { Self(s) }
      public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
      public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
      public static func nanoseconds(_ ns: Int) -> Self {
        Self(TimeInterval(ns) / 1_000_000_000)
      }
    }
  }

  /// A run loop takes no options, as in Combine.
  public struct SchedulerOptions: Sendable {}

  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` on the run loop. The main run loop's actions go to the
  /// main dispatch queue, which runs headless while the main actor waits;
  /// a Linux program has no main run loop turning unless it runs one.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = ScheduledAction(action)
    if self === RunLoop.main {
      DispatchQueue.main.async { action.run() }
    } else {
      perform { action.run() }
    }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    if self === RunLoop.main {
      DispatchQueue.main.schedule(
        after: DispatchQueue.main.now.advanced(
          by: .seconds(max(date.date.timeIntervalSinceNow, 0))),
        tolerance: .seconds(tolerance.magnitude), options: nil, action)
      return
    }
    let action = ScheduledAction(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
    timer.tolerance = tolerance.magnitude
    add(timer, forMode: .default)
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    if self === RunLoop.main {
      return DispatchQueue.main.schedule(
        after: DispatchQueue.main.now.advanced(
          by: .seconds(max(date.date.timeIntervalSinceNow, 0))),
        interval: .seconds(interval.magnitude), tolerance: .seconds(tolerance.magnitude),
        options: nil, action)
    }
    let action = ScheduledAction(action)
    let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in
      action.run()
    }
    timer.tolerance = tolerance.magnitude
    add(timer, forMode: .default)
    return ScheduledCancellation { timer.invalidate() }
  }
}
