/// The part of Combine's `Publisher` that DocKit needs: something that
/// delivers values to subscribers until they cancel.
///
/// Combine is not available on Linux. DocKit's publishers deliver each value
/// synchronously, on the thread that sends it, to every live subscriber.
public protocol Publisher<Output, Failure> {
  /// The values published.
  associatedtype Output
  /// The error a publisher can end with; `Never` for DocKit's publishers.
  associatedtype Failure: Error

  /// Calls `receiveValue` with every value published until the returned
  /// cancellable is cancelled or released.
  func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable
}
