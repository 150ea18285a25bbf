/// The publisher an ``ObservableObject`` sends on before it changes.
public final class ObservableObjectPublisher: Publisher, Sendable {
  public typealias Output = Void
  public typealias Failure = Never

  private let subscribers = SubscriberList<Void>()

  /// Creates a publisher with no subscribers.
  public init() {}

  /// Tells every subscriber the object is about to change.
  public func send() {
    subscribers.send(())
  }

  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    subscribers.add(receiveValue)
  }

  // MARK: - The publisher each object gets by default

  private struct Entry: @unchecked Sendable {
    // @unchecked Sendable because `owner` is only compared by identity and
    // never dereferenced to call into the object.
    weak var owner: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  private static let table = Locked<[ObjectIdentifier: Entry]>([:])

  /// The publisher of `owner`, made on first use and kept as long as
  /// `owner` lives.
  static func publisher(for owner: AnyObject) -> ObservableObjectPublisher {
    return table.withLock { table in
      let key = ObjectIdentifier(owner)
      if let entry = table[key], entry.owner === owner { return entry.publisher }
      if table.count >= 64 && table.count.nonzeroBitCount == 1 {
        // Drop the entries of objects that are gone, now and then.
        table = table.filter { $0.value.owner != nil }
      }
      let publisher = ObservableObjectPublisher()
      table[key] = Entry(owner: owner, publisher: publisher)
      return publisher
    }
  }

  /// The publisher of `owner` if anyone has asked for it yet.
  static func existingPublisher(for owner: AnyObject) -> ObservableObjectPublisher? {
    return table.withLock { table in
      guard let entry = table[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
      return entry.publisher
    }
  }
}
