public import DocKit

extension JSONDocument {
  /// Parses JSON text to a value.
  package static func parse(_ bytes: [UInt8]) throws(FormatError) -> JSONValue {
    let tree = try JSONSyntaxTree.parse(bytes, maximumDepth: maximumDepth)
    return tree.value(of: 0)
  }

  /// Parses a JSON literal for `set` and `insert`, keeping its text.
  static func literal(_ text: String) throws(FormatError) -> JSONSyntaxTree {
    try JSONSyntaxTree.parse(Array(text.utf8), maximumDepth: maximumDepth)
  }

  /// A literal the user typed, for `set` and `insert`: as ``literal(_:)``,
  /// and refused if an object in it repeats a key. A file may do that,
  /// and is read as it is; a value typed so could not be addressed by a
  /// pointer afterwards.
  ///
  /// In JSON with comments, the literal may hold comments and trailing
  /// commas, and is then kept as typed; a comment before or after the
  /// value is kept only by `set ""` (the whole document), and refused
  /// elsewhere by ``set(_:at:)`` and ``insert(_:at:)``.
  static func typedLiteral(
    _ text: String, dialect: JSONDialect = .json
  ) throws(FormatError) -> JSONSyntaxTree {
    let tree = try JSONSyntaxTree.parse(
      Array(text.utf8), maximumDepth: maximumDepth, dialect: dialect)
    if let (object, key) = tree.value(of: 0).firstDuplicateKey {
      let place = object.tokens.isEmpty ? "" : " in \(object)"
      throw FormatError(
        .malformedJSON,
        "the key \(JSONWriter.quoted(key)) appears more than once\(place); a pointer could address neither"
      )
    }
    return tree
  }

  // MARK: - Finding values

  /// Where a pointer leads: the containers it passes through, each with
  /// the index of the entry taken, and the value it names.
  struct Location {
    var steps: [(container: JSONNodeRef, index: Int)] = []
    var ref: JSONNodeRef
  }

  /// Follows `pointer` from the root.
  func resolve(_ pointer: JSONPointer) throws(FormatError) -> Location {
    var location = Location(ref: rootRef)
    for position in pointer.tokens.indices {
      let ref = location.ref
      // An element of an array: found and its existence checked in one
      // walk of the elements before it, not a count of them all first.
      if ref.kind == .array, let index = JSONPointer.index(pointer.tokens[position]),
        let value = element(of: ref, at: index)
      {
        location.steps.append((ref, index))
        location.ref = value
        continue
      }
      let found = try find(pointer.tokens[position], in: ref, pointer: pointer, position: position)
      guard let index = found else {
        let prefix = JSONPointer(tokens: Array(pointer.tokens[...position]))
        if ref.kind == .array {
          throw FormatError(
            .invalidPointer,
            JSONPointer.notAnIndex(pointer.tokens[position], count: count(of: ref), in: prefix))
        }
        throw FormatError(.invalidPointer, "\(prefix) does not exist")
      }
      location.steps.append((ref, index))
      location.ref = entryValue(of: ref, at: index)
    }
    return location
  }

  /// The index of the entry `token` names in `ref`, nil if none.
  ///
  /// - Throws: if `ref` is not a container, or `token` is a key that
  ///   appears more than once.
  func find(
    _ token: String, in ref: JSONNodeRef, pointer: JSONPointer, position: Int
  ) throws(FormatError) -> Int? {
    switch ref.kind {
    case .object:
      let matches = keyIndices(token, in: ref)
      if matches.count > 1 {
        throw duplicateKeyError(
          token, at: matches, in: ref,
          pointer: JSONPointer(tokens: Array(pointer.tokens[...position])))
      }
      return matches.first
    case .array:
      guard let index = JSONPointer.index(token), index < count(of: ref) else { return nil }
      return index
    default:
      throw FormatError(
        .invalidPointer,
        "\(JSONPointer(tokens: Array(pointer.tokens[..<position]))) is \(kindDescription(ref)), not a container"
      )
    }
  }

