public import DocKit
import Foundation

/// A collection of notes, stored as a package: the seed's
/// `NoteCollection`, made real.
///
/// On disk, `Trip.notes/` holds `metadata.json` (the title and the notes'
/// order) and one `<id>.json` per note (its title and text). Saving
/// reuses the package wrapper from the last read or save and replaces only
/// the files whose parts changed, so the others are hard-linked: the cost
/// of making the wrapper follows the k changed notes, not the N notes. The
/// collection can also be written as one JSON file or as Markdown.
///
/// Equal collections have the same title, notes and unsaved changes.
public struct NoteCollectionDocument: FileDocument, ChangeTrackingDocument, Hashable {
  public static var readableContentTypes: [UTType] { [.noteCollection] }
  public static var writableContentTypes: [UTType] { [.noteCollection, .json, .markdown] }

  /// The name of the metadata file.
  public static let metadataFilename = "metadata.json"

  /// The largest a note's file or the metadata file may be: 64 MiB. A
  /// larger one is refused by its size, before it is read, so that a
  /// hostile package (a sparse file of a gigabyte) costs no memory.
  public static let maximumFileSize = 64 << 20

  /// One note.
  public struct Note: Hashable, Sendable, Identifiable {
    /// The note's id, which names its file: `<id>.json`.
    public let id: String
    /// The note's title.
    public var title: String
    /// The note's text.
    public var text: String

    /// Creates a note.
    public init(id: String, title: String, text: String) {
      self.id = id
      self.title = title
      self.text = text
    }

    /// The note's file name.
    public var filename: String { "\(id).json" }
  }

  /// The collection's title.
  public private(set) var title: String {
    didSet { serial = NoteCollectionBaseline.nextSerial() }
  }
  /// The notes, in order.
  public private(set) var notes: [Note] {
    didSet { serial = NoteCollectionBaseline.nextSerial() }
  }
  /// Whether `metadata.json` must be rewritten.
  private(set) var metadataChanged: Bool
  /// The notes whose files must be rewritten, by id, as they are now.
  private(set) var changedNotes: [String: Note]
  /// The ids of notes whose files must be removed (unless they are in
  /// ``changedNotes`` again).
  private(set) var removedNotes: Set<String> = []
  /// Identifies this value's content (title and notes): a copy shares it,
  /// and every edit gives a new one.
  private var serial = NoteCollectionBaseline.nextSerial()
  /// The ``serial`` of the content the change flags are relative to: as
  /// read, or as last saved.
  private var baseSerial: UInt64 = 0
  /// Which wrapper holds which content, for every value of this lineage.
  private var baseline = NoteCollectionBaseline()

  /// Creates a new collection; everything in it counts as changed.
  public init(title: String, notes: [Note] = []) throws(FormatError) {
    for note in notes { try Self.checkID(note.id) }
    guard Set(notes.map(\.id)).count == notes.count else {
      throw FormatError(.invalidEdit, "two notes have the same id")
    }
    self.title = title
    self.notes = notes
    metadataChanged = true
    changedNotes = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
  }

  /// Whether anything changed since the last save.
  public var hasUnsavedChanges: Bool {
    metadataChanged || !changedNotes.isEmpty || !removedNotes.isEmpty
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.notes == rhs.notes && lhs.metadataChanged == rhs.metadataChanged
      && lhs.changedNotes == rhs.changedNotes && lhs.removedNotes == rhs.removedNotes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(notes)
    hasher.combine(metadataChanged)
    hasher.combine(changedNotes)
    hasher.combine(removedNotes)
  }

  // MARK: - Reading

