/// The three forms Apple writes a property list in.
public enum PropertyListFormat: String, Sendable, Hashable, CaseIterable {
  /// `<?xml … <plist version="1.0">`.
  case xml
  /// `bplist00`.
  case binary
  /// The old-style ASCII (OpenStep) form of `project.pbxproj`:
  /// `{ key = value; }`.
  case ascii
  /// A `.strings` file: the old-style ASCII form of a dictionary without
  /// its braces, `"key" = "value";` a line, as `Localizable.strings` is
  /// written. Not found by ``detect(_:)`` (which says ``ascii``): a
  /// document reads this form when its bytes are not one ASCII property
  /// list but a sequence of `key = value;` entries.
  case strings
  /// JSON text, as `plutil -convert json` writes it: a value without
  /// dates, data or UIDs. Not found by ``detect(_:)``: a document reads
  /// JSON when its bytes are JSON and no property list.
  case json

  /// The format of a file, by its first bytes: `bplist` is binary; `<?xml`
  /// or `<plist` (after a byte-order mark and whitespace) is XML; `{`, `(`,
  /// `"` or `<` after whitespace and comments is ASCII. Nil for anything
  /// else.
  public static func detect(_ bytes: [UInt8]) -> PropertyListFormat? {
    if bytes.starts(with: Array("bplist".utf8)) { return .binary }
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index += 2
      case UInt8(ascii: "<"):
        let rest = bytes[(index + 1)...]
        if rest.starts(with: Array("?xml".utf8)) || rest.starts(with: Array("plist".utf8))
          || rest.starts(with: Array("!".utf8))
        {
          return .xml
        }
        return .ascii
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\""):
        return .ascii
      default:
        return nil
      }
    }
    return nil
  }
}
