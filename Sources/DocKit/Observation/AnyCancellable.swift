/// A subscription that ends when cancelled or released, as Combine's does.
///
///     var subscriptions: Set<AnyCancellable> = []
///     document.objectWillChange.sink { print("will change") }.store(in: &subscriptions)
public final class AnyCancellable: Cancellable, Hashable {
  private var cancellation: (() -> Void)?

  /// Creates a cancellable that runs `cancel` once, when cancelled or
  /// released.
  public init(_ cancel: @escaping () -> Void) {
    cancellation = cancel
  }

  /// Creates a cancellable that cancels `cancellable` once, when cancelled
  /// or released.
  public init(_ cancellable: some Cancellable) {
    cancellation = cancellable.cancel
  }

  deinit {
    cancellation?()
  }

  /// Ends the subscription. Later calls do nothing.
  public func cancel() {
    let cancellation = self.cancellation
    self.cancellation = nil
    cancellation?()
  }

  /// Keeps this cancellable alive as long as `set` holds it.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this cancellable alive as long as `collection` holds it.
  public func store(in collection: inout [AnyCancellable]) {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
