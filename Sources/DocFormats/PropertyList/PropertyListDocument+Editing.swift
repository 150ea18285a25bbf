public import DocKit

extension PropertyListDocument {
  // MARK: - Finding values

  /// Where a pointer leads: the containers it passes through (nodes of
  /// ``tree``), each with the position of the entry taken, and the node
  /// it names.
  struct Location {
    var steps: [(container: Int, index: Int)] = []
    var node: Int = 0
  }

  /// Follows `pointer` from the root. A key that appears more than once
  /// names its first entry. Each container's entries are stepped over up
  /// to the one taken, not listed: a pointer into a large array costs no
  /// list of its elements.
  func resolve(_ pointer: JSONPointer) throws(FormatError) -> Location {
    var location = Location()
    for position in pointer.tokens.indices {
      let token = pointer.tokens[position]
      let node = location.node
      try checkContainer(node, pointer: pointer, position: position)
      guard let (index, child) = locate(token, in: node) else {
        let prefix = JSONPointer(tokens: Array(pointer.tokens[...position]))
        if tree[node].kind == .array {
          throw FormatError(
            .invalidPointer,
            JSONPointer.notAnIndex(token, count: tree.childCount(of: node), in: prefix))
        }
        throw FormatError(.invalidPointer, "\(prefix) does not exist")
      }
      location.steps.append((node, index))
      location.node = child
    }
    return location
  }

  /// The entries of container `node`; an error naming the pointer's
  /// first `position` tokens if `node` is not a container.
  func entries(
    of node: Int, pointer: JSONPointer, position: Int
  ) throws(FormatError) -> [Int] {
    try checkContainer(node, pointer: pointer, position: position)
    return tree.children(of: node)
  }

  /// An error naming the pointer's first `position` tokens if `node` is
  /// not a container.
  private func checkContainer(
    _ node: Int, pointer: JSONPointer, position: Int
  ) throws(FormatError) {
    guard tree[node].isContainer else {
      throw FormatError(
        .invalidPointer,
        "\(Self.describe(JSONPointer(tokens: Array(pointer.tokens[..<position])))) is \(kindDescription(of: node)), not a container"
      )
    }
  }

  /// The position and node of the entry of container `node` that `token`
  /// names, nil if none: the first entry with that key in a dictionary.
  func locate(_ token: String, in node: Int) -> (position: Int, node: Int)? {
    if tree[node].kind == .dictionary {
      return tree.firstChild(of: node) { key(of: $0, is: token) }
    }
    guard let index = JSONPointer.index(token), let child = tree.child(of: node, at: index)
    else { return nil }
    return (index, child)
  }

  /// The kind of node `index`, for messages.
  func kindDescription(of index: Int) -> String {
    switch tree[index].kind {
    case .dictionary: "a dictionary"
    case .array: "an array"
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a real"
    case .boolean: "a boolean"
    case .date: "a date"
    case .data: "data"
    }
  }

  static func describe(_ pointer: JSONPointer) -> String {
    pointer.tokens.isEmpty ? "the document" : pointer.description
  }

  /// The value at `pointer`.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer is
  ///   malformed or names nothing.
  public func value(at pointer: String) throws(FormatError) -> PropertyListValue {
    if binary != nil { return try binaryValue(at: try JSONPointer(pointer)) }
    return value(of: try resolve(try JSONPointer(pointer)).node)
  }

  // MARK: - Edits