  /// The indices of the members of object `ref` named `key`.
  private func keyIndices(_ key: String, in ref: JSONNodeRef) -> [Int] {
    if let container = opened[ref] {
      return container.entries.enumerated().compactMap { position, entry in
        JSONOpenContainer.key(entry.key, equals: key) ? position : nil
      }
    }
    let tree = ref.tree
    var result: [Int] = []
    var position = 0
    let end = ref.index + Int(tree.nodes[ref.index].size)
    var child = ref.index + 1
    while child < end {
      let node = tree.nodes[child]
      let keyBytes = tree.bytes[Int(node.keyStart)..<Int(node.start)]
      if JSONOpenContainer.key(keyBytes, equals: key) { result.append(position) }
      position += 1
      child += Int(node.size)
    }
    return result
  }

  /// How many members or elements container `ref` has.
  func count(of ref: JSONNodeRef) -> Int {
    if let container = opened[ref] { return container.entries.count }
    let tree = ref.tree
    var count = 0
    let end = ref.index + Int(tree.nodes[ref.index].size)
    var child = ref.index + 1
    while child < end {
      count += 1
      child += Int(tree.nodes[child].size)
    }
    return count
  }

  /// The value of element `index` of array `ref`, nil past its end.
  private func element(of ref: JSONNodeRef, at index: Int) -> JSONNodeRef? {
    if let container = opened[ref] {
      return index < container.entries.count ? container.entries[index].value : nil
    }
    let tree = ref.tree
    let end = ref.index + Int(tree.nodes[ref.index].size)
    var child = ref.index + 1
    var position = 0
    while position < index, child < end {
      child += Int(tree.nodes[child].size)
      position += 1
    }
    return child < end ? JSONNodeRef(tree, child) : nil
  }

  /// The value of entry `index` of container `ref`.
  private func entryValue(of ref: JSONNodeRef, at index: Int) -> JSONNodeRef {
    entry(of: ref, at: index).value
  }

  /// Entry `index` of container `ref`, without opening it.
  func entry(of ref: JSONNodeRef, at index: Int) -> JSONOpenContainer.Entry {
    if let container = opened[ref] { return container.entries[index] }
    let tree = ref.tree
    var previousEnd = Int(tree.nodes[ref.index].start) + 1
    var child = ref.index + 1
    for _ in 0..<index {
      previousEnd = Int(tree.nodes[child].end)
      child += Int(tree.nodes[child].size)
    }
    let node = tree.nodes[child]
    let keyStart = node.keyStart == .max ? Int(node.start) : Int(node.keyStart)
    return JSONOpenContainer.Entry(
      lead: tree.bytes[previousEnd..<keyStart], key: tree.bytes[keyStart..<Int(node.start)],
      value: JSONNodeRef(tree, child))
  }

