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
      /// A stride of `value`.
      public init(integerLiteral value: Int) { magnitude = value }
      /// A stride of `value`, rounded toward zero.
      public init(floatLiteral value: Double) { magnitude = Int(value) }
      /// A stride of `source`, if it fits in `Int`.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

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

      public static func seconds(_ s: Int) -> Self { 0 }
      public static func seconds(_ s: Double) -> Self { 0 }
      public static func milliseconds(_ ms: Int) -> Self { 0 }
      public static func microseconds(_ us: Int) -> Self { 0 }
      public static func nanoseconds(_ ns: Int) -> Self { 0 }
    }

    /// No span: an immediate scheduler's time does not move.
    public func distance(to other: Self) -> Stride { 0 }
    /// The same time: an immediate scheduler's time does not move.
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
