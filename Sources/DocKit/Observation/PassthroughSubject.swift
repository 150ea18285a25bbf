/// A publisher that sends the values and the completion it is given to its
/// current subscribers, as Combine's `PassthroughSubject`.
///
///     let status = PassthroughSubject<String, any Error>()
///     let subscription = status.sink(receiveCompletion: { print($0) }) { print($0) }
///     status.send("saved")                       // prints "saved"
///     status.send(completion: .finished)         // prints "finished"
///
/// After the completion, it sends nothing more, and a new subscriber gets
/// the completion at once.
public final class PassthroughSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: `completion` is only touched under its lock, and
  // the subscriber list is thread-safe, as Combine's subject is.
  private let values = SubscriberList<Output>()
  private let completions = SubscriberList<Subscribers.Completion<Failure>>()
  private let completion = Locked<Subscribers.Completion<Failure>?>(nil)

  /// Creates a subject with no subscribers.
  public init() {}

  /// Sends `value` to every subscriber, unless the subject has completed.
  public func send(_ value: Output) {
    guard completion.withLock({ $0 == nil }) else { return }
    values.send(value)
  }

  /// Sends `completion` to every subscriber, once.
  public func send(completion: Subscribers.Completion<Failure>) {
    let first = self.completion.withLock { stored in
      guard stored == nil else { return false }
      stored = completion
      return true
    }
    if first { completions.send(completion) }
  }

  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    if let completion = completion.withLock({ $0 }) {
      receiveCompletion(completion)
      return AnyCancellable {}
    }
    let valueSubscription = values.add(receiveValue)
    let completionSubscription = completions.add(receiveCompletion)
    return AnyCancellable {
      valueSubscription.cancel()
      completionSubscription.cancel()
    }
  }
}

extension PassthroughSubject where Output == Void {
  /// Sends `()` to every subscriber.
  public func send() {
    send(())
  }
}
