/// Something that can be cancelled, as in Combine: a subscription, or a
/// scheduled action.
public protocol Cancellable {
  /// Cancels the activity. Later calls do nothing.
  func cancel()
}