  /// Sets the value at `pointer`: replaces the value there, adds a
  /// member to a dictionary that lacks the key, or appends to an array
  /// for `/-`. Only the bytes of that value (or the new entry) change.
  ///
  /// - Returns: The edit that undoes this one.
  /// - Throws: ``FormatError/Code/invalidPointer`` if the pointer names
  ///   nothing it could set; ``FormatError/Code/invalidEdit`` if the
  ///   document's format cannot hold the value.
  @discardableResult
  public mutating func set(
    _ value: PropertyListValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let parsed = try JSONPointer(pointer)
    try checkDepth(value, at: parsed)
    try checkJSON(value, at: parsed)
    if binary != nil { return try binarySet(value, at: parsed, actionName: "Set \(pointer)") }
    guard let last = parsed.tokens.last else {
      let root = tree[0]
      if format == .strings {
        guard case .dictionary(let entries) = value else {
          throw FormatError(
            .invalidEdit,
            "a .strings file holds a dictionary, not \(value.kindDescription); convert it to ascii first"
          )
        }
        let rendered = try PropertyListASCIIWriter.stringsEntries(
          entries, unit: defaultUnit, lineEnding: lineEnding)
        return try splice(root.range, with: rendered, actionName: "Set \(pointer)")
      }
      var rendered = try render(value, indent: lineIndent(at: root.range.lowerBound))
      if isASCII, rendered.first != UInt8(ascii: "\""), case .string(let string) = value {
        // Quoted at the root, so that the file is recognised as a
        // property list by its first byte.
        rendered = PropertyListASCIIWriter.quoted(string)
      }
      return try splice(root.range, with: rendered, actionName: "Set \(pointer)")
    }
    let parentPointer = JSONPointer(tokens: Array(parsed.tokens.dropLast()))
    let parent = try resolve(parentPointer).node
    try checkContainer(parent, pointer: parsed, position: parsed.tokens.count - 1)
    if tree[parent].kind == .array, last == "-" {
      let entries = tree.children(of: parent)
      return try insertEntry(
        in: parent, entries: entries, at: entries.count, key: nil, value: value,
        actionName: "Set \(pointer)")
    }
    if let (_, child) = locate(last, in: parent) {
      let node = tree[child]
      let rendered = try render(
        value, indent: lineIndent(at: node.range.lowerBound), unit: unit(in: parent),
        singleLine: !lead(of: child).contains(0x0A))
      return try splice(node.range, with: rendered, actionName: "Set \(pointer)")
    }
    guard tree[parent].kind == .dictionary else {
      throw FormatError(
        .invalidPointer,
        JSONPointer.notAnIndex(last, count: tree.childCount(of: parent), in: parsed))
    }
    let entries = tree.children(of: parent)
    return try insertEntry(
      in: parent, entries: entries, at: entries.count, key: last, value: value,
      actionName: "Set \(pointer)")
  }

  /// Inserts `value` before the array element at `pointer` (`/-`
  /// appends), or as a new entry of a dictionary, which must not have
  /// the key yet.
  ///
  /// - Returns: The edit that undoes this one.
  @discardableResult
  public mutating func insert(
    _ value: PropertyListValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let parsed = try JSONPointer(pointer)
    try checkDepth(value, at: parsed)
    try checkJSON(value, at: parsed)
    if binary != nil { return try binaryInsert(value, at: parsed, actionName: "Insert \(pointer)") }
    guard let last = parsed.tokens.last else {
      throw FormatError(.invalidPointer, "insert needs a place in a container, not the document")
    }
    let parentPointer = JSONPointer(tokens: Array(parsed.tokens.dropLast()))
    let parent = try resolve(parentPointer).node
    let entries = try entries(of: parent, pointer: parsed, position: parsed.tokens.count - 1)
    if tree[parent].kind == .array {
      let count = entries.count
      guard let index = last == "-" ? count : JSONPointer.index(last), index <= count else {
        throw FormatError(
          .invalidPointer, JSONPointer.notAnIndex(last, count: count, in: parsed))
      }
      return try insertEntry(
        in: parent, entries: entries, at: index, key: nil, value: value,
        actionName: "Insert \(pointer)")
    }
    if locate(last, in: parent) != nil {
      throw FormatError(.invalidEdit, "\(parsed) exists already; set replaces it")
    }
    return try insertEntry(
      in: parent, entries: entries, at: entries.count, key: last, value: value,
      actionName: "Insert \(pointer)")
  }

