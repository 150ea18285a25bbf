import DocKit

/// A binary property list document, held as its file's bytes and the
/// objects edits appended (``BinaryPropertyListStore``): values are read
/// by pointer from the objects, an edit appends objects, and a save
/// writes the file's objects, those appended and a new offset table. The
/// XML rendering that `show` prints is built when asked for.
extension PropertyListDocument {
  /// What a binary document's ``tree`` indexes: nothing, as the store
  /// holds the document.
  private static let binaryPlaceholder = Array(
    "<plist version=\"1.0\"><dict/></plist>".utf8)

  /// A binary document holding `store`.
  init(binaryStore store: BinaryPropertyListStore) throws(FormatError) {
    bytes = []
    format = .binary
    tree = try Self.parse(Self.binaryPlaceholder, as: .xml)
    original = nil
    binary = store
  }

  /// A binary document of `value` as CoreFoundation writes it, each
  /// one-key dictionary `{CF$UID = N}` written as the UID `N`.
  init(binaryValue value: PropertyListValue) throws(FormatError) {
    try self.init(binaryStore: BinaryPropertyListStore(writing: Self.restoringUIDs(in: value)))
  }

  /// The XML rendering of a binary document (dates with their fraction
  /// of a second, UIDs as `CF$UID` dictionaries), built when asked for.
  var binaryRendering: [UInt8] {
    guard let binary else { return bytes }
    return
      (try? PropertyListXMLWriter.document(
        binary.value(of: binary.top, uidsAsDictionaries: false), exactDates: true)) ?? []
  }

  // MARK: - Finding values

  /// Where a pointer leads in a binary document: the containers it
  /// passes through, each with the position of the entry taken, and the
  /// object it names (nil for the number inside a UID, which shows as
  /// the `CF$UID` entry of a dictionary).
  struct BinaryLocation {
    var steps: [(container: Int, position: Int)] = []
    var object: Int?
  }

  private static func isContainer(_ kind: UInt8) -> Bool {
    kind == 0xA || kind == 0xC || kind == 0xD || kind == 0x8
  }

  /// Follows `pointer` from the top object, with the messages
  /// ``resolve(_:)`` gives.
  static func binaryResolve(
    _ pointer: JSONPointer, in store: BinaryPropertyListStore
  ) throws(FormatError) -> BinaryLocation {
    var location = BinaryLocation(object: store.top)
    for position in pointer.tokens.indices {
      let token = pointer.tokens[position]
      let prefix = JSONPointer(tokens: Array(pointer.tokens[...position]))
      guard let object = location.object else {
        throw FormatError(
          .invalidPointer,
          "\(Self.describe(JSONPointer(tokens: Array(pointer.tokens[..<position])))) is an integer, not a container"
        )
      }
      guard
        let index = try Self.binaryFind(
          token, in: object, store: store, pointer: pointer, position: position)
      else {
        let kind = store.kind(of: object)
        if kind == 0xA || kind == 0xC {
          throw FormatError(
            .invalidPointer,
            JSONPointer.notAnIndex(token, count: store.count(of: object), in: prefix))
        }
        throw FormatError(.invalidPointer, "\(prefix) does not exist")
      }
      location.steps.append((object, index))
      location.object = store.kind(of: object) == 0x8 ? nil : store.child(of: object, at: index)
    }
    return location
  }

  /// The position of the entry `token` names in container `object`, nil
  /// if none; refuses a scalar.
  private static func binaryFind(
    _ token: String, in object: Int, store: BinaryPropertyListStore, pointer: JSONPointer,
    position: Int
  ) throws(FormatError) -> Int? {
    switch store.kind(of: object) {
    case 0xD:
      return store.position(ofKey: token, in: object)
    case 0x8:
      return token.unicodeScalars.elementsEqual(PropertyListXMLWriter.uidKey.unicodeScalars)
        ? 0 : nil
    case 0xA, 0xC:
      guard let index = JSONPointer.index(token), index < store.count(of: object) else {
        return nil
      }
      return index
    default:
      throw FormatError(
        .invalidPointer,
        "\(Self.describe(JSONPointer(tokens: Array(pointer.tokens[..<position])))) is \(store.kindDescription(of: object)), not a container"
      )
    }
  }

