/// Writes a ``PropertyListValue`` as Apple writes XML property lists: the
/// header Apple writes, one tab a level, `<true/>`, empty containers as
/// `<dict/>`, dates as `2026-12-04T10:00:00Z`, and data in base64 lines
/// at the element's indentation, wrapped as Python's `plistlib` wraps
/// them; a UID as the dictionary `{CF$UID = N}`.
public enum PropertyListXMLWriter {
  /// The lines before the root value.
  static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  /// The key of the one-key dictionary a UID (a keyed archive's object
  /// reference) is written as: `<dict><key>CF$UID</key><integer>N</integer></dict>`,
  /// as CoreFoundation writes it.
  static let uidKey = "CF$UID"

  /// A whole file holding `value`; a UID is written as a `CF$UID`
  /// dictionary, as CoreFoundation writes it.
  public static func document(_ value: PropertyListValue) throws(FormatError) -> [UInt8] {
    try document(value, exactDates: false)
  }

  /// A whole file holding `value`; with `exactDates`, dates keep their
  /// fraction of a second (the XML rendering of a binary file).
  static func document(
    _ value: PropertyListValue, exactDates: Bool
  ) throws(FormatError) -> [UInt8] {
    var output = header
    try write(
      value, indent: [], unit: [0x09], lineEnding: [0x0A], exactDates: exactDates, into: &output)
    output += Array("\n</plist>\n".utf8)
    return output
  }

  /// Writes `value`'s element; lines after the first start with `indent`,
  /// and each level inside adds `unit`. The first line's indentation is
  /// the caller's. With `exactDates`, a date keeps its fraction of a
  /// second.
  static func write(
    _ value: PropertyListValue, indent: [UInt8], unit: [UInt8], lineEnding: [UInt8],
    exactDates: Bool = false, into output: inout [UInt8]
  ) throws(FormatError) {
    func element(_ name: String, _ content: [UInt8]) {
      output += Array("<\(name)>".utf8) + content + Array("</\(name)>".utf8)
    }
    switch value {
    case .string(let string):
      element("string", escaped(string))
    case .integer(let integer):
      element("integer", Array(String(integer).utf8))
    case .unsignedInteger(let integer):
      element("integer", Array(String(integer).utf8))
    case .real(let real):
      element("real", Array(realText(real).utf8))
    case .boolean(let boolean):
      output += Array((boolean ? "<true/>" : "<false/>").utf8)
    case .date(let date):
      element("date", Array(PropertyListDate.format(date, exact: exactDates).utf8))
    case .data(let data):
      output += Array("<data>".utf8) + lineEnding
      let width = indent.reduce(0) { $0 + ($1 == 0x09 ? 8 : 1) }
      let lineLength = max(16, 76 - width)
      let chunk = lineLength / 4 * 3
      var start = 0
      while start < data.count {
        let end = min(data.count, start + chunk)
        output += indent + PropertyListBase64.encode(data[start..<end]) + lineEnding
        start = end
      }
      output += indent + Array("</data>".utf8)
    case .array(let items):
      guard !items.isEmpty else {
        output += Array("<array/>".utf8)
        return
      }
      output += Array("<array>".utf8) + lineEnding
      for item in items {
        output += indent + unit
        try write(
          item, indent: indent + unit, unit: unit, lineEnding: lineEnding, exactDates: exactDates,
          into: &output)
        output += lineEnding
      }
      output += indent + Array("</array>".utf8)
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        output += Array("<dict/>".utf8)
        return
      }
      output += Array("<dict>".utf8) + lineEnding
      for entry in entries {
        output += indent + unit
        element("key", escaped(entry.key))
        output += lineEnding + indent + unit
        try write(
          entry.value, indent: indent + unit, unit: unit, lineEnding: lineEnding,
          exactDates: exactDates, into: &output)
        output += lineEnding
      }
      output += indent + Array("</dict>".utf8)
    case .uid(let number):
      let integer: PropertyListValue =
        number <= UInt64(Int64.max) ? .integer(Int64(number)) : .unsignedInteger(number)
      try write(
        .dictionary([PropertyListEntry(key: uidKey, value: integer)]), indent: indent, unit: unit,
        lineEnding: lineEnding, exactDates: exactDates, into: &output)
    }
  }

  /// `&`, `<` and `>` as entities, as Apple writes them.
  static func escaped(_ string: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count)
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "&"): output += Array("&amp;".utf8)
      case UInt8(ascii: "<"): output += Array("&lt;".utf8)
      case UInt8(ascii: ">"): output += Array("&gt;".utf8)
      default: output.append(byte)
      }
    }
    return output
  }

  /// A real as Apple writes it: the shortest text that reads back to the
  /// same value, without a `.0` for a whole number; `nan`, `+infinity`,
  /// `-infinity`.
  static func realText(_ real: Double) -> String {
    if real.isNaN { return "nan" }
    if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
    var text = real.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
