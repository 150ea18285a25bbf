import DocKit
import Foundation

/// A binary property list held as its own bytes, read object by object
/// and edited by appending objects: how ``PropertyListDocument`` holds a
/// `bplist00` file.
///
/// At open ``BinaryPropertyListValidator`` checks every object, building
/// no values. A value is read by following references from the top
/// object through the offset table. An edit writes the new value's
/// objects after the file's objects (kept here, not in the file), and the
/// container that holds it again, with the reference changed; a
/// container referenced from one place only keeps its index (its offset
/// is moved to the new bytes), while one referenced from several is
/// written as a new object and its own container again, up to one that
/// is not shared. Scalars are never changed in place: CoreFoundation
/// writes an equal string or number once and references it wherever it
/// occurs.
///
/// A save writes the file's bytes up to its offset table, the objects
/// appended, a new offset table (its offsets as wide as they need to be)
/// and trailer. When the bytes of objects no longer reached exceed those
/// of the rest, the file is written whole by ``BinaryPropertyList/write(_:)``.
struct BinaryPropertyListStore: Hashable, Sendable {
  /// A change to one container's entries.
  enum Change {
    case replace(position: Int, with: PropertyListValue)
    case insert(position: Int, key: String?, value: PropertyListValue)
    case remove(position: Int)
  }

  /// An edit that needs more objects than the file's references can name.
  struct ReferencesFull: Error {}

  /// The file as read: the bytes the file was read into, not a copy.
  let file: [UInt8]
  let trailer: BinaryPropertyListTrailer
  /// The file's containers that are reached from more than one place.
  private let shared: BinaryPropertyListBitSet
  /// The objects edits wrote, one after another; they are saved after the
  /// file's objects, where its offset table was.
  private(set) var appended: [UInt8] = []
  /// Where objects moved, as offsets in the saved file: the containers
  /// an edit wrote again, and the objects it added.
  private(set) var moved: [Int: Int] = [:]
  private(set) var objectCount: Int
  private(set) var top: Int
  /// The bytes of objects edits left unreached: the containers they
  /// wrote again, and the values they replaced or removed.
  private(set) var deadBytes = 0

  /// Checks `file` (``BinaryPropertyListValidator``) and holds it.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the byte
  ///   offset, as ``BinaryPropertyList/read(_:)`` does.
  init(_ file: [UInt8]) throws(FormatError) {
    let (trailer, shared) = try BinaryPropertyListValidator.validate(file)
    self.file = file
    self.trailer = trailer
    self.shared = shared
    objectCount = trailer.objectCount
    top = trailer.topObject
  }

  /// A copy of `data`, checked and held.
  init(_ data: Data) throws(FormatError) {
    try self.init([UInt8](data))
  }

  /// `value` written whole (``BinaryPropertyList/write(_:)``), its
  /// references at least `minimumReferenceSize` bytes.
  init(writing value: PropertyListValue, minimumReferenceSize: Int = 1) throws(FormatError) {
    try self.init(BinaryPropertyList.write(value, minimumReferenceSize: minimumReferenceSize))
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.top == rhs.top && lhs.objectCount == rhs.objectCount && lhs.moved == rhs.moved
      && lhs.appended == rhs.appended && lhs.file.count == rhs.file.count
      && (lhs.file.withUnsafeBytes { a in
        rhs.file.withUnsafeBytes { a.baseAddress == $0.baseAddress }
      }
        || lhs.file == rhs.file)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(file.count)
    hasher.combine(top)
    hasher.combine(objectCount)
    hasher.combine(appended.count)
  }

  // MARK: - Objects

  /// One object's bytes: in the file, or among those appended.
  struct Object {
    let bytes: [UInt8]
    let start: Int

    var marker: UInt8 { bytes[start] }
    /// The marker's high nibble: 0x5 an ASCII string, 0xD a dictionary...
    var kind: UInt8 { bytes[start] >> 4 }

