/// How a value is written where it goes: on one line or one member a
/// line, with which indentation, line ending and separators. An edit
/// takes these from the value's siblings, so that a new value looks like
/// its neighbours; `stable` is the form of `new json` and of `get`.
struct JSONLayout: Sendable {
  /// One member a line, or all on one line.
  var multiLine: Bool
  /// The indentation of the line the value starts on.
  var indent: [UInt8]
  /// One level of indentation.
  var unit: [UInt8]
  /// The line ending.
  var lineEnding: [UInt8]
  /// Between a key and its value: `": "`, `":"`.
  var keySeparator: [UInt8]
  /// Between the members of a one-line container: `", "`, `","`.
  var itemSeparator: [UInt8]

  /// Two spaces, one member a line, `\n`.
  static let stable = JSONLayout(
    multiLine: true, indent: [], unit: Array("  ".utf8), lineEnding: [0x0A],
    keySeparator: Array(": ".utf8), itemSeparator: Array(", ".utf8))

  /// Writes `ref` in this layout, keeping the text of its numbers,
  /// strings and keys; `entries` gives a container's members.
  func write(
    _ ref: JSONNodeRef, entries: (JSONNodeRef) -> JSONEntryList,
    into output: inout [UInt8]
  ) {
    guard ref.isContainer else {
      output += ref.bytes
      return
    }
    let isObject = ref.kind == .object
    let members = entries(ref)
    output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    guard !members.isEmpty else {
      output.append(closing)
      return
    }
    var inner = self
    inner.indent += unit
    for (position, member) in members.enumerated() {
      if multiLine {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        output += lineEnding
        output += inner.indent
      } else if position > 0 {
        output += itemSeparator
      }
      if isObject {
        output += JSONOpenContainer.quotedKey(member.key)
        output += keySeparator
      }
      inner.write(member.value, entries: entries, into: &output)
    }
    if multiLine {
      output += lineEnding
      output += indent
    }
    output.append(closing)
  }

  /// The spaces and tabs after the last line ending in `lead`, if it has
  /// one (a comment after them is not indentation).
  static func indentation(of lead: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let newline = lead.lastIndex(of: 0x0A) else { return nil }
    let rest = lead[(newline + 1)...]
    return rest.prefix { $0 == 0x20 || $0 == 0x09 }
  }

  /// What follows the comma between two members: the line ending and
  /// indentation, or the space of a one-line container.
  var afterComma: [UInt8] {
    multiLine ? lineEnding + indent : (itemSeparator.last == 0x20 ? [0x20] : [])
  }

  /// `\r\n` if `text`'s first line ending is one, else `\n`.
  static func lineEnding(in text: ArraySlice<UInt8>) -> [UInt8]? {
    guard let newline = text.firstIndex(of: 0x0A) else { return nil }
    return newline > text.startIndex && text[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
  }
}