  /// Removes the value at `pointer`, with its key and the whitespace
  /// before it.
  ///
  /// - Returns: The edit that undoes this one.
  @discardableResult
  public mutating func remove(at pointer: String) throws(FormatError) -> DocumentEdit<Self> {
    let parsed = try JSONPointer(pointer)
    if binary != nil { return try binaryRemove(at: parsed, actionName: "Remove \(pointer)") }
    let location = try resolve(parsed)
    guard let (container, index) = location.steps.last else {
      throw FormatError(.invalidPointer, "the document itself cannot be removed")
    }
    let entries = tree.children(of: container)
    var range = entryRange(of: entries[index])
    if isASCII, tree[container].kind == .array, index == entries.count - 1,
      index > 0, bytes[range.upperBound - 1] != UInt8(ascii: ",")
    {
      // The last element without a comma after it: the comma before it
      // goes with it.
      range = tree[entries[index - 1]].range.upperBound..<range.upperBound
    }
    return try splice(range, with: [], actionName: "Remove \(pointer)")
  }

  /// Replaces the whole document with `value` in `format` (Apple's
  /// layout), as one undoable step.
  @discardableResult
  public mutating func convert(
    to format: PropertyListFormat
  ) throws(FormatError)
    -> DocumentEdit<Self>
  {
    let value = self.value
    if format == .json,
      let (pointer, kind) = Self.firstNonJSON(in: value, at: JSONPointer(tokens: []))
    {
      throw FormatError(
        .invalidEdit,
        "\(Self.describe(pointer)) is \(kind), which JSON cannot hold; set or remove it first")
    }
    if format == .strings {
      guard case .dictionary = value else {
        throw FormatError(
          .invalidEdit,
          "the document is \(value.kindDescription); a .strings file holds a dictionary")
      }
    }
    if format == .ascii || format == .strings,
      let (pointer, kind) = Self.firstNonString(in: value, at: JSONPointer(tokens: []))
    {
      throw FormatError(
        .invalidEdit,
        "\(Self.describe(pointer)) is \(kind), which an old-style ASCII property list cannot hold (it would read back as a string); set it as a string first"
      )
    }
    let converted = try PropertyListDocument(value: value, format: format)
    return exchange(with: converted, actionName: "Convert to \(format.rawValue)")
  }