  public init(configuration: ReadConfiguration) throws {
    let package = configuration.file
    guard package.isDirectory, let files = package.fileWrappers else {
      throw FormatError(
        .corruptFile, "a note collection must be a directory", file: package.filename)
    }
    guard let metadataFile = files[Self.metadataFilename] else {
      throw FormatError(
        .missingFile, "the package has no \(Self.metadataFilename)", file: Self.metadataFilename)
    }
    let metadata = try Self.object(in: metadataFile, named: Self.metadataFilename)
    title = try Self.string(metadata, "title", in: Self.metadataFilename)
    guard case .array(let order)? = metadata["notes"] else {
      throw FormatError(
        .corruptFile, "\"notes\" must be an array of note ids", file: Self.metadataFilename)
    }
    var ids: [String] = []
    var seen: Set<String> = []
    for entry in order {
      guard case .string(let id) = entry else {
        throw FormatError(.corruptFile, "\"notes\" must hold strings", file: Self.metadataFilename)
      }
      do { try Self.checkID(id) } catch { throw error.inFile(Self.metadataFilename) }
      guard seen.insert(id).inserted else {
        throw FormatError(
          .corruptFile, "note \"\(id)\" is listed twice", file: Self.metadataFilename)
      }
      ids.append(id)
    }
    let expected = Set(ids.map { "\($0).json" } + [Self.metadataFilename])
    for name in files.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    where !expected.contains(name) {
      throw FormatError(
        .unexpectedEntry, "not part of a note collection (not listed in \(Self.metadataFilename))",
        file: name)
    }
    notes = try ids.map { id in
      let name = "\(id).json"
      guard let file = files[name] else {
        throw FormatError(
          .missingFile, "listed in \(Self.metadataFilename) but missing", file: name)
      }
      let fields = try Self.object(in: file, named: name)
      return Note(
        id: id, title: try Self.string(fields, "title", in: name),
        text: try Self.string(fields, "text", in: name))
    }
    metadataChanged = false
    changedNotes = [:]
    baseSerial = serial
    baseline.record(package, holds: serial)
  }

  private static func object(in file: FileWrapper, named name: String) throws -> JSONValue {
    guard file.isRegularFile else {
      throw FormatError(.unexpectedEntry, "expected a regular file", file: name)
    }
    if let size = (file.fileAttributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue,
      size > maximumFileSize
    {
      throw FormatError(
        .fileTooLarge,
        "\(size) bytes, more than a note collection's file may be (\(maximumFileSize) bytes)",
        file: name)
    }
    let value: JSONValue
    do {
      value = try JSONDocument.parse([UInt8](try PlainTextDocument.contents(of: file)))
    } catch let error as FormatError {
      throw error.inFile(name)
    }
    guard case .object = value else {
      throw FormatError(
        .corruptFile, "expected a JSON object, found \(value.kindDescription)", file: name)
    }
    return value
  }

  private static func string(
    _ fields: JSONValue, _ key: String, in name: String
  ) throws -> String {
    if case .object(let members) = fields, members.count(where: { $0.key == key }) > 1 {
      throw FormatError(.corruptFile, "\"\(key)\" appears more than once", file: name)
    }
    guard case .string(let string)? = fields[key] else {
      throw FormatError(.corruptFile, "\"\(key)\" must be a string", file: name)
    }
    return string
  }

  /// Ids name files: 1 to 64 letters, digits, `-` and `_`, not `metadata`.
  /// `id` as an error shows it: a control character escaped (a NUL as
  /// `\0`, an escape as `\u{1B}`), so a hostile id cannot hide or forge
  /// text, and an id over 80 characters cut short with its length.
  private static func shown(_ id: String) -> String {
    var text = ""
    for scalar in id.unicodeScalars.prefix(80) {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator:
        text += scalar.escaped(asASCII: true)
      default:
        text.unicodeScalars.append(scalar)
      }
    }
    if id.unicodeScalars.count > 80 { text += "... (\(id.utf8.count) bytes)" }
    return text
  }

