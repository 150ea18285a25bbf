public import DocKit
import DocScript
public import Foundation

/// A JSON document, edited in place through RFC 6901 JSON Pointers.
///
/// The file's bytes are the document: an edit replaces only the bytes of
/// the value it changes, and a member or element it adds takes the
/// indentation, line endings and separators of its siblings. Key order,
/// whitespace, number spellings (`1.50`, `1e3`) and string escapes
/// (`\u00e9`) stay as the author wrote them, and so do duplicate keys, which
/// a pointer cannot name (RFC 6901 leaves that case undefined). A new
/// document is written in the stable form: two-space indentation, one
/// member a line, members in the order they were added. Input nested
/// deeper than ``maximumDepth`` is refused. A UTF-8 byte-order mark
/// before the value is accepted (RFC 8259 lets a parser ignore one) and
/// kept, as plain text keeps it.
///
/// A document of ``UTType/jsonWithComments`` reads JSON with comments
/// (``JSONDialect/jsonWithComments``): its comments, blank lines and
/// trailing commas are bytes between values, kept as they are. An edit
/// keeps the comments around the value it changes; a new member takes a
/// trailing comma when its siblings' container has one; a removed member
/// takes its comma and the comment on its line with it.
///
/// Reading indexes the file in one pass (about 20 bytes a value) without
/// building values; an edit costs in proportion to the containers on its
/// path, not to the file, and its undo keeps only what it replaced.
///
///     var document = try JSONDocument(text: #"{"trip": {"days": 3}}"#)
///     let undo = try document.set(.number("4"), at: "/trip/days")
public struct JSONDocument: FileDocument, Hashable {
  public static let readableContentTypes: [UTType] = [.json, .jsonWithComments]

  /// The deepest nesting read or built: 512 levels.
  public static let maximumDepth = 512

  /// The whitespace before the root value.
  var prefix: ArraySlice<UInt8>
  /// The root value.
  var rootRef: JSONNodeRef
  /// The whitespace after the root value.
  var suffix: ArraySlice<UInt8>
  /// The containers on the paths of edits, by value. Every other value is
  /// written as the bytes it was read from.
  var opened: [JSONNodeRef: JSONOpenContainer] = [:]
  /// The layout the file uses, for containers with no members to copy.
  let defaults: JSONLayout
  /// Strict JSON, or JSON with comments: what the document reads, and
  /// what the values typed into it may hold.
  public let dialect: JSONDialect

  /// Creates a document holding `root`, in the stable form. A number
  /// whose text is not a JSON number (`.number("abc")`) is kept as a
  /// string, so that the document is JSON.
  public init(root: JSONValue = .object([]), dialect: JSONDialect = .json) {
    let text = Array(JSONWriter.text(of: root, quotingBadNumbers: true).utf8)
    do {
      self.init(tree: try JSONSyntaxTree.parse(text, maximumDepth: Int.max), dialect: dialect)
    } catch {
      // Unreachable: the stable form with its numbers checked is JSON.
      // Kept whole as one string rather than lost.
      let string = Array((JSONWriter.quoted(String(decoding: text, as: UTF8.self)) + "\n").utf8)
      self.init(
        tree: JSONSyntaxTree(
          bytes: string,
          nodes: [
            .init(start: 0, end: UInt32(string.count - 1), keyStart: .max, size: 1, kind: .string)
          ], innerWhitespace: 0), dialect: dialect)
    }
  }

  /// Parses JSON text, or JSON with comments.
  ///
  /// - Throws: ``FormatError`` with the line and column of the problem.
  public init(text: String, dialect: JSONDialect = .json) throws(FormatError) {
    self.init(
      tree: try JSONSyntaxTree.parse(
        Array(text.utf8), maximumDepth: Self.maximumDepth, dialect: dialect),
      dialect: dialect)
  }

  /// Reads a file: JSON with comments if the content type is
  /// ``UTType/jsonWithComments`` (or conforms to it), else strict JSON.
  /// Strict JSON that would read as JSON with comments fails with an
  /// error that says so, and how to open it.
  public init(configuration: ReadConfiguration) throws {
    let bytes = [UInt8](try PlainTextDocument.contents(of: configuration.file))
    let dialect: JSONDialect =
      configuration.contentType.conforms(to: .jsonWithComments) ? .jsonWithComments : .json
    do {
      self.init(
        tree: try JSONSyntaxTree.parse(bytes, maximumDepth: Self.maximumDepth, dialect: dialect),
        dialect: dialect)
    } catch {
      var error = error
      if dialect == .json, error.code == .malformedJSON,
        (try? JSONSyntaxTree.parse(
          bytes, maximumDepth: Self.maximumDepth, dialect: .jsonWithComments)) != nil
      {
        let name =
          (configuration.file.filename ?? configuration.file.preferredFilename).map {
            Word.quoted($0)
          } ?? "FILE"
        error.message +=
          "; the file is JSON with comments, which 'open \(name) --type jsonc' reads"
      }
      throw error.inFile(configuration.file.filename)
    }
  }

