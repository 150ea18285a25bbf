extension Publishers {
  /// The publisher ``Publisher/removeDuplicates(by:)`` returns: each
  /// upstream value unless it is a duplicate of the one received just
  /// before it.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are removed.
    public let upstream: Upstream
    /// Whether the second value (the new one) duplicates the first (the
    /// one received before it).
    public let predicate: (Output, Output) -> Bool

    /// Creates a publisher of `upstream`'s values without consecutive
    /// duplicates by `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let predicate = self.predicate
      let last = PreviousValue<Output>()
      return upstream.sink(receiveCompletion: receiveCompletion) { value in
        // As Combine's: compared with the value received just before,
        // whether or not that one was republished.
        let previous = last.value
        last.value = value
        if let previous, predicate(previous, value) { return }
        receiveValue(value)
      }
    }
  }
}

/// The value a subscription of ``Publishers/RemoveDuplicates`` received last.
final class PreviousValue<Value> {
  var value: Value?
}

extension Publisher {
  /// Republishes a value only if `predicate` says it is not a duplicate of
  /// the value received just before it, as Combine's `removeDuplicates(by:)`.
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publisher where Output: Equatable {
  /// Republishes a value only if it differs from the value received just
  /// before it, as Combine's `removeDuplicates()`.
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}
