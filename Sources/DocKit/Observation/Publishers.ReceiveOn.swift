extension Publishers {
  /// The publisher ``Publisher/receive(on:options:)`` returns: the
  /// upstream's values and completion, each delivered through the
  /// scheduler, in order.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose deliveries are moved.
    public let upstream: Upstream
    /// Where they are delivered.
    public let scheduler: Context
    /// The options each delivery is scheduled with.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delivers `upstream`'s values and completion
    /// on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let scheduler = self.scheduler
      let options = self.options
      let cancelled = Locked(false)
      let subscription = upstream.sink(
        receiveCompletion: { completion in
          scheduler.schedule(options: options) {
            if !cancelled.withLock({ $0 }) { receiveCompletion(completion) }
          }
        },
        receiveValue: { value in
          scheduler.schedule(options: options) {
            // A delivery already scheduled when the subscriber cancels is
            // dropped, as Combine drops it.
            if !cancelled.withLock({ $0 }) { receiveValue(value) }
          }
        })
      return AnyCancellable {
        cancelled.withLock { $0 = true }
        subscription.cancel()
      }
    }
  }
}

extension Publisher {
  /// Delivers values and the completion through `scheduler`, as Combine's
  /// `receive(on:options:)`: `.receive(on: DispatchQueue.main)`.
  public func receive<S: Scheduler>(
    on scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}
