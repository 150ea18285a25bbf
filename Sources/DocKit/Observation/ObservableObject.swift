/// A type of object with a publisher that emits before the object changes,
/// as in Combine.
///
///     final class Settings: ObservableObject {
///       @Published var title = "Untitled"
///     }
///     let cancellable = settings.objectWillChange.sink { print("changing") }
///     settings.title = "Trip"   // prints "changing", then changes
///
/// Unless a type provides its own, ``objectWillChange`` is an
/// ``ObservableObjectPublisher`` that every `@Published` property of the
/// object sends on before it changes.
public protocol ObservableObject: AnyObject {
  /// The type of ``objectWillChange``.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// A publisher that emits before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's publisher, the same one every time, which its
  /// `@Published` properties send on.
  public var objectWillChange: ObservableObjectPublisher {
    ObservableObjectPublisher.publisher(for: self)
  }
}
