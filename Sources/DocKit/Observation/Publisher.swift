/// Combine's `Publisher`, as DocKit provides it: something that delivers
/// values, then perhaps a completion, to subscribers until they cancel.
///
/// Combine is not available on Linux. DocKit's publishers deliver each value
/// synchronously, on the thread that sends it, to every live subscriber, and
/// every subscriber's demand is unlimited: the one requirement is
/// ``sink(receiveCompletion:receiveValue:)``. The operators that document
/// models use are here with Combine's names and semantics: ``map(_:)``,
/// ``filter(_:)``, ``removeDuplicates()``, ``debounce(for:scheduler:options:)``,
/// ``receive(on:options:)``, ``replaceError(with:)``, ``assign(to:on:)`` and
/// ``assign(to:)``.
public protocol Publisher<Output, Failure> {
  /// The values published.
  associatedtype Output
  /// The error a publisher can end with; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Calls `receiveValue` with every value published, then
  /// `receiveCompletion` once if the publisher ends, until the returned
  /// cancellable is cancelled or released.
  func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable
}

extension Publisher where Failure == Never {
  /// Calls `receiveValue` with every value published until the returned
  /// cancellable is cancelled or released.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
