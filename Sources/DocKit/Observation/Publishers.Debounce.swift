extension Publishers {
  /// The publisher ``Publisher/debounce(for:scheduler:options:)`` returns:
  /// an upstream value once `dueTime` has passed without another.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are debounced.
    public let upstream: Upstream
    /// How long a value must stand before it is republished.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// The scheduler that measures the time and delivers.
    public let scheduler: Context
    /// The options each delivery is scheduled with.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher of the values of `upstream` that stand for
    /// `dueTime` on `scheduler`.
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let scheduler = self.scheduler
      let options = self.options
      let dueTime = self.dueTime
      // The number of the latest value or completion; a delivery scheduled
      // for an earlier one is stale. `nil` once the subscriber cancelled.
      let latest = Locked<Int?>(0)
      let subscription = upstream.sink(
        receiveCompletion: { completion in
          // As Combine's: a value not yet due is dropped, and the
          // completion is delivered on the scheduler.
          latest.withLock { $0 = $0.map { $0 + 1 } }
          scheduler.schedule(options: nil) {
            if latest.withLock({ $0 }) != nil { receiveCompletion(completion) }
          }
        },
        receiveValue: { value in
          let number = latest.withLock { latest -> Int? in
            guard let current = latest else { return nil }
            latest = current + 1
            return current + 1
          }
          guard let number else { return }
          let due = scheduler.now.advanced(by: dueTime)
          scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: options) {
            if latest.withLock({ $0 }) == number { receiveValue(value) }
          }
        })
      return AnyCancellable {
        latest.withLock { $0 = nil }
        subscription.cancel()
      }
    }
  }
}

extension Publisher {
  /// Republishes a value only once `dueTime` has passed on `scheduler`
  /// without a newer one, as Combine's `debounce(for:scheduler:options:)`:
  /// `.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)`.
  /// A completion drops a value not yet due.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}
