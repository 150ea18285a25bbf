extension Publishers {
  /// The publisher ``Publisher/filter(_:)`` returns: the upstream values
  /// that satisfy a predicate, and the upstream's completion.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// Whether to republish a value.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher of the values of `upstream` that `isIncluded`.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let isIncluded = self.isIncluded
      return upstream.sink(receiveCompletion: receiveCompletion) {
        if isIncluded($0) { receiveValue($0) }
      }
    }
  }
}

extension Publisher {
  /// Republishes only the values for which `isIncluded` returns `true`, as
  /// Combine's `filter(_:)`.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}