    /// A string, data or container's count, and where its contents start.
    var layout: (count: Int, body: Int) {
      let nibble = bytes[start] & 0xF
      guard nibble == 0xF else { return (Int(nibble), start + 1) }
      let size = 1 << Int(bytes[start + 1] & 0xF)
      return (Int(unsigned(start + 2, size)), start + 2 + size)
    }

    @inline(__always)
    func unsigned(_ at: Int, _ count: Int) -> UInt64 {
      BinaryPropertyListTrailer.unsigned(bytes, at, count)
    }
  }

  func object(_ index: Int) -> Object {
    if let offset = moved[index] {
      return Object(bytes: appended, start: offset - trailer.offsetTable)
    }
    return Object(bytes: file, start: trailer.offset(ofObject: index, in: file))
  }

  /// Whether object `index` is an array or set (0xA, 0xC), a
  /// dictionary (0xD), a UID (0x8) or a scalar (its marker's kind).
  func kind(of index: Int) -> UInt8 { object(index).kind }

  /// The object indexes of a container's keys (none for an array) and
  /// values, and its marker's kind.
  func entries(of index: Int) -> (kind: UInt8, keys: [Int], values: [Int]) {
    let object = object(index)
    let (count, body) = object.layout
    let size = trailer.referenceSize
    var keys: [Int] = []
    var values: [Int] = []
    values.reserveCapacity(count)
    var place = body
    if object.kind == 0xD {
      keys.reserveCapacity(count)
      for _ in 0..<count {
        keys.append(Int(object.unsigned(place, size)))
        place += size
      }
    }
    for _ in 0..<count {
      values.append(Int(object.unsigned(place, size)))
      place += size
    }
    return (object.kind, keys, values)
  }

  /// A container's count of entries.
  func count(of index: Int) -> Int { object(index).layout.count }

  /// The object of a container's entry `position`: its value, or (with
  /// `key`) a dictionary's key.
  func child(of index: Int, at position: Int, key: Bool = false) -> Int {
    let object = object(index)
    let (count, body) = object.layout
    let size = trailer.referenceSize
    let valuesStart = object.kind == 0xD && !key ? body + count * size : body
    return Int(object.unsigned(valuesStart + position * size, size))
  }

  /// The position of the first key of dictionary `index` that is `token`
  /// (compared by Unicode scalars), nil if none.
  func position(ofKey token: String, in index: Int) -> Int? {
    let object = object(index)
    let (count, body) = object.layout
    let size = trailer.referenceSize
    let utf8 = Array(token.utf8)
    for position in 0..<count {
      let key = self.object(Int(object.unsigned(body + position * size, size)))
      let (length, text) = key.layout
      if key.kind == 0x5 {
        if length == utf8.count, key.bytes[text..<(text + length)].elementsEqual(utf8) {
          return position
        }
      } else if case .string(let string) = scalar(key),
        string.unicodeScalars.elementsEqual(token.unicodeScalars)
      {
        return position
      }
    }
    return nil
  }

  /// The kind of object `index` as messages name it; a UID is shown as
  /// its `CF$UID` dictionary.
  func kindDescription(of index: Int) -> String {
    switch kind(of: index) {
    case 0x0: "a boolean"
    case 0x1: "an integer"
    case 0x2: "a real"
    case 0x3: "a date"
    case 0x4: "data"
    case 0x5, 0x6: "a string"
    case 0xA, 0xC: "an array"
    default: "a dictionary"
    }
  }

