/// What a scheduler returns for a repeating action: cancelling it stops
/// the action. Unlike ``AnyCancellable``, releasing it cancels nothing, as
/// with Combine's schedulers, whose repeating actions run until cancelled.
struct ScheduledCancellation: Cancellable {
  let cancellation: () -> Void

  func cancel() {
    cancellation()
  }
}
