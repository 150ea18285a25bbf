/// Where and when to run an action, as Combine's `Scheduler`: what
/// ``Publisher/receive(on:options:)`` and
/// ``Publisher/debounce(for:scheduler:options:)`` deliver on.
///
/// DocKit makes `DispatchQueue` and `RunLoop` schedulers, as Combine does,
/// and provides ``ImmediateScheduler``.
public protocol Scheduler<SchedulerTimeType> {
  /// A point in the scheduler's time.
  associatedtype SchedulerTimeType: Strideable
  where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
  /// What a scheduled action may be run with.
  associatedtype SchedulerOptions

  /// The scheduler's time now.
  var now: SchedulerTimeType { get }
  /// The least tolerance the scheduler allows.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as possible.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` at `date` or later, within `tolerance`.
  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` at `date`, then every `interval`, until cancelled.
  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` as soon as possible, with no options.
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` at `date` or later, with the least tolerance.
  public func schedule(
    after date: SchedulerTimeType, _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: minimumTolerance, options: nil, action)
  }
}

/// A stride of a scheduler's time that can be written in seconds and
/// their fractions: `.milliseconds(300)`.
public protocol SchedulerTimeIntervalConvertible {
  /// `s` whole seconds.
  static func seconds(_ s: Int) -> Self
  /// `s` seconds.
  static func seconds(_ s: Double) -> Self
  /// `ms` milliseconds.
  static func milliseconds(_ ms: Int) -> Self
  /// `us` microseconds.
  static func microseconds(_ us: Int) -> Self
  /// `ns` nanoseconds.
  static func nanoseconds(_ ns: Int) -> Self
}
