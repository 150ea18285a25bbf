/// Combine's namespace for subscribers; DocKit's subscribers are closures
/// (``Publisher/sink(receiveCompletion:receiveValue:)``), so it holds only
/// ``Completion``.
public enum Subscribers {
  /// How a publisher ended: normally, or with an error.
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher stopped because of `error`.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
