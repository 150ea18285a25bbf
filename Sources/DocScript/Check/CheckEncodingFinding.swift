import Foundation

/// `docrepl check`'s finding that a type's encoding is not deterministic:
/// the same content written twice gave different bytes. It is no invariant
/// failure: the check goes on comparing by value (``CheckComparisonMode``)
/// where the type allows.
package struct CheckEncodingFinding: Sendable, Equatable {
  /// The files that differ: the document's file, or the files inside its
  /// package, by their paths in it.
  package var files: [String]
  /// How it was seen: "two saves of the same unchanged document", say.
  package var evidence: String
  /// The likely cause, from how the two writes differ.
  package var cause: String
  /// What to change in the type.
  package var fix: String
  /// The seed of the sequence in which it was seen.
  package var seed: UInt64

  /// `the type's encoding is not deterministic: …`, with the files.
  package var message: String {
    let names =
      files.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
      + (files.count > 4 ? " and \(files.count - 4) more" : "")
    return "the type's encoding is not deterministic: \(evidence) wrote different bytes in \(names)"
  }

  /// The finding for two writes of the same content, `first` and `second`,
  /// whose file `documentName` (a plain file) or whose files inside it (a
  /// package) differ.
  init(
    first: CheckBytes, second: CheckBytes, documentName: String, evidence: String, seed: UInt64
  ) {
    let paths = first.differingPaths(from: second)
    files = paths.map { $0.isEmpty ? documentName : $0 }
    self.evidence = evidence
    self.seed = seed
    let pair = paths.lazy.compactMap { path -> (Data, Data)? in
      guard let a = first.data(at: path), let b = second.data(at: path) else { return nil }
      return (a, b)
    }.first
    (cause, fix) = pair.map { Self.diagnose($0.0, $0.1) } ?? Self.generic
  }

  static let generic = (
    cause:
      "something written in an order or with a value that changes from one save to the next: a JSONEncoder without .sortedKeys, a Set or a Dictionary written in its iteration order, or a date taken at save time",
    fix:
      "set encoder.outputFormatting = [.sortedKeys] on each JSONEncoder (PropertyListEncoder sorts already), encode a Set or a Dictionary's keys as a sorted array, and write dates the model holds with a fixed dateEncodingStrategy, not Date() at save time"
  )

  /// The likely cause of two writes `a` and `b` of the same file differing,
  /// and its fix.
  static func diagnose(_ a: Data, _ b: Data) -> (cause: String, fix: String) {
    if let x = try? JSONSerialization.jsonObject(with: a, options: .fragmentsAllowed),
      let y = try? JSONSerialization.jsonObject(with: b, options: .fragmentsAllowed)
    {
      if canonical(x, sortingArrays: false) == canonical(y, sortingArrays: false) {
        return (
          "the same JSON with its keys in another order: a JSONEncoder without .sortedKeys (on Linux it writes a keyed container's keys in hashing order, which changes from one encode to the next), or a Dictionary",
          "set encoder.outputFormatting = [.sortedKeys] (add .prettyPrinted if you use it) on each JSONEncoder the type writes with"
        )
      }
      if canonical(x, sortingArrays: true) == canonical(y, sortingArrays: true) {
        return (
          "the same JSON with the elements of an array in another order: a Set (or a Dictionary's keys or values) encoded in its iteration order, which changes when the set is read back",
          "encode a sorted array instead (try container.encode(tags.sorted(), forKey: .tags)), or keep an array in the model"
        )
      }
      return (
        "the same document written with other values: a date taken at save time (Date()), a random identifier, or a value the encoder formats differently",
        "write only what the model holds: a date it stores, with a fixed dateEncodingStrategy such as .iso8601, and identifiers made once, not at each save"
      )
    }
    if a.count == b.count, a.sorted() == b.sorted() {
      return (
        "the same bytes in another order: a Set or a Dictionary written in its iteration order, or an encoder that does not sort keys",
        "write sets and dictionaries in sorted order (for a JSONEncoder, outputFormatting = [.sortedKeys])"
      )
    }
    return generic
  }

  /// A JSON value as text with its object keys sorted and, if asked, the
  /// elements of its arrays too: two values with the same text differ
  /// only in those orders.
  private static func canonical(_ value: Any, sortingArrays: Bool) -> String {
    switch value {
    case let object as [String: Any]:
      return "{"
        + object.keys.sorted().map {
          "\(String(reflecting: $0)):\(canonical(object[$0] as Any, sortingArrays: sortingArrays))"
        }.joined(separator: ",") + "}"
    case let array as [Any]:
      var elements = array.map { canonical($0, sortingArrays: sortingArrays) }
      if sortingArrays { elements.sort() }
      return "[" + elements.joined(separator: ",") + "]"
    default:
      return String(describing: value)
    }
  }
}