  /// The first value in `value` that JSON cannot hold (a date, data, a
  /// UID, a real that is not finite), with its pointer and kind.
  static func firstNonJSON(
    in value: PropertyListValue, at pointer: JSONPointer
  ) -> (JSONPointer, String)? {
    switch value {
    case .date, .data, .uid: return (pointer, value.kindDescription)
    case .real(let real) where !real.isFinite: return (pointer, "the real \(real)")
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstNonJSON(
          in: item, at: JSONPointer(tokens: pointer.tokens + [String(index)]))
        {
          return found
        }
      }
      return nil
    case .dictionary(let entries):
      for entry in entries {
        if let found = firstNonJSON(
          in: entry.value, at: JSONPointer(tokens: pointer.tokens + [entry.key]))
        {
          return found
        }
      }
      return nil
    default: return nil
    }
  }

  /// Refuses, in a JSON document, a value that JSON cannot hold.
  private func checkJSON(_ value: PropertyListValue, at pointer: JSONPointer) throws(FormatError) {
    guard format == .json, let (inner, kind) = Self.firstNonJSON(in: value, at: pointer) else {
      return
    }
    throw FormatError(
      .invalidEdit,
      "\(Self.describe(inner)) would be \(kind), which a JSON document cannot hold; convert xml or binary first"
    )
  }

  /// The first value in `value` that is neither a string, data, an array
  /// nor a dictionary, with its pointer and kind.
  static func firstNonString(
    in value: PropertyListValue, at pointer: JSONPointer
  ) -> (JSONPointer, String)? {
    switch value {
    case .string, .data: return nil
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstNonString(
          in: item, at: JSONPointer(tokens: pointer.tokens + [String(index)]))
        {
          return found
        }
      }
      return nil
    case .dictionary(let entries):
      for entry in entries {
        if let found = firstNonString(
          in: entry.value, at: JSONPointer(tokens: pointer.tokens + [entry.key]))
        {
          return found
        }
      }
      return nil
    default:
      return (pointer, value.kindDescription)
    }
  }

  /// Becomes `other`; the edit returned becomes this document again.
  private mutating func exchange(
    with other: PropertyListDocument, actionName: String
  ) -> DocumentEdit<Self> {
    let old = self
    self = other
    return DocumentEdit(actionName: actionName) { document in
      document.exchange(with: old, actionName: actionName)
    }
  }

  // MARK: - Splices

  /// Replaces `range` of ``bytes`` with `replacement` and reads again
  /// only the value that changed (``reparse(_:in:replacing:with:format:)``).
  /// Refused, with nothing changed, if the result would not read.
  ///
  /// The bytes change where they are when the document holds the only
  /// reference to them (a copy of the document shares them until one of
  /// the two changes, and then the one that changes copies): an edit
  /// costs the bytes it replaces and moving those after them, not a copy
  /// of the file. A refused edit puts the replaced bytes back, so that
  /// ``bytes`` are again exactly what they were; ``tree`` is not touched
  /// until the new bytes have read.
  mutating func splice(
    _ range: Range<Int>, with replacement: [UInt8], actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let old = Array(bytes[range])
    let edited = range.lowerBound..<(range.lowerBound + replacement.count)
    bytes.replaceSubrange(range, with: replacement)
    do {
      try Self.reparse(
        &tree, in: bytes, replacing: range, with: replacement.count, format: format)
    } catch {
      bytes.replaceSubrange(edited, with: old)
      throw FormatError(
        .invalidEdit, "the edit would leave the property list unreadable: \(error.message)")
    }
    return undoEdit(replacing: edited, with: old, actionName: actionName)
  }

  /// Updates `tree`, the tree of the bytes before an edit, to `bytes`,
  /// which are those bytes with `range` replaced by `count` new bytes:
  /// the smallest value that holds the change is read again (the value
  /// replaced, when the change is a whole value; else the container whose
  /// entries changed), and the offsets after the change move by the
  /// difference in length. The rest of the file is not read again; on an
  /// error `tree` is unchanged.
  static func reparse(
    _ tree: inout PropertyListSyntaxTree, in bytes: [UInt8], replacing range: Range<Int>,
    with count: Int, format: PropertyListFormat
  ) throws(FormatError) {
    guard bytes.count <= PropertyListSyntaxTree.maximumSize else {
      throw FormatError(
        .malformedPropertyList,
        "the file would be larger than \(PropertyListSyntaxTree.maximumSize) bytes")
    }
    let delta = count - range.count
    var ancestors: [Int] = []
    var index = 0
    // Down from the root, into the entry that is the change or holds it
    // strictly, stepping over the entries before it (they lie in order:
    // none after one that starts past the change can hold it).
    while tree[index].range != range, tree[index].isContainer {
      let holder = tree.firstChild(of: index) { child in
        let node = tree[child].range
        return node.lowerBound > range.lowerBound || node == range
          || (node.lowerBound < range.lowerBound && range.upperBound < node.upperBound)
      }
      guard let (_, child) = holder, tree[child].range.lowerBound <= range.lowerBound else {
        break
      }
      ancestors.append(index)
      index = child
    }
    let old = tree[index]
    let whole = old.range.lowerBound..<(old.range.upperBound + delta)
    let depth = ancestors.count + 1
    var nodes =
      format == .ascii || format == .strings
      ? try PropertyListASCIIParser.parseValue(
        bytes, in: whole, depth: depth, maximumDepth: maximumDepth,
        braceless: format == .strings && index == 0)
      : try PropertyListXMLParser.parseValue(
        bytes, in: whole, depth: depth, maximumDepth: maximumDepth)
    nodes[0].entryStart = old.entryStart
    nodes[0].keyEnd = old.keyEnd
    tree.replace(subtree: index, ancestors: ancestors, with: nodes, delta: delta)
  }

  /// The edit that puts `old` back in place of `range`, and whose own
  /// undo puts back what was there.
  private func undoEdit(
    replacing range: Range<Int>, with old: [UInt8], actionName: String
  ) -> DocumentEdit<Self> {
    DocumentEdit(actionName: actionName) { document in
      let current = Array(document.bytes[range])
      document.bytes.replaceSubrange(range, with: old)
      // These bytes read before this edit, so they read again.
      do {
        try Self.reparse(
          &document.tree, in: document.bytes, replacing: range, with: old.count,
          format: document.format)
      } catch {
        if let tree = try? Self.parse(document.bytes, as: document.syntax) {
          document.tree = tree
        }
      }
      return document.undoEdit(
        replacing: range.lowerBound..<(range.lowerBound + old.count), with: current,
        actionName: actionName)
    }
  }

  /// Adds an entry to `container` (whose entries are `entries`) before
  /// entry `index` (at the end when it is the count), copying its
  /// siblings' indentation and separators.
  private mutating func insertEntry(
    in container: Int, entries: [Int], at index: Int, key: String?, value: PropertyListValue,
    actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let isArray = tree[container].kind == .array
    guard !entries.isEmpty else {
      let whole: PropertyListValue =
        key.map { .dictionary([PropertyListEntry(key: $0, value: value)]) } ?? .array([value])
      if format == .strings, container == 0 {
        // A .strings file without entries: the entry goes at its end, on
        // a line of its own.
        let end = tree[0].range.upperBound
        var text: [UInt8] = []
        if end > tree[0].range.lowerBound, bytes[end - 1] != 0x0A { text += lineEnding }
        text += try PropertyListASCIIWriter.stringsEntries(
          [PropertyListEntry(key: key ?? "", value: value)], unit: defaultUnit,
          lineEnding: lineEnding)
        return try splice(end..<end, with: text, actionName: actionName)
      }
      // An empty container is written again whole, holding the entry.
      let rendered = try render(
        whole, indent: lineIndent(at: tree[container].range.lowerBound),
        unit: unit(in: container))
      return try splice(tree[container].range, with: rendered, actionName: actionName)
    }
    // The entry whose lead (the whitespace before it) a new entry copies:
    // one that starts a line, if there is one near.
    let candidates = [index, index - 1, index + 1].filter { entries.indices.contains($0) }
    let model = entries[
      candidates.first { self.lead(of: entries[$0]).contains(0x0A) } ?? candidates[0]]
    var spacing = self.lead(of: model)
    if spacing.isEmpty, isASCII { spacing = [0x20] }
    let indent =
      spacing.lastIndex(of: 0x0A).map { Array(spacing[($0 + 1)...]) }
      ?? lineIndent(at: Int(tree[model].entryStart))
    var text = try entryText(
      key: key, value: value, model: model, indent: indent,
      unit: unit(in: container))
    if index == entries.count {
      let last = tree[entries[index - 1]]
      let lastEnd = entryRange(of: entries[index - 1]).upperBound
      if isASCII, isArray {
        if bytes[lastEnd - 1] == UInt8(ascii: ",") {
          return try splice(
            lastEnd..<lastEnd,
            with: spacing + text + [UInt8(ascii: ",")],
            actionName: actionName)
        }
        let end = last.range.upperBound
        return try splice(
          end..<end, with: [UInt8(ascii: ",")] + spacing + text, actionName: actionName)
      }
      return try splice(lastEnd..<lastEnd, with: spacing + text, actionName: actionName)
    }
    // Before entry `index`: the new entry, then the spacing again.
    if isASCII, isArray { text.append(UInt8(ascii: ",")) }
    let start = Int(tree[entries[index]].entryStart)
    let separator: [UInt8] = spacing
    return try splice(start..<start, with: text + separator, actionName: actionName)
  }

  /// The whitespace before entry `index`.
  func lead(of index: Int) -> [UInt8] {
    Array(bytes[entryRange(of: index).lowerBound..<Int(tree[index].entryStart)])
  }

  /// The bytes of entry `index`: from the whitespace before it (not the
  /// comments before that) to the end of its value, in ASCII after its
  /// `;` (or its `,`, if it has one).
  func entryRange(of index: Int) -> Range<Int> {
    let node = tree[index]
    var lead = Int(node.entryStart)
    guard index != 0 else { return node.range }
    while lead > 0, PropertyListXMLParser.isSpace(bytes[lead - 1]) { lead -= 1 }
    var end = Int(node.end)
    if isASCII {
      var parser = PropertyListASCIIParser(bytes: bytes, maximumDepth: 0)
      parser.index = end
      try? parser.skipSpaceAndComments()
      let separator = node.hasKey ? UInt8(ascii: ";") : UInt8(ascii: ",")
      if parser.index < bytes.count, bytes[parser.index] == separator { end = parser.index + 1 }
    }
    return lead..<end
  }

  /// A new entry's bytes, without the whitespace before it: in XML the
  /// key (if any), the separator entry `model` has between its key and
  /// value, and the value; in ASCII `key = value;` with `model`'s spacing.
  private func entryText(
    key: String?, value: PropertyListValue, model: Int, indent: [UInt8], unit: [UInt8]
  ) throws(FormatError) -> [UInt8] {
    let rendered = try render(
      value, indent: indent, unit: unit, singleLine: !lead(of: model).contains(0x0A))
    guard let key else { return rendered }
    let node = tree[model]
    var separator = lineEnding + indent
    if node.hasKey {
      let between = bytes[Int(node.keyEnd)..<node.range.lowerBound]
      if between.allSatisfy(PropertyListXMLParser.isSpace) { separator = Array(between) }
    }
    if isASCII {
      if !node.hasKey || !separator.contains(UInt8(ascii: "=")) {
        separator = Array(" = ".utf8)
      }
      let quotedKey =
        format == .strings
        ? PropertyListASCIIWriter.quoted(key) : PropertyListASCIIWriter.quotedIfNeeded(key)
      return quotedKey + separator + rendered + [UInt8(ascii: ";")]
    }
    return Array("<key>".utf8) + PropertyListXMLWriter.escaped(key) + Array("</key>".utf8)
      + separator + rendered
  }

  // MARK: - Layout

  /// `value` in the document's format, its lines after the first
  /// indented by `indent`.
  private func render(
    _ value: PropertyListValue, indent: [UInt8], unit: [UInt8]? = nil, singleLine: Bool = false
  ) throws(FormatError) -> [UInt8] {
    var output: [UInt8] = []
    if isASCII {
      try PropertyListASCIIWriter.write(
        value, indent: indent, unit: unit ?? defaultUnit, lineEnding: lineEnding,
        singleLine: singleLine, quoteStrings: format == .strings, into: &output)
    } else {
      try PropertyListXMLWriter.write(
        value, indent: indent, unit: unit ?? defaultUnit, lineEnding: lineEnding,
        exactDates: format == .binary, into: &output)
    }
    return output
  }

  /// The document's line ending: CRLF if its first line ends so.
  var lineEnding: [UInt8] {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
    return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
  }

  /// The whitespace at the start of the line that holds `offset`.
  func lineIndent(at offset: Int) -> [UInt8] {
    var start = offset
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    var end = start
    while end < offset, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    return Array(bytes[start..<end])
  }

  /// One level of indentation inside `container`: what its entries add
  /// to its own line's, else the document's.
  private func unit(in container: Int) -> [UInt8] {
    let outer = lineIndent(at: tree[container].range.lowerBound)
    for position in 0..<4 {
      guard let entry = tree.child(of: container, at: position) else { break }
      guard lead(of: entry).contains(0x0A) else { continue }
      let inner = lineIndent(at: Int(tree[entry].entryStart))
      if inner.count > outer.count, inner.starts(with: outer) {
        return Array(inner.dropFirst(outer.count))
      }
    }
    return defaultUnit
  }

  /// The indentation of the first indented line, else a tab.
  private var defaultUnit: [UInt8] {
    var index = 0
    while let newline = bytes[index...].firstIndex(of: 0x0A) {
      var end = newline + 1
      while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
      if end > newline + 1, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
        return Array(bytes[(newline + 1)..<end])
      }
      index = newline + 1
    }
    return [0x09]
  }

  private func checkDepth(_ value: PropertyListValue, at pointer: JSONPointer) throws(FormatError) {
    func depth(_ value: PropertyListValue) -> Int {
      switch value {
      case .array(let items): 1 + (items.map(depth).max() ?? 0)
      case .dictionary(let entries): 1 + (entries.map { depth($0.value) }.max() ?? 0)
      default: 1
      }
    }
    guard pointer.tokens.count + depth(value) <= Self.maximumDepth else {
      throw FormatError(
        .nestingTooDeep, "the result would nest deeper than \(Self.maximumDepth) levels")
    }
  }
}
