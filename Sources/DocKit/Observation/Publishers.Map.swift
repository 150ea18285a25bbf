extension Publishers {
  /// The publisher ``Publisher/map(_:)`` returns: each upstream value
  /// transformed, and the upstream's completion as it is.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher of `upstream`'s values through `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let transform = self.transform
      return upstream.sink(receiveCompletion: receiveCompletion) { receiveValue(transform($0)) }
    }
  }
}

extension Publisher {
  /// Transforms every value with `transform`, as Combine's `map(_:)`.
  ///
  ///     document.$stops.map(\.count)   // the number of stops, on each change
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}
