/// A JSON value. Numbers keep their literal text, so integers of any size
/// and decimals round-trip exactly as written. Objects keep their members
/// in order, duplicate keys included; two objects are equal when their
/// members are, in the same order.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number, as written: `-12`, `3.14`, `1e-7`.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// An object: its members in order.
  case object([JSONMember])

  /// The value of the first member named `key`, for an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The kind, for messages: "an object", "a number" and so on.
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The first object, in document order, that holds a key twice: where
  /// it is from this value, and the key.
  var firstDuplicateKey: (object: JSONPointer, key: String)? {
    var pending: [(value: JSONValue, tokens: [String])] = [(self, [])]
    while let (value, tokens) = pending.popLast() {
      switch value {
      case .array(let items):
        pending += items.enumerated().reversed().map { ($0.element, tokens + [String($0.offset)]) }
      case .object(let members):
        var keys: Set<String> = []
        for member in members where !keys.insert(member.key).inserted {
          return (JSONPointer(tokens: tokens), member.key)
        }
        pending += members.reversed().map { ($0.value, tokens + [$0.key]) }
      case .null, .bool, .number, .string: break
      }
    }
    return nil
  }

  /// The text of the first number that is not a JSON number, if any.
  var firstBadNumber: String? {
    var pending = [self]
    while let value = pending.popLast() {
      switch value {
      case .number(let text) where !JSONWriter.isNumber(text): return text
      case .array(let items): pending += items
      case .object(let members): pending += members.map(\.value)
      default: break
      }
    }
    return nil
  }

  /// How deeply containers nest: 0 for a scalar, 1 for `[]` or `[1]`.
  var depth: Int {
    var deepest = 0
    var pending: [(JSONValue, Int)] = [(self, 0)]
    while let (value, level) = pending.popLast() {
      switch value {
      case .array(let items):
        deepest = max(deepest, level + 1)
        pending += items.map { ($0, level + 1) }
      case .object(let members):
        deepest = max(deepest, level + 1)
        pending += members.map { ($0.value, level + 1) }
      default: break
      }
    }
    return deepest
  }
}
