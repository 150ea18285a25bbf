/// A property of a class that announces changes: before each new value is
/// stored, it sends on the enclosing ``ObservableObject``'s
/// ``ObservableObject/objectWillChange`` and on its own publisher (`$name`).
///
///     final class Note: ObservableObject {
///       @Published var text = ""
///     }
///     let note = Note()
///     let a = note.objectWillChange.sink { print("old:", note.text) }
///     let b = note.$text.sink { print("new:", $0) }   // prints "new: " now
///     note.text = "hi"   // prints "old: " and "new: hi"
@propertyWrapper
public struct Published<Value> {
  let storage: PublishedStorage<Value>

  /// Creates the property with its first value.
  public init(wrappedValue: Value) {
    storage = PublishedStorage(wrappedValue)
  }

  /// Creates the property with its first value.
  public init(initialValue: Value) {
    storage = PublishedStorage(initialValue)
  }

  /// Unavailable: `@Published` works only on properties of classes.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  /// The property's own publisher: the current value on subscription, then
  /// each new value before it is stored.
  public var projectedValue: Publisher {
    get { Publisher(storage: storage) }
    // Nothing to store: the publisher is the property's own. Assigning is
    // what `assign(to: &$property)` does.
    set {}
  }

  /// Reads and writes the property through its enclosing object.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set {
      let storage = object[keyPath: storageKeyPath].storage
      storage.owner = object
      storage.set(newValue)
    }
  }

  /// The property's publisher, reached through its enclosing object, so
  /// that a value assigned through it (``DocKit/Publisher/assign(to:)``)
  /// is announced on the object's `objectWillChange`.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    projected projectedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Publisher {
    get {
      let storage = object[keyPath: storageKeyPath].storage
      storage.owner = object
      return Publisher(storage: storage)
    }
    set {}
  }

  /// The publisher behind `$property`.
  public struct Publisher: DocKit.Publisher {
    public typealias Output = Value
    public typealias Failure = Never

    let storage: PublishedStorage<Value>

    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
      receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
      receiveValue(storage.value)
      return storage.subject.add(receiveValue)
    }
  }
}

/// A `@Published` property's value, subscribers and enclosing object, shared
/// by the property and its publisher.
final class PublishedStorage<Value> {
  var value: Value
  /// The subscribers of `$property`, made on first use.
  private var lazySubject: SubscriberList<Value>?
  /// The object the property belongs to, once it has been reached through
  /// it; `objectWillChange` is its publisher.
  weak var owner: AnyObject?
  /// The `assign(to:)` subscriptions that republish through the property,
  /// which last as long as it does.
  private var assignments: [AnyCancellable] = []

  init(_ value: Value) {
    self.value = value
  }

  var subject: SubscriberList<Value> {
    if let lazySubject { return lazySubject }
    let subject = SubscriberList<Value>()
    lazySubject = subject
    return subject
  }

  /// Stores `newValue`, announcing it first as Combine does: on the
  /// object's `objectWillChange`, then on the property's publisher.
  func set(_ newValue: Value) {
    if let owner { ObservableObjectPublisher.existingPublisher(for: owner)?.send() }
    lazySubject?.send(newValue)
    value = newValue
  }

  func keep(_ subscription: AnyCancellable) {
    assignments.append(subscription)
  }
}
