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
  private var value: Value
  private var subject: Subscribers<Value>?

  /// Creates the property with its first value.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// Creates the property with its first value.
  public init(initialValue: Value) {
    value = initialValue
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
    mutating get {
      let subject = self.subject ?? Subscribers<Value>()
      self.subject = subject
      return Publisher(current: value, subject: subject)
    }
  }

  /// Reads and writes the property through its enclosing object.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].value }
    set {
      ObservableObjectPublisher.existingPublisher(for: object)?.send()
      object[keyPath: storageKeyPath].subject?.send(newValue)
      object[keyPath: storageKeyPath].value = newValue
    }
  }

  /// The publisher behind `$property`.
  public struct Publisher: DocKit.Publisher {
    public typealias Output = Value
    public typealias Failure = Never

    let current: Value
    let subject: Subscribers<Value>

    public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
      receiveValue(current)
      return subject.add(receiveValue)
    }
  }
}
