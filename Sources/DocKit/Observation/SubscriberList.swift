/// The subscriber list behind DocKit's publishers: subscribe, cancel, and
/// deliver a value to a snapshot of the subscribers, outside the lock, so a
/// subscriber may cancel (or subscribe) while being called.
final class SubscriberList<Value>: @unchecked Sendable {
  // @unchecked Sendable because the list is only touched under `state`'s
  // lock; the closures themselves run on the sender's thread, as Combine's
  // subscribers do.
  private struct State: @unchecked Sendable {
    // @unchecked Sendable for the closures, as above.
    var nextID = 0
    var receivers: [Int: (Value) -> Void] = [:]
  }

  private let state = Locked(State())

  /// Adds `receive` and returns the cancellable that removes it.
  func add(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
    let id = state.withLock { state in
      state.nextID += 1
      state.receivers[state.nextID] = receive
      return state.nextID
    }
    return AnyCancellable { [weak self] in
      _ = self?.state.withLock { $0.receivers.removeValue(forKey: id) }
    }
  }

  /// Calls every subscriber with `value`, in the order they subscribed.
  func send(_ value: Value) {
    let receivers = state.withLock { state in
      state.receivers.sorted { $0.key < $1.key }.map(\.value)
    }
    for receive in receivers { receive(value) }
  }

  var isEmpty: Bool { state.withLock { $0.receivers.isEmpty } }
}
