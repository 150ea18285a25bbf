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
  /// `com.apple.property-list` and its XML, binary and ASCII forms.
  public static let readableContentTypes: [UTType] = [
    .propertyList, .xmlPropertyList, .binaryPropertyList, .asciiPropertyList,
  ]

  /// The deepest nesting read or built: 512 levels.
  public static let maximumDepth = 512

  /// The bytes edits act on: the file, for XML and ASCII; for JSON, its
  /// XML rendering; empty for a binary file, which is held as its own
  /// bytes (``text`` is its XML rendering).
  public internal(set) var bytes: [UInt8]
  /// The form the document is saved in.
  public internal(set) var format: PropertyListFormat
  /// The syntax tree of ``bytes``.
  var root: PropertyListNode
  /// A JSON file's bytes as read, and the XML rendering they were
  /// read as: saved as they are while ``bytes`` is that rendering.
  var original: (file: [UInt8], rendering: [UInt8])?
  /// A binary file, with the objects edits appended; nil for the other
  /// formats.
  var binary: BinaryPropertyListStore?

  /// A document holding `value`, written as Apple writes `format`.
  ///
  /// - Throws: ``FormatError`` if `format` cannot hold `value` (a date in
  ///   an ASCII property list, a UID outside a binary one).
  public init(
    value: PropertyListValue = .dictionary([]), format: PropertyListFormat = .xml
  )
    throws(FormatError)
  {
    if format == .binary {
      self = try Self(binaryValue: value)
      return
    }
    let text: [UInt8]
    switch format {
    case .ascii: text = try PropertyListASCIIWriter.document(value)
    case .xml, .json: text = try PropertyListXMLWriter.document(value)
    case .binary: text = try PropertyListXMLWriter.document(value, exactDates: true)
    }
    self.bytes = text
    self.format = format
    self.root = try Self.parse(text, as: format == .ascii ? .ascii : .xml)
  }

  /// Reads a property list in any of the three formats.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList`` with the line
  ///   and column of the problem.
  ///
  /// JSON that is not an old-style ASCII property list (`{"a": 1}`,
  /// `[1, 2]`) reads as the ``PropertyListFormat/json`` format, as
  /// `plutil -convert json` writes it; a JSON `null` is refused.
  public init(bytes: [UInt8]) throws(FormatError) {
    guard let format = PropertyListFormat.detect(bytes) else {
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
        self = Self(bytes: bytes, format: .ascii, root: try Self.parse(bytes, as: .ascii))
      } catch {
        guard let value = Self.readJSON(bytes) else { throw error }
        self = try Self(held: value, as: .json, file: bytes)
      }
    case .xml, .json:
      self = Self(bytes: bytes, format: .xml, root: try Self.parse(bytes, as: .xml))
    }
  }

  private init(bytes: [UInt8], format: PropertyListFormat, root: PropertyListNode) {
    self.bytes = bytes
    self.format = format
    self.root = root
  }

  /// A JSON file, held as the XML rendering of `value`.
  private init(
    held value: PropertyListValue, as format: PropertyListFormat, file: [UInt8]
  ) throws(FormatError) {
    let rendering = try PropertyListXMLWriter.document(value, exactDates: format == .binary)
    self.format = format
    self.bytes = rendering
    self.root = try Self.parse(rendering, as: .xml)
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

  /// Reads a file.
  public init(configuration: ReadConfiguration) throws {
    let contents = try PlainTextDocument.contents(of: configuration.file)
    do {
      if contents.starts(with: "bplist".utf8) {
        // Held as the Data read, without a copy.
        try self.init(binaryStore: BinaryPropertyListStore(contents))
        return
      }
      try self.init(bytes: [UInt8](contents))
    } catch {
      throw error.inFile(configuration.file.filename)
    }
  }

  /// Parses text of `format` (XML or ASCII).
  static func parse(
    _ bytes: [UInt8], as format: PropertyListFormat
  ) throws(FormatError)
    -> PropertyListNode
  {
    switch format {
    case .ascii: try PropertyListASCIIParser.parse(bytes, maximumDepth: maximumDepth)
    case .xml, .binary, .json:
      try PropertyListXMLParser.parse(bytes, maximumDepth: maximumDepth)
    }
  }

  /// A binary property list's value (``BinaryPropertyList/read(_:)``).
  static func readBinary(_ bytes: [UInt8]) throws(FormatError) -> PropertyListValue {
    try BinaryPropertyList.read(bytes)
  }

  /// `value` as a binary property list, each one-key dictionary
  /// `{CF$UID = N}` written as the UID `N`, as CoreFoundation reads the
  /// XML rendering of a keyed archive.
  static func writeBinary(_ value: PropertyListValue) throws(FormatError) -> [UInt8] {
    BinaryPropertyList.write(restoringUIDs(in: value))
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
    return root.value
  }

  /// What a save writes.
  public var data: Data {
    get throws(FormatError) { Data(try savedBytes()) }
  }

  /// The bytes a save writes: ``bytes``, or for a binary or JSON
  /// document its own form (the file as read while nothing changed).
  func savedBytes() throws(FormatError) -> [UInt8] {
    if let binary { return binary.savedBytes() }
    guard format == .binary || format == .json else { return bytes }
    if let original, original.rendering == bytes { return original.file }
    if format == .json { return Array(try Self.jsonText(value).utf8) + [0x0A] }
    return try Self.writeBinary(value)
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
  /// (binary documents: the same file, and the same objects appended).
  public static func == (lhs: PropertyListDocument, rhs: PropertyListDocument) -> Bool {
    lhs.format == rhs.format && lhs.bytes == rhs.bytes && lhs.binary == rhs.binary
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(format)
    hasher.combine(bytes)
    hasher.combine(binary)
  }
}

extension UTType {
  /// An old-style ASCII (OpenStep) property list:
  /// `com.apple.ascii-property-list`.
  public static let asciiPropertyList = UTType(
    importedAs: "com.apple.ascii-property-list", conformingTo: .propertyList)
}
