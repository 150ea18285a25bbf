extension Publishers {
  /// The publisher ``Publisher/replaceError(with:)`` returns: the upstream
  /// values, and in place of a failure, one value and a normal finish.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never

    /// The publisher whose failure is replaced.
    public let upstream: Upstream
    /// The value sent in place of a failure.
    public let output: Upstream.Output

    /// Creates a publisher of `upstream`'s values that sends `output` and
    /// finishes in place of a failure.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
      receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
      let output = self.output
      return upstream.sink(
        receiveCompletion: { completion in
          if case .failure = completion { receiveValue(output) }
          receiveCompletion(.finished)
        },
        receiveValue: receiveValue)
    }
  }
}

extension Publisher {
  /// Replaces a failure with `output` followed by a normal finish, as
  /// Combine's `replaceError(with:)`.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}
