extension Publisher where Failure == Never {
  /// Assigns every value to `object`'s property at `keyPath`, as Combine's
  /// `assign(to:on:)`. The subscription keeps `object` alive until it is
  /// cancelled or the publisher finishes.
  public func assign<Root>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> AnyCancellable {
    let target = AssignTarget(object)
    let subscription = sink(
      receiveCompletion: { _ in target.object = nil },
      receiveValue: { value in target.object?[keyPath: keyPath] = value })
    return AnyCancellable {
      subscription.cancel()
      target.object = nil
    }
  }

  /// Republishes every value through a `@Published` property, as Combine's
  /// `assign(to:)`: `$stops.map(\.count).assign(to: &$stopCount)`. The
  /// subscription lasts as long as the property; each value is stored as an
  /// assignment to the property would store it, announced first on the
  /// object's `objectWillChange` and the property's publisher.
  public func assign(to published: inout Published<Output>.Publisher) {
    let storage = published.storage
    let subscription = sink { [weak storage] value in storage?.set(value) }
    storage.keep(subscription)
  }
}

/// The object an ``Publisher/assign(to:on:)`` subscription writes to, held
/// until it ends.
final class AssignTarget<Root> {
  var object: Root?

  init(_ object: Root) {
    self.object = object
  }
}