  /// The value `location` names.
  private func binaryValue(
    at location: BinaryLocation, in store: BinaryPropertyListStore
  ) -> PropertyListValue {
    if let object = location.object { return store.value(of: object, uidsAsDictionaries: true) }
    guard let uid = location.steps.last?.container,
      case .dictionary(let entries) = store.value(of: uid, uidsAsDictionaries: true),
      let entry = entries.first
    else { return .dictionary([]) }
    return entry.value
  }

  /// The value at `pointer` in a binary document.
  func binaryValue(at pointer: JSONPointer) throws(FormatError) -> PropertyListValue {
    guard let binary else { return value(of: try resolve(pointer).node) }
    return binaryValue(at: try Self.binaryResolve(pointer, in: binary), in: binary)
  }

  /// The entries of the container at `pointer` in a binary document, as
  /// ``children(at:)`` gives them.
  func binaryChildren(at pointer: String) -> [(key: String, isContainer: Bool)] {
    guard let binary, let parsed = try? JSONPointer(pointer),
      let object = (try? Self.binaryResolve(parsed, in: binary))?.object
    else { return [] }
    switch binary.kind(of: object) {
    case 0xD:
      let (_, keys, values) = binary.entries(of: object)
      return zip(keys, values).map { key, value in
        guard case .string(let text) = binary.scalar(binary.object(key)) else { return ("", false) }
        return (text, Self.isContainer(binary.kind(of: value)))
      }
    case 0xA, 0xC:
      let (_, _, values) = binary.entries(of: object)
      return values.enumerated().map {
        (String($0.offset), Self.isContainer(binary.kind(of: $0.element)))
      }
    case 0x8:
      return [(PropertyListXMLWriter.uidKey, false)]
    default:
      return []
    }
  }

  /// Whether the value at `pointer` of a binary document is an array
  /// (true) or a dictionary (false); nil if it is not a container.
  func binaryContainerIsArray(at pointer: String) -> Bool? {
    guard let binary, let parsed = try? JSONPointer(pointer),
      let object = (try? Self.binaryResolve(parsed, in: binary))?.object
    else { return nil }
    let kind = binary.kind(of: object)
    guard Self.isContainer(kind) else { return nil }
    return kind == 0xA || kind == 0xC
  }

  // MARK: - Edits

  /// What an edit changes: a container's entries, reached through its
  /// ancestors.
  private typealias BinaryPlan = (
    change: BinaryPropertyListStore.Change, parent: Int,
    ancestors: [(container: Int, position: Int)]
  )

  /// ``set(_:at:)`` of a binary document.
  mutating func binarySet(
    _ value: PropertyListValue, at parsed: JSONPointer, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let restored = Self.restoringUIDs(in: value)
    guard let last = parsed.tokens.last else {
      return exchangeBinary(
        try BinaryPropertyListStore(writing: restored), actionName: actionName)
    }
    let parentPointer = JSONPointer(tokens: Array(parsed.tokens.dropLast()))
    return try applyBinary(actionName: actionName) { (store) throws(FormatError) in
      let parent = try Self.binaryResolve(parentPointer, in: store)
      guard let object = parent.object, Self.isContainer(store.kind(of: object)) else {
        throw FormatError(
          .invalidPointer,
          "\(Self.describe(parentPointer)) is \(parent.object.map(store.kindDescription(of:)) ?? "an integer"), not a container"
        )
      }
      let kind = store.kind(of: object)
      let count = kind == 0x8 ? 1 : store.count(of: object)
      if kind == 0xA || kind == 0xC, last == "-" {
        return (.insert(position: count, key: nil, value: restored), object, parent.steps)
      }
      if let index = try Self.binaryFind(
        last, in: object, store: store, pointer: parsed, position: parsed.tokens.count - 1)
      {
        return (.replace(position: index, with: restored), object, parent.steps)
      }
      guard kind == 0xD || kind == 0x8 else {
        throw FormatError(
          .invalidPointer, JSONPointer.notAnIndex(last, count: count, in: parsed))
      }
      return (.insert(position: count, key: last, value: restored), object, parent.steps)
    }
  }

