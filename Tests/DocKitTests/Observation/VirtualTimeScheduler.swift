import Dispatch
import DocKit

/// A scheduler whose time moves only when a test says: it runs what is due
/// as `advance(to:)` reaches it, in order of due time, then of scheduling.
/// Its time is a dispatch queue's, counted from an arbitrary origin.
final class VirtualTimeScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = Never

  private static let origin: UInt64 = 1_000_000_000
  private var nanoseconds = 0
  private var pending: [(due: Int, order: Int, action: () -> Void)] = []
  private var scheduled = 0

  /// What was scheduled: "now" for an action to run at once, or the time
  /// after the origin for one to run later.
  private(set) var history: [String] = []

  var now: SchedulerTimeType {
    SchedulerTimeType(DispatchTime(uptimeNanoseconds: Self.origin + UInt64(nanoseconds)))
  }

  var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    history.append("now")
    enqueue(at: nanoseconds, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    let due = Int(date.dispatchTime.uptimeNanoseconds - Self.origin)
    history.append("at \(due)")
    enqueue(at: due, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, tolerance: tolerance, options: options, action)
    return AnyCancellable {}
  }

  /// Moves time to `time` nanoseconds after the origin, running every
  /// action due by then, including those they schedule.
  func advance(to time: Int) {
    while let next = pending.enumerated().filter({ $0.element.due <= time })
      .min(by: { ($0.element.due, $0.element.order) < ($1.element.due, $1.element.order) })
    {
      pending.remove(at: next.offset)
      nanoseconds = max(nanoseconds, next.element.due)
      next.element.action()
    }
    nanoseconds = time
  }

  private func enqueue(at due: Int, _ action: @escaping () -> Void) {
    scheduled += 1
    pending.append((due, scheduled, action))
  }
}