  static func checkID(_ id: String) throws(FormatError) {
    let valid = id.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        true
      default: false
      }
    }
    guard (1...64).contains(id.utf8.count), valid, id != "metadata" else {
      throw FormatError(
        .invalidEdit,
        "'\(shown(id))' is not a note id (1 to 64 letters, digits, '-' or '_', and not 'metadata')")
    }
  }

  // MARK: - Writing

  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    switch configuration.contentType {
    case .noteCollection: return try packageWrapper(reusing: configuration.existingFile)
    case .json:
      return FileWrapper(regularFileWithContents: Data(JSONWriter.text(of: flattened).utf8))
    case .markdown: return FileWrapper(regularFileWithContents: Data(markdown.utf8))
    default:
      throw FormatError(
        .unsupportedContentType,
        "a note collection cannot be written as \(configuration.contentType)")
    }
  }

  /// The seed's algorithm: start from the existing package, replace the
  /// files of changed parts (removing the old wrapper first, so the name is
  /// not uniqued), and drop the files of notes that are gone.
  ///
  /// The flags are trusted only when `existing` is recorded as holding
  /// their base; then this is O(k). A wrapper that already holds this
  /// value is returned as it is. Any other gets every part written: O(N).
  private func packageWrapper(reusing existing: FileWrapper?) throws -> FileWrapper {
    if let existing, existing.isDirectory {
      if baseline.wrapper(existing, holds: serial) { return existing }
      if baseline.wrapper(existing, holds: baseSerial), applyChanges(to: existing) {
        baseline.record(existing, holds: serial)
        return existing
      }
    }
    let package =
      existing?.isDirectory == true
      ? existing ?? FileWrapper(directoryWithFileWrappers: [:])
      : FileWrapper(directoryWithFileWrappers: [:])
    replace(Self.metadataFilename, in: package, with: metadataValue)
    let current = Set(notes.map(\.filename))
    for (name, wrapper) in package.fileWrappers ?? [:]
    where name != Self.metadataFilename && !current.contains(name) {
      package.removeFileWrapper(wrapper)
    }
    for note in notes { replace(note.filename, in: package, with: Self.value(of: note)) }
    baseline.record(package, holds: serial)
    return package
  }

  /// Writes the flagged changes into `package`, which holds the base.
  /// Returns false if the result does not have one file per note and the
  /// metadata, which only a package changed behind the collection's back
  /// can give; the caller then writes everything.
  private func applyChanges(to package: FileWrapper) -> Bool {
    if metadataChanged { replace(Self.metadataFilename, in: package, with: metadataValue) }
    for id in removedNotes.sorted() {
      if let old = package.fileWrappers?["\(id).json"] { package.removeFileWrapper(old) }
    }
    for (_, note) in changedNotes.sorted(by: { $0.key < $1.key }) {
      replace(note.filename, in: package, with: Self.value(of: note))
    }
    return package.fileWrappers?.count == notes.count + 1
  }

  private func replace(_ name: String, in package: FileWrapper, with value: JSONValue) {
    if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
    package.addRegularFile(
      withContents: Data(JSONWriter.text(of: value).utf8), preferredFilename: name)
  }

  // Members in the order of the package format's first release, which
  // sorted them: the files' bytes stay what they were.
  private var metadataValue: JSONValue {
    .object([.init("notes", .array(notes.map { .string($0.id) })), .init("title", .string(title))])
  }

  private static func value(of note: Note) -> JSONValue {
    .object([.init("text", .string(note.text)), .init("title", .string(note.title))])
  }

  /// The whole collection as one JSON value.
  private var flattened: JSONValue {
    .object([
      .init(
        "notes",
        .array(
          notes.map {
            .object([
              .init("id", .string($0.id)), .init("text", .string($0.text)),
              .init("title", .string($0.title)),
            ])
          })),
      .init("title", .string(title)),
    ])
  }

  /// The collection as Markdown: the title, then each note as a section.
  public var markdown: String {
    var text = "# \(title)\n"
    for note in notes {
      text += "\n## \(note.title)\n\n\(note.text)"
      if !note.text.hasSuffix("\n") { text += "\n" }
    }
    return text
  }

  public mutating func markSaved(as contentType: UTType) {
    guard contentType == .noteCollection else { return }
    // The host saved the wrapper this value made, which recorded it. If
    // no record says so, the next save writes everything, to be safe.
    baseSerial = baseline.isRecorded(serial) ? serial : 0
    metadataChanged = false
    changedNotes = [:]
    removedNotes = []
  }

  // MARK: - Editing

  /// Renames the collection.
  @discardableResult
  public mutating func setTitle(_ newTitle: String) -> DocumentEdit<Self> {
    let old = title
    title = newTitle
    metadataChanged = true
    return DocumentEdit(actionName: "Rename Collection") { $0.setTitle(old) }
  }

  /// Adds a note at `index` (0-based; the end by default).
  @discardableResult
  public mutating func addNote(
    _ note: Note, at index: Int? = nil
  ) throws(FormatError) -> DocumentEdit<Self> {
    try Self.checkID(note.id)
    guard !notes.contains(where: { $0.id == note.id }) else {
      throw FormatError(.invalidEdit, "a note with id '\(note.id)' already exists")
    }
    let index = index ?? notes.count
    guard (0...notes.count).contains(index) else {
      throw FormatError(
        .invalidEdit, "position \(index + 1) is out of range (there are \(notes.count) notes)")
    }
    notes.insert(note, at: index)
    metadataChanged = true
    changedNotes[note.id] = note
    return DocumentEdit(actionName: "Add Note") { $0.removeNote(unchecked: note.id) }
  }

  /// Removes the note with `id`.
  @discardableResult
  public mutating func removeNote(id: String) throws(FormatError) -> DocumentEdit<Self> {
    guard notes.contains(where: { $0.id == id }) else {
      throw FormatError(.invalidEdit, "there is no note '\(id)'")
    }
    return removeNote(unchecked: id)
  }

  private mutating func removeNote(unchecked id: String) -> DocumentEdit<Self> {
    // Inverses run in order, so the note is there; if not, change nothing.
    guard let index = notes.firstIndex(where: { $0.id == id }) else {
      return .unchanged(actionName: "Remove Note")
    }
    let note = notes.remove(at: index)
    metadataChanged = true
    changedNotes[id] = nil
    removedNotes.insert(id)
    return DocumentEdit(actionName: "Remove Note") { document in
      document.notes.insert(note, at: index)
      document.metadataChanged = true
      document.changedNotes[note.id] = note
      return DocumentEdit(actionName: "Remove Note") { $0.removeNote(unchecked: note.id) }
    }
  }

  /// Moves the note with `id` to position `index` (0-based).
  @discardableResult
  public mutating func moveNote(id: String, to index: Int) throws(FormatError) -> DocumentEdit<Self>
  {
    guard let from = notes.firstIndex(where: { $0.id == id }) else {
      throw FormatError(.invalidEdit, "there is no note '\(id)'")
    }
    guard notes.indices.contains(index) else {
      throw FormatError(
        .invalidEdit, "position \(index + 1) is out of range (there are \(notes.count) notes)")
    }
    return moveNote(from: from, to: index)
  }

  private mutating func moveNote(from: Int, to index: Int) -> DocumentEdit<Self> {
    let note = notes.remove(at: from)
    notes.insert(note, at: index)
    metadataChanged = true
    return DocumentEdit(actionName: "Move Note") { $0.moveNote(from: index, to: from) }
  }

  /// Changes a note's title and text.
  @discardableResult
  public mutating func editNote(
    id: String, title: String? = nil, text: String? = nil
  ) throws(FormatError)
    -> DocumentEdit<Self>
  {
    guard var note = notes.first(where: { $0.id == id }) else {
      throw FormatError(.invalidEdit, "there is no note '\(id)'")
    }
    note.title = title ?? note.title
    note.text = text ?? note.text
    return replaceNote(with: note)
  }

  private mutating func replaceNote(with note: Note) -> DocumentEdit<Self> {
    guard let index = notes.firstIndex(where: { $0.id == note.id }) else {
      return .unchanged(actionName: "Edit Note")
    }
    let old = notes[index]
    notes[index] = note
    changedNotes[note.id] = note
    return DocumentEdit(actionName: "Edit Note") { $0.replaceNote(with: old) }
  }
}
