public import DocKit
public import Foundation

/// A property list document (`Info.plist`, entitlements, `project.pbxproj`),
/// edited in place through RFC 6901 JSON Pointers.
///
/// The format is found by content (``PropertyListFormat/detect(_:)``) and
/// kept on save. For XML and old-style ASCII files the file's bytes are
/// the document: an edit replaces only the bytes of the value it changes,
/// and an entry it adds copies its siblings' indentation (tabs, as Xcode
/// writes them) and line endings. Key order, comments, entity spellings
/// (`&#38;`), `<true></true>`, the prolog and the DOCTYPE stay byte for
/// byte. A new document, and a value typed into one, is written as
/// Apple's writer writes it (``PropertyListXMLWriter``). A binary file is
/// held as its own bytes: values are read from its objects, an edit
/// appends objects, and a save writes the file's objects, those appended
/// and a new offset table (see ``BinaryPropertyList``).
///
///     var document = try PropertyListDocument(bytes: Array(xml.utf8))
///     let undo = try document.set(.string("Lisbon"), at: "/CFBundleName")
public struct PropertyListDocument: FileDocument, Hashable {
  /// `com.apple.property-list` and its XML, binary and ASCII forms, and
  /// `.strings` files (``UTType/stringsText``).
  public static let readableContentTypes: [UTType] = [
    .propertyList, .xmlPropertyList, .binaryPropertyList, .asciiPropertyList, .stringsText,
  ]

  /// The deepest nesting read or built: 512 levels.
  public static let maximumDepth = 512

  /// The bytes edits act on: the file, for XML and ASCII; for JSON, its
  /// XML rendering; empty for a binary file, which is held as its own
  /// bytes (``text`` is its XML rendering).
  public internal(set) var bytes: [UInt8]
  /// The form the document is saved in.
  public internal(set) var format: PropertyListFormat
  /// Where the values of ``bytes`` are.
  var tree: PropertyListSyntaxTree
  /// A JSON file's bytes as read, and the XML rendering they were
  /// read as: saved as they are while ``bytes`` is that rendering.
  var original: (file: [UInt8], rendering: [UInt8])?
  /// A binary file, with the objects edits appended; nil for the other
  /// formats.
  var binary: BinaryPropertyListStore?
  /// For a file in UTF-16 (after its byte-order mark), whether it is
  /// big-endian: ``bytes`` are its UTF-8, and a save writes them in
  /// UTF-16 again, in the same order, with the same mark. Nil for UTF-8.
  public internal(set) var utf16BigEndian: Bool?

  /// A document holding `value`, written as Apple writes `format`.
  ///
  /// - Throws: ``FormatError`` if `format` cannot hold `value` (a date in
  ///   an ASCII property list, a UID outside a binary one).
  public init(
    value: PropertyListValue = .dictionary([]), format: PropertyListFormat = .xml
  )
    throws(FormatError)
  {
    let text: [UInt8]
    switch format {
    case .ascii: text = try PropertyListASCIIWriter.document(value)
    case .strings: text = try PropertyListASCIIWriter.stringsDocument(value)
    case .xml, .json: text = try PropertyListXMLWriter.document(value)
    case .binary:
      self = try Self(binaryValue: value)
      return
    }
    self.bytes = text
    self.format = format
    self.tree = try Self.parse(text, as: format == .json ? .xml : format)
  }