  /// The value of object `index`; with `uidsAsDictionaries`, each UID
  /// is the one-key dictionary `{CF$UID = N}` the XML rendering shows.
  func value(of index: Int, uidsAsDictionaries: Bool) -> PropertyListValue {
    let object = object(index)
    switch object.kind {
    case 0xA, 0xC:
      let (_, _, values) = entries(of: index)
      return .array(values.map { value(of: $0, uidsAsDictionaries: uidsAsDictionaries) })
    case 0xD:
      let (_, keys, values) = entries(of: index)
      var result: [PropertyListEntry] = []
      result.reserveCapacity(keys.count)
      for (key, value) in zip(keys, values) {
        guard case .string(let text) = scalar(self.object(key)) else { continue }
        result.append(
          PropertyListEntry(
            key: text, value: self.value(of: value, uidsAsDictionaries: uidsAsDictionaries)))
      }
      return .dictionary(result)
    default:
      let leaf = scalar(object)
      if uidsAsDictionaries, case .uid(let number) = leaf {
        let integer: PropertyListValue =
          number <= UInt64(Int64.max) ? .integer(Int64(number)) : .unsignedInteger(number)
        return .dictionary([PropertyListEntry(key: PropertyListXMLWriter.uidKey, value: integer)])
      }
      return leaf
    }
  }

  /// A scalar object's value (checked when the file was read).
  func scalar(_ object: Object) -> PropertyListValue {
    let start = object.start
    let bytes = object.bytes
    let nibble = object.marker & 0xF
    switch object.kind {
    case 0x0: return .boolean(object.marker == 0x09)
    case 0x1:
      let size = 1 << Int(nibble)
      switch size {
      case 8: return .integer(Int64(bitPattern: object.unsigned(start + 1, 8)))
      case 16:
        let high = object.unsigned(start + 1, 8)
        let low = object.unsigned(start + 9, 8)
        if high == 0, low > UInt64(Int64.max) { return .unsignedInteger(low) }
        return .integer(Int64(bitPattern: low))
      default: return .integer(Int64(object.unsigned(start + 1, size)))
      }
    case 0x2:
      if nibble == 2 {
        return .real(Double(Float(bitPattern: UInt32(object.unsigned(start + 1, 4)))))
      }
      return .real(Double(bitPattern: object.unsigned(start + 1, 8)))
    case 0x3: return .date(Double(bitPattern: object.unsigned(start + 1, 8)))
    case 0x4:
      let (count, body) = object.layout
      return .data(Array(bytes[body..<(body + count)]))
    case 0x5:
      let (count, body) = object.layout
      return .string(String(decoding: bytes[body..<(body + count)], as: UTF8.self))
    case 0x6:
      let (count, body) = object.layout
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in stride(from: body, to: body + count * 2, by: 2) {
        units.append(UInt16(bytes[unit]) << 8 | UInt16(bytes[unit + 1]))
      }
      return .string(String(decoding: units, as: UTF16.self))
    default:
      let size = Int(nibble) + 1
      let significant = min(size, 8)
      return .uid(object.unsigned(start + 1 + size - significant, significant))
    }
  }

  // MARK: - Edits

  /// Applies `change` to container `parent`, reached from the top object
  /// through `ancestors` (each container with the position of the entry
  /// taken). A UID, shown as its `CF$UID` dictionary, is written again as
  /// what that dictionary becomes. Values are given with their UIDs
  /// (``PropertyListDocument/restoringUIDs(in:)``).
  ///
  /// - Throws: ``ReferencesFull`` if the objects would outnumber what the
  ///   file's references can name; the store is then left part way, and
  ///   the caller discards it.
  mutating func apply(
    _ change: Change, to parent: Int, under ancestors: [(container: Int, position: Int)]
  ) throws(ReferencesFull) {
    let (kind, keys, values) = kind(of: parent) == 0x8 ? (0x8, [], []) : entries(of: parent)
    guard kind != 0x8 else {
      guard case .dictionary(var entries) = value(of: parent, uidsAsDictionaries: true) else {
        return
      }
      switch change {
      case .replace(let position, let value): entries[position].value = value
      case .insert(let position, let key, let value):
        entries.insert(PropertyListEntry(key: key ?? "", value: value), at: position)
      case .remove(let position): entries.remove(at: position)
      }
      let index = try append(PropertyListDocument.restoringUIDs(in: .dictionary(entries)))
      try replaceChild(under: ancestors[...], with: index)
      return
    }
    var newKeys = keys
    var newValues = values
    switch change {
    case .replace(let position, let value):
      abandon(newValues[position])
      newValues[position] = try append(value)
    case .insert(let position, let key, let value):
      if kind == 0xD { newKeys.insert(try append(.string(key ?? "")), at: position) }
      newValues.insert(try append(value), at: position)
    case .remove(let position):
      if kind == 0xD { abandon(newKeys.remove(at: position)) }
      abandon(newValues.remove(at: position))
    }
    try rewrite(parent, kind: kind, keys: newKeys, values: newValues, under: ancestors[...])
  }

