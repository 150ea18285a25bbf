/// The system declarations, looked up in place in the bytes of
/// ``UTType/systemTable``: no declaration is built until one is asked for.
///
/// Building the table is one pass over the bytes to find the fields, and
/// two sorts of small integers: the lines by identifier (compared without
/// regard to ASCII case), and the tags by class, tag and line. Lookups are
/// binary searches. Nothing here makes a string until a declaration or an
/// identifier is returned. Building the table for Apple's 878 declarations
/// takes about 0.6 ms of the first lookup in a release build (`perf
/// record`); building them all as values took about 5 ms.
struct SystemTypeTable: Sendable {
  /// One tag of one line: its class, where its bytes are, and the line.
  private struct Tag: Sendable {
    var tagClass: UInt8
    var start: Int32
    var end: Int32
    var line: Int32
  }

  /// The table's bytes.
  private let bytes: [UInt8]
  /// For line *i*, `bounds[6 * i]` is where it starts and
  /// `bounds[6 * i + 1 + f]` where field *f* ends; field *f* + 1 starts one
  /// byte later.
  private let bounds: [Int32]
  /// The lines, ordered by identifier without regard to ASCII case.
  private let byIdentifier: [Int32]
  /// Every tag, ordered by class, then tag, then line.
  private let tags: [Tag]

  private static let fieldCount = 5
  private static let tagClasses: [UTTagClass] = [.filenameExtension, .mimeType]

  /// The number of declarations.
  var count: Int { bounds.count / (Self.fieldCount + 1) }

  /// Finds the lines and fields of `table`, in ``UTType/systemTable``'s
  /// format. A line without five fields is a bug in the table, and traps.
  init(_ table: String) {
    let bytes = Array(table.utf8)
    var bounds: [Int32] = []
    bounds.reserveCapacity(bytes.count / 16)
    var index = 0
    while index < bytes.count {
      bounds.append(Int32(index))
      var fields = 0
      while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
        if bytes[index] == UInt8(ascii: "|") {
          bounds.append(Int32(index))
          fields += 1
        }
        index += 1
      }
      bounds.append(Int32(index))
      precondition(
        fields == Self.fieldCount - 1,
        "malformed system type line: \(String(decoding: bytes[Int(bounds[bounds.count - fields - 2])..<index], as: UTF8.self))"
      )
      index += 1
    }
    self.bytes = bytes
    self.bounds = bounds
    let count = bounds.count / (Self.fieldCount + 1)

    let fieldsByClass: [(tagClass: UInt8, field: Int)] = [(0, 2), (1, 3)]
    var entries: [Tag] = []
    entries.reserveCapacity(count * 2)
    for line in 0..<count {
      for (tagClass, field) in fieldsByClass {
        let range = Self.field(field, of: line, bounds)
        var start = range.lowerBound
        while start < range.upperBound {
          var end = start
          while end < range.upperBound, bytes[end] != UInt8(ascii: ",") { end += 1 }
          if end > start {
            entries.append(
              Tag(tagClass: tagClass, start: Int32(start), end: Int32(end), line: Int32(line)))
          }
          start = end + 1
        }
      }
    }
    (byIdentifier, self.tags) = bytes.withUnsafeBufferPointer { bytes in
      let byIdentifier = (0..<Int32(count)).sorted { left, right in
        Self.compare(
          bytes, Self.field(0, of: Int(left), bounds), bytes, Self.field(0, of: Int(right), bounds),
          ignoringCase: true) < 0
      }
      entries.sort { left, right in
        if left.tagClass != right.tagClass { return left.tagClass < right.tagClass }
        let order = Self.compare(
          bytes, Int(left.start)..<Int(left.end), bytes, Int(right.start)..<Int(right.end),
          ignoringCase: false)
        return order != 0 ? order < 0 : left.line < right.line
      }
      return (byIdentifier, entries)
    }
  }

  // MARK: - Lookups

  /// The line declaring `identifier`, compared without regard to case.
  func line(forIdentifier identifier: String) -> Int? {
    let key = Array(identifier.utf8)
    return key.withUnsafeBufferPointer { key in
      bytes.withUnsafeBufferPointer { bytes in
        var low = 0
        var high = byIdentifier.count
        while low < high {
          let middle = (low + high) / 2
          let line = Int(byIdentifier[middle])
          let order = Self.compare(
            bytes, Self.field(0, of: line, bounds), key, 0..<key.count, ignoringCase: true)
          if order == 0 { return line }
          if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
      }
    }
  }

  /// The lines claiming `tag` (in its stored, normalized form), first
  /// declared first.
  func lines(forTag tag: String, tagClass: UTTagClass) -> [Int] {
    guard let classCode = Self.tagClasses.firstIndex(of: tagClass).map(UInt8.init) else {
      return []
    }
    let key = Array(tag.utf8)
    return key.withUnsafeBufferPointer { key in
      bytes.withUnsafeBufferPointer { bytes in
        func order(_ entry: Tag) -> Int {
          if entry.tagClass != classCode { return entry.tagClass < classCode ? -1 : 1 }
          return Self.compare(
            bytes, Int(entry.start)..<Int(entry.end), key, 0..<key.count, ignoringCase: false)
        }
        var low = 0
        var high = tags.count
        while low < high {
          let middle = (low + high) / 2
          if order(tags[middle]) < 0 { low = middle + 1 } else { high = middle }
        }
        var lines: [Int] = []
        while low < tags.count, order(tags[low]) == 0 {
          let line = Int(tags[low].line)
          if lines.last != line { lines.append(line) }
          low += 1
        }
        return lines
      }
    }
  }

  /// The identifier `line` declares, as written in the table.
  func identifier(at line: Int) -> String {
    string(Self.field(0, of: line, bounds))
  }

  /// The direct parents `line` declares.
  func parents(at line: Int) -> [String] {
    strings(Self.field(1, of: line, bounds))
  }

  /// The declaration on `line`.
  func declaration(at line: Int) -> UTTypeDeclaration {
    var tags: [UTTagClass: [String]] = [:]
    for (tagClass, field) in zip(Self.tagClasses, [2, 3]) {
      let values = strings(Self.field(field, of: line, bounds))
      if !values.isEmpty { tags[tagClass] = values }
    }
    let description = Self.field(4, of: line, bounds)
    return UTTypeDeclaration(
      identifier: identifier(at: line), conformsTo: parents(at: line), tags: tags,
      description: description.isEmpty ? nil : string(description))
  }

  // MARK: - Bytes

  private static func field(_ field: Int, of line: Int, _ bounds: [Int32]) -> Range<Int> {
    let base = line * (fieldCount + 1)
    let start = field == 0 ? Int(bounds[base]) : Int(bounds[base + field]) + 1
    return start..<Int(bounds[base + field + 1])
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private func strings(_ range: Range<Int>) -> [String] {
    bytes[range].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The order of two byte ranges, as `-1`, `0` or `1`; with
  /// `ignoringCase`, ASCII letters compare as lower case.
  private static func compare(
    _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>,
    _ right: UnsafeBufferPointer<UInt8>, _ rightRange: Range<Int>, ignoringCase: Bool
  ) -> Int {
    func lowered(_ byte: UInt8) -> UInt8 {
      ignoringCase && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
    let length = min(leftRange.count, rightRange.count)
    for offset in 0..<length {
      let a = lowered(left[leftRange.lowerBound + offset])
      let b = lowered(right[rightRange.lowerBound + offset])
      if a != b { return a < b ? -1 : 1 }
    }
    return leftRange.count == rightRange.count ? 0 : leftRange.count < rightRange.count ? -1 : 1
  }
}
