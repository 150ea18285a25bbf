/// Writes a ``PropertyListValue`` in the old-style ASCII form, as Xcode
/// writes `project.pbxproj`: one tab a level, `key = value;`, arrays with a
/// comma after each element, strings unquoted when they can be, data as
/// `<0fbd7778>`.
///
/// The form holds strings, data, arrays and dictionaries; an integer or a
/// real is written as its digits (which read back as a string, as
/// `objectVersion = 56;` does), and a boolean, date or UID is refused.
public enum PropertyListASCIIWriter {
  /// A whole file holding `value`, ending in a line break. A string at
  /// the root is quoted, so that the file is recognised as a property
  /// list by its first byte.
  public static func document(_ value: PropertyListValue) throws(FormatError) -> [UInt8] {
    if case .string(let string) = value { return quoted(string) + [0x0A] }
    var output: [UInt8] = []
    try write(value, indent: [], unit: [0x09], lineEnding: [0x0A], into: &output)
    return output + [0x0A]
  }

  /// A `.strings` file holding `value`, which must be a dictionary: its
  /// entries without braces, `"key" = "value";` a line.
  public static func stringsDocument(_ value: PropertyListValue) throws(FormatError) -> [UInt8] {
    guard case .dictionary(let entries) = value else {
      throw FormatError(
        .invalidEdit, "a .strings file holds a dictionary, not \(value.kindDescription)")
    }
    return try stringsEntries(entries, unit: [0x09], lineEnding: [0x0A])
  }

  /// `entries` as a `.strings` file's lines: `"key" = value;` and a line
  /// ending each, every string quoted.
  static func stringsEntries(
    _ entries: [PropertyListEntry], unit: [UInt8], lineEnding: [UInt8]
  ) throws(FormatError) -> [UInt8] {
    var output: [UInt8] = []
    for entry in entries {
      output += quoted(entry.key) + Array(" = ".utf8)
      try write(
        entry.value, indent: [], unit: unit, lineEnding: lineEnding, quoteStrings: true,
        into: &output)
      output += Array(";".utf8) + lineEnding
    }
    return output
  }

  /// Writes `value`; lines after the first start with `indent`, and each
  /// level inside adds `unit`. With `quoteStrings`, every string and key
  /// is quoted, as a `.strings` file writes them.
  /// With `singleLine`, containers are written on one line, as Xcode
  /// writes a `PBXBuildFile`: `{isa = PBXBuildFile; settings = {ATTRIBUTES
  /// = (Weak, ); }; }`.
  static func write(
    _ value: PropertyListValue, indent: [UInt8], unit: [UInt8], lineEnding: [UInt8],
    singleLine: Bool = false, quoteStrings: Bool = false, into output: inout [UInt8]
  ) throws(FormatError) {
    func quote(_ string: String) -> [UInt8] {
      quoteStrings ? quoted(string) : quotedIfNeeded(string)
    }
    switch value {
    case .string(let string):
      output += quote(string)
    case .integer(let integer):
      output += Array(String(integer).utf8)
    case .unsignedInteger(let integer):
      output += Array(String(integer).utf8)
    case .real(let real):
      output += quotedIfNeeded(PropertyListXMLWriter.realText(real))
    case .data(let data):
      output.append(UInt8(ascii: "<"))
      let digits = Array("0123456789abcdef".utf8)
      for (offset, byte) in data.enumerated() {
        if offset > 0, offset % 4 == 0 { output.append(0x20) }
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 15)])
      }
      output.append(UInt8(ascii: ">"))
    case .array(let items) where singleLine:
      output.append(UInt8(ascii: "("))
      for item in items {
        try write(
          item, indent: indent, unit: unit, lineEnding: lineEnding, singleLine: true,
          quoteStrings: quoteStrings, into: &output)
        output += Array(", ".utf8)
      }
      output.append(UInt8(ascii: ")"))
    case .dictionary(let entries) where singleLine:
      output.append(UInt8(ascii: "{"))
      for entry in entries {
        output += quote(entry.key) + Array(" = ".utf8)
        try write(
          entry.value, indent: indent, unit: unit, lineEnding: lineEnding, singleLine: true,
          quoteStrings: quoteStrings, into: &output)
        output += Array("; ".utf8)
      }
      output.append(UInt8(ascii: "}"))
    case .array(let items):
      output += Array("(".utf8) + lineEnding
      for item in items {
        output += indent + unit
        try write(
          item, indent: indent + unit, unit: unit, lineEnding: lineEnding,
          quoteStrings: quoteStrings, into: &output)
        output += Array(",".utf8) + lineEnding
      }
      output += indent + Array(")".utf8)
    case .dictionary(let entries):
      output += Array("{".utf8) + lineEnding
      for entry in entries {
        output += indent + unit + quote(entry.key) + Array(" = ".utf8)
        try write(
          entry.value, indent: indent + unit, unit: unit, lineEnding: lineEnding,
          quoteStrings: quoteStrings, into: &output)
        output += Array(";".utf8) + lineEnding
      }
      output += indent + Array("}".utf8)
    case .boolean, .date, .uid:
      throw FormatError(
        .invalidEdit,
        "an old-style ASCII property list holds only strings, data, arrays and dictionaries, not \(value.kindDescription); give it as a string (--string) or convert the document to xml"
      )
    }
  }

  /// `string` unquoted if every byte is one Xcode leaves unquoted
  /// (`[A-Za-z0-9_$/:.]`, a narrower set than the parser reads: Xcode
  /// quotes `-ObjC`), it is not empty, and it holds no `//` or `/*` that
  /// would read as a comment; else in double quotes with `\"`, `\\`,
  /// `\n`, `\t` and `\r` escaped.
  static func quotedIfNeeded(_ string: String) -> [UInt8] {
    let utf8 = Array(string.utf8)
    if !utf8.isEmpty,
      utf8.allSatisfy({
        PropertyListASCIIParser.isUnquoted($0) && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "+")
      }),
      !string.contains("//"), !string.contains("/*")
    {
      return utf8
    }
    return quoted(string)
  }

  /// `string` in double quotes with `\"`, `\\`, `\n`, `\t` and `\r`
  /// escaped.
  static func quoted(_ string: String) -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "\"")]
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array("\\\"".utf8)
      case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
      case 0x0A: output += Array("\\n".utf8)
      case 0x09: output += Array("\\t".utf8)
      case 0x0D: output += Array("\\r".utf8)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
    return output
  }
}