  init(tree: JSONSyntaxTree, dialect: JSONDialect = .json) {
    let span = tree.span(0)
    prefix = tree.bytes[..<span.lowerBound]
    rootRef = JSONNodeRef(tree)
    suffix = tree.bytes[span.upperBound...]
    defaults = Self.layout(of: tree)
    self.dialect = dialect
  }

  /// The layout of a file: its first line ending, the indentation of its
  /// first indented line as one level, and whether it is minified.
  private static func layout(of tree: JSONSyntaxTree) -> JSONLayout {
    var layout = JSONLayout.stable
    let bytes = tree.bytes
    if let newline = bytes.firstIndex(of: 0x0A) {
      layout.lineEnding = JSONLayout.lineEnding(in: bytes[...]) ?? [0x0A]
      var offset = newline
      while let next = bytes[offset...].firstIndex(of: 0x0A) {
        var end = next + 1
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        if end > next + 1, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
          layout.unit = Array(bytes[(next + 1)..<end])
          break
        }
        offset = next + 1
      }
    }
    if tree.innerWhitespace == 0, tree.nodes.count > 1 {
      layout.multiLine = false
      layout.keySeparator = [UInt8(ascii: ":")]
      layout.itemSeparator = [UInt8(ascii: ",")]
    } else if let member = tree.nodes.prefix(64).firstIndex(where: { $0.keyStart != .max }) {
      let key = tree.key(of: member)
      let separator = tree.bytes[key.endIndex..<Int(tree.nodes[member].start)]
      // Whitespace and the colon, not a comment between them.
      if !JSONTrivia.hasComment(separator) { layout.keySeparator = Array(separator) }
    }
    return layout
  }

  // MARK: - Reading

  /// The document's value.
  public var root: JSONValue { value(of: rootRef) }

  /// The document's bytes: what a save writes. Runs of bytes that lie
  /// side by side in what was read are copied as one.
  public var data: Data {
    let runs = self.runs()
    var data = Data(count: runs.reduce(0) { $0 + $1.count })
    data.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      for run in runs {
        guard let start = run.baseAddress else { continue }
        (base + offset).copyMemory(from: start, byteCount: run.count)
        offset += run.count
      }
    }
    return data
  }

  /// What a save writes, as the runs of bytes the document holds: for a
  /// large file with a few edits, the unchanged spans of the bytes read
  /// and the edited values between them, written to the file as they
  /// are, never first joined into one `Data` of the file's size.
  var byteSource: FileWrapper.ByteSource {
    let document = self
    return FileWrapper.ByteSource(count: prefix.count + length(of: rootRef) + suffix.count) {
      body in
      for run in document.runs() { try body(run) }
    }
  }

  /// The document's bytes as buffers in order, those that lie side by
  /// side in what was read joined into one. The buffers are the
  /// document's own (the bytes read, the edited values, the separators):
  /// valid while the document, or a copy of it, is.
  private func runs() -> [UnsafeRawBufferPointer] {
    var runs = RunList()
    runs.append(prefix)
    write(rootRef, into: &runs, openedIndexes: OpenedIndexes(opened))
    runs.append(suffix)
    return runs.runs
  }

  /// The indexes of the nodes in ``opened``, sorted: a run of entries as
  /// read is written as one span of bytes, split only where it holds an
  /// opened value, which a binary search of these few indexes finds.
  /// (An edited value's own tree numbers its nodes from 0 too; an index
  /// found is looked up in ``opened``.)
  private struct OpenedIndexes {
    private let sorted: [Int]

    init(_ opened: [JSONNodeRef: JSONOpenContainer]) {
      sorted = opened.keys.map(\.index).sorted()
    }

    /// Whether `ref` may be opened.
    func mayHold(_ ref: JSONNodeRef) -> Bool {
      let low = firstPosition(atLeast: ref.index)
      return low < sorted.count && sorted[low] == ref.index
    }

    /// The indexes in `range`, in order.
    func indexes(in range: Range<Int>) -> ArraySlice<Int> {
      sorted[firstPosition(atLeast: range.lowerBound)..<firstPosition(atLeast: range.upperBound)]
    }

    private func firstPosition(atLeast index: Int) -> Int {
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The opened container of `ref`, if it is one.
  private func opened(
    _ ref: JSONNodeRef, _ openedIndexes: OpenedIndexes
  ) -> JSONOpenContainer? {
    openedIndexes.mayHold(ref) ? opened[ref] : nil
  }

  /// The opened values among the entries of `run` of `tree`: the first
  /// opened node found in its span is one of its entries' values, as
  /// every container on an opened value's path is opened; the nodes
  /// under it are passed over.
  private func openedValues(
    in run: JSONEntryList.ReadRun, of tree: JSONSyntaxTree, _ openedIndexes: OpenedIndexes
  ) -> [JSONNodeRef] {
    var values: [JSONNodeRef] = []
    var next = run.firstNode
    for index in openedIndexes.indexes(in: run.firstNode..<run.endNode) where index >= next {
      let ref = JSONNodeRef(tree, index)
      guard opened[ref] != nil else { continue }
      values.append(ref)
      next = index + Int(tree.nodes[index].size)
    }
    return values
  }

  /// Buffers in order, joining those that lie side by side.
  private struct RunList {
    var runs: [UnsafeRawBufferPointer] = []

    /// Adds `slice`'s bytes. Slices stay alive while the document does,
    /// so the pointers kept stay valid.
    mutating func append(_ slice: ArraySlice<UInt8>) {
      guard !slice.isEmpty else { return }
      slice.withUnsafeBytes { bytes in
        guard let start = bytes.baseAddress else { return }
        if let last = runs.last, let end = last.baseAddress.map({ $0 + last.count }), end == start {
          runs[runs.count - 1] = UnsafeRawBufferPointer(
            start: last.baseAddress, count: last.count + bytes.count)
          return
        }
        runs.append(bytes)
      }
    }
  }

  private func write(
    _ ref: JSONNodeRef, into runs: inout RunList, openedIndexes: OpenedIndexes
  ) {
    guard let container = opened(ref, openedIndexes) else {
      runs.append(ref.bytes)
      return
    }
    runs.append(ref.kind == .object ? Self.openBrace : Self.openBracket)
    for piece in container.entries.pieces {
      switch piece {
      case .held(let entries):
        for entry in entries {
          runs.append(entry.lead)
          runs.append(entry.key)
          write(entry.value, into: &runs, openedIndexes: openedIndexes)
        }
      case .read(let run):
        let tree = container.entries.tree
        var cursor = run.leadStart
        for value in openedValues(in: run, of: tree, openedIndexes) {
          let span = tree.span(value.index)
          runs.append(tree.bytes[cursor..<span.lowerBound])
          write(value, into: &runs, openedIndexes: openedIndexes)
          cursor = span.upperBound
        }
        runs.append(tree.bytes[cursor..<run.end])
      }
    }
    runs.append(container.close)
  }

  private static let openBrace: ArraySlice<UInt8> = [UInt8(ascii: "{")]
  private static let openBracket: ArraySlice<UInt8> = [UInt8(ascii: "[")]

  /// How many bytes `ref` is written as.
  func length(of ref: JSONNodeRef) -> Int {
    length(of: ref, OpenedIndexes(opened))
  }

  private func length(of ref: JSONNodeRef, _ openedIndexes: OpenedIndexes) -> Int {
    guard let container = opened(ref, openedIndexes) else { return ref.tree.span(ref.index).count }
    var length = 1 + container.close.count
    for piece in container.entries.pieces {
      switch piece {
      case .held(let entries):
        for entry in entries {
          length += entry.lead.count + entry.key.count + self.length(of: entry.value, openedIndexes)
        }
      case .read(let run):
        length += run.end - run.leadStart
        for value in openedValues(in: run, of: container.entries.tree, openedIndexes) {
          length += self.length(of: value, openedIndexes) - value.tree.span(value.index).count
        }
      }
    }
    return length
  }

  /// The document's bytes, as text: what a save writes, but for a UTF-8
  /// byte-order mark, which ``data`` keeps and the text does not show.
  public var text: String {
    let data = data
    let mark = data.starts(with: JSONParser.byteOrderMark) ? JSONParser.byteOrderMark.count : 0
    return String(decoding: data.dropFirst(mark), as: UTF8.self)
  }

  /// The document as a save writes it.
  ///
  /// - Throws: ``FormatError/Code/unsupportedContentType`` when JSON with
  ///   comments that holds a comment or a trailing comma is written as
  ///   `public.json`, which cannot hold them.
  public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    // Only a document with comments written as strict JSON is joined, to
    // be checked: every other save writes its runs as they are.
    if dialect == .jsonWithComments, !configuration.contentType.conforms(to: .jsonWithComments),
      configuration.contentType.conforms(to: .json)
    {
      let data = data
      do {
        _ = try JSONSyntaxTree.parse([UInt8](data), maximumDepth: Self.maximumDepth)
      } catch {
        throw FormatError(
          .unsupportedContentType,
          "the document is JSON with comments, which \(configuration.contentType.identifier) cannot hold: \(error.line.map { "line \($0): " } ?? "")\(error.message); save it as org.docrepl.jsonc (.jsonc)"
        )
      }
      return FileWrapper(regularFileWithContents: data)
    }
    return FileWrapper(regularFileWithByteSource: byteSource)
  }

  /// The document's bytes.
  var bytes: [UInt8] {
    var marks: [Mark: Int] = [:]
    return write(marking: [], into: &marks)
  }

  /// A member or element, for finding where it is written.
  struct Mark: Hashable {
    var container: JSONNodeRef
    var index: Int
  }

  /// Writes the document, recording in `marks` the offset of each entry in
  /// `wanted`.
  func write(marking wanted: Set<Mark>, into marks: inout [Mark: Int]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(rootRef.tree.bytes.count + 64)
    output += prefix
    write(rootRef, marking: wanted, into: &output, marks: &marks)
    output += suffix
    return output
  }

  private func write(
    _ ref: JSONNodeRef, marking wanted: Set<Mark>, into output: inout [UInt8],
    marks: inout [Mark: Int]
  ) {
    guard let container = opened[ref] else {
      output += ref.bytes
      return
    }
    output.append(ref.kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    for (index, entry) in container.entries.enumerated() {
      output += entry.lead
      if !wanted.isEmpty, wanted.contains(Mark(container: ref, index: index)) {
        marks[Mark(container: ref, index: index)] = output.count
      }
      output += entry.key
      write(entry.value, marking: wanted, into: &output, marks: &marks)
    }
    output += container.close
  }

  /// The entries of container `ref`, as edited.
  func entries(of ref: JSONNodeRef) -> JSONEntryList {
    opened[ref]?.entries ?? JSONOpenContainer(opening: ref).entries
  }

  /// The value of `ref`, built whole.
  func value(of ref: JSONNodeRef) -> JSONValue {
    guard opened[ref] != nil else { return ref.tree.value(of: ref.index) }
    let members = entries(of: ref)
    if ref.kind == .array { return .array(members.map { value(of: $0.value) }) }
    return .object(
      members.map {
        JSONMember(
          JSONSyntaxTree.decodeString(JSONOpenContainer.quotedKey($0.key)), value(of: $0.value))
      })
  }

  /// The value at `pointer`, in the stable form (two spaces, one member a
  /// line), keeping its key order and the text of its numbers and strings.
  package func formatted(at pointer: String) throws(FormatError) -> String {
    let ref = try resolve(try JSONPointer(pointer)).ref
    var output: [UInt8] = []
    JSONLayout.stable.write(ref, entries: entries(of:), into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The value at `pointer`.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer is
  ///   malformed, names nothing, or names a key that appears more than
  ///   once in its object.
  public func value(at pointer: String) throws(FormatError) -> JSONValue {
    value(of: try resolve(try JSONPointer(pointer)).ref)
  }

  /// The members or elements of the container at `pointer`: each key (an
  /// array index for an array) and whether its value is a container.
  package func children(at pointer: String) -> [(key: String, isContainer: Bool)] {
    guard let pointer = try? JSONPointer(pointer), let ref = try? resolve(pointer).ref,
      ref.isContainer
    else { return [] }
    return entries(of: ref).enumerated().map { index, entry in
      (
        ref.kind == .array
          ? String(index) : JSONSyntaxTree.decodeString(JSONOpenContainer.quotedKey(entry.key)),
        entry.value.isContainer
      )
    }
  }

  // MARK: - Equality

  /// Documents are equal when a save would write the same bytes.
  public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
    lhs.data == rhs.data
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(data)
  }
}
