public import DocKit

extension PropertyListDocument {
  // MARK: - Finding values

  /// Where a pointer leads: the containers it passes through, each with
  /// the index of the entry taken, and the value it names.
  struct Location {
    var steps: [(container: PropertyListNode, index: Int)] = []
    var node: PropertyListNode
  }

  /// Follows `pointer` from the root. A key that appears more than once
  /// names its first entry.
  func resolve(_ pointer: JSONPointer) throws(FormatError) -> Location {
    var location = Location(node: root)
    for position in pointer.tokens.indices {
      let token = pointer.tokens[position]
      let node = location.node
      let prefix = JSONPointer(tokens: Array(pointer.tokens[...position]))
      guard let index = try Self.find(token, in: node, pointer: pointer, position: position) else {
        if node.kind == .array {
          throw FormatError(
            .invalidPointer,
            JSONPointer.notAnIndex(token, count: node.entries.count, in: prefix))
        }
        throw FormatError(.invalidPointer, "\(prefix) does not exist")
      }
      location.steps.append((node, index))
      location.node = node.entries[index].node
    }
    return location
  }

  /// The index of the entry `token` names in `node`, nil if none.
  static func find(
    _ token: String, in node: PropertyListNode, pointer: JSONPointer, position: Int
  ) throws(FormatError) -> Int? {
    switch node.kind {
    case .dictionary:
      return node.entries.firstIndex {
        ($0.key ?? "").unicodeScalars.elementsEqual(token.unicodeScalars)
      }
    case .array:
      guard let index = JSONPointer.index(token), index < node.entries.count else { return nil }
      return index
    default:
      throw FormatError(
        .invalidPointer,
        "\(describe(JSONPointer(tokens: Array(pointer.tokens[..<position])))) is \(node.value.kindDescription), not a container"
      )
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
    return try resolve(try JSONPointer(pointer)).node.value
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
      var rendered = try render(value, indent: lineIndent(at: root.range.lowerBound))
      if format == .ascii, rendered.first != UInt8(ascii: "\""), case .string(let string) = value {
        // Quoted at the root, so that the file is recognised as a
        // property list by its first byte.
        rendered = PropertyListASCIIWriter.quoted(string)
      }
      return try splice(root.range, with: rendered, actionName: "Set \(pointer)")
    }
    let parent = try resolve(JSONPointer(tokens: Array(parsed.tokens.dropLast())))
    guard parent.node.isContainer else {
      throw FormatError(
        .invalidPointer,
        "\(Self.describe(JSONPointer(tokens: Array(parsed.tokens.dropLast())))) is \(parent.node.value.kindDescription), not a container"
      )
    }
    if parent.node.kind == .array, last == "-" {
      return try insertEntry(
        in: parent.node, at: parent.node.entries.count, key: nil, value: value,
        actionName: "Set \(pointer)")
    }
    if let index = try Self.find(
      last, in: parent.node, pointer: parsed, position: parsed.tokens.count - 1)
    {
      let entry = parent.node.entries[index]
      let node = entry.node
      let rendered = try render(
        value, indent: lineIndent(at: node.range.lowerBound), unit: unit(in: parent.node),
        singleLine: !lead(of: entry).contains(0x0A))
      return try splice(node.range, with: rendered, actionName: "Set \(pointer)")
    }
    guard parent.node.kind == .dictionary else {
      throw FormatError(
        .invalidPointer,
        JSONPointer.notAnIndex(last, count: parent.node.entries.count, in: parsed))
    }
    return try insertEntry(
      in: parent.node, at: parent.node.entries.count, key: last, value: value,
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
    switch parent.kind {
    case .array:
      let count = parent.entries.count
      guard let index = last == "-" ? count : JSONPointer.index(last), index <= count else {
        throw FormatError(
          .invalidPointer, JSONPointer.notAnIndex(last, count: count, in: parsed))
      }
      return try insertEntry(
        in: parent, at: index, key: nil, value: value, actionName: "Insert \(pointer)")
    case .dictionary:
      if try Self.find(last, in: parent, pointer: parsed, position: parsed.tokens.count - 1)
        != nil
      {
        throw FormatError(.invalidEdit, "\(parsed) exists already; set replaces it")
      }
      return try insertEntry(
        in: parent, at: parent.entries.count, key: last, value: value,
        actionName: "Insert \(pointer)")
    default:
      throw FormatError(
        .invalidPointer,
        "\(Self.describe(parentPointer)) is \(parent.value.kindDescription), not a container")
    }
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
    var range = container.entries[index].range
    if format == .ascii, container.kind == .array, index == container.entries.count - 1,
      index > 0, bytes[range.upperBound - 1] != UInt8(ascii: ",")
    {
      // The last element without a comma after it: the comma before it
      // goes with it.
      range = container.entries[index - 1].node.range.upperBound..<range.upperBound
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
    if format == .ascii,
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
  /// only the value that changed (``reparsed(_:in:replacing:with:format:)``).
  /// Refused, with nothing changed, if the result would not read.
  private mutating func splice(
    _ range: Range<Int>, with replacement: [UInt8], actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let old = Array(bytes[range])
    var edited = bytes
    edited.replaceSubrange(range, with: replacement)
    do {
      root = try Self.reparsed(
        root, in: edited, replacing: range, with: replacement.count, format: format)
    } catch {
      throw FormatError(
        .invalidEdit, "the edit would leave the property list unreadable: \(error.message)")
    }
    bytes = edited
    return undoEdit(
      replacing: range.lowerBound..<(range.lowerBound + replacement.count), with: old,
      actionName: actionName)
  }

  /// The tree of `bytes`, which are the bytes `root` was read from with
  /// `range` replaced by `count` new bytes: the smallest value that holds
  /// the change is read again (the value replaced, when the change is a
  /// whole value; else the container whose entries changed), and the
  /// offsets after the change move by the difference in length. The rest
  /// of the file is not read again.
  static func reparsed(
    _ root: PropertyListNode, in bytes: [UInt8], replacing range: Range<Int>, with count: Int,
    format: PropertyListFormat
  ) throws(FormatError) -> PropertyListNode {
    var root = root
    try update(
      &root, depth: 1, in: bytes, replacing: range, delta: count - range.count, format: format)
    return root
  }

  private static func update(
    _ node: inout PropertyListNode, depth: Int, in bytes: [UInt8], replacing range: Range<Int>,
    delta: Int, format: PropertyListFormat
  ) throws(FormatError) {
    if node.range != range, node.isContainer,
      let index = node.entries.firstIndex(where: {
        $0.node.range == range
          || ($0.node.range.lowerBound < range.lowerBound
            && range.upperBound < $0.node.range.upperBound)
      })
    {
      try update(
        &node.entries[index].node, depth: depth + 1, in: bytes, replacing: range, delta: delta,
        format: format)
      node.entries[index].range =
        node.entries[index].range.lowerBound..<(node.entries[index].range.upperBound + delta)
      for later in (index + 1)..<node.entries.count {
        shift(&node.entries[later], by: delta)
      }
      node.range = node.range.lowerBound..<(node.range.upperBound + delta)
      if let inner = node.inner { node.inner = inner.lowerBound..<(inner.upperBound + delta) }
      return
    }
    let whole = node.range.lowerBound..<(node.range.upperBound + delta)
    node =
      format == .ascii
      ? try PropertyListASCIIParser.parseValue(
        bytes, in: whole, depth: depth, maximumDepth: maximumDepth)
      : try PropertyListXMLParser.parseValue(
        bytes, in: whole, depth: depth, maximumDepth: maximumDepth)
  }

  /// Moves `entry` and everything in it by `delta` bytes.
  private static func shift(_ entry: inout PropertyListSyntaxEntry, by delta: Int) {
    entry.range = (entry.range.lowerBound + delta)..<(entry.range.upperBound + delta)
    entry.start += delta
    if let keyEnd = entry.keyEnd { entry.keyEnd = keyEnd + delta }
    shift(&entry.node, by: delta)
  }

  private static func shift(_ node: inout PropertyListNode, by delta: Int) {
    node.range = (node.range.lowerBound + delta)..<(node.range.upperBound + delta)
    if let inner = node.inner {
      node.inner = (inner.lowerBound + delta)..<(inner.upperBound + delta)
    }
    for index in node.entries.indices { shift(&node.entries[index], by: delta) }
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
      if let root = try? Self.reparsed(
        document.root, in: document.bytes, replacing: range, with: old.count,
        format: document.format)
      {
        document.root = root
      } else if let root = try? Self.parse(
        document.bytes, as: document.format == .ascii ? .ascii : .xml)
      {
        document.root = root
      }
      return document.undoEdit(
        replacing: range.lowerBound..<(range.lowerBound + old.count), with: current,
        actionName: actionName)
    }
  }

  /// Adds an entry to `container` before entry `index` (at the end when
  /// it is the count), copying its siblings' indentation and separators.
  private mutating func insertEntry(
    in container: PropertyListNode, at index: Int, key: String?, value: PropertyListValue,
    actionName: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let entries = container.entries
    guard !entries.isEmpty else {
      // An empty container is written again whole, holding the entry.
      let whole: PropertyListValue =
        key.map { .dictionary([PropertyListEntry(key: $0, value: value)]) } ?? .array([value])
      let rendered = try render(
        whole, indent: lineIndent(at: container.range.lowerBound), unit: unit(in: container))
      return try splice(container.range, with: rendered, actionName: actionName)
    }
    // The entry whose lead (the whitespace before it) a new entry copies:
    // one that starts a line, if there is one near.
    let candidates = [index, index - 1, index + 1].filter { entries.indices.contains($0) }
    let model = candidates.first { self.lead(of: entries[$0]).contains(0x0A) } ?? candidates[0]
    var spacing = self.lead(of: entries[model])
    if spacing.isEmpty, format == .ascii { spacing = [0x20] }
    let indent =
      spacing.lastIndex(of: 0x0A).map { Array(spacing[($0 + 1)...]) }
      ?? lineIndent(at: entries[model].start)
    var text = try entryText(
      key: key, value: value, model: entries[model], indent: indent, unit: unit(in: container))
    if index == entries.count {
      let last = entries[index - 1]
      if format == .ascii, container.kind == .array {
        if bytes[last.range.upperBound - 1] == UInt8(ascii: ",") {
          return try splice(
            last.range.upperBound..<last.range.upperBound,
            with: spacing + text + [UInt8(ascii: ",")],
            actionName: actionName)
        }
        let end = last.node.range.upperBound
        return try splice(
          end..<end, with: [UInt8(ascii: ",")] + spacing + text, actionName: actionName)
      }
      let end = last.range.upperBound
      return try splice(end..<end, with: spacing + text, actionName: actionName)
    }
    // Before entry `index`: the new entry, then the spacing again.
    if format == .ascii, container.kind == .array { text.append(UInt8(ascii: ",")) }
    let start = entries[index].start
    let separator: [UInt8] = spacing
    return try splice(start..<start, with: text + separator, actionName: actionName)
  }

  /// The whitespace before `entry`.
  func lead(of entry: PropertyListSyntaxEntry) -> [UInt8] {
    Array(bytes[entry.range.lowerBound..<entry.start])
  }

  /// A new entry's bytes, without the whitespace before it: in XML the
  /// key (if any), the separator `model` has between its key and value,
  /// and the value; in ASCII `key = value;` with `model`'s spacing.
  private func entryText(
    key: String?, value: PropertyListValue, model: PropertyListSyntaxEntry, indent: [UInt8],
    unit: [UInt8]
  ) throws(FormatError) -> [UInt8] {
    let rendered = try render(
      value, indent: indent, unit: unit, singleLine: !lead(of: model).contains(0x0A))
    guard let key else { return rendered }
    var separator = lineEnding + indent
    if let keyEnd = model.keyEnd {
      let between = bytes[keyEnd..<model.node.range.lowerBound]
      if between.allSatisfy(PropertyListXMLParser.isSpace) { separator = Array(between) }
    }
    if format == .ascii {
      if model.keyEnd == nil || !separator.contains(UInt8(ascii: "=")) {
        separator = Array(" = ".utf8)
      }
      return PropertyListASCIIWriter.quotedIfNeeded(key) + separator + rendered + [
        UInt8(ascii: ";")
      ]
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
    if format == .ascii {
      try PropertyListASCIIWriter.write(
        value, indent: indent, unit: unit ?? defaultUnit, lineEnding: lineEnding,
        singleLine: singleLine, into: &output)
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
  private func unit(in container: PropertyListNode) -> [UInt8] {
    let outer = lineIndent(at: container.range.lowerBound)
    for entry in container.entries.prefix(4) where lead(of: entry).contains(0x0A) {
      let inner = lineIndent(at: entry.start)
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
