public import Dispatch

extension DispatchQueue: Scheduler {
  /// A dispatch queue's time: a `DispatchTime`, as in Combine.
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// The time.
    public var dispatchTime: DispatchTime

    /// The time `time`.
    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    /// The span from this time to `other`.
    public func distance(to other: Self) -> Stride {
      Stride(
        nanoseconds: Int(truncatingIfNeeded: other.dispatchTime.uptimeNanoseconds)
          &- Int(truncatingIfNeeded: dispatchTime.uptimeNanoseconds))
    }

    /// The time `n` after this one.
    public func advanced(by n: Stride) -> Self {
      Self(dispatchTime + .nanoseconds(n.magnitude))
    }

    /// A span of a dispatch queue's time, in nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
      Sendable, ExpressibleByFloatLiteral
    {
      /// The span in nanoseconds.
      public var magnitude: Int

      /// A span of `nanoseconds`.
      public init(nanoseconds: Int) { magnitude = nanoseconds }
      /// A span of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }
      /// A span of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
      /// A span of `source` seconds, if that many nanoseconds fit in `Int`.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        magnitude = value
      }

      /// The span as a `DispatchTimeInterval`.
      public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

      public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum of two spans.
      public static func + (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.magnitude + rhs.magnitude)
      }
      /// The difference of two spans.
      public static func - (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.magnitude - rhs.magnitude)
      }
      /// The product of two spans.
      public static func * (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.magnitude * rhs.magnitude)
      }
      /// Adds `rhs` to `lhs`.
      public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
      /// Subtracts `rhs` from `lhs`.
      public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
      /// Multiplies `lhs` by `rhs`.
      public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

      public static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
      public static func seconds(_ s: Double) -> Self {
        Self(nanoseconds: Int(s * 1_000_000_000))
      }
      public static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
      public static func microseconds(_ us: Int) -> Self { Self(nanoseconds: us * 1_000) }
      public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }
    }
  }

  /// How a dispatch queue runs a scheduled action, as in Combine.
  public struct SchedulerOptions {
    /// The quality of service to run it with.
    public var qos: DispatchQoS
    /// The flags to run it with.
    public var flags: DispatchWorkItemFlags
    /// A group to run it in.
    public var group: DispatchGroup?

    /// Options with these values.
    public init(
      qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
      group: DispatchGroup? = nil
    ) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// Runs `action` on the queue, asynchronously. Headless, the main queue
  /// runs while the main actor waits (the interpreter between commands, a
  /// test while it awaits), as it does in an app between events.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = ScheduledAction(action)
    async(
      group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []
    ) { action.run() }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let action = ScheduledAction(action)
    asyncAfter(
      deadline: date.dispatchTime, qos: options?.qos ?? .unspecified,
      flags: options?.flags ?? []
    ) { action.run() }
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let action = ScheduledAction(action)
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.setEventHandler { action.run() }
    timer.schedule(
      deadline: date.dispatchTime, repeating: .nanoseconds(max(interval.magnitude, 1)),
      leeway: .nanoseconds(max(tolerance.magnitude, 0)))
    timer.resume()
    return ScheduledCancellation { timer.cancel() }
  }
}

/// A scheduler's action, handed to the queue or run loop that runs it.
/// Combine's scheduled actions are not `@Sendable`: an operator schedules
/// its own closures, which guard their state themselves.
struct ScheduledAction: @unchecked Sendable {
  // @unchecked Sendable: see above.
  let run: () -> Void

  init(_ run: @escaping () -> Void) {
    self.run = run
  }
}