  /// Reads a property list in any of its formats.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the line
  ///   and column of the problem.
  ///
  /// JSON that is not an old-style ASCII property list (`{"a": 1}`,
  /// `[1, 2]`) reads as the ``PropertyListFormat/json`` format, as
  /// `plutil -convert json` writes it; a JSON `null` is refused.
  ///
  /// UTF-16 text after a byte-order mark (a `.strings` file as older
  /// Xcode versions wrote it) is read as its UTF-8 and saved in UTF-16
  /// again (``utf16BigEndian``).
  public init(bytes: [UInt8]) throws(FormatError) {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let bigEndian = bytes[0] == 0xFE
      guard let utf8 = Self.utf8(fromUTF16: bytes, bigEndian: bigEndian),
        Self.utf16(utf8, bigEndian: bigEndian) == bytes
      else {
        throw malformedPropertyList(
          "the file starts with a UTF-16 byte-order mark but is not UTF-16 text", at: 0,
          in: bytes)
      }
      var document = try Self(bytes: utf8)
      guard document.original == nil else {
        throw malformedPropertyList(
          "the file is UTF-16 text holding \(document.format == .json ? "JSON" : "no property list"), which a property list document does not read",
          at: 0, in: bytes)
      }
      document.utf16BigEndian = bigEndian
      self = document
      return
    }
    guard let format = PropertyListFormat.detect(bytes) else {
      if case .success(let tree) = Self.stringsFile(bytes) {
        self = Self(bytes: bytes, format: .strings, tree: tree)
        return
      }
      if let value = Self.readJSON(bytes) {
        self = try Self(held: value, as: .json, file: bytes)
        return
      }
      throw malformedPropertyList(
        "not a property list: it starts with neither <?xml, <plist, bplist, { nor (", at: 0,
        in: bytes)
    }
    switch format {
    case .binary:
      self = try Self(binaryStore: BinaryPropertyListStore(bytes))
    case .ascii:
      do {
        self = Self(bytes: bytes, format: .ascii, tree: try Self.parse(bytes, as: .ascii))
      } catch {
        var furthest = error
        switch Self.stringsFile(bytes) {
        case .success(let tree):
          self = Self(bytes: bytes, format: .strings, tree: tree)
          return
        case .failure(let stringsError):
          // Entries without braces that went wrong: the error of the
          // reading that got further says where.
          if stringsError.byteOffset ?? 0 > error.byteOffset ?? 0 { furthest = stringsError }
        }
        guard let value = Self.readJSON(bytes) else { throw furthest }
        self = try Self(held: value, as: .json, file: bytes)
      }
    case .xml, .json, .strings:
      self = Self(bytes: bytes, format: .xml, tree: try Self.parse(bytes, as: .xml))
    }
  }

  /// The tree of `bytes` as a `.strings` file, or why they are not one.
  /// Bytes that hold only whitespace and comments (or none) are an empty
  /// one.
  static func stringsFile(_ bytes: [UInt8]) -> Result<PropertyListSyntaxTree, FormatError> {
    Result { () throws(FormatError) in try Self.parse(bytes, as: .strings) }
  }

  private init(bytes: [UInt8], format: PropertyListFormat, tree: PropertyListSyntaxTree) {
    self.bytes = bytes
    self.format = format
    self.tree = tree
  }

  /// A JSON file, held as the XML rendering of `value`.
  private init(
    held value: PropertyListValue, as format: PropertyListFormat, file: [UInt8]
  ) throws(FormatError) {
    let rendering = try PropertyListXMLWriter.document(value, exactDates: format == .binary)
    self.format = format
    self.bytes = rendering
    self.tree = try Self.parse(rendering, as: .xml)
    self.original = (file, rendering)
  }

  /// The value of JSON text, nil if `bytes` are not JSON or hold a
  /// `null`: numbers without a fraction or exponent are integers, others
  /// reals.
  static func readJSON(_ bytes: [UInt8]) -> PropertyListValue? {
    guard let json = try? JSONDocument.parse(bytes) else { return nil }
    func convert(_ value: JSONValue, depth: Int) -> PropertyListValue? {
      guard depth <= maximumDepth else { return nil }
      switch value {
      case .null: return nil
      case .bool(let flag): return .boolean(flag)
      case .string(let text): return .string(text)
      case .number(let text):
        if let integer = Int64(text) { return .integer(integer) }
        if let integer = UInt64(text) { return .unsignedInteger(integer) }
        return Double(text).map(PropertyListValue.real)
      case .array(let items):
        var values: [PropertyListValue] = []
        for item in items {
          guard let converted = convert(item, depth: depth + 1) else { return nil }
          values.append(converted)
        }
        return .array(values)
      case .object(let members):
        var entries: [PropertyListEntry] = []
        for member in members {
          guard let converted = convert(member.value, depth: depth + 1) else { return nil }
          entries.append(PropertyListEntry(key: member.key, value: converted))
        }
        return .dictionary(entries)
      }
    }
    return convert(json, depth: 1)
  }

  /// Reads a file, once: its bytes go straight into ``bytes``.
  public init(configuration: ReadConfiguration) throws {
    guard configuration.file.isRegularFile else {
      throw FormatError(
        .corruptFile, "expected a regular file", file: configuration.file.filename)
    }
    let contents = try configuration.file.loadRegularFileBytes()
    do {
      try self.init(bytes: contents)
    } catch {
      throw error.inFile(configuration.file.filename)
    }
  }

  /// Parses text of `format` (XML or ASCII).
  static func parse(
    _ bytes: [UInt8], as format: PropertyListFormat
  ) throws(FormatError)
    -> PropertyListSyntaxTree
  {
    guard bytes.count <= PropertyListSyntaxTree.maximumSize else {
      throw FormatError(
        .malformedPropertyList,
        "the file is larger than \(PropertyListSyntaxTree.maximumSize) bytes, the most a property list document holds"
      )
    }
    switch format {
    case .ascii: return try PropertyListASCIIParser.parse(bytes, maximumDepth: maximumDepth)
    case .strings:
      return try PropertyListASCIIParser.parseStrings(bytes, maximumDepth: maximumDepth)
    case .xml, .binary, .json:
      return try PropertyListXMLParser.parse(bytes, maximumDepth: maximumDepth)
    }
  }

  /// `value` with each dictionary that holds only the key `CF$UID` and a
  /// non-negative integer read as that UID.
  static func restoringUIDs(in value: PropertyListValue) -> PropertyListValue {
    switch value {
    case .dictionary(let entries):
      if entries.count == 1, entries[0].key == PropertyListXMLWriter.uidKey {
        switch entries[0].value {
        case .integer(let number) where number >= 0: return .uid(UInt64(number))
        case .unsignedInteger(let number): return .uid(number)
        default: break
        }
      }
      return .dictionary(
        entries.map { PropertyListEntry(key: $0.key, value: restoringUIDs(in: $0.value)) })
    case .array(let items):
      return .array(items.map(restoringUIDs(in:)))
    default:
      return value
    }
  }

  // MARK: - Reading

  /// The document's value.
  public var value: PropertyListValue {
    if let binary { return binary.value(of: binary.top, uidsAsDictionaries: true) }
    return value(of: 0)
  }

  /// The value of node `index` of ``tree``, built whole from its bytes.
  func value(of index: Int) -> PropertyListValue {
    let node = tree[index]
    switch node.kind {
    case .dictionary:
      return .dictionary(
        tree.children(of: index).map { PropertyListEntry(key: key(of: $0), value: value(of: $0)) })
    case .array:
      return .array(tree.children(of: index).map { value(of: $0) })
    case .string where isASCII:
      if let plain = PropertyListASCIIParser.plainKey(
        from: Int(node.start), to: Int(node.end), in: bytes)
      {
        return .string(String(decoding: plain, as: UTF8.self))
      }
      return PropertyListASCIIParser.scalar(at: Int(node.start), in: bytes)
    default:
      return isASCII
        ? PropertyListASCIIParser.scalar(at: Int(node.start), in: bytes)
        : PropertyListXMLParser.scalar(node.kind, in: node.range, of: bytes)
    }
  }

  /// The key of dictionary entry `index`.
  func key(of index: Int) -> String {
    let node = tree[index]
    guard node.hasKey else { return "" }
    return isASCII
      ? PropertyListASCIIParser.key(at: Int(node.entryStart), in: bytes)
      : PropertyListXMLParser.key(at: Int(node.entryStart), in: bytes)
  }

  /// Whether the key of dictionary entry `index` is `key`, by Unicode
  /// scalars: the key's bytes compared as they stand when they need no
  /// decoding.
  func key(of index: Int, is key: String) -> Bool {
    let node = tree[index]
    guard node.hasKey else { return false }
    let plain =
      isASCII
      ? PropertyListASCIIParser.plainKey(
        from: Int(node.entryStart), to: Int(node.keyEnd), in: bytes)
      : PropertyListXMLParser.plainKey(at: Int(node.entryStart), in: bytes)
    if let plain { return plain.elementsEqual(key.utf8) }
    return self.key(of: index).unicodeScalars.elementsEqual(key.unicodeScalars)
  }

  /// Whether ``bytes`` are old-style ASCII text.
  var isASCII: Bool { format == .ascii || format == .strings }

  /// The form ``bytes`` are in: the document's format, or XML for a
  /// binary or JSON file's rendering.
  var syntax: PropertyListFormat { format == .binary || format == .json ? .xml : format }

  /// What a save writes.
  public var data: Data {
    get throws(FormatError) { Data(try savedBytes()) }
  }

  /// The bytes a save writes: ``bytes``, or for a binary or JSON
  /// document its own form (the file as read while nothing changed).
  func savedBytes() throws(FormatError) -> [UInt8] {
    if let binary { return binary.savedBytes() }
    if let utf16BigEndian { return Self.utf16(bytes, bigEndian: utf16BigEndian) }
    guard format == .json else { return bytes }
    if let original, original.rendering == bytes { return original.file }
    return Array(try Self.jsonText(value).utf8) + [0x0A]
  }

  /// ``bytes`` as text, without a UTF-8 byte-order mark: what `show`
  /// prints.
  public var text: String {
    if binary != nil { return String(decoding: binaryRendering, as: UTF8.self) }
    let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return String(decoding: bytes[mark...], as: UTF8.self)
  }

  /// The document as a save writes it, in its own format whatever the
  /// content type's name says (an `.plist` may hold any of the three).
  /// The bytes are written straight from the document's own buffer,
  /// without a copy of the file.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    if let binary { return FileWrapper(regularFileWithByteSource: binary.byteSource()) }
    let saved = try savedBytes()
    return FileWrapper(
      regularFileWithByteSource: FileWrapper.ByteSource(count: saved.count) { body in
        try saved.withUnsafeBytes(body)
      })
  }

  // MARK: - Equality

  /// Documents are equal when they hold the same bytes in the same format
  /// and encoding (binary documents: the same file, and the same objects
  /// appended).
  public static func == (lhs: PropertyListDocument, rhs: PropertyListDocument) -> Bool {
    lhs.format == rhs.format && lhs.utf16BigEndian == rhs.utf16BigEndian && lhs.bytes == rhs.bytes
      && lhs.binary == rhs.binary
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(format)
    hasher.combine(utf16BigEndian)
    hasher.combine(bytes)
    hasher.combine(binary)
  }

  // MARK: - UTF-16

  /// The UTF-8 of UTF-16 `bytes` after their byte-order mark; nil if
  /// they are not UTF-16 (an odd count, an unpaired surrogate).
  static func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool) -> [UInt8]? {
    guard bytes.count % 2 == 0 else { return nil }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index < bytes.count {
      let (high, low) =
        bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    var iterator = units.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): UTF8.encode(scalar) { output.append($0) }
      case .emptyInput: return output
      case .error: return nil
      }
    }
  }

  /// UTF-8 `bytes` as UTF-16 with a byte-order mark.
  static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
    var output: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    output.reserveCapacity(2 + bytes.count * 2)
    for unit in String(decoding: bytes, as: UTF8.self).utf16 {
      output +=
        bigEndian
        ? [UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit)]
        : [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)]
    }
    return output
  }
}

extension UTType {
  /// An old-style ASCII (OpenStep) property list:
  /// `com.apple.ascii-property-list`.
  public static let asciiPropertyList = UTType(
    importedAs: "com.apple.ascii-property-list", conformingTo: .propertyList)
}
