/// A property list value, as Apple's three property list formats hold it:
/// XML, binary (`bplist00`) and the old-style ASCII (OpenStep) form.
///
/// Dictionaries keep their entries in the order the file has them, so an
/// edit keeps the author's key order. Strings and keys compare by their
/// Unicode scalars, not by canonical equivalence: `"é"` written as one
/// scalar and as `e` plus a combining accent are two different keys, as
/// they are to `CFDictionary`.
public indirect enum PropertyListValue: Sendable {
  case string(String)
  /// A signed integer; binary property lists hold up to 64 bits.
  case integer(Int64)
  /// An integer above `Int64.max`, which binary property lists write as
  /// a 128-bit integer and XML as its decimal digits.
  case unsignedInteger(UInt64)
  case real(Double)
  case boolean(Bool)
  /// A date, as seconds from 2001-01-01T00:00:00Z (Apple's reference
  /// date), which is what binary property lists store.
  case date(Double)
  case data([UInt8])
  case array([PropertyListValue])
  /// A dictionary: its entries in order.
  case dictionary([PropertyListEntry])
  /// A keyed archive's object reference (`CF$UID`); binary property
  /// lists only.
  case uid(UInt64)

  /// The kind, for messages: "a dictionary", "a date" and so on.
  public var kindDescription: String {
    switch self {
    case .string: "a string"
    case .integer, .unsignedInteger: "an integer"
    case .real: "a real"
    case .boolean: "a boolean"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .uid: "a UID"
    }
  }

  /// The value of the first entry named `key`, for a dictionary; keys
  /// compare by their Unicode scalars.
  public subscript(key: String) -> PropertyListValue? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
  }
}

/// One entry of a property list dictionary.
public struct PropertyListEntry: Hashable, Sendable {
  public var key: String
  public var value: PropertyListValue

  public init(key: String, value: PropertyListValue) {
    self.key = key
    self.value = value
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key.unicodeScalars.elementsEqual(rhs.key.unicodeScalars) && lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    for scalar in key.unicodeScalars { hasher.combine(scalar.value) }
    hasher.combine(value)
  }
}

extension PropertyListValue: Hashable {
  /// Equal when of the same kind with equal contents: strings by their
  /// Unicode scalars, reals and dates by their bits (so `nan` equals
  /// itself, and `0.0` differs from `-0.0`).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.integer(let a), .integer(let b)): a == b
    case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.boolean(let a), .boolean(let b)): a == b
    case (.date(let a), .date(let b)): a.bitPattern == b.bitPattern
    case (.data(let a), .data(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)): a == b
    case (.uid(let a), .uid(let b)): a == b
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let s):
      hasher.combine(0)
      for scalar in s.unicodeScalars { hasher.combine(scalar.value) }
    case .integer(let i): hasher.combine(1); hasher.combine(i)
    case .unsignedInteger(let u): hasher.combine(2); hasher.combine(u)
    case .real(let r): hasher.combine(3); hasher.combine(r.bitPattern)
    case .boolean(let b): hasher.combine(4); hasher.combine(b)
    case .date(let d): hasher.combine(5); hasher.combine(d.bitPattern)
    case .data(let bytes): hasher.combine(6); hasher.combine(bytes)
    case .array(let items): hasher.combine(7); hasher.combine(items)
    case .dictionary(let entries): hasher.combine(8); hasher.combine(entries)
    case .uid(let u): hasher.combine(9); hasher.combine(u)
    }
  }
}
