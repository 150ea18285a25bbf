extension JSONDocument {
  /// The values that `pattern` names, in document order, each with its
  /// pointer: one for a plain RFC 6901 pointer; with `wildcards`, a
  /// token that is exactly `*` stands for every member or element of the
  /// container it reaches (`/items/*/name`).
  ///
  /// Under a wildcard, a value that the rest of the pattern does not
  /// reach (a missing key, an index past the end, a scalar where a
  /// container is needed) is passed over.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pattern is
  ///   malformed, names nothing at all, or passes through a key that
  ///   appears more than once in its object.
  func matches(
    of pattern: String, wildcards: Bool
  ) throws(FormatError) -> [(
    pointer: JSONPointer, ref: JSONNodeRef
  )] {
    let pointer = try JSONPointer(pattern)
    guard wildcards, pointer.tokens.contains("*") else {
      return [(pointer, try resolve(pointer).ref)]
    }
    // Up to the first wildcard, the pointer must name a container.
    let first = pointer.tokens.firstIndex(of: "*") ?? pointer.tokens.count
    let start = JSONPointer(tokens: Array(pointer.tokens[..<first]))
    let container = try resolve(start).ref
    guard container.isContainer else {
      throw FormatError(
        .invalidPointer,
        "\(start.tokens.isEmpty ? "the document" : start.description) is \(kindDescription(container)), not a container"
      )
    }
    var found: [(pointer: JSONPointer, ref: JSONNodeRef)] = [(start, container)]
    for token in pointer.tokens[first...] {
      var next: [(pointer: JSONPointer, ref: JSONNodeRef)] = []
      for (prefix, ref) in found where ref.isContainer {
        if token == "*" {
          for (index, entry) in entries(of: ref).enumerated() {
            let key =
              ref.kind == .array
              ? String(index)
              : JSONSyntaxTree.decodeString(JSONOpenContainer.quotedKey(entry.key))
            next.append((JSONPointer(tokens: prefix.tokens + [key]), entry.value))
          }
        } else {
          let path = JSONPointer(tokens: prefix.tokens + [token])
          guard
            let index = try find(token, in: ref, pointer: path, position: prefix.tokens.count)
          else { continue }
          next.append((path, entry(of: ref, at: index).value))
        }
      }
      found = next
    }
    guard !found.isEmpty else {
      throw FormatError(.invalidPointer, "\(pattern) matches nothing")
    }
    return found
  }

  /// The value `ref` in the stable form that `get` prints.
  func formatted(_ ref: JSONNodeRef) -> String {
    var output: [UInt8] = []
    JSONLayout.stable.write(ref, entries: entries(of:), into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The value `ref` as `get --raw` prints it (as `jq -r` does): a string
  /// without its quotes and with its escapes decoded; any other value as
  /// ``formatted(_:)``.
  func rawText(_ ref: JSONNodeRef) -> String {
    ref.kind == .string ? JSONSyntaxTree.decodeString(ref.bytes) : formatted(ref)
  }

  /// jq's name for the kind of `ref`: `object`, `array`, `string`,
  /// `number`, `boolean` or `null`.
  func typeName(_ ref: JSONNodeRef) -> String {
    switch ref.kind {
    case .object: "object"
    case .array: "array"
    case .string: "string"
    case .number: "number"
    case .true, .false: "boolean"
    case .null: "null"
    }
  }

  /// The keys of the object at `pointer` in document order, each as a
  /// JSON string (duplicates too, as the file has them), or the indices
  /// of the array there, as `jq 'keys_unsorted[]'` prints them.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer names
  ///   nothing, or a value that is not an object or array.
  func keys(at pointer: String) throws(FormatError) -> [String] {
    let parsed = try JSONPointer(pointer)
    let ref = try resolve(parsed).ref
    switch ref.kind {
    case .object:
      return entries(of: ref).map {
        JSONWriter.quoted(JSONSyntaxTree.decodeString(JSONOpenContainer.quotedKey($0.key)))
      }
    case .array:
      return (0..<count(of: ref)).map(String.init)
    default:
      throw FormatError(
        .invalidPointer, "\(describe(parsed)) is \(kindDescription(ref)), which has no keys")
    }
  }

  /// The length of the value at `pointer`, as jq counts it: an object's
  /// members, an array's elements, a string's Unicode scalars.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer names
  ///   nothing, or a number, boolean or null.
  func length(at pointer: String) throws(FormatError) -> Int {
    let parsed = try JSONPointer(pointer)
    let ref = try resolve(parsed).ref
    switch ref.kind {
    case .object, .array:
      return count(of: ref)
    case .string:
      return JSONSyntaxTree.decodeString(ref.bytes).unicodeScalars.count
    default:
      throw FormatError(
        .invalidPointer, "\(describe(parsed)) is \(kindDescription(ref)), which has no length")
    }
  }

  /// The pointer as messages name it: `the document` for the root.
  private func describe(_ pointer: JSONPointer) -> String {
    pointer.tokens.isEmpty ? "the document" : pointer.description
  }
}
