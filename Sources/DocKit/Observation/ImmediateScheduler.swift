/// A scheduler that runs every action at once, on the calling thread, as
/// Combine's `ImmediateScheduler`; actions scheduled for later run at once
/// too.
public struct ImmediateScheduler: Scheduler, Sendable {
  /// Its time: a count that never advances.
  public struct SchedulerTimeType: Strideable, Sendable, Hashable {
    /// Its strides, which only count.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Sendable,
      Hashable, ExpressibleByFloatLiteral
    {
      /// The stride as a count.
      public var magnitude: Int

      /// A stride of `value`.
      public init(_ value: Int) { magnitude = value }
      public init(integerLiteral value: Int) { magnitude = value }
      public init(floatLiteral value: Double) { magnitude = Int(value) }
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
      public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
      public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
      public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
      public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
      public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
      public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

      public static func seconds(_ s: Int) -> Self { 0 }
      public static func seconds(_ s: Double) -> Self { 0 }
      public static func milliseconds(_ ms: Int) -> Self { 0 }
      public static func microseconds(_ us: Int) -> Self { 0 }
      public static func nanoseconds(_ ns: Int) -> Self { 0 }
    }

    public func distance(to other: Self) -> Stride { 0 }
    public func advanced(by n: Stride) -> Self { self }
  }

  /// It takes no options.
  public typealias SchedulerOptions = Never

  /// The one immediate scheduler.
  public static let shared = ImmediateScheduler()

  public var now: SchedulerTimeType { SchedulerTimeType() }
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    action()
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