  func kindDescription(_ ref: JSONNodeRef) -> String {
    switch ref.kind {
    case .null: "null"
    case .true, .false: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A pointer through a duplicated key: the key, and the lines where it
  /// appears.
  private func duplicateKeyError(
    _ key: String, at indices: [Int], in ref: JSONNodeRef, pointer: JSONPointer
  ) -> FormatError {
    let wanted = Set(indices.map { Mark(container: ref, index: $0) })
    var marks: [Mark: Int] = [:]
    // Every container on the way must be written entry by entry for the
    // marks to be found; opening one changes no bytes.
    var document = self
    document.openPath(to: ref)
    let bytes = document.write(marking: wanted, into: &marks)
    let lines = indices.compactMap { marks[Mark(container: ref, index: $0)] }.map { offset in
      bytes[..<offset].count { $0 == 0x0A } + 1
    }
    let parent = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
    let distinct = Array(Set(lines)).sorted().map(String.init)
    let place =
      distinct.count == 1
      ? "line \(distinct[0])"
      : "lines \(distinct.dropLast().joined(separator: ", ")) and \(distinct[distinct.count - 1])"
    return FormatError(
      .invalidPointer,
      "\(pointer) is ambiguous: the key \(JSONWriter.quoted(key)) appears \(indices.count) times in \(parent.tokens.isEmpty ? "the root object" : parent.description) (\(place)), and RFC 6901 does not say which one a pointer names"
    )
  }

  /// Holds every entry of every opened container one by one (see
  /// ``JSONEntryList/holdEveryEntry()``); changes no bytes.
  mutating func holdEveryOpenedEntry() {
    for ref in Array(opened.keys) { opened[ref]?.entries.holdEveryEntry() }
  }

  /// Opens every container from the root to `target`, if it is reached.
  mutating func openPath(to target: JSONNodeRef) {
    var path: [JSONNodeRef] = []
    func search(_ ref: JSONNodeRef) -> Bool {
      path.append(ref)
      if ref == target { return true }
      if ref.isContainer {
        for entry in entries(of: ref) where entry.value.isContainer {
          if search(entry.value) { return true }
        }
      }
      path.removeLast()
      return false
    }
    guard search(rootRef) else { return }
    for ref in path where opened[ref] == nil {
      opened[ref] = JSONOpenContainer(opening: ref)
    }
  }

  // MARK: - Editing

  /// Sets the value at `pointer`: replaces what is there, adds an object
  /// member (after the last one), or appends to an array (`-` or the
  /// array's length).
  ///
  /// - Returns: The edit that undoes it.
  ///
  /// - Complexity: O(*w* + *m*), where *w* is the number of entries in the
  ///   containers that `pointer` passes through (each is scanned, and
  ///   opened, once) and *m* is the length of `value`'s JSON text. The
  ///   rest of the document is not parsed again.
  @discardableResult
  public mutating func set(
    _ value: JSONValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    try set(try Self.tree(of: value), at: pointer)
  }

  /// Inserts `value`: before the array element at `pointer` (`-` appends),
  /// or as a new object member, after the last one.
  ///
  /// - Returns: The edit that undoes it.
  ///
  /// - Complexity: O(*w* + *m*), where *w* is the number of entries in the
  ///   containers that `pointer` passes through and *m* is the length of
  ///   `value`'s JSON text, as for ``set(_:at:)``.
  @discardableResult
  public mutating func insert(
    _ value: JSONValue, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    try insert(try Self.tree(of: value), at: pointer)
  }

  /// The stable form of `value`, parsed.
  ///
  /// - Throws: ``FormatError/Code/invalidEdit`` for a number whose text
  ///   is not a JSON number.
  private static func tree(of value: JSONValue) throws(FormatError) -> JSONSyntaxTree {
    if let bad = value.firstBadNumber {
      throw FormatError(.invalidEdit, "'\(bad)' is not a JSON number")
    }
    return JSONDocument(root: value).rootRef.tree
  }

  /// `set` with a literal whose text is kept.
  @discardableResult
  mutating func set(
    _ literal: JSONSyntaxTree, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    try checkDepth(literal, at: pointer)
    guard let token = pointer.tokens.last else {
      let new = format(literal, in: rootLayout)
      let (newPrefix, newSuffix) = outerBytes(of: literal)
      return perform(.root(new, prefix: newPrefix, suffix: newSuffix), actionName: "Set Value")
    }
    try refuseOuterComments(literal)
    let parent = try resolve(JSONPointer(tokens: Array(pointer.tokens.dropLast())))
    switch parent.ref.kind {
    case .object:
      let matches = keyIndices(token, in: parent.ref)
      if matches.count > 1 {
        throw duplicateKeyError(token, at: matches, in: parent.ref, pointer: pointer)
      }
      if let index = matches.first {
        return replace(at: parent, index: index, with: literal, actionName: "Set Value")
      }
      return insertEntry(
        at: parent, index: count(of: parent.ref), key: token, literal: literal,
        actionName: "Set Value")
    case .array:
      let count = count(of: parent.ref)
      let index = try Self.arrayPosition(token, count: count, pointer: pointer)
      if index == count {
        return insertEntry(
          at: parent, index: index, key: nil, literal: literal, actionName: "Set Value")
      }
      return replace(at: parent, index: index, with: literal, actionName: "Set Value")
    default:
      throw notContainer(parent, pointer: pointer)
    }
  }

  /// Where `token` (the last of `pointer`) sets or inserts an element of
  /// an array of `count` elements: an index up to `count`, `-` for the
  /// end.
  private static func arrayPosition(
    _ token: String, count: Int, pointer: JSONPointer
  ) throws(FormatError) -> Int {
    if token == "-" { return count }
    guard let index = JSONPointer.index(token), index <= count else {
      if JSONPointer.hasLeadingZero(token) {
        throw FormatError(
          .invalidPointer, JSONPointer.notAnIndex(token, count: count, in: pointer))
      }
      throw FormatError(
        .invalidPointer, "\(pointer) is not an index of the array (it has \(count) elements)")
    }
    return index
  }

  /// `insert` with a literal whose text is kept.
  @discardableResult
  mutating func insert(
    _ literal: JSONSyntaxTree, at pointer: String
  ) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    guard let token = pointer.tokens.last else {
      throw FormatError(.invalidPointer, "cannot insert at the root")
    }
    try checkDepth(literal, at: pointer)
    try refuseOuterComments(literal)
    let parent = try resolve(JSONPointer(tokens: Array(pointer.tokens.dropLast())))
    switch parent.ref.kind {
    case .object:
      guard keyIndices(token, in: parent.ref).isEmpty else {
        throw FormatError(.invalidPointer, "\(pointer) already exists")
      }
      return insertEntry(
        at: parent, index: count(of: parent.ref), key: token, literal: literal,
        actionName: "Insert Value")
    case .array:
      let count = count(of: parent.ref)
      let index = try Self.arrayPosition(token, count: count, pointer: pointer)
      return insertEntry(
        at: parent, index: index, key: nil, literal: literal, actionName: "Insert Value")
    default:
      throw notContainer(parent, pointer: pointer)
    }
  }

  /// Removes the value at `pointer`, with its separator: no comma or blank
  /// line is left behind.
  ///
  /// - Returns: The edit that puts it back.
  ///
  /// - Complexity: O(*w*), where *w* is the number of entries in the
  ///   containers that `pointer` passes through, the one that loses the
  ///   value included.
  @discardableResult
  public mutating func remove(at pointer: String) throws(FormatError) -> DocumentEdit<Self> {
    let pointer = try JSONPointer(pointer)
    guard !pointer.tokens.isEmpty else {
      throw FormatError(.invalidPointer, "cannot remove the root")
    }
    var location = try resolve(pointer)
    guard let (container, index) = location.steps.popLast() else {
      throw FormatError(.invalidPointer, "cannot remove the root")
    }
    location.ref = container
    open(location)
    let path = location.steps.map(\.index)
    let entries = entries(of: container)
    let close = opened[container]?.close ?? JSONOpenContainer(opening: container).close
    let after = index + 1 < entries.count ? entries[index + 1].lead : close
    let splice: Splice
    if JSONTrivia.hasComment(entries[index].lead) || JSONTrivia.hasComment(after) {
      splice = removal(at: path, index: index, entries: entries, close: close)
    } else if entries.count == 1 {
      let closing = container.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
      splice = .entries(path: path, range: 0..<1, with: [], close: [closing])
    } else if index == 0 {
      var next = entries[1]
      next.lead = entries[0].lead
      splice = .entries(path: path, range: 0..<2, with: [next], close: nil)
    } else {
      splice = .entries(path: path, range: index..<(index + 1), with: [], close: nil)
    }
    return perform(splice, actionName: "Remove Value")
  }

  /// The removal of entry `index` where comments are near it: the bytes
  /// around it join, less what the entry owns (the comments on its key's
  /// line, its comma, and the comment on its line after it), so that the
  /// comments on lines of their own stay. A removed last member leaves
  /// the container's trailing comma, if it has one.
  private func removal(
    at path: [Int], index: Int, entries: JSONEntryList, close: ArraySlice<UInt8>
  ) -> Splice {
    let before = entries[index].lead
    let isLast = index + 1 == entries.count
    let after = isLast ? close : entries[index + 1].lead
    // What stays of the bytes before it: all but its own line.
    let commaBefore = index > 0 ? JSONTrivia.comma(in: before) : nil
    let afterCommaBefore = commaBefore.map { $0 + 1 } ?? before.startIndex
    var keptBefore: ArraySlice<UInt8>
    let oneLine: Bool
    if let line = JSONTrivia.startOfLastLine(before), line > afterCommaBefore {
      keptBefore = before[..<line]
      oneLine = false
    } else {
      keptBefore =
        index == 0 ? before.prefix { $0 == 0x20 || $0 == 0x09 } : before[..<afterCommaBefore]
      oneLine = true
    }
    // What stays of the bytes after it: all but its comma and the rest of
    // its line.
    let commaAfter = JSONTrivia.comma(in: after)
    let afterComma = commaAfter.map { $0 + 1 } ?? after.startIndex
    var keptAfter = after[(JSONTrivia.endOfFirstLine(after[afterComma...]) ?? afterComma)...]
    if oneLine, index == 0 { keptAfter = keptAfter.drop { $0 == 0x20 || $0 == 0x09 } }
    guard isLast else {
      var next = entries[index + 1]
      next.lead = keptBefore + keptAfter
      return .entries(path: path, range: index..<(index + 2), with: [next], close: nil)
    }
    // The separator before it is the trailing comma now, if the
    // container had one.
    if commaAfter == nil { keptBefore = JSONTrivia.removingComma(keptBefore)[...] }
    return .entries(
      path: path, range: index..<(index + 1), with: [], close: keptBefore + keptAfter)
  }

  private func notContainer(_ parent: Location, pointer: JSONPointer) -> FormatError {
    FormatError(
      .invalidPointer,
      "\(JSONPointer(tokens: Array(pointer.tokens.dropLast()))) is \(kindDescription(parent.ref)), not a container"
    )
  }

  private func checkDepth(_ literal: JSONSyntaxTree, at pointer: JSONPointer) throws(FormatError) {
    var deepest = 0
    var ends: [Int] = []
    for (index, node) in literal.nodes.enumerated() {
      while let last = ends.last, index >= last { ends.removeLast() }
      if node.kind == .array || node.kind == .object {
        ends.append(index + Int(node.size))
        deepest = max(deepest, ends.count)
      }
    }
    guard pointer.tokens.count + deepest <= Self.maximumDepth else {
      throw FormatError(
        .nestingTooDeep, "the result would nest deeper than \(Self.maximumDepth) levels")
    }
  }

  // MARK: - Layout

  /// The layout of a value replacing the root.
  private var rootLayout: JSONLayout {
    var layout = defaults
    layout.indent = Array(JSONLayout.indentation(of: prefix) ?? [])
    return layout
  }

  /// The indentation of the line container `location.ref` starts on.
  private func lineIndent(of location: Location) -> [UInt8] {
    var indent = JSONLayout.indentation(of: prefix) ?? []
    for (container, index) in location.steps {
      let lead = entry(of: container, at: index).lead
      if let inner = JSONLayout.indentation(of: lead) { indent = inner }
    }
    return Array(indent)
  }

  /// The layout of a new value in container `location.ref`, taken from its
  /// entries, or for an empty container from where it sits.
  private func layout(in location: Location) -> JSONLayout {
    var layout = defaults
    let container = location.ref
    let entries = entries(of: container)
    let indent = lineIndent(of: location)
    // An object's entries all have keys, an array's none: the first
    // tells, without walking a large array.
    if let member = entries.first, !member.key.isEmpty {
      let quoted = JSONOpenContainer.quotedKey(member.key)
      let separator = member.key[quoted.endIndex...]
      if !JSONTrivia.hasComment(separator) { layout.keySeparator = Array(separator) }
    }
    if let first = entries.first {
      let leads = entries.prefix(2).map(\.lead)
      if let childIndent = leads.lazy.compactMap({ JSONLayout.indentation(of: $0) }).first {
        layout.multiLine = true
        layout.indent = Array(childIndent)
        if childIndent.count > indent.count, childIndent.starts(with: indent) {
          layout.unit = Array(childIndent.dropFirst(indent.count))
        }
        layout.lineEnding = leads.lazy.compactMap({ JSONLayout.lineEnding(in: $0) }).first ?? [0x0A]
      } else {
        layout.multiLine = false
        if entries.count > 1, !JSONTrivia.hasComment(entries[1].lead) {
          layout.itemSeparator = Array(entries[1].lead)
        } else if !first.key.isEmpty || entries.count > 1 {
          layout.itemSeparator = layout.keySeparator.last == 0x20 ? Array(", ".utf8) : [0x2C]
        }
      }
    } else {
      // Empty: one member a line if the container starts a line of its
      // own (or is the root of a file that is not minified).
      if let (parent, index) = location.steps.last {
        layout.multiLine = JSONLayout.indentation(of: entry(of: parent, at: index).lead) != nil
      }
      layout.indent = indent + layout.unit
    }
    return layout
  }

  /// The bytes before and after the root that `set ""` of `literal`
  /// leaves: the document's, unless the literal has comments there (JSON
  /// with comments: the whole document typed, as `record` writes it),
  /// then the literal's, ending as the document's did in a line break.
  private func outerBytes(
    of literal: JSONSyntaxTree
  ) -> (prefix: ArraySlice<UInt8>, suffix: ArraySlice<UInt8>) {
    let span = literal.span(0)
    let before = literal.bytes[..<span.lowerBound]
    let after = literal.bytes[span.upperBound...]
    guard JSONTrivia.hasComment(before) || JSONTrivia.hasComment(after) else {
      return (prefix, suffix)
    }
    let mark = prefix.starts(with: JSONParser.byteOrderMark) ? JSONParser.byteOrderMark : []
    var end: [UInt8] = []
    if after.last != 0x0A, let ending = JSONLayout.lineEnding(in: suffix), suffix.last == 0x0A {
      end = ending
    }
    return ((mark + before)[...], (after + end)[...])
  }

  /// Refuses a literal with a comment before or after its value, which a
  /// value inside the document could not keep.
  private func refuseOuterComments(_ literal: JSONSyntaxTree) throws(FormatError) {
    let span = literal.span(0)
    let outside = literal.bytes[..<span.lowerBound] + literal.bytes[span.upperBound...]
    guard !JSONTrivia.hasComment(outside[...]) else {
      throw FormatError(
        .invalidEdit,
        "a comment before or after the value would not be kept; put it inside an object or array, or set the whole document with set \"\""
      )
    }
  }

  /// Writes `literal` in `layout` and reads it back as a value of its own.
  /// A literal with comments or trailing commas (JSON with comments) is
  /// kept as typed.
  private func format(_ literal: JSONSyntaxTree, in layout: JSONLayout) -> JSONNodeRef {
    guard !literal.hasCommentsOrTrailingCommas else { return JSONNodeRef(literal) }
    var output: [UInt8] = []
    layout.write(
      JSONNodeRef(literal), entries: { JSONOpenContainer(opening: $0).entries }, into: &output)
    // Well-formed by construction; the literal is the fallback.
    let tree = (try? JSONSyntaxTree.parse(output, maximumDepth: Int.max)) ?? literal
    return JSONNodeRef(tree)
  }

  private mutating func replace(
    at location: Location, index: Int, with literal: JSONSyntaxTree, actionName: String
  ) -> DocumentEdit<Self> {
    open(location)
    var layout = layout(in: location)
    let entries = entries(of: location.ref)
    if let childIndent = JSONLayout.indentation(of: entries[index].lead) {
      layout.indent = Array(childIndent)
    } else if !layout.multiLine || entries.count == 1 {
      layout.indent = lineIndent(of: location)
      if layout.multiLine { layout.indent += layout.unit }
    }
    var entry = entries[index]
    entry.value = format(literal, in: layout)
    return perform(
      .entries(
        path: location.steps.map(\.index), range: index..<(index + 1), with: [entry], close: nil),
      actionName: actionName)
  }

  private mutating func insertEntry(
    at location: Location, index: Int, key: String?, literal: JSONSyntaxTree, actionName: String
  ) -> DocumentEdit<Self> {
    open(location)
    let layout = layout(in: location)
    let entries = entries(of: location.ref)
    let path = location.steps.map(\.index)
    var keyBytes: ArraySlice<UInt8> = []
    if let key { keyBytes = ArraySlice(Array(JSONWriter.quoted(key).utf8) + layout.keySeparator) }
    let value = format(literal, in: layout)
    let separator: [UInt8] =
      layout.multiLine
      ? [UInt8(ascii: ",")] + layout.lineEnding + layout.indent : layout.itemSeparator
    let close = opened[location.ref]?.close ?? JSONOpenContainer(opening: location.ref).close
    let comma = [UInt8(ascii: ",")]
    // The bytes before a new member, and what separates it from them: a
    // line break after a line comment, even in a one-line container.
    func leadAfter(_ head: [UInt8], separator: [UInt8]) -> [UInt8] {
      guard !layout.multiLine, JSONTrivia.endsInLineComment(head[...]) else {
        return head + separator
      }
      return head + layout.lineEnding + lineIndent(of: location) + layout.unit
    }
    if entries.isEmpty, JSONTrivia.hasComment(close) {
      // After the comments inside the empty container.
      let body = close.dropLast()
      var lead = Array(body)
      var rest = (body.last == 0x20 ? [0x20] : []) + [close.last ?? UInt8(ascii: "}")]
      if let line = JSONTrivia.startOfLastLine(body) {
        var lineBreak = line - 1
        if lineBreak > body.startIndex, body[lineBreak - 1] == 0x0D { lineBreak -= 1 }
        lead = Array(body[..<lineBreak]) + layout.lineEnding + layout.indent
        rest = Array(close[lineBreak...])
      }
      return perform(
        .entries(
          path: path, range: 0..<0, with: [.init(lead: lead[...], key: keyBytes, value: value)],
          close: rest[...]),
        actionName: actionName)
    }
    if index == entries.count, !entries.isEmpty,
      JSONTrivia.comma(in: close) != nil || JSONTrivia.hasComment(close)
    {
      // After the comment on the last member's line; a trailing comma
      // moves to the new member.
      let trailing = JSONTrivia.comma(in: close)
      let end = JSONTrivia.endOfSameLineComments(
        close[(trailing.map { $0 + 1 } ?? close.startIndex)...])
      let lead = leadAfter(
        (trailing == nil ? comma : []) + close[..<end], separator: layout.afterComma)
      let rest = (trailing == nil ? [] : comma) + close[end...]
      return perform(
        .entries(
          path: path, range: index..<index,
          with: [.init(lead: lead[...], key: keyBytes, value: value)], close: rest[...]),
        actionName: actionName)
    }
    if index < entries.count, JSONTrivia.hasComment(entries[index].lead) {
      // Before the comments on lines of their own above the member that
      // was at `index`, which stay with it.
      var next = entries[index]
      let lead = next.lead
      let leadComma = index > 0 ? JSONTrivia.comma(in: lead) : nil
      let end = JSONTrivia.endOfSameLineComments(
        lead[(leadComma.map { $0 + 1 } ?? lead.startIndex)...])
      let newLead = leadAfter(
        Array(lead[..<end]), separator: layout.multiLine || index > 0 ? layout.afterComma : [])
      // The comma, then on a line of their own the comments that were
      // above the member (in one line: after a space).
      var rest = Array(lead[end...])
      if !layout.multiLine { rest = layout.afterComma + rest.drop { $0 == 0x20 } }
      next.lead = (comma + rest)[...]
      let new = JSONOpenContainer.Entry(lead: newLead[...], key: keyBytes, value: value)
      return perform(
        .entries(path: path, range: index..<(index + 1), with: [new, next], close: nil),
        actionName: actionName)
    }
    if entries.isEmpty {
      let closing = location.ref.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
      let lead = layout.multiLine ? layout.lineEnding + layout.indent : []
      let close =
        layout.multiLine ? layout.lineEnding + lineIndent(of: location) + [closing] : [closing]
      return perform(
        .entries(
          path: path, range: 0..<0, with: [.init(lead: lead[...], key: keyBytes, value: value)],
          close: close[...]),
        actionName: actionName)
    }
    if index == entries.count {
      return perform(
        .entries(
          path: path, range: index..<index,
          with: [.init(lead: separator[...], key: keyBytes, value: value)], close: nil),
        actionName: actionName)
    }
    var next = entries[index]
    let new = JSONOpenContainer.Entry(lead: next.lead, key: keyBytes, value: value)
    next.lead = separator[...]
    return perform(
      .entries(path: path, range: index..<(index + 1), with: [new, next], close: nil),
      actionName: actionName)
  }

  // MARK: - Splices

  /// One change of the document's bytes: the root replaced, or a run of a
  /// container's entries (found by the entry indices from the root)
  /// replaced, and its closing bytes with them. Its inverse is a splice of
  /// the same kind, holding only what it replaced.
  enum Splice: Sendable {
    /// The root, and the bytes before and after it.
    case root(JSONNodeRef, prefix: ArraySlice<UInt8>, suffix: ArraySlice<UInt8>)
    case entries(
      path: [Int], range: Range<Int>, with: [JSONOpenContainer.Entry], close: ArraySlice<UInt8>?)
  }

  private mutating func perform(_ splice: Splice, actionName: String) -> DocumentEdit<Self> {
    let inverse = apply(splice)
    return DocumentEdit(actionName: actionName) { document in
      document.perform(inverse, actionName: actionName)
    }
  }

  /// Applies `splice`; returns its inverse.
  mutating func apply(_ splice: Splice) -> Splice {
    switch splice {
    case .root(let new, let newPrefix, let newSuffix):
      let old = Splice.root(rootRef, prefix: prefix, suffix: suffix)
      rootRef = new
      prefix = newPrefix
      suffix = newSuffix
      return old
    case .entries(let path, let range, let new, let close):
      var ref = rootRef
      for index in path {
        let container = open(ref)
        ref = container.entries[index].value
      }
      var container = opened.removeValue(forKey: ref) ?? JSONOpenContainer(opening: ref)
      let old = container.entries[range]
      container.entries.replaceSubrange(range, with: new)
      var oldClose: ArraySlice<UInt8>?
      if let close {
        oldClose = container.close
        container.close = close
      }
      opened[ref] = container
      return .entries(
        path: path, range: range.lowerBound..<(range.lowerBound + new.count), with: old,
        close: oldClose)
    }
  }

  /// Opens the containers on the way to `location` and the one it
  /// names, so that each is indexed once; opening changes no bytes.
  private mutating func open(_ location: Location) {
    for (container, _) in location.steps { _ = open(container) }
    _ = open(location.ref)
  }

  /// Container `ref`, opened if it was not.
  private mutating func open(_ ref: JSONNodeRef) -> JSONOpenContainer {
    if let container = opened[ref] { return container }
    let container = JSONOpenContainer(opening: ref)
    opened[ref] = container
    return container
  }
}

extension JSONDocument {
  /// Where the value at `pointer` is in ``data``.
  func span(at pointer: String) throws(FormatError) -> Range<Int> {
    let location = try resolve(try JSONPointer(pointer))
    guard let (container, index) = location.steps.last else {
      return prefix.count..<(prefix.count + length(of: rootRef))
    }
    var document = self
    document.openPath(to: container)
    var marks: [Mark: Int] = [:]
    let mark = Mark(container: container, index: index)
    _ = document.write(marking: [mark], into: &marks)
    let start = (marks[mark] ?? 0) + entries(of: container)[index].key.count
    return start..<(start + length(of: location.ref))
  }

}
