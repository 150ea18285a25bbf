import Foundation

/// A class of tag that identifies a type outside the type system: a
/// filename extension or a MIME type.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  /// Creates a tag class from its identifier.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Filename extensions, without the leading dot: `"txt"`.
  public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
  /// MIME types: `"text/plain"`.
  public static let mimeType = UTTagClass(rawValue: "public.mime-type")

  public var description: String { rawValue }

  /// The form in which tags of this class are stored and compared:
  /// filename extensions and MIME types are case-insensitive.
  ///
  /// Written without Foundation's string methods, which bridge through
  /// `NSString`: the system declarations' tags are all normalized when the
  /// registry starts, on every start of a program.
  func normalized(_ tag: String) -> String? {
    let trimmed = Self.trimmingWhitespace(tag)
    switch self {
    case .filenameExtension:
      let lowered = trimmed.lowercased()
      let bytes = lowered.utf8
      guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= 255,
        !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
      else { return nil }
      return lowered
    case .mimeType:
      let lowered = trimmed.lowercased()
      // The essence (what comes before any `;`) is `type/subtype`, each
      // one or more token characters.
      let essence = lowered.utf8.prefix { $0 != UInt8(ascii: ";") }
      guard let slash = essence.firstIndex(of: UInt8(ascii: "/")),
        Self.isToken(essence[..<slash]),
        Self.isToken(essence[essence.index(after: slash)...])
      else { return nil }
      return Self.removingSpaceAfterSemicolons(lowered)
    default:
      return trimmed.isEmpty ? nil : trimmed
    }
  }

  /// Whether `bytes` are one or more of the characters a MIME type's
  /// type and subtype may hold here.
  private static func isToken(_ bytes: Substring.UTF8View) -> Bool {
    !bytes.isEmpty
      && bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "&"),
          UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"),
          UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }

  /// `tag` without leading and trailing `CharacterSet.whitespaces` (the
  /// tab and the space separators, category Zs).
  private static func trimmingWhitespace(_ tag: String) -> String {
    func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = tag.unicodeScalars
    guard let first = scalars.first, let last = scalars.last,
      isWhitespace(first) || isWhitespace(last)
    else { return tag }
    guard let start = scalars.firstIndex(where: { !isWhitespace($0) }),
      let end = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(scalars[start...end])
  }

  /// `text` with each `"; "` replaced by `";"`, left to right.
  private static func removingSpaceAfterSemicolons(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: ";")) else { return text }
    var result = ""
    var afterSemicolon = false
    for scalar in text.unicodeScalars {
      if afterSemicolon, scalar == " " {
        afterSemicolon = false
        continue
      }
      afterSemicolon = scalar == ";"
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
