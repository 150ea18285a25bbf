/// A document's content as its type reads it back from bytes, compared
/// with the type's own `==`: what `docrepl check --compare value` compares
/// (a `FileDocument` that is `Equatable`, or a `ReferenceFileDocument`'s
/// `Equatable` snapshot).
@MainActor
struct CheckValue {
  private let value: Any
  private let isEqual: @MainActor (Any) -> Bool

  /// The value, if its type is `Equatable`; nil otherwise.
  init?(_ value: Any) {
    guard let equatable = value as? any Equatable else { return nil }
    self.init(equatable: equatable)
  }

  private init<Value: Equatable>(equatable value: Value) {
    self.value = value
    isEqual = { ($0 as? Value) == value }
  }

  /// Whether the two hold equal values of the same type.
  func equals(_ other: CheckValue) -> Bool { isEqual(other.value) }
}

/// Whether a document type's states can be compared by value, and if not,
/// why.
enum CheckValueSupport: Sendable, Equatable {
  /// The `FileDocument`, or the `ReferenceFileDocument`'s snapshot, is
  /// `Equatable`.
  case equatable
  /// It is not; the reason names the type to make `Equatable`.
  case unavailable(String)
}