  /// Counts as dead the bytes of object `index`, which an edit no longer
  /// references where it did, and those of the objects under it. A
  /// container of the file reached from several places may still be
  /// reached, and is not counted; a scalar is, though CoreFoundation may
  /// have written it once for several places: counting too much only
  /// writes the file whole sooner, while counting too little would let
  /// a file that is edited again and again grow without end.
  private mutating func abandon(_ index: Int) {
    var pending = [index]
    while let index = pending.popLast() {
      let object = object(index)
      let nibble = Int(object.marker & 0xF)
      switch object.kind {
      case 0xA, 0xC, 0xD:
        if index < trailer.objectCount, shared.contains(index) { continue }
        let (count, body) = object.layout
        let references = count * (object.kind == 0xD ? 2 : 1)
        deadBytes += body - object.start + references * trailer.referenceSize
        let (_, keys, values) = entries(of: index)
        pending += keys
        pending += values
      case 0x0: deadBytes += 1
      case 0x1, 0x2: deadBytes += 1 + 1 << nibble
      case 0x3: deadBytes += 9
      case 0x4, 0x5, 0x6:
        let (count, body) = object.layout
        deadBytes += body - object.start + count * (object.kind == 0x6 ? 2 : 1)
      default: deadBytes += 2 + nibble  // a UID
      }
    }
  }

  /// Writes `value`'s objects, returning its index.
  private mutating func append(_ value: PropertyListValue) throws(ReferencesFull) -> Int {
    let size = trailer.referenceSize
    switch value {
    case .array(let items):
      var references: [Int] = []
      references.reserveCapacity(items.count)
      for item in items { references.append(try append(item)) }
      return try allocate(
        BinaryPropertyListWriter.containerObject(
          kind: 0xA, count: items.count, references: references, size: size))
    case .dictionary(let entries):
      var references: [Int] = []
      references.reserveCapacity(entries.count * 2)
      for entry in entries { references.append(try append(.string(entry.key))) }
      for entry in entries { references.append(try append(entry.value)) }
      return try allocate(
        BinaryPropertyListWriter.containerObject(
          kind: 0xD, count: entries.count, references: references, size: size))
    default:
      return try allocate(BinaryPropertyListWriter.leafObject(value))
    }
  }

  /// Appends a new object, returning its index.
  private mutating func allocate(_ bytes: [UInt8]) throws(ReferencesFull) -> Int {
    let size = trailer.referenceSize
    guard size == 8 || objectCount + 1 < 1 << (8 * size) else { throw ReferencesFull() }
    let index = objectCount
    objectCount += 1
    moved[index] = trailer.offsetTable + appended.count
    appended.append(contentsOf: bytes)
    return index
  }

  /// Writes container `index` again with these entries: in place of the
  /// old (its offset moved) when nothing else references it, else as a
  /// new object that its own container then references.
  private mutating func rewrite(
    _ index: Int, kind: UInt8, keys: [Int], values: [Int],
    under ancestors: ArraySlice<(container: Int, position: Int)>
  ) throws(ReferencesFull) {
    let bytes = BinaryPropertyListWriter.containerObject(
      kind: kind, count: values.count, references: keys + values,
      size: trailer.referenceSize)
    guard index >= trailer.objectCount || !shared.contains(index) else {
      try replaceChild(under: ancestors, with: try allocate(bytes))
      return
    }
    let old = object(index)
    let (count, body) = old.layout
    deadBytes += body - old.start + count * trailer.referenceSize * (kind == 0xD ? 2 : 1)
    moved[index] = trailer.offsetTable + appended.count
    appended.append(contentsOf: bytes)
  }