  /// ``insert(_:at:)`` of a binary document.
  mutating func binaryInsert(
    _ value: PropertyListValue, at parsed: JSONPointer, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    guard let last = parsed.tokens.last else {
      throw FormatError(.invalidPointer, "insert needs a place in a container, not the document")
    }
    let restored = Self.restoringUIDs(in: value)
    let parentPointer = JSONPointer(tokens: Array(parsed.tokens.dropLast()))
    return try applyBinary(actionName: actionName) { (store) throws(FormatError) in
      let parent = try Self.binaryResolve(parentPointer, in: store)
      let kind = parent.object.map(store.kind(of:)) ?? 0x1
      guard let object = parent.object, Self.isContainer(kind) else {
        throw FormatError(
          .invalidPointer,
          "\(Self.describe(parentPointer)) is \(parent.object.map(store.kindDescription(of:)) ?? "an integer"), not a container"
        )
      }
      let count = kind == 0x8 ? 1 : store.count(of: object)
      if kind == 0xA || kind == 0xC {
        guard let index = last == "-" ? count : JSONPointer.index(last), index <= count else {
          throw FormatError(
            .invalidPointer, JSONPointer.notAnIndex(last, count: count, in: parsed))
        }
        return (.insert(position: index, key: nil, value: restored), object, parent.steps)
      }
      if try Self.binaryFind(
        last, in: object, store: store, pointer: parsed, position: parsed.tokens.count - 1)
        != nil
      {
        throw FormatError(.invalidEdit, "\(parsed) exists already; set replaces it")
      }
      return (.insert(position: count, key: last, value: restored), object, parent.steps)
    }
  }

  /// ``remove(at:)`` of a binary document.
  mutating func binaryRemove(
    at parsed: JSONPointer, actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    try applyBinary(actionName: actionName) { (store) throws(FormatError) in
      let location = try Self.binaryResolve(parsed, in: store)
      guard let (container, position) = location.steps.last else {
        throw FormatError(.invalidPointer, "the document itself cannot be removed")
      }
      return (.remove(position: position), container, Array(location.steps.dropLast()))
    }
  }

  /// Plans an edit on the store and applies it. When the objects would
  /// outnumber what the file's references can name, the file is first
  /// written whole with references twice as wide, and the edit planned
  /// again on that.
  private mutating func applyBinary(
    actionName: String,
    _ plan: (BinaryPropertyListStore) throws(FormatError) -> BinaryPlan
  ) throws(FormatError) -> DocumentEdit<Self> {
    guard var store = binary else {
      throw FormatError(.invalidEdit, "not a binary property list")
    }
    while true {
      let (change, parent, ancestors) = try plan(store)
      var next = store
      do {
        try next.apply(change, to: parent, under: ancestors)
        return exchangeBinary(next, actionName: actionName)
      } catch {
        store = try BinaryPropertyListStore(
          writing: store.value(of: store.top, uidsAsDictionaries: false),
          minimumReferenceSize: min(8, store.trailer.referenceSize * 2))
      }
    }
  }

  /// Holds `store`; the edit returned holds the store held before.
  private mutating func exchangeBinary(
    _ store: BinaryPropertyListStore, actionName: String
  ) -> DocumentEdit<Self> {
    let old = binary
    binary = store
    return DocumentEdit(actionName: actionName) { document in
      guard let old else { return .unchanged(actionName: actionName) }
      return document.exchangeBinary(old, actionName: actionName)
    }
  }
}