  /// Makes the last of `ancestors` reference `index` at its position (or
  /// `index` the top object, when there are none).
  private mutating func replaceChild(
    under ancestors: ArraySlice<(container: Int, position: Int)>, with index: Int
  ) throws(ReferencesFull) {
    guard let (container, position) = ancestors.last else {
      top = index
      return
    }
    let (kind, keys, values) = entries(of: container)
    var newValues = values
    newValues[position] = index
    try rewrite(
      container, kind: kind, keys: keys, values: newValues, under: ancestors.dropLast())
  }

  // MARK: - Saving

  /// Whether an edit changed what a save writes.
  var isChanged: Bool { top != trailer.topObject || !moved.isEmpty }

  /// Whether the objects no longer reached outweigh the rest, so that a
  /// save writes the file whole.
  var needsCompaction: Bool {
    deadBytes > trailer.offsetTable - 8 + appended.count - deadBytes
  }

  /// The whole file a save writes.
  func savedBytes() -> [UInt8] {
    guard isChanged else { return [UInt8](file) }
    if needsCompaction { return compacted() }
    var bytes = Array(file[..<trailer.offsetTable])
    bytes += appended
    bytes += tail()
    return bytes
  }

  /// The value written whole, as ``BinaryPropertyList/write(_:)`` writes it.
  func compacted() -> [UInt8] {
    BinaryPropertyList.write(value(of: top, uidsAsDictionaries: false))
  }

  /// The saved file as buffers: the file's objects, those appended, and
  /// the new offset table and trailer; the file is not copied.
  func byteSource() -> FileWrapper.ByteSource {
    guard isChanged else {
      return FileWrapper.ByteSource(count: file.count) { [file] body in
        try file.withUnsafeBytes(body)
      }
    }
    if needsCompaction {
      let bytes = compacted()
      return FileWrapper.ByteSource(count: bytes.count) { body in try bytes.withUnsafeBytes(body) }
    }
    let tail = tail()
    let prefix = trailer.offsetTable
    return FileWrapper.ByteSource(count: prefix + appended.count + tail.count) {
      [file, appended] body in
      try file.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<prefix])) }
      try appended.withUnsafeBytes(body)
      try tail.withUnsafeBytes(body)
    }
  }

  /// The new offset table, each offset in as few bytes as the largest
  /// needs, and the trailer.
  func tail() -> [UInt8] {
    let table = trailer.offsetTable + appended.count
    let offsetSize = BinaryPropertyListWriter.byteCount(UInt64(table))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(objectCount * offsetSize + BinaryPropertyListParser.trailerSize)
    if offsetSize == trailer.offsetSize {
      bytes += file[trailer.offsetTable..<(trailer.offsetTable + trailer.objectCount * offsetSize)]
      bytes += repeatElement(0, count: (objectCount - trailer.objectCount) * offsetSize)
      for (index, offset) in moved {
        Self.put(UInt64(offset), size: offsetSize, at: index * offsetSize, in: &bytes)
      }
    } else {
      bytes = Array(repeating: 0, count: objectCount * offsetSize)
      for index in 0..<objectCount {
        let offset = moved[index] ?? trailer.offset(ofObject: index, in: file)
        Self.put(UInt64(offset), size: offsetSize, at: index * offsetSize, in: &bytes)
      }
    }
    let trailerStart = file.count - BinaryPropertyListParser.trailerSize
    bytes += file[trailerStart..<(trailerStart + 6)]
    bytes += [UInt8(offsetSize), UInt8(trailer.referenceSize)]
    for number in [objectCount, top, table] {
      withUnsafeBytes(of: UInt64(number).bigEndian) { bytes += $0 }
    }
    return bytes
  }

  private static func put(_ number: UInt64, size: Int, at start: Int, in bytes: inout [UInt8]) {
    for byte in 0..<size {
      bytes[start + byte] = UInt8(truncatingIfNeeded: number >> (8 * UInt64(size - 1 - byte)))
    }
  }
}
